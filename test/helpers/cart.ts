import { onTestFinished, vi } from 'vitest';
import { cartHash, fragments, syncCartCookies } from '../../fixtures/mock/fragments';
import { state } from '../../fixtures/mock/state';
import { disconnectCart } from '../../src/cart/cart';
import { navigation } from '../../src/cart/navigate';
import { resetCartStore } from '../../src/cart/store';
import { setEnvironment } from '../../src/env';

export const HASH_KEY = 'wc_cart_hash_e3a1c9b85f0d4a7c6b2e8f1d0a9c7b56';
export const FRAGMENT_NAME = 'wc_fragments_e3a1c9b85f0d4a7c6b2e8f1d0a9c7b56';

type Globals = Record<string, Record<string, unknown>>;

/**
 * The WooCommerce globals of a shop page as the CMS prints them (strings), a navigation spy, and cleanup of the
 * cart core's page-level state after the test.
 */
export function cartPage(overrides: Globals = {}): { go: ReturnType<typeof vi.fn> } {
  const globals: Globals = {
    wc_add_to_cart_params: {
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      i18n_view_cart: 'View cart',
      cart_url: '/cart/',
      is_cart: '',
      cart_redirect_after_add: 'no',
      ...overrides.wc_add_to_cart_params,
    },
    wc_cart_fragments_params: {
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      cart_hash_key: HASH_KEY,
      fragment_name: FRAGMENT_NAME,
      request_timeout: '5000',
      ...overrides.wc_cart_fragments_params,
    },
  };
  for (const [name, value] of Object.entries(overrides)) if (!(name in globals)) globals[name] = value;
  for (const [name, value] of Object.entries(globals)) (window as unknown as Record<string, unknown>)[name] = value;
  const original = navigation.go;
  const go = vi.fn();
  navigation.go = go;
  onTestFinished(() => {
    navigation.go = original;
    for (const name of Object.keys(globals)) delete (window as unknown as Record<string, unknown>)[name];
    disconnectCart();
    resetCartStore();
  });
  return { go };
}

/** The mock's cart (its cookies), as WooCommerce's script stored it on an earlier page `createdAgo` ms ago. */
export function storedCart(createdAgo = 1000): void {
  syncCartCookies(state);
  sessionStorage.setItem(FRAGMENT_NAME, JSON.stringify(fragments(state)));
  sessionStorage.setItem(HASH_KEY, cartHash(state));
  localStorage.setItem(HASH_KEY, cartHash(state));
  sessionStorage.setItem('wc_cart_created', String(Date.now() - createdAgo));
}

/**
 * A clock the test moves: env().now() and env().setTimeout follow it (Avada's 2 s, refresh at expiry). Timers
 * with 0 ms still run at once, so frames and the runtime behave normally.
 */
export function manualClock(start = Date.now()): { now: () => number; advance: (ms: number) => void } {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const restore = setEnvironment({
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      if (ms <= 0)
        queueMicrotask(() => {
          const t = timers.get(id);
          if (t && t.at <= now) {
            timers.delete(id);
            t.fn();
          }
        });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id),
  });
  onTestFinished(restore);
  return {
    now: () => now,
    advance(ms) {
      now += ms;
      for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
  };
}

/** The page's cookie as the server set it. */
export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

let shimLoads = 0;
/**
 * Load the test-only jQuery stand-in the browser tests use (its event semantics follow jQuery's). The script is
 * imported as a module (it is one IIFE on `window`, valid as either), under a new query each time, so each call
 * runs it again in this test's window: after each test the setup deletes `window.jQuery`.
 */
export async function installJQueryStandIn(): Promise<void> {
  shimLoads += 1;
  await import(/* @vite-ignore */ `../e2e/jquery-shim.js?load=${shimLoads}`);
}

/** A fixture page's body as the browser sees it before our bundle: the shared reader. */
export { fixtureBody as pageBody } from './mount';

/** Focus a loop button and wait until the runtime mounted it (its chunk may still be compiling). */
export async function mountButton(button: Element): Promise<void> {
  const mounted = new Promise<void>((resolve) => {
    const on = (e: Event) => {
      if ((e as CustomEvent<{ element: Element }>).detail.element === button) {
        document.removeEventListener('storefront:mount', on);
        resolve();
      }
    };
    document.addEventListener('storefront:mount', on);
  });
  button.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await mounted;
}
