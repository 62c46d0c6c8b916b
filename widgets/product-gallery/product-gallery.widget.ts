import { defineWidget, type WidgetContext } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { fireLegacy, listenLegacy } from '../../src/events/bus';
import { galleryParams, installJQueryShims } from '../../src/events/shims';
import { enhanceGallery, type GalleryContext, type GalleryController } from './gallery';
import { readGallerySettings } from './settings';
import { GALLERY_CSS } from './styles';

/**
 * `.woocommerce-product-gallery`: slider with thumbnails, hover zoom, full-screen lightbox. Fires
 * `wc-product-gallery-before-init` / `-after-init` on mount and `-before-destroy` on unmount with
 * `[element, wc_single_product_params]`, follows the variation form's image swap, and offers
 * `$.fn.wc_product_gallery(params)` to themes when jQuery is on the page.
 */
const VARIATION_EVENTS = ['found_variation', 'show_variation', 'hide_variation', 'reset_data', 'reset_image'] as const;
export const DIALOG_ID = 'photoswipe-fullscreen-dialog';

/** `wc-product-gallery-*` with `[element, wc_single_product_params]`: the element itself, as WooCommerce's `[this, …]`. */
const fireGalleryEvent = (gallery: HTMLElement, name: string, params: unknown) =>
  fireLegacy(gallery, name, [gallery, params], 'product-gallery', false);

/**
 * One lightbox dialog per page, shared by every gallery (the main one, quick views): a page service, created in
 * the document when a gallery first needs it and removed with the last gallery (unless it is open then).
 */
function dialogService(scope: WidgetContext): { get(): HTMLDialogElement } {
  let dialog: HTMLDialogElement | undefined;
  let replacedFooterRoot: { el: Element; parent: Node; next: Node | null } | undefined;
  scope.onCleanup(() => {
    if (!dialog || dialog.open) return;
    dialog.remove();
    if (replacedFooterRoot) {
      const { el, parent, next } = replacedFooterRoot;
      parent.insertBefore(el, next && next.parentNode === parent ? next : null);
    }
  });
  return {
    get() {
      if (dialog?.isConnected) return dialog;
      const existing = document.getElementById(DIALOG_ID);
      // A dialog left open when the last gallery went (a page service disposed under it) is still ours.
      if (existing instanceof HTMLDialogElement && existing.classList.contains('sf-lightbox')) return (dialog = existing);
      if (existing && existing.parentNode) {
        // WooCommerce prints PhotoSwipe 4's empty footer root under this id; our lightbox takes its place.
        replacedFooterRoot = { el: existing, parent: existing.parentNode, next: existing.nextSibling };
        existing.remove();
      }
      dialog = document.createElement('dialog');
      dialog.id = DIALOG_ID;
      dialog.className = 'sf-lightbox';
      dialog.setAttribute('aria-label', 'Full screen image');
      document.body.append(dialog);
      return dialog;
    },
  };
}

/** The gallery's rest (rest.ts): wired on intent, evaluated earlier by the registry entry's `warm`. */
export const loadRest = () => import('./rest');

/** The gallery's later chunks, as the widget imports them; a test hands in its own (the rest already loaded). */
type Loaders = Pick<GalleryContext, 'rest' | 'loadRest' | 'loadSlider' | 'loadZoom'>;

export const galleryWidget = (loaders: Loaders = {}) =>
  defineWidget({
    mount(element, ctx) {
      const gallery = element as HTMLElement;
      try {
        installJQueryShims();
        const raw = galleryParams.get(gallery) ?? pageGlobal('wc_single_product_params');
        const settings = readGallerySettings(raw);
        const eventParams = raw !== null && typeof raw === 'object' ? raw : settings;
        adoptStyles('product-gallery', GALLERY_CSS);

        // Held from mount, so it is released after the gallery's own cleanup below; the dialog itself is only drawn
        // when a gallery first needs it (a trigger to point at, an opening).
        const dialog = ctx.page('product-gallery:dialog', dialogService);
        const galleryContext: GalleryContext = {
          ...loaders,
          widget: ctx,
          settings,
          warn: ctx.warn,
          loadLightbox: () => import('./lightbox'),
          dialog: dialog.get,
        };

        fireGalleryEvent(gallery, 'wc-product-gallery-before-init', eventParams);
        let controller: GalleryController = enhanceGallery(gallery, galleryContext);
        fireGalleryEvent(gallery, 'wc-product-gallery-after-init', eventParams);

        listenLegacy(gallery, 'woocommerce_gallery_reset_slide_position', () => controller.goTo(0), ctx.signal);
        listenLegacy(gallery, 'woocommerce_gallery_init_zoom', () => controller.initZoom(), ctx.signal);
        // The variation form swaps the first slide's image itself; the slider, thumbnails and zoom follow.
        const scope = gallery.closest('.product') ?? document.body;
        for (const name of VARIATION_EVENTS) listenLegacy(scope, name, () => controller.refreshFirstSlide(), ctx.signal);

        // Slides replaced in place (a theme re-rendering the wrapper): start again on the new slides.
        const wrapper = gallery.querySelector('.woocommerce-product-gallery__wrapper');
        if (wrapper && typeof MutationObserver === 'function') {
          const mo = new MutationObserver(() => {
            controller.destroy();
            controller = enhanceGallery(gallery, galleryContext);
          });
          mo.observe(wrapper, { childList: true });
          ctx.onCleanup(() => mo.disconnect());
        }

        ctx.onCleanup(() => {
          fireGalleryEvent(gallery, 'wc-product-gallery-before-destroy', eventParams);
          controller.destroy();
        });
      } finally {
        // WooCommerce prints the gallery at opacity 0 until its script is ready; never leave it invisible.
        gallery.style.opacity = '1';
      }
    },
  });

export default galleryWidget();
