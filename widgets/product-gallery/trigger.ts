import { isPlaceholder } from './slides';
import type { GalleryState } from './state';

/** What the lightbox's opening is drawn on at mount: the magnifier, and whether image clicks open it. */
export interface OpeningMarkup {
  trigger: HTMLElement | undefined;
  /** Image clicks open the lightbox (no magnifier, or no slider). */
  imagesOpen: boolean;
}

/**
 * The magnifier WooCommerce draws (created when `zoom_enabled`, upgraded when printed) and the image links' tab
 * order, drawn at mount; what they do is opening.ts, which comes with the rest of the gallery.
 */
export function drawOpening(state: GalleryState, dialog: () => HTMLDialogElement): OpeningMarkup {
  const { settings, wrapper } = state;
  const trigger = drawTrigger(state, dialog);
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
  return { trigger, imagesOpen };
}

function drawTrigger(state: GalleryState, dialog: () => HTMLDialogElement): HTMLElement | undefined {
  const { gallery, settings, slides, slideEls } = state;
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
  return trigger;
}
