import { defineWidget, type WidgetContext } from '../../mount/types';
import { announce, clearAnnouncement, liveRegion } from '../../src/cart/announce';
import { cartNotLoaded, markOwn, receiveCart, refreshFragments, startCart } from '../../src/cart/cart';
import { cartCallTimeout } from '../../src/cart/config';
import { asFragments, safeRedirect } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { cartResponseSchema, hashOf, type CartResponse } from '../../src/cart/response';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { cartQueue } from '../../src/net/queue';
import { cartCall } from '../../src/net/wc';
import { isUnfilled, REMOVE_LINK, removeSucceeded } from './logic';

const inFlight = new WeakSet<Element>();

function block(item: HTMLElement | null, on: boolean): void {
  if (!item) return;
  item.classList.toggle('processing', on);
  item.style.opacity = on ? '0.6' : '';
  item.style.pointerEvents = on ? 'none' : '';
  if (on) item.setAttribute('aria-busy', 'true');
  else item.removeAttribute('aria-busy');
}

async function remove(link: HTMLAnchorElement, ctx: WidgetContext): Promise<void> {
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
  const item = link.closest<HTMLElement>('.woocommerce-mini-cart-item, .mini_cart_item');
  clearAnnouncement();
  block(item, true);
  let response: CartResponse | undefined;
  try {
    response = await cartCall('remove_from_cart', { cart_item_key: key }, { timeout: cartCallTimeout(), schema: cartResponseSchema });
  } catch {
    response = undefined;
  }
  const fragments = response && removeSucceeded(response) ? asFragments(response.fragments) : undefined;
  if (!response || !fragments) {
    // WooCommerce's fallback: the link removes the item with a full page load.
    block(item, false);
    fallback();
    return;
  }
  const hash = hashOf(response);
  markOwn(response.fragments);
  fireLegacy(document.body, 'removed_from_cart', [response.fragments, hash, link], 'mini-cart');
  receiveCart(fragments, hash);
  const message = link.getAttribute('data-success_message');
  if (message) announce(message);
}

export default defineWidget({
  mount(element, ctx) {
    liveRegion();
    // After this mount returns: loading stored fragments replaces this very element.
    queueMicrotask(startCart);
    if (!element.matches('.widget_shopping_cart_content')) return;

    const activate = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(REMOVE_LINK) : null;
      if (!link || !element.contains(link)) return;
      event.preventDefault();
      if (inFlight.has(link)) return;
      inFlight.add(link);
      void remove(link, ctx).finally(() => inFlight.delete(link));
    };
    element.addEventListener('click', activate, { signal: ctx.signal });
    element.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key === ' ') activate(event);
    }, { signal: ctx.signal });

    // The box is printed empty and nothing was loaded (the cookies said the cart is empty): load it only when it
    // is actually shown (a sidebar in view, a dropdown opened), never on every page view.
    queueMicrotask(() => {
      if (ctx.signal.aborted || !cartNotLoaded() || !isUnfilled(element.childElementCount, element.textContent ?? '')) return;
      const cancel = env().visible(element, () => {
        // An add that revealed a "hide if empty" widget brings its own fragments: no second request.
        if (cartNotLoaded() && cartQueue.size === 0 && isUnfilled(element.childElementCount, element.textContent ?? '')) void refreshFragments();
      }, '0px');
      ctx.onCleanup(cancel);
    });
  },
});
