import { env } from '../env';
import { warnOnce } from '../log';
import { NetError } from '../net/errors';
import { cartQueue } from '../net/queue';
import { cartCall } from '../net/wc';
import { getCookie } from '../storage/cookies';
import { announce } from './announce';
import { fire, HASH_COOKIE, provideChanges, refreshFragments, syncFromCookies } from './cart';
import { fragmentsParams } from './config';
import { KNOWN_FRAGMENT_KEYS, sumQuantities, trustedFragments } from './fragments';
import { asFragments, CORE_FRAGMENT, DAY_MS } from './logic';
import { storageWorks, storedSessionHash, storeCreated, storeFragments, storeHash } from './persist';
import { cartResponseSchema, hashOf } from './response';
import { cartStore } from './store';
import { swapFragments } from './swap';

/**
 * What the cart core does when something happens: a refresh's request and its answer, a cart answer (ours or
 * another script's) stored and swapped in, stored or inline fragments reused on load. Loaded by ./cart the first
 * time one of these is needed; the widgets that change the cart (add to cart, remove) import it themselves.
 */

let cancelExpiry: (() => void) | undefined;
/** The keys of the last fragments the shop answered on this page: stored fragments may use only these (or known ones). */
let answerKeys: readonly string[] = [];

function itemsCountOf(fragments: Record<string, string>): number | null {
  const html = fragments[CORE_FRAGMENT];
  if (html === undefined) return null;
  const template = document.createElement('template');
  template.innerHTML = html;
  return sumQuantities(
    [...template.content.querySelectorAll('.woocommerce-mini-cart-item .quantity, .mini_cart_item .quantity')].map(
      (q) => q.textContent ?? '',
    ),
  );
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
  const afterSwap = options.swap !== false ? swapping(fragments) : undefined;
  cartStore.setState({ fragments, cartHash: hash, itemsCount: itemsCountOf(fragments), status: 'ready' });
  syncFromCookies(hash);
  // As WooCommerce's fragment update after an add or remove: listeners re-bind to the new markup.
  afterSwap?.(() => fire('wc_fragments_loaded'));
}

/**
 * Swap the fragments in; the returned function runs its callback once every key is in: at once when all were
 * plain or the sanitizer was here, else once the keys that waited for its chunk went in. The cart's events fire
 * there, after the store is up to date, so a theme that re-binds on them finds the new markup (as after
 * WooCommerce's own swap) and our state.
 */
function swapping(fragments: Record<string, string>): (then: () => void) => void {
  let allIn = false;
  let queued: (() => void) | undefined;
  swapFragments(fragments, () => {
    allIn = true;
    queued?.();
  });
  return (then) => {
    if (allIn) then();
    else queued = then;
  };
}

/** The request of refreshFragments (./cart runs one at a time and has set the status to loading). */
async function runRefresh(): Promise<void> {
  // Work queued behind stored fragments may find them applied ("ready"): the view shows the refresh again.
  if (cartStore.getState().status !== 'loading') cartStore.setState({ status: 'loading' });
  try {
    const { request_timeout } = fragmentsParams();
    // Through the cart queue: an answer requested before an add finished would show the cart without it.
    const response = await cartCall(
      'get_refreshed_fragments',
      { time: env().now() },
      { timeout: request_timeout, schema: cartResponseSchema },
    );
    const fragments = asFragments(response.fragments);
    if (!fragments) throw new NetError('invalid_response');
    const hash = hashOf(response);
    answerKeys = Object.keys(fragments);
    const afterSwap = swapping(fragments);
    if (storageWorks()) {
      storeFragments(fragments);
      storeHash(hash);
      if (hash) storeCreated(env().now());
    }
    cartStore.setState({ fragments, cartHash: hash, itemsCount: itemsCountOf(fragments), status: 'ready' });
    syncFromCookies(hash);
    afterSwap(() => fire('wc_fragments_refreshed'));
    scheduleRefresh(DAY_MS);
  } catch {
    // No visible message: the server markup (or the last good fragments) stays, as WooCommerce leaves it.
    cartStore.setState({ status: 'error' });
    fire('wc_fragments_ajax_error');
  }
}

/** Another script's added_to_cart / removed_from_cart (./cart has checked it is not ours and has fragments). */
function applyCartEvent(fragments: Record<string, string>, hash: string, button: unknown): void {
  receiveCart(fragments, hash);
  const element = button instanceof Element ? button : (button as { 0?: unknown } | undefined)?.[0];
  const message = element instanceof Element ? element.getAttribute('data-success_message') : null;
  if (message) announce(message);
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
  for (const target of targets)
    if (target.matches('html, head, body') || target.matches(GUARDED) || target.querySelector(GUARDED)) return false;
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  return !parsed.content.querySelector(`${GUARDED}, base, meta, link`) && !/<\s*(html|head|body)[\s>]/i.test(html);
}

/** A cart answer applied while this code loaded is newer than what the page brought: that one is dropped. */
const answered = () => cartStore.getState().fragments !== null;

/** The fragments a page without the fragments script prints (`wc-cart-fragments-data`); false when there are none. */
function applyInline(): boolean {
  if (answered()) return true;
  const script = document.getElementById('wc-cart-fragments-data');
  if (!script) return false;
  let data: unknown;
  try {
    data = JSON.parse(script.textContent ?? '');
  } catch {
    warnOnce('cart', 'wc-cart-fragments-data', 'is not JSON; ignored');
    return false;
  }
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  const fragments = asFragments(record && 'fragments' in record ? record.fragments : record);
  if (!fragments || Object.keys(fragments).length === 0) return false;
  const hash = record && typeof record.cart_hash === 'string' ? record.cart_hash : (getCookie(HASH_COOKIE) ?? '');
  receiveCart(fragments, hash);
  return true;
}

/** Stored fragments startCart decided to reuse, as WooCommerce does: swap, wc_fragments_loaded, refresh at expiry. */
function applyStored(fragments: Record<string, string>, refreshIn: number | null): void {
  if (answered()) return;
  const { kept, refused } = trustedFragments(fragments, new Set([...KNOWN_FRAGMENT_KEYS, ...answerKeys]), harmlessStored);
  if (refused.length) {
    warnOnce(
      'cart',
      fragmentsParams().fragment_name,
      `stored keys the shop did not answer (${refused.map((k) => JSON.stringify(k)).join(', ')}) are ignored; the cart is loaded from the shop`,
    );
  }
  const afterSwap = swapping(kept);
  cartStore.setState({
    fragments: kept,
    cartHash: storedSessionHash() ?? '',
    itemsCount: itemsCountOf(kept),
    status: 'ready',
  });
  afterSwap(() => fire('wc_fragments_loaded'));
  // The refused keys may be a theme's own (a header count): the shop's answer brings them, and its keys.
  if (refused.length) void refreshFragments();
  else if (refreshIn !== null) scheduleRefresh(refreshIn);
}

provideChanges({
  runRefresh,
  applyInline,
  applyStored,
  applyCartEvent,
  cartCallPending: () => cartQueue.size > 0,
  reset() {
    answerKeys = [];
    cancelExpiry?.();
    cancelExpiry = undefined;
  },
});
