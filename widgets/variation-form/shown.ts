import type { WidgetContext } from '../../src/widget';
import { afterPaint } from '../../src/dom/announce';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import type { ButtonStatus } from './button';
import type { GallerySwapper } from './display';
import type { DisplayQueue } from './display-queue';
import type { FormEvents } from './events';
import type { Display } from './loaders';
import { isPurchasable, quantityFor, type Variation } from './logic';
import type { FormParts, Texts } from './settings';

/**
 * Showing and hiding a variation: its events (found_variation, show_variation, reset_data, reset_image,
 * hide_variation), `variation_id`, the quantity rules, the button, and through display.ts its details, image and
 * markup. Each step runs in the display queue's order, after the DOM the previous one describes.
 */
export interface Shown {
  show(variation: Variation): void;
  hide(): void;
  /** No variation for a complete choice; `quiet`: the choice the page loaded with shows no notice. */
  noMatch(quiet: boolean): void;
  removeNoMatch(): void;
  setVariationId(id: string): void;
}

/**
 * The gallery re-measuring after a swap (display.ts `Settle`): window `resize`, `woocommerce_gallery_init_zoom`,
 * `current-image`. 20 ms after a swap (WooCommerce's delay), counted from the next paint so the shopper's choice
 * paints first; a newer swap replaces a pending one.
 */
function createSettle(form: HTMLFormElement, product: Element | null, onCleanup: (fn: () => void) => void) {
  let cancel: (() => void) | undefined;
  onCleanup(() => cancel?.());
  return (imageId?: string) => {
    cancel?.();
    let timer: number | undefined;
    const cancelPaint = afterPaint(
      () =>
        (timer = env().setTimeout(() => {
          window.dispatchEvent(new Event('resize'));
          const images = product?.querySelector('.images');
          if (imageId !== undefined) {
            const before = form.getAttribute('current-image');
            form.setAttribute('current-image', imageId);
            // Unset means no variation image was shown yet, which is no change for a form with none to show.
            // (WooCommerce resets the slider at init here too, throwing away a thumbnail picked while the page started.)
            if ((before ?? '') !== imageId && images) fireLegacy(images, 'woocommerce_gallery_reset_slide_position');
          }
          if (images) fireLegacy(images, 'woocommerce_gallery_init_zoom');
        }, 20)),
    );
    cancel = () => {
      cancelPaint();
      if (timer !== undefined) env().clearTimeout(timer);
    };
  };
}

export function createShown(
  { form, product, singleVariation, wrap }: FormParts,
  texts: Texts,
  queue: DisplayQueue,
  { fire }: FormEvents,
  button: ButtonStatus,
  { warn, onCleanup }: WidgetContext,
): Shown {
  const { inOrder, display } = queue;
  const settle = createSettle(form, product, onCleanup);
  let gallery: GallerySwapper | undefined;
  const swapper = (d: Display) => (gallery ??= new d.GallerySwapper(form, product));
  let cancelFill: (() => void) | undefined;
  onCleanup(() => cancelFill?.());
  let shown: Variation | null = null;

  const setVariationId = (id: string) =>
    inOrder(() => {
      for (const input of form.querySelectorAll<HTMLInputElement>('input[name="variation_id"], input.variation_id')) {
        input.value = id;
        fire(input, 'change');
      }
    });

  const hide = () =>
    inOrder(() => {
      const d = display();
      cancelFill?.();
      cancelFill = undefined;
      shown = null;
      fire(form, 'reset_data');
      d?.showDetails(product, null);
      fire(form, 'reset_image');
      // Without display.ts no form has shown a variation yet (or it failed to load): nothing to put back.
      if (!d) settle('');
      else if (!swapper(d).show(null)) d.updateImage(form, product, null, settle);
      if (singleVariation) {
        if (d) d.slide(singleVariation, false);
        else singleVariation.style.display = 'none';
        fire(singleVariation, 'hide_variation');
      }
      button.set('needed');
    });

  /** The quantity rules of the variation on the form's quantity input (min, max, value, hidden for one). */
  const applyQuantity = (variation: Variation) => {
    const qty = wrap?.querySelector<HTMLInputElement>('.quantity input.qty[name="quantity"]');
    if (!qty) return;
    const rule = quantityFor(variation, qty.value);
    qty.value = rule.value;
    qty.setAttribute('min', rule.min);
    qty.setAttribute('max', rule.max);
    const box = qty.closest<HTMLElement>('.quantity');
    if (box) box.style.display = rule.hidden ? 'none' : '';
    fire(qty, 'change');
  };

  const show = (variation: Variation) =>
    queue.withDisplay(() => {
      const d = display();
      fire(form, 'found_variation', [variation]);
      shown = variation;
      d?.showDetails(product, variation);
      // WooCommerce always sends an image object (src "" when the variation has none); a variation without one is
      // malformed data from a filter or an importer: say so once, and the product's own image stays.
      const image = variation.image;
      if (image === undefined || image === null || typeof image !== 'object')
        warn('image', `variation ${variation.variation_id} has no image object; the product image stays`);
      if (d && !swapper(d).show(variation)) d.updateImage(form, product, variation, settle);
      const html = d?.variationHtml(variation, texts.i18n_unavailable_text, warn);
      setVariationId(String(variation.variation_id));
      applyQuantity(variation);
      const purchasable = isPurchasable(variation);
      button.set(purchasable ? 'enabled' : 'unavailable');
      if (!singleVariation) return;
      // Filled after the next paint: the shopper's choice paints without waiting for the price markup, and the
      // region's new nodes (additions, polite) are what screen readers announce. Not emptied first: that would
      // make the button jump up and back down.
      cancelFill?.();
      cancelFill = afterPaint(() => {
        cancelFill = undefined;
        if (shown !== variation) return;
        const now = display();
        if (now && html !== undefined) {
          singleVariation.replaceChildren(now.variationFragment(html));
          if (singleVariation.textContent?.trim()) now.slide(singleVariation, true);
          else singleVariation.style.display = '';
        }
        fire(singleVariation, 'show_variation', [variation, purchasable]);
      });
    });

  const noMatch = (quiet: boolean) => {
    hide();
    if (quiet || !singleVariation) return;
    inOrder(() => {
      const d = display();
      const notice = document.createElement('div');
      notice.setAttribute('role', 'alert');
      const p = document.createElement('p');
      p.className = 'wc-no-matching-variations woocommerce-info';
      p.textContent = texts.i18n_no_matching_variations_text;
      notice.appendChild(p);
      // Slides in once display.ts is loaded; before that (a choice made by code) it simply appears.
      if (d) p.style.display = 'none';
      singleVariation.insertAdjacentElement('afterend', notice);
      d?.slide(p, true);
    });
  };

  const removeNoMatch = () =>
    inOrder(() => {
      for (const p of form.querySelectorAll('.wc-no-matching-variations')) p.parentElement?.remove();
    });

  return { show, hide, noMatch, removeNoMatch, setVariationId };
}
