import { readGlobal, str } from '../../src/config/globals';

/**
 * What the form reads once from the page: WooCommerce's texts (`wc_add_to_cart_variation_params`) and the parts of
 * its printed markup every other part works on. Read at mount, before the data: a script that replaces the form's
 * markup later reaches us through `reload_product_variations` only.
 */
export const NAME = 'variation-form';

const TEXTS = {
  i18n_no_matching_variations_text: str('Sorry, no products matched your selection. Please choose a different combination.'),
  i18n_make_a_selection_text: str('Please select some product options before adding this product to your cart.'),
  i18n_unavailable_text: str('Sorry, this product is unavailable. Please choose a different combination.'),
  i18n_reset_alert_text: str('Your selection has been reset. Please select some product options before adding this product to your cart.'),
};
export type Texts = { [K in keyof typeof TEXTS]: string };

export const readTexts = (): Texts => readGlobal('wc_add_to_cart_variation_params', TEXTS, NAME);

export interface FormParts {
  form: HTMLFormElement;
  /** The closest `.product`: SKU, weight, dimensions and the gallery a variation changes. */
  product: Element | null;
  selects: HTMLSelectElement[];
  /** Each select's attribute name (`data-attribute_name`, else its name), in the selects' order. */
  names: string[];
  singleVariation: HTMLElement | null;
  wrap: HTMLElement | null;
  addToCartWrap: HTMLElement | null;
  button: HTMLElement | null;
  resetAlert: HTMLElement | null;
  /** The reset links, read again each time (a theme may re-print them). */
  resets: () => HTMLElement[];
  productId: string;
  lazy: boolean;
}

export function readParts(form: HTMLFormElement): FormParts {
  const one = <T extends HTMLElement = HTMLElement>(selector: string) => form.querySelector<T>(selector);
  const selects = [...form.querySelectorAll<HTMLSelectElement>('.variations select')];
  return {
    form,
    product: form.closest('.product'),
    selects,
    names: selects.map((select) => select.getAttribute('data-attribute_name') || select.name),
    singleVariation: one('.single_variation'),
    wrap: one('.single_variation_wrap'),
    addToCartWrap: one('.woocommerce-variation-add-to-cart'),
    button: one('.single_add_to_cart_button'),
    resetAlert: one('.reset_variations_alert'),
    resets: () => [...form.querySelectorAll<HTMLElement>('.reset_variations')],
    productId: form.getAttribute('data-product_id') ?? '',
    lazy: form.getAttribute('data-product_variations_lazy') === 'true',
  };
}
