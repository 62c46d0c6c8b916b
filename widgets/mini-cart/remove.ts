import type { WidgetContext } from '../../mount/types';
import { announce, clearAnnouncement } from '../../src/cart/announce';
import { markOwn, receiveCart } from '../../src/cart/cart';
import { cartCallTimeout } from '../../src/cart/config';
import { asFragments, safeRedirect } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { cartResponseSchema, hashOf, type CartResponse } from '../../src/cart/response';
import { fireLegacy } from '../../src/events/bus';
import { cartCall } from '../../src/net/wc';
import { removeSucceeded } from './logic';

/**
 * Remove one line from the mini-cart, as WooCommerce does: `remove_from_cart` through the cart queue, then
 * `removed_from_cart`, the swap and the announcement; any failure follows the link (a full page remove).
 * Plain code shared by the React view and the plain handler that works before the view has loaded; `busy`
 * shows the line as blocked while the request runs.
 */
export async function removeLine(link: HTMLAnchorElement, ctx: Pick<WidgetContext, 'warn'>, busy: (on: boolean) => void): Promise<void> {
  const key = link.getAttribute('data-cart_item_key');
  const fallback = () => {
    const href = safeRedirect(link.getAttribute('href'), location.href);
    if (href) navigation.go(href);
    else ctx.warn('href', 'the remove link has no same-site URL to fall back to');
  };
  if (!key) {
    ctx.warn('data-cart_item_key', 'missing; following the link');
    fallback();
    return;
  }
  clearAnnouncement();
  busy(true);
  let response: CartResponse | undefined;
  try {
    response = await cartCall('remove_from_cart', { cart_item_key: key }, { timeout: cartCallTimeout(), schema: cartResponseSchema });
  } catch {
    response = undefined;
  }
  const fragments = response && removeSucceeded(response) ? asFragments(response.fragments) : undefined;
  if (!response || !fragments) {
    busy(false);
    fallback();
    return;
  }
  const hash = hashOf(response);
  markOwn(response.fragments);
  fireLegacy(document.body, 'removed_from_cart', [response.fragments, hash, link], 'mini-cart');
  // The swap replaces the box (and the view in it): the line is gone with it, nothing to unblock.
  receiveCart(fragments, hash);
  const message = link.getAttribute('data-success_message');
  if (message) announce(message);
}

/** The link a click or Space activated, if it is a remove link inside the box. */
export function removeLinkOf(event: Event, box: Element, selector: string): HTMLAnchorElement | null {
  if (event.type === 'keydown' && (event as KeyboardEvent).key !== ' ') return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
  return link && box.contains(link) ? link : null;
}
