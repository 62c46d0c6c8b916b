import { errorOnce } from '../../src/log';
import { httpUrlText } from '../../src/net/url-attrs';
import type { LightboxItem } from './lightbox';
import { clampIndex } from './logic';
import { isPlaceholder, readSlides, SLIDE_SELECTOR } from './slides';
import type { OpeningMarkup } from './trigger';
import type { GalleryState, Navigation } from './state';

export interface OpeningHooks {
  /** The lightbox chunk, imported on the first open only. */
  loadLightbox: () => Promise<typeof import('./lightbox')>;
  /** The page's one lightbox dialog. */
  dialog: () => HTMLDialogElement;
  hideZoom(): void;
}

/**
 * The lightbox's opening: the magnifier trigger and image clicks (drawn at mount by trigger.ts), and the image
 * itself when the chunk cannot load.
 */
export function setUpOpening(state: GalleryState, nav: Navigation, markup: OpeningMarkup, hooks: OpeningHooks) {
  const { settings, wrapper, slideEls, signal, count } = state;
  let opening = false;

  async function open(at: number, opener: HTMLElement | null): Promise<void> {
    if (opening || !settings.photoswipe || count === 0) return;
    opening = true;
    hooks.hideZoom();
    const items = lightboxItems(state);
    try {
      const { openLightbox } = await hooks.loadLightbox();
      if (signal.aborted) return;
      await openLightbox({
        items,
        index: clampIndex(at, count),
        dialog: hooks.dialog(),
        opener,
        showAnimationDuration: settings.showAnimationDuration,
        hideAnimationDuration: settings.hideAnimationDuration,
        onClosed: (last) => {
          if (!signal.aborted && state.useSlider) nav.goTo(last, { instant: true });
        },
      });
    } catch (error) {
      // The lightbox could not load (offline, a replaced deploy): show the image the way the page would without us.
      errorOnce('product-gallery', 'the lightbox could not load; opening the image itself.', error);
      openImageItself(state, items[clampIndex(at, count)]?.src);
    } finally {
      opening = false;
    }
  }

  const { trigger, imagesOpen } = markup;
  if (trigger) wireTrigger(trigger, signal, (opener) => void open(state.index, opener));
  if (settings.photoswipe && wrapper) {
    wrapper.addEventListener(
      'click',
      (event) => {
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        const slide = (event.target as Element | null)?.closest(SLIDE_SELECTOR);
        const i = slide ? slideEls.indexOf(slide as HTMLElement) : -1;
        if (i < 0 || isPlaceholder(slide!)) return;
        event.preventDefault();
        if (!imagesOpen) return;
        const link = slide!.querySelector<HTMLElement>('a[href]');
        void open(i, link ?? trigger ?? null);
      },
      { signal },
    );
  }
  return { open };
}

function wireTrigger(trigger: HTMLElement, signal: AbortSignal, open: (opener: HTMLElement) => void): void {
  trigger.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      open(trigger);
    },
    { signal },
  );
  trigger.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== ' ' || trigger instanceof HTMLButtonElement) return;
      event.preventDefault();
      open(trigger);
    },
    { signal },
  );
}

function lightboxItems(state: GalleryState): LightboxItem[] {
  state.slides = readSlides(state.slideEls);
  return state.slides.map((s) => ({
    src: s.large,
    width: s.largeWidth,
    height: s.largeHeight,
    fallbackWidth: s.width,
    fallbackHeight: s.height,
    alt: s.alt,
    caption: s.caption,
  }));
}

/**
 * The fallback runs inside open()'s catch: nothing here may throw (a sandboxed frame refuses navigation, a
 * value may be no http(s) URL), or the click would end in an unhandled rejection and the opening flag stuck.
 */
function openImageItself(state: GalleryState, src: string | undefined): void {
  const url = httpUrlText(src, document.baseURI);
  if (!url) {
    state.warn('data-large_image', 'the image to open is not an http(s) URL; the gallery stays as it is');
    return;
  }
  try {
    window.location.assign(url);
  } catch (error) {
    state.warn('data-large_image', `the image could not be opened (${String(error)}); the gallery stays as it is`);
  }
}
