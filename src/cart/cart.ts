import { env } from '../env';
import { fireLegacy, listenLegacy } from '../events/bus';
import { warnOnce } from '../log';
import { getCookie } from '../storage/cookies';
import { fragmentsParams } from './config';
import { asFragments, decideInitial, hasItems } from './logic';
import { otherTabChanged, readStored } from './persist';
import { cartStore } from './store';

/**
 * The cart core every shop page loads: the cookies, the decision on load, the page-level listeners, "hide if
 * empty". What runs only when something happens (a refresh's request, a cart answer swapped in, stored fragments
 * reused) is in ./changes, loaded the first time it is needed: most page views never change nor load the cart.
 */

export const HASH_COOKIE = 'woocommerce_cart_hash';
export const ITEMS_COOKIE = 'woocommerce_items_in_cart';

/** What ./changes gives this module when it has loaded (it registers itself: a widget may import it first). */
export interface CartChanges {
  runRefresh(): Promise<void>;
  applyInline(): boolean;
  applyStored(fragments: Record<string, string>, refreshIn: number | null): void;
  applyCartEvent(fragments: Record<string, string>, hash: string, button: unknown): void;
  /** Whether a cart call (add, remove, refresh) is waiting or running in the cart queue. */
  cartCallPending(): boolean;
  reset(): void;
}

let listeners: AbortController | undefined;
let started = false;
let refreshing: Promise<void> | undefined;
let refreshAgain = false;
/** startCart handed stored (or inline) fragments to ./changes, which has not applied them yet. */
let filling = false;
/** Fragments objects our own flows already applied: their events must not be applied a second time. */
const own = new WeakSet<object>();

let changes: CartChanges | undefined;
let loading: Promise<CartChanges> | undefined;
/** Work waiting for ./changes to load: later work runs after it, in the order asked. */
let waiting = 0;

/** Called by ./changes when it is evaluated. */
export function provideChanges(module: CartChanges): void {
  changes = module;
}

function loadChanges(): Promise<CartChanges> {
  loading ??= import('./changes').then(
    () => changes!,
    (error: unknown) => {
      loading = undefined; // the next need tries again
      throw error;
    },
  );
  return loading;
}

/**
 * Run `work` with ./changes: at once when it is there and nothing waits for it (as synchronous as before the
 * split), else once it has loaded, after the work asked before. `failed` runs when it cannot load.
 */
function withChanges(work: (module: CartChanges) => void, failed: (error: unknown) => void): void {
  if (changes && !waiting) {
    work(changes);
    return;
  }
  waiting += 1;
  loadChanges().then(
    (module) => {
      waiting -= 1;
      work(module);
    },
    (error: unknown) => {
      waiting -= 1;
      failed(error);
    },
  );
}

/** Fire a WooCommerce event as the cart core (fireLegacy guards theme handlers; a throw is logged under `cart`). */
export const fire = (name: string, args: readonly unknown[] = []) => fireLegacy(document.body, name, args, 'cart');

/** Mark a fragments object as applied by us before firing added_to_cart / removed_from_cart with it. */
export function markOwn(fragments: unknown): void {
  if (fragments !== null && typeof fragments === 'object') own.add(fragments);
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

export function syncFromCookies(answerHash?: string): void {
  const itemsInCart = hasItems(getCookie(ITEMS_COOKIE));
  cartStore.setState({ itemsInCart });
  applyHideIfEmpty(itemsInCart || !!answerHash);
}

/** A refresh that could not run (its code did not load): as a failed request, the markup stays. */
function refreshFailed(): void {
  cartStore.setState({ status: 'error' });
  fire('wc_fragments_ajax_error');
}

/** get_refreshed_fragments, once at a time; a request made while one runs gets one more run after it. */
export function refreshFragments(): Promise<void> {
  connectCart();
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  cartStore.setState({ status: 'loading' });
  refreshing = new Promise<void>((done) => {
    withChanges(
      (module) => void module.runRefresh().then(done),
      () => {
        refreshFailed();
        done();
      },
    );
  }).finally(() => {
    refreshing = undefined;
    if (refreshAgain) {
      refreshAgain = false;
      void refreshFragments();
    }
  });
  return refreshing;
}

/**
 * A refresh for a box shown unfilled, unless a cart call is already bringing fragments (an add that revealed
 * it) or `wanted()` no longer holds once the change code is there. Without that code no cart call of ours can
 * be under way (add and remove bring it): the refresh tries to load it again, and fails as a request would.
 */
export function refreshUnlessCartCall(wanted: () => boolean): void {
  const refresh = (busy: boolean) => {
    if (wanted() && !busy) void refreshFragments();
  };
  withChanges(
    (module) => refresh(module.cartCallPending()),
    () => refresh(false),
  );
}

const cartEventFailed = (error: unknown) =>
  warnOnce('cart', 'added_to_cart', `the cart answer of another script could not be applied: ${String(error)}`);

function onCartEvent(args: unknown[]): void {
  // Called from inside another script's trigger('added_to_cart'): nothing of ours may throw into it.
  try {
    const [raw, rawHash, button] = args;
    if (raw !== null && typeof raw === 'object' && own.has(raw)) return;
    const fragments = asFragments(raw);
    if (!fragments) return;
    const hash = typeof rawHash === 'string' ? rawHash : '';
    withChanges((module) => {
      try {
        module.applyCartEvent(fragments, hash, button);
      } catch (error) {
        cartEventFailed(error);
      }
    }, cartEventFailed);
  } catch (error) {
    cartEventFailed(error);
  }
}

/** Empty every mini-cart content box (a page restored from the back-forward cache shows an old cart). */
export function emptyMiniCarts(): void {
  for (const box of document.querySelectorAll('.widget_shopping_cart_content')) box.replaceChildren();
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

/** Hand fragments the page already has (inline, stored) to ./changes; until they are applied the cart is not "not loaded". */
function fill(work: (module: CartChanges) => void): void {
  filling = true;
  withChanges(
    (module) => {
      filling = false;
      work(module);
    },
    (error: unknown) => {
      filling = false;
      warnOnce('cart', 'fragments', `the page's cart fragments could not be applied (${String(error)}); the page keeps its printed markup`);
    },
  );
}

function decide(): void {
  const decision = decideInitial(readStored(), getCookie(HASH_COOKIE), getCookie(ITEMS_COOKIE), env().now());
  if (decision.action === 'reuse') fill((module) => module.applyStored(decision.fragments, decision.refreshIn));
  else if (decision.action === 'refresh') void refreshFragments();
}

/**
 * Page load: reuse the stored fragments when WooCommerce would, refresh otherwise, and (ours) make no request
 * when the cookies say the cart is empty and nothing is stored. Once per page. Only the inline and stored
 * fragments need ./changes at once; a refresh loads it with its request.
 */
export function startCart(): void {
  connectCart();
  if (started) return;
  started = true;
  syncFromCookies();
  if (document.getElementById('wc-cart-fragments-data')) {
    fill((module) => {
      if (!module.applyInline()) decide();
    });
    return;
  }
  decide();
}

/** Whether startCart decided the server markup was enough (no request made yet). */
export function cartNotLoaded(): boolean {
  const { status, fragments } = cartStore.getState();
  return !filling && status === 'idle' && fragments === null;
}

/** Tests: forget listeners, timers and the once-per-page start. */
export function disconnectCart(): void {
  changes?.reset();
  listeners?.abort();
  listeners = undefined;
  started = false;
  filling = false;
  refreshing = undefined;
  refreshAgain = false;
}
