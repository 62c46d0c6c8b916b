/**
 * Each theme's behaviours only on its theme (DESIGN.md 1b, src/theme/theme.ts), in real Chromium, both builds: on
 * the recorded Storefront shop's pages (reached by its plain permalinks) the bundle adds none of Avada's -/+
 * buttons, heading markup, alert markup or sticky bar, while WooCommerce's and Contact Form 7's own behaviours
 * run; the owner's `storefrontIslandsSettings.theme` turns Avada's on on Storefront ('avada') and off on Avada ('off').
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, recorded, waitForIdleIslands, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const HOODIE = '/?product=classic-hoodie';
const T_SHIRT = '/?product=variable-t-shirt';
const CART = '/?page_id=6';
const CONTACT = '/?page_id=37';

/** The owner's setting, printed before any page script as the WordPress plugin prints it. */
const owner =
  (theme: string) =>
  async (_context: unknown, page: Page): Promise<void> => {
    await page.addInitScript((t) => {
      (window as unknown as Record<string, unknown>).storefrontIslandsSettings = { theme: t };
    }, theme);
  };

/** Wait until the runtime has mounted this widget (it had its chance to add what it adds). */
async function mounted(page: Page, widget: string): Promise<void> {
  await page
    .waitForFunction((name) => (window as unknown as { harnessRecord: { mounts: string[] } }).harnessRecord.mounts.includes(name), widget)
    .catch(async () => {
      throw new Error(`${widget} never mounted; mounts: ${(await recorded(page)).mounts.join(', ')}`);
    });
}

/** Scroll far enough for the sticky bar's trigger and threshold, and let its widget mount. */
async function scrollPastForm(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.waitForFunction(() => window.scrollY > 200);
  await mounted(page, 'sticky-add-to-cart');
}

/** Past the form, the sticky bar widget has mounted and left Storefront's own bar alone: it is the only one. */
async function expectOnlyTheThemesBar(page: Page): Promise<void> {
  await scrollPastForm(page);
  expect(await page.$$eval('section.storefront-sticky-add-to-cart', (s) => s.length)).toBe(1);
  expect(await page.$('.sf-sticky-atc')).toBeNull();
}

const quantityButtons = (page: Page) => page.$$eval('.quantity .minus, .quantity .plus, .quantity.buttons_added', (els) => els.length);

describe.each(BUILD_TAGS)('themes, %s tag', (tag) => {
  test('Storefront product: the quantity box, the Related products heading and the one sticky bar are the theme’s', async () => {
    const { page, errors } = await openPage(HOODIE, { tag });
    await mounted(page, 'quantity');
    await mounted(page, 'store-lists');
    expect(await quantityButtons(page)).toBe(0);
    expect(await page.$$eval('.related.products > h2', (h) => h.map((el) => el.outerHTML))).toEqual(['<h2>Related products</h2>']);
    expect(await page.$('.related.products .fusion-title')).toBeNull();

    await expectOnlyTheThemesBar(page);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('Storefront contact: CF7 6.1.6’s plain-permalink REST URLs, its events and its own message markup after a validation failure and a send', async () => {
    const { page, errors, requests } = await openPage(CONTACT, { tag });
    await page.evaluate(() => {
      const w = window as unknown as { cf7Events: string[] };
      w.cf7Events = [];
      for (const name of ['wpcf7invalid', 'wpcf7mailsent', 'wpcf7submit']) document.addEventListener(name, () => w.cf7Events.push(name));
    });
    await waitForIdleIslands(page);
    const events = () => page.evaluate(() => (window as unknown as { cf7Events: string[] }).cf7Events.splice(0));
    const output = () =>
      page.$eval('.wpcf7-response-output', (el) => ({ html: el.innerHTML, classes: el.className, hidden: el.getAttribute('aria-hidden') }));
    const submit = async (status: string) => {
      await page.click('.wpcf7-submit');
      await page.waitForFunction((s) => document.querySelector('form.wpcf7-form')?.getAttribute('data-status') === s, status);
    };

    await page.fill('input[name="your-email"]', 'not-an-email');
    await page.fill('input[name="your-subject"]', 'Sizes');
    await submit('invalid');
    expect(await events()).toEqual(['wpcf7invalid', 'wpcf7submit']);
    expect(await output()).toEqual({
      html: 'One or more fields have an error. Please check and try again.',
      classes: 'wpcf7-response-output',
      hidden: 'true',
    });
    expect(await page.$$eval('.wpcf7-not-valid-tip', (tips) => tips.map((t) => t.textContent))).toEqual([
      'Please fill out this field.',
      'Please enter an email address.',
    ]);
    await expectAxeClean(page);

    await page.fill('input[name="your-name"]', 'Ada Lovelace');
    await page.fill('input[name="your-email"]', 'ada@example.com');
    await page.fill('textarea[name="your-message"]', 'Does the hoodie run large?');
    await submit('sent');
    expect(await events()).toEqual(['wpcf7mailsent', 'wpcf7submit']);
    expect(await output()).toEqual({
      html: 'Thank you for your message. It has been sent.',
      classes: 'wpcf7-response-output',
      hidden: 'true',
    });
    expect(await page.$('.wpcf7 .fusion-alert, .wpcf7 .alert-icon, .wpcf7 .toggle-alert')).toBeNull();
    await expectAxeClean(page);

    // The URLs CF7 6.1.6 builds from `wpcf7.api.root` = "/index.php?rest_route=/" (plain permalinks); a sent
    // message resets the form, which asks for a refill.
    const rest = [
      ...new Set(
        requests
          .map((u) => new URL(u))
          .filter((u) => u.searchParams.has('rest_route'))
          .map((u) => `${u.pathname}${u.search}`),
      ),
    ];
    expect(rest, JSON.stringify(rest)).toEqual([
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/feedback/schema',
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/feedback',
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/refill',
    ]);
    expectNoConsoleErrors(errors);
  });

  test('the owner’s "avada" turns Avada’s behaviours on on a Storefront page, still adding no second sticky bar', async () => {
    const { page, errors } = await openPage(HOODIE, { tag, beforeGoto: owner('avada') });
    await mounted(page, 'quantity');
    await mounted(page, 'store-lists');
    expect(await page.$$eval('.quantity.buttons_added > button', (b) => b.map((el) => el.getAttribute('aria-label')))).toEqual([
      'Decrease quantity',
      'Increase quantity',
    ]);
    await page.click('.quantity button.plus');
    expect(await page.inputValue('.quantity input.qty')).toBe('2');
    expect(await page.textContent('.related.products > .fusion-title > h2.title-heading-left')).toBe('Related products');

    await expectOnlyTheThemesBar(page);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('the owner’s "avada" gives CF7’s answer Avada’s alert on a Storefront page', async () => {
    const { page, errors } = await openPage(CONTACT, { tag, beforeGoto: owner('avada') });
    await waitForIdleIslands(page);
    await page.click('.wpcf7-submit');
    await page.waitForSelector('.wpcf7-response-output.fusion-alert.error.fusion-danger .fusion-alert-content');
    expect(await page.textContent('.wpcf7-response-output .fusion-alert-content')).toBe(
      'One or more fields have an error. Please check and try again.',
    );
    expectNoConsoleErrors(errors);
  });

  test('the owner’s "off" turns Avada’s behaviours off on an Avada page', async () => {
    const { page, errors } = await openPage('/product-gallery.html', { tag, beforeGoto: owner('off') });
    await mounted(page, 'quantity');
    expect(await quantityButtons(page)).toBe(0);
    await scrollPastForm(page);
    expect(await page.$('.sf-sticky-atc')).toBeNull();
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('Avada pages as before: -/+ buttons and our sticky bar on an Avada product, with no owner setting', async () => {
    const { page, errors } = await openPage('/product-gallery.html', { tag });
    await mounted(page, 'quantity');
    expect(await page.$$eval('.quantity.buttons_added > button', (b) => b.length)).toBe(2);
    await scrollPastForm(page);
    await page.waitForSelector('.sf-sticky-atc', { state: 'attached' });
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('themes, %s tag', (tag) => {
  test('Storefront variable product: the Related products heading stays the theme’s', async () => {
    const { page, errors } = await openPage(T_SHIRT, { tag });
    await mounted(page, 'store-lists');
    expect(await page.$$eval('.related.products > h2', (h) => h.map((el) => el.textContent))).toEqual(['Related products']);
    expect(await page.$('.fusion-title')).toBeNull();
    expect(await quantityButtons(page)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('Storefront cart: no -/+ buttons beside the quantities; WooCommerce’s own update still runs', async () => {
    const { page, errors } = await openPage(CART, { tag });
    await mounted(page, 'quantity');
    expect(await page.$$eval('.product-quantity input.qty', (els) => els.length)).toBeGreaterThan(0);
    expect(await quantityButtons(page)).toBe(0);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
