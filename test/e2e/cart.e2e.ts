/**
 * The cart in real Chromium, both tags: fast clicks on several loop buttons (one call in flight, every item in the
 * cart), two tabs of one browser agreeing on the mini-cart and the header count, a reload with an unchanged cart
 * rendering from storage with no fragments request, and axe-core clean after each change. The mini-cart's React
 * view: no framework chunk where nobody shows or changes the cart, and the view's remove once it has come.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cartHash } from '../../fixtures/mock/fragments';
import type { MockState } from '../../fixtures/mock/state';
import {
  BUILD_TAGS,
  expectAxeClean,
  expectNoConsoleErrors,
  holdWave,
  FRAMEWORK_CHUNK,
  openPage,
  pageURL,
  waitForIdleIslands,
  waitForIslands,
} from './harness';

const cartLines = (page: Page) => page.evaluate(() => window.__mock!.state.cart.map((l) => [l.productId, l.quantity]));
const endpoints = (page: Page) => page.evaluate(() => window.__mock!.state.log.map((e) => e.endpoint));
const headerCount = (page: Page) => page.$eval('.fusion-widget-cart-number', (el) => el.textContent);

async function waitForMini(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === count,
    n,
    { timeout: 10_000 },
  );
}

describe.each(BUILD_TAGS)('cart, %s tag', (tag) => {
  test('fast clicks on several buttons: one call at a time, every item in the cart, mini-cart and count agree', async () => {
    const { page, errors } = await openPage('/shop.html', { tag });
    await expectAxeClean(page);
    expect(await page.isVisible('.widget_shopping_cart')).toBe(false); // "hide if empty" with an empty cart
    await page.evaluate(() => window.__mock!.latency('add_to_cart', 150));
    // The pointer reaches the first button before the clicks, and its code (loaded on that first contact) is in.
    // Clicks made while it loads are held and replayed (runtime-hardening.e2e.ts), but one held 3 s follows its link
    // natively by design (HELD_CLICK_TIMEOUT): with the chunk 3.2 s late the page left for /shop/?add-to-cart=318
    // with three of the five adds made, the timeout seen in CI. This test is about the queue behind the buttons.
    await page.hover('.ajax_add_to_cart[data-product_id="318"]:not(.wc-interactive)');
    await page.waitForFunction(
      () => (window as unknown as { harnessRecord: { mounts: string[] } }).harnessRecord.mounts.includes('add-to-cart'),
      null,
      { timeout: 30_000 },
    );
    for (const id of [318, 320, 322, 324]) await page.click(`.ajax_add_to_cart[data-product_id="${id}"]:not(.wc-interactive)`);
    await page.click('.ajax_add_to_cart[data-product_id="318"]:not(.wc-interactive)'); // a second add of the tote, queued
    await page.waitForFunction(
      () =>
        window.__mock!.state.log.filter((e) => e.endpoint === 'add_to_cart').length === 5 &&
        !document.querySelector('.ajax_add_to_cart.loading'),
      null,
      { timeout: 15_000 },
    );
    expect(await cartLines(page)).toEqual([
      [318, 2],
      [320, 1],
      [322, 1],
      [324, 1],
    ]);
    expect(await page.evaluate(() => window.__mock!.state.maxInFlight)).toBe(1);
    await waitForMini(page, 4);
    expect(await headerCount(page)).toBe('5');
    expect(await page.isVisible('.widget_shopping_cart')).toBe(true);
    expect(await page.$$eval('.post-318 .added_to_cart', (els) => els.length)).toBe(1);
    expect(await page.textContent('.widget_shopping_cart_live_region[role="status"]')).toContain('has been added to your cart');
    // Avada's indicator: the check only after success, no earlier than 2 s.
    await page.waitForSelector('.post-320 .fusion-item-in-cart, li.post-320.fusion-item-in-cart', { state: 'attached', timeout: 5000 });
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('two tabs in one browser agree on the mini-cart and the counters', async () => {
    const { page: a, context, errors } = await openPage('/shop.html', { tag });
    const b = await context.newPage();
    await b.goto(pageURL('/shop.html', { tag }), { waitUntil: 'load' });
    await waitForIslands(b);
    await a.click('.ajax_add_to_cart[data-product_id="318"]');
    await waitForMini(a, 1);
    await waitForMini(b, 1);
    expect(await headerCount(b)).toBe('1');
    expect(await b.isVisible('.widget_shopping_cart')).toBe(true);
    await b.click('.ajax_add_to_cart[data-product_id="324"]');
    await waitForMini(b, 2);
    await waitForMini(a, 2);
    expect(await headerCount(a)).toBe('2');
    // Remove in tab A: tab B follows.
    await a.click('.widget_shopping_cart_content .remove_from_cart_button');
    await waitForMini(a, 1);
    await waitForMini(b, 1);
    expect(await headerCount(b)).toBe(await headerCount(a));
    expect(await cartLines(b)).toEqual([[324, 1]]);
    await expectAxeClean(a);
    await expectAxeClean(b);
    expectNoConsoleErrors(errors);
  });

  test('a reload with an unchanged cart renders the mini-cart from storage with no fragments request', async () => {
    const { page, errors } = await openPage('/shop.html', { tag });
    await page.click('.ajax_add_to_cart[data-product_id="322"]');
    await waitForMini(page, 1);
    const before = (await endpoints(page)).length;
    // A visitor with a cart: the code that applies stored fragments is requested with the cart core, in one wave.
    const wave = await holdWave(page, [/\/chunks\/cart-changes-[\w-]+\.js$/, /\/chunks\/cart-[\w-]{7}\.js$/]);
    await page.reload({ waitUntil: 'load' });
    await waitForIslands(page);
    await waitForMini(page, 1);
    expect(await headerCount(page)).toBe('1');
    const after = await endpoints(page);
    expect(after.slice(before)).not.toContain('get_refreshed_fragments');
    const chunks = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /\/chunks\/cart-(changes-)?[\w-]+\.js$/.test(p)),
    );
    expect(
      chunks.some((p) => /\/cart-changes-/.test(p)),
      JSON.stringify(chunks),
    ).toBe(true);
    await wave.expectOneWave();
    expect(await page.isVisible('.widget_shopping_cart')).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a failing add says so, keeps the page working, and the retry adds once', async () => {
    const { page, errors } = await openPage('/shop.html', { tag });
    await page.evaluate(() => window.__mock!.failNext('add_to_cart', 'http500'));
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await page.waitForFunction(() =>
      document.querySelector('.widget_shopping_cart_live_region')?.textContent?.includes('could not be added'),
    );
    expect(await page.textContent('.storefront-islands-cart-error')).toContain('could not be added to your cart');
    expect(await page.getAttribute('.ajax_add_to_cart[data-product_id="318"]', 'href')).toBe('/shop/?add-to-cart=318');
    await expectAxeClean(page);
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await waitForMini(page, 1);
    expect(await cartLines(page)).toEqual([[318, 1]]);
    // The 500 is the mock's answer, logged by Chromium as a failed resource; nothing else.
    expectNoConsoleErrors(errors.filter((e) => !/status of 500/.test(e)));
  });

  test('theme jQuery handlers receive the events with their arguments', async () => {
    const { page, errors } = await openPage('/shop.html', { tag, jquery: true });
    await page.evaluate(() => {
      const w = window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => void) => void }; got: unknown[] };
      w.got = [];
      w.jQuery(document.body).on('added_to_cart', (_e: unknown, fragments: unknown, hash: unknown, $button: unknown) => {
        w.got.push([
          Object.keys(fragments as object).includes('div.widget_shopping_cart_content'),
          typeof hash === 'string' && (hash as string).length === 32,
          ($button as { 0: Element })[0].getAttribute('data-product_id'),
        ]);
      });
    });
    await page.click('.ajax_add_to_cart[data-product_id="320"]');
    await waitForMini(page, 1);
    expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([[true, true, '320']]);
    expectNoConsoleErrors(errors);
  });
});

const frameworkRequested = (requests: string[]) => requests.some((u) => FRAMEWORK_CHUNK.test(new URL(u).pathname));
const miniCartView = (requests: string[]) => requests.some((u) => /\/chunks\/mini-cart\.island-[\w-]+\.js$/.test(new URL(u).pathname));

describe.each(BUILD_TAGS)('mini-cart view, %s tag', (tag) => {
  test('a shop page nobody buys from loads no React; the first add brings the view, which removes with the line blocked', async () => {
    const { page, errors, requests } = await openPage('/shop.html', { tag });
    await waitForIdleIslands(page);
    expect(miniCartView(requests)).toBe(false);
    expect(frameworkRequested(requests)).toBe(false);
    // Nor the cart's change code: nothing happened to the cart.
    expect(requests.some((u) => /\/chunks\/cart-changes-[\w-]+\.js$/.test(new URL(u).pathname))).toBe(false);
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await page.click('.ajax_add_to_cart[data-product_id="320"]');
    await waitForMini(page, 2);
    await page.waitForFunction(() => !document.querySelector('.ajax_add_to_cart.loading'));
    await page.waitForFunction(() => document.querySelectorAll('.widget_shopping_cart_content .remove_from_cart_button').length === 2);
    await expect.poll(() => miniCartView(requests), { timeout: 15_000 }).toBe(true);
    expect(frameworkRequested(requests)).toBe(true);
    await expectAxeClean(page);
    await page.evaluate(() => window.__mock!.latency('remove_from_cart', 400));
    await page.focus('.widget_shopping_cart_content .remove_from_cart_button[data-product_id="318"]');
    await page.keyboard.press('Space');
    await page.waitForSelector('.widget_shopping_cart_content .woocommerce-mini-cart-item.processing[aria-busy="true"]', {
      state: 'attached',
      timeout: 10_000,
    });
    await expectAxeClean(page);
    await waitForMini(page, 1);
    expect(await cartLines(page)).toEqual([[320, 1]]);
    expect(await headerCount(page)).toBe('1');
    await page.waitForFunction(() =>
      document.querySelector('.widget_shopping_cart_live_region')?.textContent?.includes('has been removed from your cart'),
    );
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('no mini-cart view (and on the home page no framework) until someone opens the mini-cart or buys', async () => {
    // The product page loads the framework only when the shopper reaches for its form or gallery or scrolls (the
    // sticky bar), never for the mini-cart.
    for (const path of ['/home.html', '/product-simple.html']) {
      const { page, errors, requests } = await openPage(path, { tag });
      await waitForIdleIslands(page);
      if (path === '/home.html')
        expect(
          requests.filter((u) => FRAMEWORK_CHUNK.test(new URL(u).pathname)),
          path,
        ).toEqual([]);
      expect(miniCartView(requests), path).toBe(false);
      expectNoConsoleErrors(errors);
    }
  });
});

/**
 * Issue 29's reference page: a variable product whose sidebar holds WooCommerce's cart widget (printed empty,
 * filled from the fragments, in view at load) and a live search in the header, for a visitor with a cart.
 */
const SIDEBAR_CART = '/product-sidebar-cart.html';
const LINES = [
  { key: `${(318).toString(16).padStart(8, '0')}${'1'.padStart(24, '0')}`, productId: 318, quantity: 2 },
  { key: `${(320).toString(16).padStart(8, '0')}${'2'.padStart(24, '0')}`, productId: 320, quantity: 1 },
];
/** The shop's cookies for that cart and the mock's server-side cart (test/e2e's mock keeps it in localStorage). */
const VISITOR_WITH_CART = {
  cookies: { woocommerce_items_in_cart: '1', woocommerce_cart_hash: cartHash({ cart: LINES } as MockState) },
  local: { __storefront_islands_mock__: JSON.stringify({ cart: LINES }) },
};

/** Resolves once 3 s have passed since the load event (the window for a visitor who does nothing). */
const loadPlus3s = (page: Page) =>
  page.waitForFunction(
    () => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return !!nav && nav.loadEventEnd > 0 && performance.now() >= nav.loadEventEnd + 3000;
    },
    null,
    { timeout: 30_000, polling: 100 },
  );

const inViewport = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top < innerHeight && r.bottom > 0;
  });

/** The mini-cart's throwaway render (widgets/mini-cart/warm-view.tsx), requested only when the view is warmed. */
const warmRequested = (requests: string[]) => requests.some((u) => /\/chunks\/warm-view-[\w-]+\.js$/.test(new URL(u).pathname));

/** A point in the viewport over none of the page's islands or controls: a pointer there is a sign of life, not intent. */
const quietSpot = (page: Page) =>
  page.evaluate(() => {
    const islands = 'form, a, button, input, select, .woocommerce-product-gallery, .widget_shopping_cart, .fusion-live-search, header';
    for (let y = innerHeight - 10; y > 10; y -= 20)
      for (let x = 10; x < innerWidth - 10; x += 40) {
        const el = document.elementFromPoint(x, y);
        if (el && !el.closest(islands)) return [x, y] as const;
      }
    throw new Error('no point over plain page content in the viewport');
  });

describe.each(BUILD_TAGS)('a filled sidebar cart in view, %s tag', (tag) => {
  test('a visitor who does nothing sees the cart filled and loads no framework and no view by load + 3 s; a pointer over the cart brings them', async () => {
    const { page, errors, requests } = await openPage(SIDEBAR_CART, { tag, storage: VISITOR_WITH_CART });
    await waitForMini(page, 2);
    expect(await inViewport(page, '.widget_shopping_cart_content')).toBe(true);
    expect(await headerCount(page)).toBe('3');
    await loadPlus3s(page);
    expect(requests.filter((u) => FRAMEWORK_CHUNK.test(new URL(u).pathname))).toEqual([]);
    expect(miniCartView(requests)).toBe(false);
    await page.hover('.widget_shopping_cart_content .woocommerce-mini-cart-item');
    await expect.poll(() => miniCartView(requests), { timeout: 15_000 }).toBe(true);
    expect(frameworkRequested(requests)).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test("the shopper's first sign of life away from the cart warms its view at idle (the framework, the view, a throwaway remove), then the view; by load + 3 s without one, none of it", async () => {
    const { page, errors, requests } = await openPage(SIDEBAR_CART, { tag, storage: VISITOR_WITH_CART });
    await waitForMini(page, 2);
    await loadPlus3s(page);
    expect(warmRequested(requests)).toBe(false);
    expect(frameworkRequested(requests)).toBe(false);
    const [x, y] = await quietSpot(page);
    await page.mouse.move(x, y);
    await expect.poll(() => warmRequested(requests), { timeout: 15_000 }).toBe(true);
    expect(frameworkRequested(requests)).toBe(true);
    await expect.poll(() => miniCartView(requests), { timeout: 15_000 }).toBe(true);
    await waitForIdleIslands(page);
    // Nothing of the throwaway remove reaches the page or the shop; the cart's lines are the shop's.
    expect(await endpoints(page)).not.toContain('remove_from_cart');
    await waitForMini(page, 2);
    expect(
      await page.$$eval('.widget_shopping_cart_content .processing, .widget_shopping_cart_content [aria-busy]', (els) => els.length),
    ).toBe(0);
    // The first remove, the view now in place, removes the line.
    await page.click('.widget_shopping_cart_content .remove_from_cart_button[data-product_id="320"]');
    await waitForMini(page, 1);
    expect(await cartLines(page)).toEqual([[318, 2]]);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('focus on a link in the cart (the keyboard) brings the view; a remove before it is there still works', async () => {
    const { page, errors, requests } = await openPage(SIDEBAR_CART, { tag, storage: VISITOR_WITH_CART });
    await waitForMini(page, 2);
    await loadPlus3s(page);
    expect(frameworkRequested(requests)).toBe(false);
    await page.focus('.widget_shopping_cart_content .remove_from_cart_button[data-product_id="320"]');
    await page.keyboard.press('Space');
    await waitForMini(page, 1);
    expect(await cartLines(page)).toEqual([[318, 2]]);
    await expect.poll(() => miniCartView(requests), { timeout: 15_000 }).toBe(true);
    expect(frameworkRequested(requests)).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
