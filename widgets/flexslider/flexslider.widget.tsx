import { defineIsland } from '../../src/react/island';
import { nameCarousel } from '../../src/react/carousel';
import { readGlobal } from '../../src/config/globals';
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { FlexSlider, type FlexLabels, type FlexSliderProps } from './FlexSlider';
import { FLEX_VARS_SPEC, readFlexOptions } from './logic';
import { watchExcerpts } from './excerpts';

/**
 * FlexSlider markup (`.fusion-flexslider`, `.flexslider`) as a React island on embla. The CMS's element is the
 * viewport and its `ul.slides` the row: the slides are never re-created (iframes and videos keep playing state
 * and are not fetched twice). React renders only the controls, into a wrapper appended to the slider.
 * Before this runs, the theme's CSS shows only the first slide (the loading state), so mounting shifts nothing.
 */
const NAME = 'flexslider';
const LABELS: FlexLabels = {
  previous: 'Previous slide',
  next: 'Next slide',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  slide: '{n} of {m}',
  show: 'Show slide {n}',
};
const LOADING = 'fusion-flexslider-loading';

adoptStyles(
  NAME,
  '[data-sf-flexslider]{position:relative;overflow-x:clip}' +
    '[data-sf-flexslider]>.slides{display:flex;align-items:flex-start;margin:0;padding:0;list-style:none;transition:height .3s ease}' +
    '[data-sf-flexslider]>.slides>li{display:block!important;flex:0 0 100%;min-width:0;max-width:100%}' +
    '[data-sf-flexslider]>.slides>li:focus-visible{outline:2px solid currentColor;outline-offset:-2px}' +
    '.sf-flexslider__controls{display:contents}' +
    '[data-sf-flexslider].sf-flexslider--video:not([data-sf-push-nav]) .flex-control-nav{display:none}' +
    '[data-sf-flexslider][data-sf-push-nav].sf-flexslider--video .flex-control-nav{transform:translateY(20px)}' +
    '.sf-flexslider__rotation{position:absolute;z-index:3;left:8px;top:8px;font:inherit;font-size:.875rem;line-height:1.2;padding:.4em .8em;border:1px solid #fff;border-radius:3px;background:rgba(0,0,0,.72);color:#fff;cursor:pointer}' +
    '.sf-flexslider__rotation:focus-visible{outline:3px solid #fff;outline-offset:2px}' +
    '@media (prefers-reduced-motion:reduce){[data-sf-flexslider]>.slides{transition:none}}',
);

const isWooGallery = (el: Element) => el.id === 'slider' && Boolean(el.closest('.woocommerce .images'));

export default defineIsland<FlexSliderProps>({
  name: NAME,
  Component: FlexSlider,
  props(element, context) {
    const root = element as HTMLElement;
    if (isWooGallery(root) || root.classList.contains('tfs-slider')) return undefined;
    const list = root.querySelector<HTMLElement>(':scope > .slides');
    const slides = list ? [...list.querySelectorAll<HTMLElement>(':scope > li')] : [];
    if (!list || slides.length < 2) {
      // One slide (or none): nothing to slide; the theme shows it once the loading state ends.
      root.classList.remove(LOADING);
      return undefined;
    }
    const vars = readGlobal('fusionFlexSliderVars', FLEX_VARS_SPEC, NAME);
    const options = readFlexOptions(
      (name) => root.getAttribute(name),
      vars,
      root.classList.contains('flexslider-attachments'),
      context.warn,
    );
    let started = false;
    return {
      root,
      list,
      slides,
      thumbs: slides.map((li) => li.getAttribute('data-thumb') ?? li.querySelector('img')?.getAttribute('src') ?? undefined),
      options,
      labels: LABELS,
      reducedMotion: env().prefersReducedMotion(),
      onStart() {
        if (started) return;
        started = true;
        root.classList.remove(LOADING);
        // Theme scripts size things on resize (FlexSlider's own start did the same).
        window.dispatchEvent(new Event('resize'));
      },
    };
  },
  host(element) {
    // The row layout ([data-sf-flexslider] in our CSS) goes on before the island renders: embla measures the
    // slides in that render, and when they already had their final width (stacked and visible: a theme without
    // FlexSlider's `display: none`) putting them in a row afterwards changes no width, so its resize watch never
    // measures again and every snap stays at 0.
    element.setAttribute('data-sf-flexslider', '');
    const controls = document.createElement('div');
    controls.className = 'sf-flexslider__controls';
    element.appendChild(controls);
    return controls;
  },
  connect(island, element, { onCleanup }) {
    const root = element as HTMLElement;
    const { list, options } = island.props;
    const added: string[] = [];
    const set = (el: Element, name: string, value: string) => {
      if (el.hasAttribute(name)) return;
      el.setAttribute(name, value);
      added.push(name);
    };
    if (options.pushNavForVideo) root.setAttribute('data-sf-push-nav', '');
    set(root, 'role', 'region');
    set(root, 'aria-roledescription', 'carousel');
    added.push(...nameCarousel(root, 'Slideshow'));
    // The slides become groups ("n of m"), so the list is no longer a list to assistive tech.
    const listRole = list.getAttribute('role');
    list.setAttribute('role', 'presentation');
    const stopExcerpts = watchExcerpts(root);
    onCleanup(() => {
      stopExcerpts();
      root.querySelector(':scope > .sf-flexslider__controls')?.remove();
      for (const name of added) root.removeAttribute(name);
      for (const name of ['data-sf-flexslider', 'data-sf-push-nav', 'aria-live']) root.removeAttribute(name);
      root.classList.remove('sf-flexslider--video');
      if (listRole === null) list.removeAttribute('role');
      else list.setAttribute('role', listRole);
    });
  },
});
