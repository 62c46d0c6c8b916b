import type { WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { canMove, clampIndex, moveIndex, type Move } from './logic';
import type { GallerySettings } from './settings';
import { followFirstSlide } from './follow-variation';
import { setUpOpening } from './opening';
import { drawPlainSlider } from './plain-slider';
import { createSliderIsland } from './slider-island';
import { createState, type GalleryState, type Navigation } from './state';
import { createZoomBuffer, type ZoomBuffer } from './zoom-buffer';

/**
 * The gallery on the CMS's own markup: the slides stay where WooCommerce printed them (same classes, so the
 * theme's CSS applies); the slider wraps them in `.flex-viewport` and adds `ol.flex-control-nav.flex-control-thumbs`
 * as FlexSlider did. This plain code draws all of it at mount (the first paint needs no framework) and keeps the
 * index, keys, zoom and lightbox; the React island in `slider.tsx` (thumbnail strip + embla-carousel-react) takes
 * the strip over when the shopper reaches for the gallery or it moves. Until then moves
 * and swipes run on our own index with a CSS transform. Everything added is removed again by `destroy()`.
 *
 * The parts, each a factory over the shared state (state.ts): the plain slider (plain-slider.ts), the island that
 * takes it over (slider-island.ts), the zoom's stand-in until its chunk comes (zoom-buffer.ts), the lightbox's
 * opening (opening.ts) and the variation form's image swap (follow-variation.ts); navigation lives here.
 */
export interface GalleryController {
  readonly index: number;
  readonly count: number;
  readonly slider: boolean;
  goTo(index: number, options?: { instant?: boolean }): void;
  /** Re-read the first slide after the variation form swapped its image. */
  refreshFirstSlide(): void;
  /** Re-decide whether the active slide zooms (woocommerce_gallery_init_zoom, load, resize). */
  initZoom(): void;
  open(index: number, opener: HTMLElement | null): Promise<void>;
  destroy(): void;
}

export interface GalleryContext {
  /** The widget's context: the gallery takes a sub-scope of it, undone by `destroy()` or with the widget. */
  widget: WidgetContext;
  settings: GallerySettings;
  warn: (field: string, message: string) => void;
  /** The lightbox chunk, imported on the first open only. */
  loadLightbox: () => Promise<typeof import('./lightbox')>;
  dialog: () => HTMLDialogElement;
  /** The slider island (React + embla-carousel-react); default: its chunk. */
  loadSlider?: () => Promise<typeof import('./slider')>;
  /** The zoom (zoom.ts), imported when a pointer or focus first reaches a zoomable slide; default: its chunk. */
  loadZoom?: () => Promise<typeof import('./zoom')>;
}

/** Moving between slides, on our own index: the classes, ARIA and CSS transform now, Embla when it is live. */
function createNavigation(state: GalleryState, parts: { startSlider(): void; zoom(): ZoomBuffer }): Navigation {
  const { gallery, slideEls, useSlider, count, loop, reduced } = state;
  const nav: Navigation = {
    fitHeight() {
      // Before Embla starts the viewport takes the tallest slide's height; measuring here would force a layout.
      const { viewport } = state;
      if (!state.live || !viewport || !gallery.classList.contains('sf-gallery--smooth')) return;
      const h = slideEls[state.index]?.offsetHeight ?? 0;
      if (h > 0) viewport.style.height = `${h}px`;
    },
    render() {
      const { index } = state;
      slideEls.forEach((el, i) => {
        const active = i === index;
        el.classList.toggle('flex-active-slide', active);
        if (!useSlider) return;
        // Only the shown slide is reachable: hidden slides' links would scroll the viewport under the user.
        if (active) {
          el.removeAttribute('inert');
          el.removeAttribute('aria-hidden');
        } else {
          el.setAttribute('inert', '');
          el.setAttribute('aria-hidden', 'true');
        }
      });
      if (useSlider) gallery.style.setProperty('--sf-gallery-index', String(index));
      state.thumbs().forEach((img, i) => {
        img.classList.toggle('flex-active', i === index);
        if (i === index) img.setAttribute('aria-current', 'true');
        else img.removeAttribute('aria-current');
      });
      const can = canMove(index, count, loop);
      state.prevButton?.setAttribute('aria-disabled', String(!can.prev));
      state.nextButton?.setAttribute('aria-disabled', String(!can.next));
      nav.fitHeight();
    },
    apply(next, scroll, instant = false) {
      // Moving before the island arrived (a thumbnail, a key, the variation form): the CSS transform shows the move
      // now, and the island is asked for, to start at the slide shown.
      if (scroll && useSlider) parts.startSlider();
      const previous = state.index;
      const focused = document.activeElement;
      const focusInSlide = !!focused && !!slideEls[previous]?.contains(focused);
      state.index = next;
      if (scroll && state.embla) state.embla.scrollTo(next, instant || reduced);
      nav.render();
      parts.zoom().hide();
      parts.zoom().init();
      if (focusInSlide && previous !== next) {
        const target = slideEls[next]?.querySelector<HTMLElement>('a[href], button, [tabindex]');
        target?.focus({ preventScroll: true });
      }
    },
    goTo(target, options = {}) {
      const next = clampIndex(target, count, loop);
      const { embla } = state;
      if (next === state.index) {
        if (embla && embla.scrollSnapList().length === count && embla.selectedScrollSnap() !== next)
          embla.scrollTo(next, options.instant || reduced);
        return;
      }
      nav.apply(next, true, options.instant);
    },
    move(which: Move, fromKeyboard: boolean) {
      const focusInThumbs = state.thumbs().some((t) => t === document.activeElement);
      nav.goTo(moveIndex(state.index, count, which, loop));
      if (fromKeyboard && focusInThumbs) state.thumbs()[state.index]?.focus();
    },
  };
  return nav;
}

export function enhanceGallery(gallery: HTMLElement, ctx: GalleryContext): GalleryController {
  // The gallery's parts live and die with this controller (a theme replacing the slides re-enhances without
  // unmounting the widget): a sub-scope of the widget's context.
  const scope = ctx.widget.child();
  const state = createState(gallery, ctx.settings, scope, ctx.warn);
  state.addClass(gallery, 'sf-gallery');
  gallery.classList.toggle('sf-gallery--rtl', state.rtl || state.hadRtlClass);
  scope.onCleanup(() => gallery.classList.toggle('sf-gallery--rtl', state.hadRtlClass));

  const start = () => island.start();
  const pinned = () => zoom.pinned();
  const nav = createNavigation(state, { startSlider: start, zoom: () => zoom });
  const plain = drawPlainSlider(state, nav, { start, pinned });
  const island = createSliderIsland(state, nav, plain, {
    load: ctx.loadSlider ?? (() => import('./slider')),
    hideZoom: () => zoom.zoom?.hide(),
    pinned,
  });
  const zoom = createZoomBuffer(state, ctx.loadZoom ?? (() => import('./zoom')));

  let resizeQueued = false;
  const onResize = () => {
    if (resizeQueued) return;
    resizeQueued = true;
    env().frame(() => {
      resizeQueued = false;
      zoom.init();
      nav.fitHeight();
    });
  };
  window.addEventListener('resize', onResize, { signal: scope.signal });
  if (document.readyState !== 'complete') window.addEventListener('load', onResize, { signal: scope.signal, once: true });

  const { open } = setUpOpening(state, nav, { loadLightbox: ctx.loadLightbox, dialog: ctx.dialog, hideZoom: zoom.hide });
  const refreshFirstSlide = followFirstSlide(state, nav, zoom);
  nav.render();

  return {
    get index() {
      return state.index;
    },
    count: state.count,
    slider: state.useSlider,
    goTo: nav.goTo,
    refreshFirstSlide,
    initZoom: zoom.init,
    open,
    destroy() {
      // Every part's listeners go with the scope's signal, then its cleanups run newest first; one that throws
      // does not stop the rest.
      scope.dispose(() => {});
      if (state.viewport) state.viewport.style.height = '';
    },
  };
}
