import { HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cartHash, fragments, syncCartCookies } from '../../fixtures/mock/fragments';
import { wcAjaxEndpoints } from '../../fixtures/mock/handlers';
import { answer } from '../../fixtures/mock/respond';
import { failNext, state, type MockFailure } from '../../fixtures/mock/state';
import { cartStore } from '../../src/cart/store';
import { setEnvironment } from '../../src/env';
import { cartPage, cookie, FRAGMENT_NAME, HASH_KEY, manualClock, mountButton, pageBody } from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';
import { cartChanged, isUnfilled, removeSucceeded } from './logic';
import { hasView } from './mini-cart.widget';
import { propsOf } from './props';

const DAY = 86_400_000;
/**
 * Waits on the condition, with a limit far above its time on a quiet machine: under load (other test files, other
 * work on the machine) the cart's chunks, msw and happy-dom take seconds, and vitest's 1 s default failed tests
 * whose condition was met a little later. What is asserted is unchanged.
 */
const WAIT = { timeout: 15_000 };
// The same for the whole test: several wait for a first import of the cart code or of React (slow under load).
vi.setConfig({ testTimeout: 30_000 });
const refreshes = () => state.log.filter((e) => e.endpoint === 'get_refreshed_fragments');
const removes = () => state.log.filter((e) => e.endpoint === 'remove_from_cart');
const widget = () => document.querySelector<HTMLElement>('.widget_shopping_cart')!;
const content = () => document.querySelector('.widget_shopping_cart_content')!;
const count = () => document.querySelector('.fusion-widget-cart-number')!.textContent;
const region = () => document.querySelector('.widget_shopping_cart_live_region[role="status"]');

function onBody(name: string, fn: (e: Event) => void): void {
  document.body.addEventListener(name, fn);
  onTestFinished(() => document.body.removeEventListener(name, fn));
}
function record(names: string[]): string[] {
  const seen: string[] = [];
  for (const name of names) onBody(name, () => seen.push(name));
  return seen;
}

/**
 * Boxes the runtime has mounted from now on. A swap replaces the box element, and the new box's handlers come with
 * its mount, a task or more later: a remove on it before then does nothing here (a browser follows the link).
 */
function mountedBoxes(): WeakSet<Element> {
  const boxes = new WeakSet<Element>();
  const add = (e: Event) => {
    const { widget, element } = (e as CustomEvent<{ widget: string; element: Element }>).detail;
    if (widget === 'mini-cart') boxes.add(element);
  };
  document.addEventListener('storefront:mount', add);
  onTestFinished(() => document.removeEventListener('storefront:mount', add));
  return boxes;
}

/** happy-dom has no PageTransitionEvent: an Event with `persisted`, as the browser's. */
function pageshow(persisted: boolean): Event {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}

/** A cart on the server (and its cookies), as after shopping on an earlier page. */
function serverCart(lines: [number, number][]): void {
  state.cart = lines.map(([productId, quantity], i) => ({
    key: `${productId.toString(16).padStart(8, '0')}${String(i + 1).padStart(24, '0')}`,
    productId,
    quantity,
  }));
  syncCartCookies(state);
}

/** What WooCommerce's script stored on the earlier page; `now`: the test's clock, when it has one. */
function storedFromServer(createdAgo = 1000, now = Date.now()): void {
  sessionStorage.setItem(FRAGMENT_NAME, JSON.stringify(fragments(state)));
  sessionStorage.setItem(HASH_KEY, cartHash(state));
  localStorage.setItem(HASH_KEY, cartHash(state));
  sessionStorage.setItem('wc_cart_created', String(now - createdAgo));
}

/** The box's React view is in (the first import of React is slow under load: a longer wait than the default). */
const viewMounted = () => vi.waitFor(() => expect(hasView(content())).toBe(true), { timeout: 15_000 });

async function shop(overrides: Parameters<typeof cartPage>[0] = {}) {
  const nav = cartPage(overrides);
  const runtime = await mountPage(await pageBody('shop.html'), only('mini-cart', 'add-to-cart'));
  await new Promise((r) => setTimeout(r, 0));
  await runtime.settled();
  return nav;
}

describe('mini-cart rules', () => {
  it('needs fragments for a usable remove answer', () => {
    expect(removeSucceeded({ fragments: { a: 'b' } })).toBe(true);
    expect(removeSucceeded({ success: false })).toBe(false);
    expect(removeSucceeded({ fragments: null })).toBe(false);
    expect(removeSucceeded(undefined)).toBe(false);
  });
  it('gives React the props that print the server attributes back, without inline handlers or styles', () => {
    expect(
      propsOf('a', [
        ['class', 'remove remove_from_cart_button'],
        ['data-cart_item_key', 'k'],
        ['aria-label', 'Remove'],
        ['onclick', 'x()'],
        ['style', 'color:red'],
        ['hidden', ''],
      ]),
    ).toEqual({ className: 'remove remove_from_cart_button', 'data-cart_item_key': 'k', 'aria-label': 'Remove', hidden: true });
    expect(
      propsOf('input', [
        ['value', '2'],
        ['checked', ''],
        ['for', 'x'],
      ]),
    ).toEqual({ defaultValue: '2', defaultChecked: true, htmlFor: 'x' });
    expect(
      propsOf('img', [
        ['srcset', 'a.jpg 1x'],
        ['tabindex', '-1'],
      ]),
    ).toEqual({ srcSet: 'a.jpg 1x', tabIndex: '-1' });
  });
  it('counts a cart as changed only when a ready cart has another hash than the printed one', () => {
    expect(cartChanged('a', { status: 'ready', cartHash: 'b', fragments: {} })).toBe(true);
    expect(cartChanged('a', { status: 'ready', cartHash: 'a', fragments: {} })).toBe(false);
    expect(cartChanged('', { status: 'loading', cartHash: 'b', fragments: {} })).toBe(false);
    expect(cartChanged('', { status: 'ready', cartHash: 'b', fragments: null })).toBe(false);
  });
  it('knows an unfilled box', () => {
    expect(isUnfilled(0, '  ')).toBe(true);
    expect(isUnfilled(1, '')).toBe(false);
  });
});

describe('page load', () => {
  it('no request when the cookies say the cart is empty and nothing is stored; "hide if empty" hides', async () => {
    await shop();
    await new Promise((r) => setTimeout(r, 50));
    expect(refreshes()).toHaveLength(0);
    expect(widget().style.display).toBe('none');
    expect(cartStore.getState().status).toBe('idle');
  });

  it('an unchanged cart renders from storage with no request, fires wc_fragments_loaded, and refreshes at expiry', async () => {
    const clock = manualClock();
    serverCart([
      [318, 2],
      [322, 1],
    ]);
    // On the test's clock: read from Date.now() a moment after the clock was set (over 100 ms under load), the
    // expiry fell after the 60.1 s the clock is moved on below, and no refresh came.
    storedFromServer(DAY - 60_000, clock.now());
    const seen = record(['wc_fragments_loaded', 'wc_fragments_refreshed']);
    await shop();
    expect(refreshes()).toHaveLength(0);
    // The code that swaps stored fragments in loads on this first use (src/cart/changes.ts): slow under load.
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(2), { timeout: 15_000 });
    expect(refreshes()).toHaveLength(0);
    expect(count()).toBe('3');
    expect(seen).toEqual(['wc_fragments_loaded']);
    expect(widget().style.display).not.toBe('none');
    expect(cartStore.getState()).toMatchObject({ itemsCount: 3, itemsInCart: true, cartHash: cartHash(state), status: 'ready' });
    clock.advance(59_000);
    expect(refreshes()).toHaveLength(0);
    clock.advance(1_000 + 100);
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(seen).toEqual(['wc_fragments_loaded', 'wc_fragments_refreshed']), WAIT);
  });

  it('refreshes when the server cart changed (cookie hash differs), with the current time, then stores it', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    state.cart.push({ key: 'k2', productId: 320, quantity: 1 });
    syncCartCookies(state);
    const seen = record(['wc_fragments_loaded', 'wc_fragments_refreshed']);
    const before = Date.now();
    await shop();
    await vi.waitFor(() => expect(seen).toEqual(['wc_fragments_refreshed']), WAIT);
    expect(refreshes()).toHaveLength(1);
    expect(Number(refreshes()[0]!.body.time)).toBeGreaterThanOrEqual(before);
    expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(2);
    expect(count()).toBe('2');
    expect(sessionStorage.getItem(HASH_KEY)).toBe(cartHash(state));
    expect(localStorage.getItem(HASH_KEY)).toBe(cartHash(state));
    expect(JSON.parse(sessionStorage.getItem(FRAGMENT_NAME)!)).toEqual(fragments(state));
    expect(Number(sessionStorage.getItem('wc_cart_created'))).toBeGreaterThanOrEqual(before);
  });

  it('refreshes when the stored fragments are over 24 h old or corrupt, without throwing', async () => {
    serverCart([[318, 1]]);
    storedFromServer(DAY + 1);
    await shop();
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), WAIT);
  });

  it('survives corrupt storage: a refresh, no error', async () => {
    serverCart([[318, 1]]);
    sessionStorage.setItem(FRAGMENT_NAME, '{not json');
    sessionStorage.setItem(HASH_KEY, cartHash(state));
    sessionStorage.setItem('wc_cart_created', 'garbage');
    const error = vi.spyOn(console, 'error');
    await shop();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    expect(error).not.toHaveBeenCalled();
  });

  it('uses inline fragments printed by the page (wc-cart-fragments-data) without a request', async () => {
    serverCart([[324, 2]]);
    cartPage();
    const inline = `<script type="application/json" id="wc-cart-fragments-data">${JSON.stringify({ fragments: fragments(state), cart_hash: cartHash(state) })}</script>`;
    await mountPage(inline + (await pageBody('shop.html')), only('mini-cart'));
    await vi.waitFor(() => expect(count()).toBe('2'), WAIT);
    expect(refreshes()).toHaveLength(0);
  });

  it('a page without wc_cart_fragments_params (inline fragments, no fragments script) writes no storage key: they are never computed', async () => {
    serverCart([[324, 2]]);
    cartPage();
    delete (window as unknown as Record<string, unknown>).wc_cart_fragments_params;
    const inline = `<script type="application/json" id="wc-cart-fragments-data">${JSON.stringify({ fragments: fragments(state), cart_hash: cartHash(state) })}</script>`;
    await mountPage(inline + (await pageBody('shop.html')), only('mini-cart'));
    await vi.waitFor(() => expect(count()).toBe('2'), WAIT);
    expect(refreshes()).toHaveLength(0);
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('a wc_cart_fragments_params without its storage keys: no storage written, one warning naming the global', async () => {
    serverCart([[324, 2]]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    cartPage({ wc_cart_fragments_params: { cart_hash_key: '', fragment_name: undefined } });
    await mountPage(await pageBody('shop.html'), only('mini-cart'));
    await vi.waitFor(() => expect(count()).toBe('2'), WAIT);
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(warn.mock.calls.filter((c) => c.join(' ').includes('wc_cart_fragments_params'))).toHaveLength(1);
  });

  it('an empty box that comes into view is filled even when nothing was stored (sidebar without "hide if empty")', async () => {
    onTestFinished(setEnvironment({ visible: (_el, fn) => (fn(), () => {}) }));
    cartPage();
    await mountPage((await pageBody('shop.html')).replace('<div class="hide_cart_widget_if_empty">', '<div>'), only('mini-cart'));
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(content().textContent).toContain('No products in the cart.'), WAIT);
  });

  const failures: MockFailure[] = ['offline', 'http500', 'not-json', 'wrong-shape', 'slow'];
  for (const failure of failures) {
    it(`refresh failure (${failure}): wc_fragments_ajax_error, no visible message, the markup stays`, async () => {
      serverCart([[318, 1]]);
      failNext('get_refreshed_fragments', failure);
      const seen = record(['wc_fragments_ajax_error', 'wc_fragments_refreshed']);
      await shop({ wc_cart_fragments_params: { request_timeout: '100' } });
      await vi.waitFor(() => expect(seen).toEqual(['wc_fragments_ajax_error']), WAIT);
      expect(count()).toBe('0');
      expect(region()?.textContent ?? '').toBe('');
      expect(document.querySelector('.woocommerce-error, [role="alert"]')).toBeNull();
      expect(cartStore.getState().status).toBe('error');
      // The next trigger works.
      document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { bubbles: true }));
      await vi.waitFor(() => expect(count()).toBe('1'), WAIT);
    });
  }
});

describe('refresh triggers', () => {
  it('wc_fragment_refresh and updated_wc_div refresh', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    expect(refreshes()).toHaveLength(0);
    document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { bubbles: true }));
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), WAIT);
    document.body.dispatchEvent(new CustomEvent('updated_wc_div', { bubbles: true }));
    await vi.waitFor(() => expect(refreshes()).toHaveLength(2), WAIT);
  });

  it('another tab: a storage event for the hash key refreshes when local and session differ, not otherwise', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    window.dispatchEvent(new StorageEvent('storage', { key: HASH_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'wc' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(refreshes()).toHaveLength(0);
    // The other tab added a mug.
    state.cart.push({ key: 'k9', productId: 322, quantity: 1 });
    syncCartCookies(state);
    localStorage.setItem(HASH_KEY, cartHash(state));
    window.dispatchEvent(new StorageEvent('storage', { key: HASH_KEY }));
    await vi.waitFor(() => expect(count()).toBe('2'), WAIT);
    expect(refreshes()).toHaveLength(1);
  });

  it('a page restored from the back-forward cache empties the box and refreshes', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    state.latency.set('get_refreshed_fragments', 30);
    window.dispatchEvent(pageshow(true));
    expect(content().childElementCount).toBe(0);
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    expect(refreshes()).toHaveLength(1);
    window.dispatchEvent(pageshow(false));
    await new Promise((r) => setTimeout(r, 30));
    expect(refreshes()).toHaveLength(1);
  });

  it("another script's added_to_cart with fragments is stored and swapped in", async () => {
    await shop();
    serverCart([[320, 1]]);
    document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: [fragments(state), cartHash(state)] }));
    // At once when the cart's change code (src/cart/changes.ts) is there, else once it has loaded.
    await vi.waitFor(() => expect(count()).toBe('1'), { timeout: 15_000 });
    expect(sessionStorage.getItem(HASH_KEY)).toBe(cartHash(state));
    expect(refreshes()).toHaveLength(0);
  });
});

describe('stored fragments are trusted only as far as the shop answered', () => {
  it('swaps only known keys from storage, never scripts, warns once and loads the rest from the shop', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serverCart([[318, 1]]);
    storedFromServer();
    const planted = {
      ...fragments(state),
      'div.widget_shopping_cart_content': fragments(state)['div.widget_shopping_cart_content']!.replace(
        '</ul>',
        '</ul><script id="planted">window.planted = 1</script><img id="planted-img" src="x" onerror="window.planted = 2">',
      ),
      '#login-box': '<form id="phish" action="https://evil.example/"><input name="password"></form>',
      html: '<html><body><form id="phish-page"></form></body></html>',
    };
    sessionStorage.setItem(FRAGMENT_NAME, JSON.stringify(planted));
    const page = await pageBody('shop.html');
    cartPage();
    await mountPage(`<div id="login-box"><a href="/my-account/">Log in</a></div>${page}`, only('mini-cart', 'add-to-cart'));
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(cartStore.getState().status).toBe('ready'), WAIT);
    expect(document.querySelector('#login-box a')?.getAttribute('href')).toBe('/my-account/');
    expect(document.getElementById('phish')).toBeNull();
    expect(document.getElementById('phish-page')).toBeNull();
    expect(document.querySelector('#planted, script#planted')).toBeNull();
    expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1);
    const ours = warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes(FRAGMENT_NAME));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('#login-box');
    // The shop's answer used the known keys only: after it, the storage holds the shop's fragments again.
    expect(Object.keys(JSON.parse(sessionStorage.getItem(FRAGMENT_NAME)!))).toEqual(Object.keys(fragments(state)));
  });

  it("reuses a theme's own stored keys (header count, cart dropdown) with no request, as WooCommerce does", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serverCart([[318, 1]]);
    storedFromServer();
    const stored = {
      ...fragments(state),
      'a.cart-contents': '<a class="cart-contents" href="/cart/"><span class="count">1 item</span></a>',
      'li.fusion-menu-cart .sf-dropdown':
        '<div class="sf-dropdown"><a href="/product/318/">Hoodie</a> <a href="/checkout/">Checkout</a></div>',
    };
    sessionStorage.setItem(FRAGMENT_NAME, JSON.stringify(stored));
    const page = await pageBody('shop.html');
    cartPage();
    await mountPage(
      `<a class="cart-contents" href="/cart/"><span class="count">0 items</span></a><ul><li class="fusion-menu-cart"><div class="sf-dropdown"></div></li></ul>${page}`,
      only('mini-cart', 'add-to-cart'),
    );
    await vi.waitFor(() => expect(document.querySelector('a.cart-contents .count')?.textContent).toBe('1 item'), WAIT);
    expect(document.querySelector('li.fusion-menu-cart .sf-dropdown a')?.textContent).toBe('Hoodie');
    expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1);
    expect(refreshes()).toHaveLength(0);
    expect(warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes(FRAGMENT_NAME))).toEqual([]);
  });

  it('a fragment whose swap throws does not stop the other keys, nor throw into the trigger of another script', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await shop();
    const box = content();
    Object.defineProperty(box, 'replaceWith', {
      value: () => {
        throw new DOMException('refused', 'HierarchyRequestError');
      },
    });
    serverCart([[320, 2]]);
    const uncaught = vi.fn();
    window.addEventListener('error', uncaught);
    onTestFinished(() => window.removeEventListener('error', uncaught));
    expect(() =>
      document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: [fragments(state), cartHash(state)] })),
    ).not.toThrow();
    // At once when the cart's change code (src/cart/changes.ts) is there, else once it has loaded.
    await vi.waitFor(() => expect(count()).toBe('2'), { timeout: 15_000 });
    expect(uncaught).not.toHaveBeenCalled();
  });
});

describe('remove from the mini-cart', () => {
  it('removes through the queue, fires removed_from_cart, swaps, announces, and hides the emptied widget', async () => {
    serverCart([
      [318, 1],
      [320, 2],
    ]);
    storedFromServer();
    const got: unknown[][] = [];
    onBody('removed_from_cart', (e) => got.push((e as CustomEvent).detail as unknown[]));
    const boxes = mountedBoxes();
    await shop();
    // The stored lines are swapped in once the change code has loaded (slow under load), in a box of their own.
    await vi.waitFor(() => expect(content().querySelector('.remove_from_cart_button')).not.toBeNull(), WAIT);
    await vi.waitFor(() => expect(boxes.has(content())).toBe(true), WAIT);
    const loaded = vi.fn();
    onBody('wc_fragments_loaded', loaded);
    const first = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!;
    const key = first.dataset.cart_item_key;
    first.click();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    expect(removes().map((e) => e.body)).toEqual([{ cart_item_key: key }]);
    expect(got).toHaveLength(1);
    expect(got[0]![1]).toBe(cartHash(state));
    expect(got[0]![2]).toBe(first);
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(count()).toBe('2');
    await vi.waitFor(() => expect(region()?.textContent).toBe('“Canvas tote” has been removed from your cart'), WAIT);
    // The new markup works once re-scanned, and emptying the cart hides "hide if empty".
    await vi.waitFor(() => expect(boxes.has(content())).toBe(true), WAIT);
    content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!.click();
    await vi.waitFor(() => expect(content().textContent).toContain('No products in the cart.'), WAIT);
    expect(widget().style.display).toBe('none');
    expect(cookie('woocommerce_items_in_cart')).toBeUndefined();
    expect(sessionStorage.getItem(HASH_KEY)).toBe('');
  });

  it('a remove link outside any mini-cart box (a theme’s header dropdown) removes over ajax too, as WooCommerce’s body-wide handler', async () => {
    serverCart([
      [318, 1],
      [320, 2],
    ]);
    storedFromServer();
    const got: unknown[][] = [];
    onBody('removed_from_cart', (e) => got.push((e as CustomEvent).detail as unknown[]));
    const nav = cartPage();
    const [line] = state.cart;
    const dropdown =
      '<div class="fusion-menu-cart-items"><ul class="woocommerce-mini-cart cart_list product_list_widget"><li class="woocommerce-mini-cart-item mini_cart_item">' +
      `<a role="button" href="/cart/?remove_item=${line!.key}&amp;_wpnonce=5e1f0a9b2c" class="remove remove_from_cart_button" aria-label="Remove Canvas tote from cart" data-product_id="318" data-cart_item_key="${line!.key}" data-product_sku="TOTE-01" data-success_message="&ldquo;Canvas tote&rdquo; has been removed from your cart">&times;</a>` +
      '<a href="/product/canvas-tote/">Canvas tote</a></li></ul></div>';
    const runtime = await mountPage(dropdown + (await pageBody('shop.html')), only('mini-cart', 'add-to-cart'));
    await new Promise((r) => setTimeout(r, 0));
    await runtime.settled();
    const link = document.querySelector<HTMLAnchorElement>('.fusion-menu-cart-items .remove_from_cart_button')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
    expect(removes().map((e) => e.body)).toEqual([{ cart_item_key: line!.key }]);
    expect(got[0]![2]).toBe(link);
    expect(nav.go).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(region()?.textContent).toBe('“Canvas tote” has been removed from your cart'), WAIT);
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
  });

  it('Space on a remove link removes', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    const link = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!;
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    link.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(removes()).toHaveLength(1), WAIT);
  });

  it('a remove from the keyboard keeps the focus in the cart: on the next line, then on the empty message', async () => {
    serverCart([
      [318, 1],
      [412, 2],
    ]);
    storedFromServer();
    const boxes = mountedBoxes();
    await shop();
    const space = () => {
      const link = document.activeElement as HTMLElement;
      link.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    };
    // The stored lines are swapped in once the change code has loaded (slow under load), in a box of their own.
    await vi.waitFor(() => expect(content().querySelector('.remove_from_cart_button')).not.toBeNull(), WAIT);
    await vi.waitFor(() => expect(boxes.has(content())).toBe(true), WAIT);
    content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!.focus();
    space();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(document.activeElement).toBe(content().querySelector('.remove_from_cart_button')), WAIT);
    // The shopper's next key once the new box is in (a 50 ms pause was not always enough under load).
    await vi.waitFor(() => expect(boxes.has(content())).toBe(true), WAIT);
    space();
    await vi.waitFor(() => expect(content().querySelector('.woocommerce-mini-cart__empty-message')).not.toBeNull(), WAIT);
    await vi.waitFor(() => expect(document.activeElement).toBe(content().querySelector('.woocommerce-mini-cart__empty-message')), WAIT);
    expect(document.activeElement!.getAttribute('tabindex')).toBe('-1');
  });

  it('a remove clicked while the focus is elsewhere leaves the focus alone', async () => {
    serverCart([
      [318, 1],
      [412, 2],
    ]);
    storedFromServer();
    await shop();
    const search = document.createElement('input');
    document.body.append(search);
    onTestFinished(() => search.remove());
    search.focus();
    content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!.click();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.activeElement).toBe(search);
  });

  const failures: MockFailure[] = ['offline', 'http500', 'not-json', 'wrong-shape'];
  for (const failure of failures) {
    it(`${failure}: falls back to the link's href (a full page remove)`, async () => {
      serverCart([[318, 1]]);
      storedFromServer();
      const { go } = await shop();
      failNext('remove_from_cart', failure);
      const link = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!;
      link.click();
      await vi.waitFor(() => expect(go).toHaveBeenCalledWith(new URL(link.getAttribute('href')!, location.href).href), WAIT);
      expect(link.closest('.woocommerce-mini-cart-item')!.classList.contains('processing')).toBe(false);
    });
  }

  it('{"success": false} falls back to the href too, and the cart is untouched', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    const original = wcAjaxEndpoints.remove_from_cart!;
    wcAjaxEndpoints.remove_from_cart = (request) => answer('remove_from_cart', request, () => HttpResponse.json({ success: false }));
    onTestFinished(() => void (wcAjaxEndpoints.remove_from_cart = original));
    const { go } = await shop();
    content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!.click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1), WAIT);
    expect(state.cart).toHaveLength(1);
  });

  it('adds and removes share one queue: one call at a time, in click order', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    state.latency.set('add_to_cart', 30);
    state.latency.set('remove_from_cart', 30);
    const add = document.querySelector<HTMLAnchorElement>('.ajax_add_to_cart[data-product_id="320"]')!;
    await mountButton(add);
    add.click();
    content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!.click();
    await vi.waitFor(() => expect(state.log.filter((e) => e.endpoint !== 'get_refreshed_fragments')).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(state.cart.map((l) => l.productId)).toEqual([320]), WAIT);
    expect(state.log.map((e) => e.endpoint)).toEqual(['add_to_cart', 'remove_from_cart']);
    expect(state.maxInFlight).toBe(1);
    await vi.waitFor(() => expect(count()).toBe('1'), WAIT);
  });
});

describe('revealed by an add', () => {
  it('an add that shows a "hide if empty" widget fills it from its own answer, with no fragments request', async () => {
    // The box becomes visible while the add is in flight.
    let reveal: (() => void) | undefined;
    onTestFinished(setEnvironment({ visible: (_el, fn) => ((reveal = fn), () => {}) }));
    await shop();
    state.latency.set('add_to_cart', 30);
    const add = document.querySelector<HTMLAnchorElement>('.ajax_add_to_cart[data-product_id="318"]')!;
    await mountButton(add);
    add.click();
    await vi.waitFor(() => expect(state.log.map((e) => e.endpoint)).toEqual(['add_to_cart']), WAIT);
    reveal?.();
    await vi.waitFor(() => expect(count()).toBe('1'), WAIT);
    await new Promise((r) => setTimeout(r, 30));
    expect(refreshes()).toHaveLength(0);
  });
});

describe('"hide if empty" after an add', () => {
  it('a widget adding_to_cart showed stays shown when the answer brings a hash, whatever the items cookie says', async () => {
    await shop();
    expect(widget().style.display).toBe('none');
    // A host whose cookies do not reach the page (another path, a cache stripping Set-Cookie): the answer alone.
    const original = wcAjaxEndpoints.add_to_cart!;
    wcAjaxEndpoints.add_to_cart = (request) =>
      answer('add_to_cart', request, () =>
        HttpResponse.json({
          fragments: {
            'div.widget_shopping_cart_content':
              '<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart cart_list product_list_widget"><li class="woocommerce-mini-cart-item mini_cart_item"><span class="quantity">1 × 9</span></li></ul></div>',
          },
          cart_hash: 'h1',
        }),
      );
    onTestFinished(() => void (wcAjaxEndpoints.add_to_cart = original));
    const add = document.querySelector<HTMLAnchorElement>('.ajax_add_to_cart[data-product_id="318"]')!;
    await mountButton(add);
    add.click();
    await vi.waitFor(() => expect(add.classList.contains('added')).toBe(true), WAIT);
    expect(cookie('woocommerce_items_in_cart')).toBeUndefined();
    expect(widget().style.display).not.toBe('none');
  });
});

describe('the React view', () => {
  // Shown to a shopper who moves (being shown alone brings nothing: see below).
  const shown = () =>
    onTestFinished(
      setEnvironment({ visible: (_el, fn) => (queueMicrotask(() => (fn(), dispatchEvent(new Event('pointermove')))), () => {}) }),
    );
  /** The box is in view at once; idle callbacks run only when the test says so. */
  function inViewAtLoad(): Array<() => void> {
    const idles: Array<() => void> = [];
    onTestFinished(setEnvironment({ visible: (_el, fn) => (queueMicrotask(fn), () => {}), idle: (fn) => (idles.push(fn), () => {}) }));
    return idles;
  }
  /** The stored fragments are in (their code loads at load): the box shows the line. */
  const filled = () => vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);

  it('is not loaded for a filled box in view when the visitor does nothing; the first sign of life loads it at an idle moment', async () => {
    const idles = inViewAtLoad();
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    await filled();
    await import('./mini-cart.island');
    await new Promise((r) => setTimeout(r, 100));
    expect(hasView(content())).toBe(false);
    expect(idles).toHaveLength(0);
    // A mouse moved anywhere on the page: the view is wanted, but not inside that event.
    dispatchEvent(new Event('pointermove'));
    expect(idles).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(hasView(content())).toBe(false);
    idles[0]!();
    await viewMounted();
  });

  it('is not loaded by the first refresh of the cart the cookies name (a box printed empty, filled at load)', async () => {
    onTestFinished(setEnvironment({ visible: () => () => {} }));
    serverCart([[318, 1]]);
    await shop();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    expect(refreshes()).toHaveLength(1);
    // The view's code in the module cache: wanted, it would mount within a few tasks.
    await import('./mini-cart.island');
    await new Promise((r) => setTimeout(r, 100));
    expect(hasView(content())).toBe(false);
  });

  for (const [how, reach] of [
    [
      'a pointer over it',
      (box: Element) =>
        box.querySelector('a.checkout')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' })),
    ],
    ['focus in it', (box: Element) => box.querySelector<HTMLElement>('a.checkout')!.focus()],
  ] as const) {
    it(`is loaded at once by ${how}, with no sign of life or idle moment needed`, async () => {
      inViewAtLoad();
      serverCart([[318, 1]]);
      storedFromServer();
      await shop();
      await filled();
      await new Promise((r) => setTimeout(r, 50));
      expect(hasView(content())).toBe(false);
      reach(content());
      await viewMounted();
    });
  }

  it("is asked for in the task after the pointer's arrival, not inside its event; a warm-up still waiting for its idle moment is dropped", async () => {
    const idles: Array<{ fn: () => void; cancelled: boolean }> = [];
    onTestFinished(
      setEnvironment({
        visible: (_el, fn) => (queueMicrotask(fn), () => {}),
        idle: (fn) => {
          const entry = { fn, cancelled: false };
          idles.push(entry);
          return () => void (entry.cancelled = true);
        },
      }),
    );
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    await filled();
    await new Promise((r) => setTimeout(r, 100));
    // A first sign of life: the warm-up waits for an idle moment.
    dispatchEvent(new Event('pointermove'));
    expect(idles).toHaveLength(1);
    const yields: Array<() => void> = [];
    const restore = setEnvironment({ yieldTask: () => new Promise<void>((resolve) => yields.push(resolve)) });
    onTestFinished(restore);
    content()
      .querySelector('a.checkout')!
      .dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(yields).toHaveLength(1);
    expect(idles[0]!.cancelled).toBe(false);
    restore();
    yields[0]!();
    await vi.waitFor(() => expect(idles[0]!.cancelled).toBe(true), WAIT);
    await viewMounted();
  });

  it('is not loaded for a box nobody looked at and a cart nobody changed', async () => {
    onTestFinished(setEnvironment({ visible: () => () => {} }));
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    await new Promise((r) => setTimeout(r, 50));
    expect(hasView(content())).toBe(false);
  });

  it('mounts when the box is shown and renders the fragment element for element; the list is busy while the cart refreshes', async () => {
    shown();
    serverCart([
      [318, 2],
      [322, 1],
    ]);
    storedFromServer();
    await shop();
    await viewMounted();
    const printed = document.createElement('div');
    printed.innerHTML = fragments(state)['div.widget_shopping_cart_content']!;
    // Same elements, attributes (in any order) and text as the fragment.
    expect(content().isEqualNode(printed.firstElementChild)).toBe(true);
    state.latency.set('get_refreshed_fragments', 60);
    const seen = record(['wc_fragments_refreshed']);
    const before = content();
    document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh'));
    await vi.waitFor(() => expect(content().querySelector('ul.woocommerce-mini-cart')?.getAttribute('aria-busy')).toBe('true'), WAIT);
    await vi.waitFor(() => expect(seen).toEqual(['wc_fragments_refreshed']), WAIT);
    expect(content()).not.toBe(before);
    // The refreshed fragment replaced the box; the new box gets the view at once.
    await viewMounted();
    expect(content().querySelector('ul.woocommerce-mini-cart')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('mounts when the cart changes, and removes: the line blocked while the request runs, one request for a double click', async () => {
    serverCart([
      [318, 1],
      [320, 2],
    ]);
    storedFromServer();
    const got: unknown[][] = [];
    onBody('removed_from_cart', (e) => got.push((e as CustomEvent).detail as unknown[]));
    await shop();
    const add = document.querySelector<HTMLAnchorElement>('.ajax_add_to_cart[data-product_id="322"]')!;
    await mountButton(add);
    add.click();
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(3), WAIT);
    await viewMounted();
    state.latency.set('remove_from_cart', 60);
    const link = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button[data-product_id="320"]')!;
    link.click();
    link.click();
    const line = link.closest('.woocommerce-mini-cart-item')!;
    await vi.waitFor(() => expect(line.getAttribute('aria-busy')).toBe('true'), WAIT);
    expect(line.classList.contains('processing')).toBe(true);
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(2), WAIT);
    expect(removes()).toHaveLength(1);
    expect(state.cart.map((l) => l.productId)).toEqual([318, 322]);
    expect(got).toHaveLength(1);
    expect(got[0]![2]).toBe(link);
    expect(count()).toBe('2');
    await vi.waitFor(() => expect(region()?.textContent).toContain('has been removed from your cart'), WAIT);
  });

  it('marks the line blocked in the task after the click, whose own task only starts the remove', async () => {
    shown();
    serverCart([
      [318, 1],
      [320, 2],
    ]);
    storedFromServer();
    await shop();
    await viewMounted();
    state.latency.set('remove_from_cart', 200);
    const yields: Array<() => void> = [];
    const restore = setEnvironment({ yieldTask: () => new Promise<void>((resolve) => yields.push(resolve)) });
    onTestFinished(restore);
    const link = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button[data-product_id="320"]')!;
    const line = link.closest('.woocommerce-mini-cart-item')!;
    link.click();
    link.click();
    await new Promise((r) => setTimeout(r, 20));
    expect(line.hasAttribute('aria-busy')).toBe(false);
    restore();
    for (const run of yields.splice(0)) run();
    await vi.waitFor(() => expect(line.getAttribute('aria-busy')).toBe('true'), WAIT);
    expect(line.classList.contains('processing')).toBe(true);
    await vi.waitFor(() => expect(content().querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1), WAIT);
    expect(removes()).toHaveLength(1);
  });

  it('waits for a mouse button pressed inside the box to be released before it replaces the links', async () => {
    serverCart([[318, 1]]);
    storedFromServer();
    await shop();
    const checkout = content().querySelector<HTMLAnchorElement>('a.checkout')!;
    const pointer = (type: string) =>
      checkout.dispatchEvent(
        new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, isPrimary: true, button: 0, pointerType: 'mouse' }),
      );
    // The pointer arriving asks for the view; the button goes down before it is there.
    pointer('pointerover');
    pointer('pointerdown');
    await import('./mini-cart.island');
    await new Promise((r) => setTimeout(r, 30));
    expect(hasView(content())).toBe(false);
    expect(content().contains(checkout)).toBe(true);
    pointer('pointerup');
    await viewMounted();
    expect(content().contains(checkout)).toBe(false);
    expect(content().querySelector('a.checkout')?.getAttribute('href')).toBe(checkout.getAttribute('href'));
  });

  it('a failing remove from the view unblocks the line and follows the link', async () => {
    shown();
    serverCart([[318, 1]]);
    storedFromServer();
    const { go } = await shop();
    await viewMounted();
    failNext('remove_from_cart', 'http500');
    const link = content().querySelector<HTMLAnchorElement>('.remove_from_cart_button')!;
    link.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(new URL(link.getAttribute('href')!, location.href).href), WAIT);
    await vi.waitFor(() => expect(link.closest('.woocommerce-mini-cart-item')!.hasAttribute('aria-busy')).toBe(false), WAIT);
    expect(state.cart).toHaveLength(1);
  });
});
