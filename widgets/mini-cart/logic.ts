/** Pure rules of the mini-cart: no DOM. */

export const REMOVE_LINK = '.remove_from_cart_button';

/** A remove answer is usable only with fragments; anything else falls back to the link (a full page remove). */
export function removeSucceeded(response: { fragments?: unknown; success?: unknown } | undefined): boolean {
  return !!response && response.success !== false && !!response.fragments && typeof response.fragments === 'object';
}

/** The mini-cart content box is printed empty and filled by a fragment: until then there is nothing to show. */
export function isUnfilled(childElementCount: number, text: string): boolean {
  return childElementCount === 0 && text.trim() === '';
}

/**
 * Whether the cart differs from the one the page was printed with: a change a shopper made here or in another
 * tab (an add, a remove, fragments refreshed with another hash). A refresh of the same cart is not one.
 */
export function cartChanged(printedHash: string, state: { status: string; cartHash: string; fragments: unknown }): boolean {
  return state.status === 'ready' && state.fragments !== null && state.cartHash !== printedHash;
}
