import { defineIsland } from '../../src/react/island';
import { nameCarousel } from '../../src/react/carousel';
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { Carousel, type CarouselLabels, type CarouselProps } from './Carousel';
import { readCarouselOptions } from './logic';

/**
 * Avada's carousels (`.awb-carousel`: posts, images, logos; inside `.fusion-woo-slider`: the product slider) as
 * a React island on embla. The items (`.swiper-slide` / `.fusion-carousel-item`) and their row stay the CMS's
 * elements; React renders the navigation into a wrapper appended to the carousel.
 */
const NAME = 'carousel';
const LABELS: CarouselLabels = {
  previous: 'Previous items',
  next: 'Next items',
  pause: 'Pause carousel',
  play: 'Play carousel',
  slide: '{n} of {m}',
};
const ITEMS = '.swiper-slide, .fusion-carousel-item';

/** The row of items is the first item's parent (embla's container), the viewport its parent, both inside. */
function rowOf(root: Element): { row?: HTMLElement; viewport?: HTMLElement } {
  const row = root.querySelector<HTMLElement>(ITEMS)?.parentElement ?? undefined;
  const viewport = row?.parentElement ?? undefined;
  return viewport && root.contains(viewport) ? { row, viewport } : {};
}

adoptStyles(
  NAME,
  '[data-sf-carousel-root]{position:relative}' +
    '[data-sf-carousel-root] [data-sf-carousel-viewport]{overflow:hidden}' +
    '[data-sf-carousel-root] [data-sf-carousel-row]{display:flex;flex-wrap:nowrap;gap:0;margin:0;padding:0;list-style:none;overflow:visible;transform-style:flat}' +
    '[data-sf-carousel-root] [data-sf-carousel-row]>*{flex:0 0 var(--sf-carousel-item,250px);width:var(--sf-carousel-item,250px);max-width:none;min-width:0;margin:0 var(--sf-carousel-gap,16px) 0 0}' +
    '.sf-carousel__controls{display:contents}' +
    '.sf-carousel__rotation{font:inherit;font-size:.875rem;padding:.4em .8em;border:1px solid currentColor;border-radius:3px;background:#fff;color:#1f4e5f;cursor:pointer}',
);

export default defineIsland<CarouselProps>({
  name: NAME,
  Component: Carousel,
  props(element, context) {
    const root = element as HTMLElement;
    const { row, viewport } = rowOf(root);
    if (!row || !viewport) {
      context.warn(ITEMS, 'no carousel items inside; the carousel stays as printed');
      return undefined;
    }
    const items = [...row.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(ITEMS));
    if (items.length < 2) return undefined;
    const productSlider = Boolean(root.closest('.fusion-woo-slider'));
    return {
      root,
      viewport,
      row,
      items,
      options: readCarouselOptions((name) => root.getAttribute(name), productSlider, context.warn),
      productSlider,
      labels: LABELS,
      reducedMotion: env().prefersReducedMotion(),
    };
  },
  host(element, { onCleanup }) {
    // The row layout (our CSS, keyed to these attributes) goes on before the island renders: embla measures the
    // items in that render, and when they already had their final width (a theme that stacks or floats them
    // before the script) putting them in a row afterwards changes no width, so its resize watch never measures
    // again and the snaps are those of the stacked items.
    const { row, viewport } = rowOf(element);
    const layout = [
      [element, 'data-sf-carousel-root'],
      [viewport, 'data-sf-carousel-viewport'],
      [row, 'data-sf-carousel-row'],
    ] as const;
    for (const [el, name] of layout) el?.setAttribute(name, '');
    onCleanup(() => {
      for (const [el, name] of layout) el?.removeAttribute(name);
    });
    const controls = document.createElement('div');
    controls.className = 'sf-carousel__controls';
    element.appendChild(controls);
    return controls;
  },
  connect(island, element, { onCleanup }) {
    const root = element as HTMLElement;
    const { viewport, row } = island.props;
    const added: string[] = [];
    const set = (name: string, value: string) => {
      if (root.hasAttribute(name)) return;
      root.setAttribute(name, value);
      added.push(name);
    };
    set('role', 'region');
    set('aria-roledescription', 'carousel');
    added.push(...nameCarousel(root, 'Carousel'));
    const rowRole = row.getAttribute('role');
    // Items become groups ("n of m"): a printed list is no longer a list to assistive tech.
    if (row.matches('ul, ol')) row.setAttribute('role', 'presentation');
    onCleanup(() => {
      root.querySelector(':scope > .sf-carousel__controls')?.remove();
      for (const name of added) root.removeAttribute(name);
      viewport.removeAttribute('aria-live');
      if (rowRole === null) row.removeAttribute('role');
      else row.setAttribute('role', rowRole);
    });
  },
});
