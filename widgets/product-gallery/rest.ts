import { env } from '../../src/env';
import { wireControls } from './controls';
import { followFirstSlide } from './follow-variation';
import type { GalleryContext } from './gallery';
import { createNavigation } from './navigation';
import { setUpOpening } from './opening';
import { createSliderIsland } from './slider-island';
import type { GalleryState, Navigation } from './state';
import type { OpeningMarkup } from './trigger';
import { createZoomBuffer } from './zoom-buffer';

/** What the gallery does once its rest is here: the controller's live half. */
export interface WiredGallery {
  nav: Navigation;
  /** Ask for the slider island (idempotent): the shopper reached for the gallery. */
  startSlider(): void;
  refreshFirstSlide(): void;
  initZoom(): void;
  open(index: number, opener: HTMLElement | null): Promise<void>;
}

/**
 * The rest of the gallery, a chunk of its own (gallery.ts wires it on intent or on the variation form's first
 * image swap; the runtime evaluates it ahead of that once the shopper shows a sign of life, mount/registry.ts): what the
 * arrows, thumbnails, keys and swipes do, the zoom's stand-in, the lightbox's opening, following the variation's
 * image, and the slider island's start. It wires itself over the markup gallery.ts drew at mount.
 */
export function wireGallery(state: GalleryState, ctx: GalleryContext, markup: OpeningMarkup): WiredGallery {
  const start = () => island.start();
  const pinned = () => zoom.pinned();
  const nav = createNavigation(state, { startSlider: start, zoom: () => zoom });
  const afterRelease = wireControls(state, nav, { start, pinned });
  const island = createSliderIsland(state, nav, {
    load: ctx.loadSlider ?? (() => import('./slider')),
    hideZoom: () => zoom.zoom?.hide(),
    pinned,
    afterRelease,
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
  const { signal } = state;
  window.addEventListener('resize', onResize, { signal });
  if (document.readyState !== 'complete') window.addEventListener('load', onResize, { signal, once: true });

  const { open } = setUpOpening(state, nav, markup, { loadLightbox: ctx.loadLightbox, dialog: ctx.dialog, hideZoom: zoom.hide });
  return { nav, startSlider: start, refreshFirstSlide: followFirstSlide(state, nav, zoom), initZoom: zoom.init, open };
}
