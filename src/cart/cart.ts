import { env } from '../env';
import { fireLegacy, listenLegacy } from '../events/bus';
import { warnOnce } from '../log';
import { NetError } from '../net/errors';
import { cartCall } from '../net/wc';
import { getCookie } from '../storage/cookies';
import { announce } from './announce';
import { fragmentsParams } from './config';
import { asFragments, CORE_FRAGMENT, DAY_MS, decideInitial, hasItems, KNOWN_FRAGMENT_KEYS, sumQuantities, trustedFragments } from './logic';
import { otherTabChanged, readStored, storageWorks, storedSessionHash, storeCreated, storeFragments, storeHash } from './persist';
import { cartResponseSchema, hashOf } from './response';
import { cartStore } from './store';
import { emptyMiniCarts, swapFragments } from './swap';

export const HASH_COOKIE = 'woocommerce_cart_hash';
export const ITEMS_COOKIE = 'woocommerce_items_in_cart';

let listeners: AbortController | undefined;
let started = false;
let cancelExpiry: (() => void) | undefined;
let refreshing: Promise<void> | undefined;
let refreshAgain = false;
/** Fragments objects our own flows already applied: their events must not be applied a second time. */
const own = new WeakSet<object>();
/** The keys of the last fragments the shop answered on this page: stored fragments may use only these (or known ones). */
let answerKeys: readonly string[] = [];

/** Fire a WooCommerce event as the cart core (fireLegacy guards theme handlers; a throw is logged under `cart`). */
const fire = (name: string, args: readonly unknown[] = []) => fireLegacy(document.body, name, args, 'cart');

/** Mark a fragments object as applied by us before firing added_to_cart / removed_from_cart with it. */
export function markOwn(fragments: unknown): void {
  if (fragments !== null && typeof fragments === 'object') own.add(fragments);
}

function itemsCountOf(fragments: Record<string, string>): number | null {
  const html = fragments[CORE_FRAGMENT];
  if (html === undefined) return null;
  const template = document.createElement('template');
  template.innerHTML = html;
  return sumQuantities([...template.content.querySelectorAll('.woocommerce-mini-cart-item .quantity, .mini_cart_item .quantity')].map((q) => q.textContent ?? ''));
}

function show(widget: HTMLElement, visible: boolean): void {
  if (!visible) {
    widget.style.display = 'none';
    return;
  }
  widget.style.removeProperty('display');
  if (getComputedStyle(widget).display === 'none') widget.style.display = 'block';
}

/**
 * "Hide if empty" widgets follow the items cookie the server sets (on load, as WooCommerce); `adding_to_cart`
 * shows them at once. After a cart answer (ours: WooCommerce decides on load only) they are hidden only when both
 * the cookie and the answer's hash say the cart is empty: an add's answer with a hash keeps a widget the add
 * revealed, whatever the cookie says (a host that sets it on another path, a cache that strips it).
 */
export function applyHideIfEmpty(visible = hasItems(getCookie(ITEMS_COOKIE))): void {
  for (const inner of document.querySelectorAll('.hide_cart_widget_if_empty')) {
    const widget = inner.closest<HTMLElement>('.widget_shopping_cart');
    if (widget) show(widget, visible);
  }
}

function syncFromCookies(answerHash?: string): void {
  const itemsInCart = hasItems(getCookie(ITEMS_COOKIE));
  cartStore.setState({ itemsInCart });
  applyHideIfEmpty(itemsInCart || !!answerHash);
}

function scheduleRefresh(ms: number): void {
  cancelExpiry?.();
  const id = env().setTimeout(() => void refreshFragments(), Math.max(0, Math.min(ms, 2_147_000_000)));
  cancelExpiry = () => env().clearTimeout(id);
}

/**
 * A cart answer from an add, a remove or another script's event: store it as WooCommerce does (fragments and
 * hash, and the creation time when no hash was stored), swap it in, and update the store.
 */
export function receiveCart(fragments: Record<string, string>, hash: string, options: { swap?: boolean } = {}): void {
  answerKeys = Object.keys(fragments);
  if (storageWorks()) {
    const previous = storedSessionHash();
    if (!previous) storeCreated(env().now());
    storeFragments(fragments);
    storeHash(hash);
  }
  if (options.swap !== false) swapFragments(fragments);
  cartStore.setState({ fragments, cartHash: hash, itemsCount: itemsCountOf(fragments), status: 'ready' });
  syncFromCookies(hash);
  // As WooCommerce's fragment update after an add or remove: listeners re-bind to the new markup.
  if (options.swap !== false) fire('wc_fragments_loaded');
}

async function runRefresh(): Promise<void> {
  cartStore.setState({ status: 'loading' });
  try {
    const { request_timeout } = fragmentsParams();
    // Through the cart queue: an answer requested before an add finished would show the cart without it.
    const response = await cartCall('get_refreshed_fragments', { time: env().now() }, { timeout: request_timeout, schema: cartResponseSchema });
    const fragments = asFragments(response.fragments);
    if (!fragments) throw new NetError('invalid_response');
    const hash = hashOf(response);
    answerKeys = Object.keys(fragments);
    swapFragments(fragments);
    if (storageWorks()) {
      storeFragments(fragments);
      storeHash(hash);
      if (hash) storeCreated(env().now());
    }
    cartStore.setState({ fragments, cartHash: hash, itemsCount: itemsCountOf(fragments), status: 'ready' });
    syncFromCookies(hash);
    fire('wc_fragments_refreshed');
    scheduleRefresh(DAY_MS);
  } catch {
    // No visible message: the server markup (or the last good fragments) stays, as WooCommerce leaves it.
    cartStore.setState({ status: 'error' });
    fire('wc_fragments_ajax_error');
  }
}

/** get_refreshed_fragments, once at a time; a request made while one runs gets one more run after it. */
export function refreshFragments(): Promise<void> {
  connectCart();
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = runRefresh().finally(() => {
    refreshing = undefined;
    if (refreshAgain) {
      refreshAgain = false;
      void refreshFragments();
    }
  });
  return refreshing;
}

function onCartEvent(args: unknown[]): void {
  // Called from inside another script's trigger('added_to_cart'): nothing of ours may throw into it.
  try {
    const [raw, rawHash, button] = args;
    if (raw !== null && typeof raw === 'object' && own.has(raw)) return;
    const fragments = asFragments(raw);
    if (!fragments) return;
    receiveCart(fragments, typeof rawHash === 'string' ? rawHash : '');
    const element = button instanceof Element ? button : (button as { 0?: unknown } | undefined)?.[0];
    const message = element instanceof Element ? element.getAttribute('data-success_message') : null;
    if (message) announce(message);
  } catch (error) {
    warnOnce('cart', 'added_to_cart', `the cart answer of another script could not be applied: ${String(error)}`);
  }
}

/** The page-level listeners, once: refresh triggers, other scripts' cart events, other tabs, bfcache. */
export function connectCart(): void {
  if (listeners) return;
  listeners = new AbortController();
  const { signal } = listeners;
  const body = document.body;
  const refresh = () => void refreshFragments();
  listenLegacy(body, 'wc_fragment_refresh', refresh, signal, 'cart');
  listenLegacy(body, 'updated_wc_div', refresh, signal, 'cart');
  listenLegacy(body, 'added_to_cart', onCartEvent, signal, 'cart');
  listenLegacy(body, 'removed_from_cart', onCartEvent, signal, 'cart');
  listenLegacy(body, 'adding_to_cart', () => applyHideIfEmpty(true), signal, 'cart');
  // Cart blocks announce their changes natively.
  body.addEventListener('wc-blocks_added_to_cart', refresh, { signal });
  body.addEventListener('wc-blocks_removed_from_cart', refresh, { signal });
  window.addEventListener(
    'storage',
    (event) => {
      if (event.key === fragmentsParams().cart_hash_key && otherTabChanged()) refresh();
    },
    { signal },
  );
  window.addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      emptyMiniCarts();
      // Our own wc_fragment_refresh listener does the request, as WooCommerce's does.
      fire('wc_fragment_refresh');
    },
    { signal },
  );
}

/** What a stored theme key may neither replace nor bring: the page's forms and their controls, frames. */
const GUARDED = 'form, input, textarea, select, button:not([type="button"]), iframe, object, embed';

/**
 * A stored key the shop has not answered on this page yet (a theme's own: a header count, a cart dropdown) is
 * reused as WooCommerce does, so such a theme makes no request per page view, where it can do no harm: its
 * targets are not the page's root elements and hold no form or form control, and its HTML brings none (nor a
 * frame, `<base>`, `<meta>` or `<link>`). Anything else (a login box, `html`) is refused and the cart is loaded
 * from the shop.
 */
function harmlessStored(key: string, html: string): boolean {
  let targets: NodeListOf<Element>;
  try {
    targets = document.querySelectorAll(key);
  } catch {
    return false; // not a selector
  }
  for (const target of targets) if (target.matches('html, head, body') || target.matches(GUARDED) || target.querySelector(GUARDED)) return false;
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  return !parsed.content.querySelector(`${GUARDED}, base, meta, link`) && !/<\s*(html|head|body)[\s>]/i.test(html);
}

function inlineFragments(): { fragments: Record<string, string>; hash: string } | undefined {
  const script = document.getElementById('wc-cart-fragments-data');
  if (!script) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(script.textContent ?? '');
  } catch {
    warnOnce('cart', 'wc-cart-fragments-data', 'is not JSON; ignored');
    return undefined;
  }
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  const fragments = asFragments(record && 'fragments' in record ? record.fragments : record);
  if (!fragments || Object.keys(fragments).length === 0) return undefined;
  const hash = record && typeof record.cart_hash === 'string' ? record.cart_hash : (getCookie(HASH_COOKIE) ?? '');
  return { fragments, hash };
}

/**
 * Page load: reuse the stored fragments when WooCommerce would, refresh otherwise, and (ours) make no request
 * when the cookies say the cart is empty and nothing is stored. Once per page.
 */
export function startCart(): void {
  connectCart();
  if (started) return;
  started = true;
  syncFromCookies();
  const inline = inlineFragments();
  if (inline) {
    receiveCart(inline.fragments, inline.hash);
    return;
  }
  const decision = decideInitial(readStored(), getCookie(HASH_COOKIE), getCookie(ITEMS_COOKIE), env().now());
  if (decision.action === 'reuse') {
    const { kept, refused } = trustedFragments(decision.fragments, new Set([...KNOWN_FRAGMENT_KEYS, ...answerKeys]), harmlessStored);
    if (refused.length) {
      warnOnce('cart', fragmentsParams().fragment_name, `stored keys the shop did not answer (${refused.map((k) => JSON.stringify(k)).join(', ')}) are ignored; the cart is loaded from the shop`);
    }
    swapFragments(kept);
    cartStore.setState({
      fragments: kept,
      cartHash: storedSessionHash() ?? '',
      itemsCount: itemsCountOf(kept),
      status: 'ready',
    });
    fire('wc_fragments_loaded');
    // The refused keys may be a theme's own (a header count): the shop's answer brings them, and its keys.
    if (refused.length) void refreshFragments();
    else if (decision.refreshIn !== null) scheduleRefresh(decision.refreshIn);
  } else if (decision.action === 'refresh') {
    void refreshFragments();
  }
}

/** Whether startCart decided the server markup was enough (no request made yet). */
export function cartNotLoaded(): boolean {
  const { status, fragments } = cartStore.getState();
  return status === 'idle' && fragments === null;
}

/** Tests: forget listeners, timers and the once-per-page start. */
export function disconnectCart(): void {
  answerKeys = [];
  listeners?.abort();
  listeners = undefined;
  started = false;
  cancelExpiry?.();
  cancelExpiry = undefined;
  refreshing = undefined;
  refreshAgain = false;
}
