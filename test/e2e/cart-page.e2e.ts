/**
 * The classic cart page in real Chromium, both tags: quantity update, coupon (inline error and success), remove
 * with undo, shipping method change and the blocking overlay; axe-clean after mounting and after each change.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIXTURE_CART } from '../../fixtures/mock/checkout';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const TOTE = FIXTURE_CART[0]!.key;
const MUG = FIXTURE_CART[1]!.key;
const seeded = { local: { __storefront_islands_mock__: JSON.stringify({ cart: FIXTURE_CART }) } };
const endpoints = (page: Page) => page.evaluate(() => window.__mock!.state.log.map((e) => e.endpoint));
const idle = (page: Page) => page.waitForFunction(() => !document.querySelector('.processing, .blockOverlay'));

describe.each(BUILD_TAGS)('cart page, %s tag', (tag) => {
  test('updates quantities, applies coupons inline, removes with undo and changes shipping', async () => {
    const { page, errors } = await openPage('/cart/', { tag, storage: seeded });
    await page.waitForSelector('button[name="update_cart"]:disabled');
    await expectAxeClean(page);

    // Quantity: the update button wakes up, Enter posts, the page keeps focus in the field.
    const toteQty = `input[name="cart[${TOTE}][qty]"]`;
    await page.fill(toteQty, '3');
    expect(await page.isEnabled('button[name="update_cart"]')).toBe(true);
    await page.press(toteQty, 'Enter');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message');
    await idle(page);
    expect(await page.textContent('.woocommerce-notices-wrapper .woocommerce-message')).toContain('Cart updated.');
    expect(await page.textContent('.cart_totals .order-total')).toContain('89.00');
    expect(
      await page.evaluate(
        (sel) => document.activeElement === document.querySelector(sel) || document.activeElement?.matches('.woocommerce-message'),
        toteQty,
      ),
    ).toBe(true);
    expect(await page.isDisabled('button[name="update_cart"]')).toBe(true);
    await expectAxeClean(page);

    // A refused coupon: inline, tied to the field, focus in the field, code kept.
    await page.fill('#coupon_code', 'nope');
    await page.press('#coupon_code', 'Enter');
    await page.waitForSelector('p.coupon-error-message#coupon-error-message');
    expect(await page.getAttribute('#coupon_code', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#coupon_code', 'aria-describedby')).toBe('coupon-error-message');
    expect(await page.inputValue('#coupon_code')).toBe('nope');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('coupon_code');
    await expectAxeClean(page);

    // A good one, through the button.
    await page.fill('#coupon_code', 'spring10');
    await page.click('button[name="apply_coupon"]');
    await page.waitForSelector('tr.cart-discount.coupon-spring10');
    await idle(page);
    expect(await page.textContent('.woocommerce-notices-wrapper')).toContain('Coupon code applied successfully.');
    await expectAxeClean(page);

    // Remove the mug; the undo notice takes focus; undo brings it back.
    await page.click(`.product-remove a[href*="${MUG}"]`);
    await page.waitForSelector('a.restore-item');
    await idle(page);
    await page.waitForFunction(() => document.activeElement?.matches('.woocommerce-message'));
    expect(await page.$(`input[name="cart[${MUG}][qty]"]`)).toBeNull();
    await expectAxeClean(page);
    await page.click('a.restore-item');
    await page.waitForSelector(`input[name="cart[${MUG}][qty]"]`);
    await idle(page);

    // Shipping method.
    await page.check('input.shipping_method[value="local_pickup:3"]');
    await page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'update_shipping_method'));
    await idle(page);
    expect(await page.isChecked('input.shipping_method[value="local_pickup:3"]')).toBe(true);
    await expectAxeClean(page);

    expect(await endpoints(page)).toEqual(
      expect.arrayContaining(['cart_form', 'apply_coupon', 'remove_item', 'undo_item', 'update_shipping_method']),
    );
    // The page itself never navigated: every change ran over fetch.
    expect(new URL(page.url()).pathname).toBe('/cart/');
    expectNoConsoleErrors(errors);
  });

  test('blocks with the overlay while a call runs, and the shipping calculator is a disclosure', async () => {
    const { page, errors } = await openPage('/cart/', { tag, storage: seeded });
    await page.waitForSelector('button[name="update_cart"]:disabled');
    // The answer waits for the test: the overlay is read while the call runs, however slow the machine is.
    await page.evaluate(() => window.__mock!.hold('cart_form'));
    await page.fill(`input[name="cart[${TOTE}][qty]"]`, '2');
    await page.fill(`input[name="cart[${MUG}][qty]"]`, '2');
    await page.click('button[name="update_cart"]');
    await page.waitForSelector('form.woocommerce-cart-form.processing .blockUI.blockOverlay');
    await page.waitForFunction(() => {
      const el = document.querySelector('form.woocommerce-cart-form .blockOverlay');
      return !!el && getComputedStyle(el).opacity === '0.6';
    });
    const overlay = await page.$eval('form.woocommerce-cart-form .blockOverlay', (el) => ({
      bg: getComputedStyle(el).backgroundColor,
      transition: (el as HTMLElement).style.transition,
    }));
    expect(overlay.bg).toBe('rgb(255, 255, 255)');
    expect(overlay.transition).toContain('200ms');
    await page.evaluate(() => window.__mock!.release('cart_form'));
    await idle(page);
    // The update button went with the answer: focus goes to the "Cart updated." notice. WooCommerce's own focus
    // on it 500 ms later must not take it back from the button the shopper moves to (it did, under load).
    await page.waitForFunction(() => document.activeElement?.matches('.woocommerce-message'));

    const button = '.shipping-calculator-button';
    expect(await page.getAttribute(button, 'aria-expanded')).toBe('false');
    await page.focus(button);
    await page.keyboard.press('Space');
    expect(await page.getAttribute(button, 'aria-expanded')).toBe('true');
    expect(await page.isVisible('#calc_shipping_postcode')).toBe(true);
    await expectAxeClean(page);
    await page.fill('#calc_shipping_postcode', '20095');
    await page.fill('#calc_shipping_city', 'Hamburg');
    await page.click('button[name="calc_shipping"]');
    await page.waitForFunction(() => document.querySelector('.woocommerce-shipping-destination')?.textContent?.includes('Hamburg'));
    await idle(page);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('cart page, %s tag', (tag) => {
  test('no overlay fade under reduced motion, and a failed update keeps the quantity with a message', async () => {
    const { page, errors } = await openPage('/cart/', { tag, storage: seeded, reducedMotion: true });
    await page.waitForSelector('button[name="update_cart"]:disabled');
    await page.evaluate(() => {
      window.__mock!.hold('cart_form');
      window.__mock!.failNext('cart_form', 'http500');
    });
    await page.fill(`input[name="cart[${TOTE}][qty]"]`, '6');
    await page.click('button[name="update_cart"]');
    await page.waitForSelector('.blockOverlay');
    expect(await page.$eval('.blockOverlay', (el) => (el as HTMLElement).style.opacity)).toBe('0.6');
    await page.evaluate(() => window.__mock!.release('cart_form'));
    await page.waitForSelector('.woocommerce-notices-wrapper ul.woocommerce-error[role="alert"]');
    await idle(page);
    expect(await page.inputValue(`input[name="cart[${TOTE}][qty]"]`)).toBe('6');
    await expectAxeClean(page);
    // The failed request is a 500 the browser logs as a resource error; nothing else may be.
    expectNoConsoleErrors(errors.filter((e) => !/status of 500/.test(e)));
  });
});
