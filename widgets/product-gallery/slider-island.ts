import { errorOnce } from '../../src/log';
import { emblaDuration } from './rules';
import { setGlyphs } from './plain-slider';
import type { GalleryState, Navigation } from './state';

export interface SliderIslandHooks {
  /** The slider island (React + embla-carousel-react); its chunk unless a test injects one. */
  load: () => Promise<typeof import('./slider')>;
  /** Hide the zoom while the slides move (not the tap waiting for the zoom's chunk). */
  hideZoom(): void;
  /** A tap pinned the zoom: one finger pans it, Embla must not take it as a swipe. */
  pinned(): boolean;
  /** Runs the takeover of the strip now, or after the release of a press on it. */
  afterRelease(fn: () => void): void;
}

/**
 * The island that takes the plain strip over (slider.tsx: the thumbnails and Embla), asked for once when the
 * shopper reaches for the gallery or something moves it; it starts at the slide the plain code shows. The takeover
 * itself is in the island's chunk: a gallery nobody touches does not load its code.
 */
export function createSliderIsland(state: GalleryState, nav: Navigation, hooks: SliderIslandHooks) {
  const { gallery, settings, signal } = state;
  let started = false;

  return {
    /** Ask for the slider island and hand it the strip and Embla, at the slide we show (idempotent). */
    start(): void {
      if (started || signal.aborted || !state.viewport || !state.list) return;
      started = true;
      const computedRtl = settings.rtl || getComputedStyle(gallery).direction === 'rtl';
      if (computedRtl !== state.rtl) {
        state.rtl = computedRtl;
        gallery.classList.toggle('sf-gallery--rtl', state.rtl || state.hadRtlClass);
        setGlyphs(state);
      }
      const options = {
        direction: state.rtl ? ('rtl' as const) : ('ltr' as const),
        // A fade jumps the row and fades the slide in (CSS): Embla does not slide it.
        duration: emblaDuration(settings.fade ? 0 : settings.animationSpeed, state.reduced),
        loop: state.loop,
        align: 'start' as const,
        containScroll: 'keepSnaps' as const,
        skipSnaps: false,
        startIndex: state.index,
        // While a tap has pinned the zoom, one finger pans the zoomed image: Embla must not take it as a swipe.
        watchDrag: () => !hooks.pinned(),
      };
      // Our own index stays the truth without the island: thumbnails, keys, swipes, ARIA and the lightbox keep working.
      const failed = (error: unknown) => errorOnce('product-gallery', 'the slider could not load; the gallery works without it.', error);
      hooks
        .load()
        .then((slider) =>
          hooks.afterRelease(() => {
            try {
              slider.takeOver(state, nav, options, hooks.hideZoom);
            } catch (error) {
              failed(error);
            }
          }),
        )
        .catch(failed);
    },
  };
}

export type SliderIsland = ReturnType<typeof createSliderIsland>;
