/**
 * The sticky add-to-cart bar in real Chromium, both tags: appears after 200 px of scroll, is a visual echo
 * only (inert, hidden from assistive technology) while the real button is on screen, submits the real form,
 * and mirrors the chosen variation's price and the button's state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS } from './harness';

const BAR = '.sf-sticky-atc';
const BAR_BUTTON = `${BAR} .sf-sticky-atc__button`;

async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
}
/** Scroll until the real add-to-cart button is far above the viewport. */
async function scrollPastRealButton(page: Page): Promise<void> {
  const y = await page.$eval('.single_add_to_cart_button', (el) =>
    Math.min(el.getBoundingClientRect().bottom + window.scrollY + 400, document.documentElement.scrollHeight - window.innerHeight),
  );
  await scrollToY(page, y);
}
const exposed = (page: Page) =>
  page.$eval(BAR, (el) => !(el as HTMLElement).hidden && !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true');

describe.each(BUILD_TAGS)('sticky add-to-cart bar, %s tag', (tag) => {
  test('appears after 200 px, exposes one control at a time, and submits the real form', async () => {
    const { page, errors } = await openPage('/product-gallery.html', { tag });
    // Nothing of the bar loads before the shopper scrolls; the first scroll brings it, still hidden.
    expect(await page.$(BAR)).toBeNull();
    await scrollToY(page, 150);
    await page.waitForSelector(BAR, { state: 'attached' });
    expect(await page.isVisible(BAR)).toBe(false);

    // Still in view: the bar shows but is inert and hidden from assistive technology.
    await scrollToY(page, 250);
    await page.waitForSelector(BAR, { state: 'visible' });
    expect(await page.isVisible('.single_add_to_cart_button')).toBe(true);
    await page.waitForFunction((b) => document.querySelector(b)?.hasAttribute('inert'), BAR);
    expect(await page.getAttribute(BAR, 'aria-hidden')).toBe('true');
    await expectAxeClean(page);

    await scrollPastRealButton(page);
    await page.waitForFunction((b) => !document.querySelector(b)?.hasAttribute('inert'), BAR);
    expect(await exposed(page)).toBe(true);
    expect(await page.textContent(`${BAR} .sf-sticky-atc__title`)).toBe('Linen apron');
    expect(await page.textContent(`${BAR} .sf-sticky-atc__price`)).toBe('£32.00');
    await expectAxeClean(page);

    await scrollToY(page, 0);
    await page.waitForSelector(BAR, { state: 'hidden' });

    await scrollPastRealButton(page);
    await page.waitForFunction((b) => !document.querySelector(b)?.hasAttribute('inert'), BAR);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/product/linen-apron/'),
      page.click(BAR_BUTTON),
    ]);
    const body = request.postData() ?? '';
    expect(body).toContain('name="add-to-cart"');
    expect(body).toContain('320');
    expect(body).toContain('name="quantity"');
    // The real form posted and the product page came back: let it finish loading before the context closes
    // (closing mid-navigation, while the mock's service worker starts, can hang Chromium's shutdown).
    await page.waitForURL((url) => url.pathname === '/product/linen-apron/');
    await page.waitForFunction(() => window.StorefrontIslands !== undefined);
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expectNoConsoleErrors(errors);
  });

  test("mirrors the chosen variation's price and the button's disabled state", async () => {
    // A short window, so the real button can scroll out of view on this shorter page.
    const { page, errors } = await openPage('/product-variable.html', { tag, viewport: { width: 1280, height: 420 } });
    await scrollPastRealButton(page);
    await page.waitForFunction((b) => {
      const bar = document.querySelector<HTMLElement>(b);
      return !!bar && !bar.hasAttribute('inert') && !bar.hidden;
    }, BAR);
    expect(await page.getAttribute(BAR_BUTTON, 'aria-disabled')).toBe('true');
    await expectAxeClean(page);

    await page.selectOption('select[name="attribute_pa_colour"]', 'navy');
    await page.selectOption('select[name="attribute_pa_size"]', 'm');
    await page.selectOption('select[name="attribute_lining"]', 'Fleece');
    await page.waitForFunction((b) => document.querySelector(`${b} .sf-sticky-atc__price`)?.textContent?.includes('70.00'), BAR);
    await page.waitForFunction((b) => !document.querySelector(`${b} .sf-sticky-atc__button`)?.hasAttribute('aria-disabled'), BAR);
    expect(await page.textContent(`${BAR} .sf-sticky-atc__choice`)).toBe('Navy, M, Fleece');
    await expectAxeClean(page);

    // Olive / S is out of stock: the real button is disabled as unavailable, and so is the bar's.
    await page.selectOption('select[name="attribute_pa_colour"]', 'olive');
    await page.selectOption('select[name="attribute_pa_size"]', 's');
    // The colour change alone passes through a no-match state (also disabled): wait for the Olive / S variation.
    await page.waitForFunction((b) => document.querySelector(`${b} .sf-sticky-atc__price`)?.textContent?.includes('65.00'), BAR);
    await page.waitForFunction((b) => document.querySelector(`${b} .sf-sticky-atc__button`)?.getAttribute('aria-disabled') === 'true', BAR);
    expect(await page.$eval(BAR_BUTTON, (el) => el.classList.contains('wc-variation-is-unavailable'))).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
