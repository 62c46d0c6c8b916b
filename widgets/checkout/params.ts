import { flag, readGlobal, str, strList } from '../../src/config/globals';
import { askLegacy, fireLegacy } from '../../src/events/bus';

export interface CheckoutParams {
  update_order_review_nonce: string;
  apply_coupon_nonce: string;
  remove_coupon_nonce: string;
  checkout_url: string;
  is_checkout: boolean;
  option_guest_checkout: boolean;
  i18n_checkout_error: string;
  gateways_with_custom_place_order_button: string[];
}

export const DEFAULT_CHECKOUT_ERROR =
  'There was an error processing your order. Please check for any charges in your payment method and review your <a href="/my-account/orders/">order history</a> before placing the order again.';
/** Order review calls are cheap; placing an order may wait on a payment provider, and must not be cut short. */
export const REVIEW_TIMEOUT = 15_000;
export const CHECKOUT_TIMEOUT = 60_000;

export const OWNER = 'checkout';
export const fire = (name: string, args: unknown[] = []) => fireLegacy(document.body, name, args, OWNER);
export const ask = (target: HTMLFormElement, name: string, args: unknown[]) => askLegacy(target, name, args, OWNER);

/** Read at each use: nonces may be refreshed by a plugin between calls. */
export function readParams(): CheckoutParams {
  return readGlobal<CheckoutParams>(
    'wc_checkout_params',
    {
      update_order_review_nonce: str(''),
      apply_coupon_nonce: str(''),
      remove_coupon_nonce: str(''),
      checkout_url: str(''),
      is_checkout: flag(true),
      option_guest_checkout: flag(false),
      i18n_checkout_error: str(DEFAULT_CHECKOUT_ERROR),
      gateways_with_custom_place_order_button: strList([]),
    },
    'checkout',
  );
}

/** The form's current value for a field name (a radio group's checked value). */
export function fieldValue(form: HTMLFormElement, name: string): string {
  const item = form.elements.namedItem(name);
  if (!item) return '';
  return (item as RadioNodeList | HTMLInputElement).value ?? '';
}

export const shipToDifferent = (form: HTMLFormElement): boolean =>
  form.querySelector<HTMLInputElement>('#ship-to-different-address input, #ship-to-different-address-checkbox')?.checked ?? false;
