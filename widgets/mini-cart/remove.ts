import type { WidgetContext } from '../../src/widget';
import { announce, clearAnnouncement } from '../../src/cart/announce';
import { markOwn } from '../../src/cart/cart';
import { receiveCart } from '../../src/cart/changes';
import { cartCallTimeout } from '../../src/cart/config';
import { asFragments } from '../../src/cart/logic';
import { cartResponseSchema, hashOf, type CartResponse } from '../../src/cart/response';
import { fireLegacy } from '../../src/events/bus';
import { cartCall } from '../../src/net/wc';
import { REMOVE_LINK, removeSucceeded } from './logic';
import { followRemoveLink } from './remove-link';

/**
 * Remove one line from the mini-cart, as WooCommerce does: `remove_from_cart` through the cart queue, then
 * `removed_from_cart`, the swap and the announcement; any failure follows the link (a full page remove).
 * Plain code shared by the React view and the plain handler that works before the view has loaded; `busy`
 * shows the line as blocked while the request runs.
 */
export async function removeLine(link: HTMLAnchorElement, ctx: Pick<WidgetContext, 'warn'>, busy: (on: boolean) => void): Promise<void> {
  const key = link.getAttribute('data-cart_item_key');
  const fallback = () => followRemoveLink(link, ctx);
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
  const refocus = focusAfterSwap(link);
  receiveCart(fragments, hash);
  refocus();
  const message = link.getAttribute('data-success_message');
  if (message) announce(message);
}

const BOX = '.widget_shopping_cart_content';

/**
 * The swap replaces the box that held the focused remove link: the browser drops focus to the body, and a
 * keyboard or screen reader user starts over at the top of the page. Where the focus was in the box, put it on
 * the new box's remove link at the same position (the next line), else its last one, else the empty-cart
 * message (or the box). The React view, when it mounts on the new box later, keeps that focus (renderIsland).
 */
function focusAfterSwap(link: HTMLAnchorElement): () => void {
  // The focused box, not the link's: a view that mounted during the request replaced the link already.
  const active = document.activeElement;
  const box = active instanceof Element && active !== document.body ? active.closest(BOX) : null;
  if (!box) return () => {};
  const links = [...box.querySelectorAll(REMOVE_LINK)];
  const boxIndex = [...document.querySelectorAll(BOX)].indexOf(box);
  const lineIndex = Math.max(links.indexOf(active!.closest(REMOVE_LINK)!), links.indexOf(link), 0);
  return () => {
    const current = document.activeElement;
    if (current && current !== document.body && current.isConnected) return;
    const next = document.querySelectorAll<HTMLElement>(BOX)[boxIndex];
    if (!next) return;
    const links = [...next.querySelectorAll<HTMLElement>(REMOVE_LINK)];
    let target = links[Math.min(Math.max(lineIndex, 0), links.length - 1)];
    if (!target) {
      target = next.querySelector<HTMLElement>('.woocommerce-mini-cart__empty-message') ?? (next as HTMLElement);
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    }
    target.focus({ preventScroll: true });
  };
}
