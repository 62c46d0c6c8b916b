/**
 * WooCommerce's inline coupon error (cart page and checkout coupon form): `p.coupon-error-message#coupon-error-message`
 * next to the field, and the field `has-error` with `aria-invalid="true"` and `aria-describedby` pointing at it.
 */
export const COUPON_ERROR_ID = 'coupon-error-message';

function describedBy(field: Element, add: boolean): void {
  const tokens = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== COUPON_ERROR_ID);
  if (add) tokens.push(COUPON_ERROR_ID);
  if (tokens.length) field.setAttribute('aria-describedby', tokens.join(' '));
  else field.removeAttribute('aria-describedby');
}

export function clearCouponError(fields: Iterable<HTMLInputElement>): void {
  document.getElementById(COUPON_ERROR_ID)?.remove();
  for (const field of fields) {
    field.classList.remove('has-error');
    field.removeAttribute('aria-invalid');
    describedBy(field, false);
  }
}

/** Show the message after `container`'s content and tie it to every given field; focus the first. */
export function showCouponError(fields: readonly HTMLInputElement[], container: Element, message: string): void {
  clearCouponError(fields);
  const p = document.createElement('p');
  p.className = 'coupon-error-message';
  p.id = COUPON_ERROR_ID;
  p.textContent = message;
  container.appendChild(p);
  for (const field of fields) {
    field.classList.add('has-error');
    field.setAttribute('aria-invalid', 'true');
    describedBy(field, true);
  }
  fields[0]?.focus({ preventScroll: true });
}
