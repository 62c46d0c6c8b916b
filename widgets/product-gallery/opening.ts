import { errorOnce } from '../../src/log';
import { httpUrlText } from '../../src/net/url-attrs';
import type { LightboxItem } from './lightbox';
import { clampIndex } from './logic';
import { isPlaceholder, readSlides, SLIDE_SELECTOR } from './slides';
import type { GalleryState, Navigation } from './state';

export interface OpeningHooks {
  /** The lightbox chunk, imported on the first open only. */
  loadLightbox: () => Promise<typeof import('./lightbox')>;
  /** The page's one lightbox dialog. */
  dialog: () => HTMLDialogElement;
  hideZoom(): void;
}

/** The lightbox's opening: the magnifier trigger, image clicks, and the image itself when the chunk cannot load. */
export function setUpOpening(state: GalleryState, nav: Navigation, hooks: OpeningHooks) {
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

  const trigger = setUpTrigger(state, hooks.dialog, (opener) => void open(state.index, opener));
  // With the magnifier and the slider, WooCommerce opens the lightbox from the magnifier only: an image click
  // neither navigates nor opens it (a drag on the slider ends in one), and the image links leave the tab order,
  // so the keyboard reaches one control that works instead of a link that does nothing.
  const imagesOpen = !(trigger && state.useSlider);
  if (settings.photoswipe && wrapper && !imagesOpen) {
    for (const link of wrapper.querySelectorAll<HTMLElement>(
      '.woocommerce-product-gallery__image a[href], .woocommerce-product-gallery__image--placeholder a[href]',
    ))
      state.setAttr(link, 'tabindex', '-1');
  }
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

function setUpTrigger(state: GalleryState, dialog: () => HTMLDialogElement, open: (opener: HTMLElement) => void): HTMLElement | undefined {
  const { gallery, settings, slides, slideEls, signal } = state;
  let el = gallery.querySelector<HTMLElement>('.woocommerce-product-gallery__trigger');
  if (!settings.photoswipe || state.count === 0 || slides.every((s, i) => !s.large || isPlaceholder(slideEls[i]!))) return undefined;
  if (!el && settings.zoom) {
    el = document.createElement('a');
    el.setAttribute('href', '#');
    el.className = 'woocommerce-product-gallery__trigger';
    const icon = document.createElement('span');
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = '\u{1F50D}';
    el.append(icon);
    gallery.prepend(el);
    const created = el;
    state.scope.onCleanup(() => created.remove());
  }
  if (!el) return undefined;
  const trigger = el;
  // A link that opens a dialog is a button: keep WooCommerce's class and element, give it button semantics.
  if (trigger instanceof HTMLAnchorElement) {
    if (!trigger.hasAttribute('href')) state.setAttr(trigger, 'href', '#');
    state.setAttr(trigger, 'role', 'button');
  }
  state.setAttr(trigger, 'aria-haspopup', 'dialog');
  state.setAttr(trigger, 'aria-controls', dialog().id);
  state.setAttr(trigger, 'aria-label', settings.triggerText);
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
  return trigger;
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
