import type { WidgetContext } from '../../src/widget';
import { clampIndex } from './logic';
import type { GallerySettings } from './settings';
import { holdInput } from './hold';
import { drawPlainSlider, renderIndex } from './plain-slider';
import type { WiredGallery } from './rest';
import { readSlides, WATCHED } from './slides';
import { createState } from './state';
import { drawOpening } from './trigger';

/**
 * The gallery on the CMS's own markup: the slides stay where WooCommerce printed them (same classes, so the
 * theme's CSS applies); the slider wraps them in `.flex-viewport` and adds `ol.flex-control-nav.flex-control-thumbs`
 * as FlexSlider did. Everything added is removed again by `destroy()`.
 *
 * Two halves. This one, at load, draws what the first paint shows: the layout, the slide shown, the arrows,
 * the thumbnails and the magnifier (plain-slider.ts, trigger.ts). The rest (rest.ts, a chunk of its own: what
 * they do, the zoom, the lightbox's opening, following the variation's image, the slider island) is wired when the
 * shopper reaches for the gallery (pointer over or down, touch, focus, a key), when something moves it or the
 * variation form swaps its first image. The runtime evaluates it ahead of that (the registry entry's `warm`: at an
 * idle moment once the gallery is near the viewport and the shopper shows a sign of life). What the shopper does
 * on the gallery until it is wired is held and replayed then (hold.ts).
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

type Rest = typeof import('./rest');

export interface GalleryContext {
  /** The widget's context: the gallery takes a sub-scope of it, undone by `destroy()` or with the widget. */
  widget: WidgetContext;
  settings: GallerySettings;
  warn: (field: string, message: string) => void;
  /** The lightbox chunk, imported on the first open only. */
  loadLightbox: () => Promise<typeof import('./lightbox')>;
  dialog: () => HTMLDialogElement;
  /** The rest of the gallery, once loaded: wired at mount (a re-enhanced gallery, a test), not asked for. */
  rest?: Rest;
  /** The rest's chunk, asked for on intent; default: its chunk. */
  loadRest?: () => Promise<Rest>;
  /** The slider island (React + embla-carousel-react); default: its chunk. */
  loadSlider?: () => Promise<typeof import('./slider')>;
  /** The zoom (zoom.ts), imported when a pointer or focus first reaches a zoomable slide; default: its chunk. */
  loadZoom?: () => Promise<typeof import('./zoom')>;
}

export function enhanceGallery(gallery: HTMLElement, ctx: GalleryContext): GalleryController {
  // The gallery's parts live and die with this controller (a theme replacing the slides re-enhances without
  // unmounting the widget): a sub-scope of the widget's context.
  const scope = ctx.widget.child();
  const state = createState(gallery, ctx.settings, scope, ctx.warn);
  state.addClass(gallery, 'sf-gallery');
  gallery.classList.toggle('sf-gallery--rtl', state.rtl || state.hadRtlClass);
  scope.onCleanup(() => gallery.classList.toggle('sf-gallery--rtl', state.hadRtlClass));
  drawPlainSlider(state, (i) => controller.goTo(i));
  const markup = drawOpening(state, ctx.dialog);
  renderIndex(state);

  let wired: WiredGallery | undefined;
  let asked: Promise<WiredGallery | undefined> | undefined;
  /** The shopper reached for the gallery: the slider island comes with the rest. */
  let reached = false;
  const wire = (rest: Rest) => (wired = rest.wireGallery(state, ctx, markup));
  const wake = (): Promise<WiredGallery | undefined> =>
    (asked ??= (ctx.loadRest ?? (() => import('./rest')))()
      .then((rest) => {
        ctx.rest = rest;
        if (scope.signal.aborted) return undefined;
        stopWatching();
        wire(rest);
        release(true);
        if (reached) wired!.startSlider();
        return wired;
      })
      .catch((error: unknown) => {
        if (scope.signal.aborted) return undefined;
        ctx.warn('controls', `the gallery's controls could not load (${String(error)}); its images open as links`);
        release(false);
        return undefined;
      }));

  let release: (wired: boolean) => void = () => {};
  let stopWatching = () => {};
  if (ctx.rest) wire(ctx.rest);
  else {
    release = holdInput(state, () => {
      reached = true;
      void wake();
    });
    stopWatching = watchFirstSlide();
  }
  /** Before the rest is here, the variation form's first image swap (attributes, no event) asks for it. */
  function watchFirstSlide(): () => void {
    const first = state.slideEls[0];
    if (!first || typeof MutationObserver !== 'function') return () => {};
    const mo = new MutationObserver(() => void wake().then((w) => w?.refreshFirstSlide()));
    mo.observe(first, { attributes: true, attributeFilter: WATCHED, subtree: true });
    scope.onCleanup(() => mo.disconnect());
    return () => mo.disconnect();
  }
  /** Call the rest now, or once it is here. */
  const later = <T>(fn: (w: WiredGallery) => T): Promise<T | undefined> =>
    wired ? Promise.resolve(fn(wired)) : wake().then((w) => (w ? fn(w) : undefined));
  const firstSlideChanged = () => {
    const [fresh] = readSlides(state.slideEls.slice(0, 1));
    return JSON.stringify(fresh) !== JSON.stringify(state.slides[0]);
  };

  const controller: GalleryController = {
    get index() {
      return state.index;
    },
    count: state.count,
    slider: state.useSlider,
    goTo(index, options) {
      if (wired) wired.nav.goTo(index, options);
      // Nothing moved the gallery yet: it shows the slide asked for unless the rest moves it.
      else if (clampIndex(index, state.count, state.loop) !== state.index) void later((w) => w.nav.goTo(index, options));
    },
    refreshFirstSlide() {
      // The variation form reports its state at start (no image swapped): nothing to follow, nothing to load.
      if (wired) wired.refreshFirstSlide();
      else if (firstSlideChanged()) void later((w) => w.refreshFirstSlide());
    },
    initZoom: () => wired?.initZoom(),
    open: (index, opener) => later((w) => w.open(index, opener)).then(() => {}),
    destroy() {
      // Every part's listeners go with the scope's signal, then its cleanups run newest first; one that throws
      // does not stop the rest.
      scope.dispose(() => {});
      if (state.viewport) state.viewport.style.height = '';
    },
  };
  return controller;
}
