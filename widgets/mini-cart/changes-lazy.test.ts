/**
 * The cart core's change code (src/cart/changes.ts: a refresh's request, answers swapped in, stored fragments
 * reused) is not loaded on a page where nothing happens to the cart: an empty cart (cookies) with nothing stored
 * makes no import of it. Stored fragments to reuse, or another script's event, load it. Its own file: the module
 * is watched with a mock for every test here, and the tests share its one load.
 */
import { describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { cartPage, pageBody, storedCart } from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/cart/changes', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

// Each test mounts the page and waits for a first import of the cart code: seconds under load, beyond vitest's
// 5 s default for a whole test.
vi.setConfig({ testTimeout: 30_000 });

const items = () => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item');

describe('the cart change code loads only when needed', () => {
  it('an empty cart with nothing stored: no import of it, no request, the printed markup stays', async () => {
    cartPage();
    const runtime = await mountPage(await pageBody('shop.html'), only('mini-cart', 'store-notice'));
    await runtime.settled();
    await new Promise((r) => setTimeout(r, 50));
    expect(loads.count).toBe(0);
    expect(state.log).toEqual([]);
    expect(items()).toHaveLength(0);
  });

  it('stored fragments to reuse load it, and are swapped in without a request', async () => {
    state.cart = [{ key: `${(318).toString(16).padStart(8, '0')}${'1'.padStart(24, '0')}`, productId: 318, quantity: 2 }];
    storedCart();
    cartPage();
    const runtime = await mountPage(await pageBody('shop.html'), only('mini-cart'));
    await runtime.settled();
    await vi.waitFor(() => expect(items()).toHaveLength(1), { timeout: 15_000 }); // its first import is slow under load
    // Loaded (the registry starts it beside the mini-cart's chunk for a visitor with cart cookies, the cart core
    // asks for it too: a browser runs one module, this mock may count each concurrent import).
    expect(loads.count).toBeGreaterThan(0);
    expect(state.log.filter((e) => e.endpoint === 'get_refreshed_fragments')).toEqual([]);
  });
});

describe('a document whose cookies cannot be read (a sandboxed frame)', () => {
  it('still mounts the mini-cart: no error from its loader', async () => {
    cartPage();
    const own = Object.getOwnPropertyDescriptor(document, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
      set() {},
    });
    const mounted: string[] = [];
    const errors: unknown[] = [];
    const onMount = (e: Event) => mounted.push((e as CustomEvent<{ widget: string }>).detail.widget);
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    document.addEventListener('storefront:mount', onMount);
    document.addEventListener('storefront:error', onError);
    try {
      const runtime = await mountPage(await pageBody('shop.html'), only('mini-cart'));
      await runtime.settled();
      expect(errors).toEqual([]);
      expect(mounted).toContain('mini-cart');
    } finally {
      document.removeEventListener('storefront:mount', onMount);
      document.removeEventListener('storefront:error', onError);
      if (own) Object.defineProperty(document, 'cookie', own);
      else delete (document as { cookie?: string }).cookie;
    }
  });
});
