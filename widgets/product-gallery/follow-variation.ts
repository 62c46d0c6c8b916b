import { env } from '../../src/env';
import { readSlides, WATCHED } from './slides';
import type { GalleryState, Navigation } from './state';
import type { ZoomBuffer } from './zoom-buffer';

/**
 * Following the variation form: it swaps the first slide's image itself (display.ts); the thumbnail, the zoom and
 * the height follow, once per frame however many attributes changed. Returns the queued refresh.
 */
export function followFirstSlide(state: GalleryState, nav: Navigation, zoom: ZoomBuffer): () => void {
  const { slideEls, signal } = state;
  let lastThumb = state.slides[0]?.thumb ?? '';
  function refreshFirstSlide(): void {
    const first = slideEls[0];
    if (!first) return;
    const [fresh] = readSlides([first]);
    if (!fresh) return;
    state.slides = [fresh, ...state.slides.slice(1)];
    const thumb = state.thumbs()[0];
    // The form updates the first thumbnail itself (to the smaller gallery thumbnail); only follow data-thumb
    // when nobody touched the thumbnail.
    if (thumb && fresh.thumb !== lastThumb && thumb.getAttribute('src') === lastThumb) {
      // Once the island drew the strip, the thumbnail is its to render.
      if (state.stripIsland)
        state.stripIsland.update((p) => ({
          ...p,
          thumbs: p.thumbs.map((t, i) => (i === 0 ? { ...t, src: fresh.thumb, srcset: fresh.thumbSrcset } : t)),
        }));
      else {
        thumb.src = fresh.thumb;
        if (fresh.thumbSrcset) thumb.srcset = fresh.thumbSrcset;
        else thumb.removeAttribute('srcset');
      }
    }
    lastThumb = fresh.thumb;
    zoom.zoom?.init(0);
    nav.fitHeight();
  }

  let refreshQueued = false;
  const queueRefresh = () => {
    if (refreshQueued) return;
    refreshQueued = true;
    env().frame(() => {
      refreshQueued = false;
      if (!signal.aborted) refreshFirstSlide();
    });
  };
  if (slideEls[0] && typeof MutationObserver === 'function') {
    const mo = new MutationObserver((records) => {
      if (records.some((r) => !(r.target instanceof Element && r.target.classList.contains('zoomImg')))) queueRefresh();
    });
    mo.observe(slideEls[0], { attributes: true, attributeFilter: WATCHED, subtree: true });
    state.scope.onCleanup(() => mo.disconnect());
  }
  return queueRefresh;
}
