import type { EmblaCarouselType } from 'embla-carousel';
import type { OwnedContext } from '../../src/widget';
import type { IslandHandle } from '../../src/react/island';
import { env } from '../../src/env';
import { sliderWanted, thumbnailColumns, type Move, type Slide } from './logic';
import type { GallerySettings } from './settings';
import type { ThumbStripProps } from './slider';
import { directionAttribute, readSlides, SLIDE_SELECTOR } from './slides';

/**
 * What the gallery's parts share: the server's slides, the shop's settings, the index shown and what the slider
 * drew. One object, so each part (plain slider, island, zoom buffer, lightbox opening, variation follower) is a
 * factory over it; `scope` is the gallery's own sub-scope of the widget's context, undone by `destroy()`.
 */
export interface GalleryState {
  readonly gallery: HTMLElement;
  readonly wrapper: HTMLElement | null;
  readonly slideEls: HTMLElement[];
  readonly count: number;
  readonly settings: GallerySettings;
  readonly reduced: boolean;
  readonly loop: boolean;
  readonly useSlider: boolean;
  readonly columns: number;
  readonly scope: OwnedContext;
  readonly signal: AbortSignal;
  /** The theme's own `sf-gallery--rtl`, kept when the computed direction is read later. */
  readonly hadRtlClass: boolean;
  warn(field: string, message: string): void;
  slides: Slide[];
  index: number;
  /** The markup's dir at first; the computed direction (a theme's CSS) once Embla starts. */
  rtl: boolean;
  embla?: EmblaCarouselType;
  /** Embla measured and live; until then our own index drives the classes and Embla starts at it. */
  live: boolean;
  /** The slider is being dragged: no hover zoom meanwhile. */
  dragging: boolean;
  viewport?: HTMLElement;
  list?: HTMLOListElement;
  prevButton?: HTMLButtonElement;
  nextButton?: HTMLButtonElement;
  stripIsland?: IslandHandle<ThumbStripProps>;
  /** The strip's images, whoever drew them (the plain code at mount, the island later). */
  thumbs(): HTMLImageElement[];
  /** Set an attribute, and put the server's value back on destroy. */
  setAttr(el: Element, name: string, value: string): void;
  /** Add classes, and take the added ones away on destroy. */
  addClass(el: Element, ...names: string[]): void;
}

/** Moving between slides: the gallery's navigation, lent to every part. */
export interface Navigation {
  goTo(index: number, options?: { instant?: boolean }): void;
  move(which: Move, fromKeyboard: boolean): void;
  apply(next: number, scroll: boolean, instant?: boolean): void;
  render(): void;
  fitHeight(): void;
}

export function createState(
  gallery: HTMLElement,
  settings: GallerySettings,
  scope: OwnedContext,
  warn: (field: string, message: string) => void,
): GalleryState {
  const wrapper = gallery.querySelector<HTMLElement>('.woocommerce-product-gallery__wrapper');
  const slideEls = wrapper ? ([...wrapper.children].filter((c) => c.matches(SLIDE_SELECTOR)) as HTMLElement[]) : [];
  const count = slideEls.length;
  const state: GalleryState = {
    gallery,
    wrapper,
    slideEls,
    count,
    settings,
    reduced: env().prefersReducedMotion(),
    loop: settings.animationLoop,
    useSlider: !!wrapper && sliderWanted(settings.slider, count, settings.allowOneSlide),
    columns: thumbnailColumns(gallery.getAttribute('data-columns')),
    scope,
    signal: scope.signal,
    hadRtlClass: gallery.classList.contains('sf-gallery--rtl'),
    warn,
    slides: readSlides(slideEls, warn),
    index: 0,
    rtl: settings.rtl || directionAttribute(gallery) === 'rtl',
    live: false,
    dragging: false,
    thumbs: () => (state.list ? [...state.list.querySelectorAll<HTMLImageElement>(':scope > li > img')] : []),
    setAttr(el, name, value) {
      const before = el.getAttribute(name);
      el.setAttribute(name, value);
      scope.onCleanup(() => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before)));
    },
    addClass(el, ...names) {
      const added = names.filter((n) => !el.classList.contains(n));
      el.classList.add(...added);
      scope.onCleanup(() => el.classList.remove(...added));
    },
  };
  return state;
}
