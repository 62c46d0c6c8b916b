/** WooCommerce posts this literal value with the form when it updates the cart over ajax. */
export const UPDATE_CART_VALUE = 'Update Cart';

/** The shipping calculator posts `calc_shipping=x` (the button's own value is not sent by a scripted submit). */
export const CALC_SHIPPING_VALUE = 'x';

/** An apply/remove coupon answer is notices HTML; an error notice makes it a failure. */
export function isErrorNoticeHtml(html: string): boolean {
  return /class\s*=\s*["'][^"']*\b(woocommerce-error|is-error)\b/.test(html);
}

/** `shipping_method[<data-index>]` for every chosen method (radios checked, selects, single hidden inputs). */
export function shippingMethodFields(chosen: readonly { index: string | null; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  chosen.forEach((c, i) => {
    const index = c.index !== null && /^\d+$/.test(c.index) ? c.index : String(i);
    out[`shipping_method[${index}]`] = c.value;
  });
  return out;
}

/** Which action a cart form submission means, from what the shopper pressed or where the Enter key was. */
export type CartAction = 'update' | 'coupon' | 'native';
export function cartActionFor(
  submitterName: string | null,
  focused: { name: string | null; id: string | null; isQty: boolean } | null,
): CartAction {
  // Implicit submission (Enter in a field) reports the form's first submit button, the coupon button, as its
  // submitter: the focused field says what the shopper meant.
  if (focused?.isQty) return 'update';
  if (focused?.id === 'coupon_code') return 'coupon';
  if (submitterName === 'update_cart') return 'update';
  if (submitterName === 'apply_coupon') return 'coupon';
  return 'native';
}

/**
 * Whether Enter in a quantity may update the cart: a number within min/max on the step grid. An empty `max`
 * (unlimited stock) or `step="any"` impose nothing, as in browsers.
 */
export function isValidQuantity(value: string, min: string | null, max: string | null, step: string | null): boolean {
  const text = value.trim();
  if (text === '' || !/^-?\d*(\.\d+)?$/.test(text)) return false;
  const n = Number(text);
  const lo = min !== null && min.trim() !== '' && Number.isFinite(Number(min)) ? Number(min) : undefined;
  const hi = max !== null && max.trim() !== '' && Number.isFinite(Number(max)) ? Number(max) : undefined;
  if (lo !== undefined && n < lo) return false;
  if (hi !== undefined && n > hi) return false;
  const s = step === null || step.trim() === '' ? 1 : step.trim().toLowerCase() === 'any' ? undefined : Number(step);
  if (s !== undefined && Number.isFinite(s) && s > 0) {
    const base = lo ?? 0;
    const steps = (n - base) / s;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return false;
  }
  return true;
}
