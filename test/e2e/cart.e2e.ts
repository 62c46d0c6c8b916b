/**
 * The cart in real Chromium, both tags: fast clicks on several loop buttons (one call in flight, every item in the
 * cart), two tabs of one browser agreeing on the mini-cart and the header count, a reload with an unchanged cart
 * rendering from storage with no fragments request, and axe-core clean after each change.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, pageURL, BUILD_TAGS, waitForIslands } from './harness';

const cartLines = (page: Page) => page.evaluate(() => window.__mock!.state.cart.map((l) => [l.productId, l.quantity]));
const endpoints = (page: Page) => page.evaluate(() => window.__mock!.state.log.map((e) => e.endpoint));
const headerCount = (page: Page) => page.$eval('.fusion-widget-cart-number', (el) => el.textContent);

async function waitForMini(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === count, n, { timeout: 10_000 });
}

describe.each(BUILD_TAGS)('cart, %s tag', (tag) => {
  test('fast clicks on several buttons: one call at a time, every item in the cart, mini-cart and count agree', async () => {
    const { page, errors } = await openPage('/shop.html', { tag });
    await expectAxeClean(page);
    expect(await page.isVisible('.widget_shopping_cart')).toBe(false); // "hide if empty" with an empty cart
    await page.evaluate(() => window.__mock!.latency('add_to_cart', 150));
    for (const id of [318, 320, 322, 324]) await page.click(`.ajax_add_to_cart[data-product_id="${id}"]:not(.wc-interactive)`);
    await page.click('.ajax_add_to_cart[data-product_id="318"]:not(.wc-interactive)'); // a second add of the tote, queued
    await page.waitForFunction(() => window.__mock!.state.log.filter((e) => e.endpoint === 'add_to_cart').length === 5 && !document.querySelector('.ajax_add_to_cart.loading'), null, { timeout: 15_000 });
    expect(await cartLines(page)).toEqual([[318, 2], [320, 1], [322, 1], [324, 1]]);
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
    await page.reload({ waitUntil: 'load' });
    await waitForIslands(page);
    await waitForMini(page, 1);
    expect(await headerCount(page)).toBe('1');
    const after = await endpoints(page);
    expect(after.slice(before)).not.toContain('get_refreshed_fragments');
    expect(await page.isVisible('.widget_shopping_cart')).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a failing add says so, keeps the page working, and the retry adds once', async () => {
    const { page, errors } = await openPage('/shop.html', { tag });
    await page.evaluate(() => window.__mock!.failNext('add_to_cart', 'http500'));
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await page.waitForFunction(() => document.querySelector('.widget_shopping_cart_live_region')?.textContent?.includes('could not be added'));
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
        w.got.push([Object.keys(fragments as object).includes('div.widget_shopping_cart_content'), typeof hash === 'string' && (hash as string).length === 32, ($button as { 0: Element })[0].getAttribute('data-product_id')]);
      });
    });
    await page.click('.ajax_add_to_cart[data-product_id="320"]');
    await waitForMini(page, 1);
    expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([[true, true, '320']]);
    expectNoConsoleErrors(errors);
  });
});
