import { readGlobal, str } from '../../src/config/globals';
import { fireLegacy } from '../../src/events/bus';

interface CartParams {
  update_shipping_method_nonce: string;
  apply_coupon_nonce: string;
  remove_coupon_nonce: string;
}

/** Read at each call: nonces may be refreshed by a plugin between calls. */
export const readParams = () =>
  readGlobal<CartParams>(
    'wc_cart_params',
    { update_shipping_method_nonce: str(''), apply_coupon_nonce: str(''), remove_coupon_nonce: str('') },
    'cart-page',
  );

export const OWNER = 'cart-page';
export const fire = (name: string, args: unknown[] = []) => fireLegacy(document.body, name, args, OWNER);

/** The cart's own parts, looked up each time: answers replace them. */
export const cartForm = (root: ParentNode) => root.querySelector<HTMLFormElement>('form.woocommerce-cart-form');
export const cartTotals = (root: ParentNode) => root.querySelector<HTMLElement>('.cart_totals');
