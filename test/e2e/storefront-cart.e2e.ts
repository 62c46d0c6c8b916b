/**
 * The real shop's cart page and checkout (WooCommerce 11.0.1 on Storefront, fixtures/pages/storefront-*.html) in
 * real Chromium, both builds, with the mock answering in the recorded answers' shapes: the cart's notices printed
 * at the top of the content (outside the cart's own notices wrapper), remove and undo, coupons, shipping; the
 * checkout's first "Place order" click after a field's blur, and an order placed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REALSHOP_KEYS, realshopCheckoutSeed } from '../../fixtures/mock/realshop-cart';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const CART = '/?page_id=6';
const CHECKOUT = '/?page_id=7';
const HOODIE = REALSHOP_KEYS.hoodie;
const idle = (page: Page) => page.waitForFunction(() => !document.querySelector('.processing, .blockOverlay'));
const count = (page: Page, endpoint: string) =>
  page.evaluate((name) => window.__mock!.state.log.filter((e) => e.endpoint === name).length, endpoint);
/** Every notice on the page with this text (a message shown twice is a defect too). */
const noticesWith = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      [...document.querySelectorAll('.woocommerce-message, .woocommerce-error, .woocommerce-info')].filter(
        (n) => n.textContent?.includes(t) && (n as HTMLElement).offsetParent !== null,
      ).length,
    text,
  );
const total = (page: Page, scope: string) => page.textContent(`${scope} .order-total`).then((t) => t?.replace(/\s+/g, ' ').trim());

describe.each(BUILD_TAGS)('Storefront cart page, %s tag', (tag) => {
  test('shows "Cart updated." and error notices the answers print above the page, each once', async () => {
    const { page, errors } = await openPage(CART, { tag });
    await page.waitForSelector('button[name="update_cart"]:disabled');
    expect(await total(page, '.cart_totals')).toContain('88.99');
    await expectAxeClean(page);

    // Quantity update: the answer prints "Cart updated." in the theme's block above the page; it must show, once.
    await page.fill(`input[name="cart[${HOODIE}][qty]"]`, '2');
    await page.click('button[name="update_cart"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.woocommerce-message')].some((n) => n.textContent?.includes('Cart updated.')),
    );
    await idle(page);
    expect(await noticesWith(page, 'Cart updated.')).toBe(1);
    expect(await total(page, '.cart_totals')).toContain('133.99');
    await expectAxeClean(page);

    // An error the answer prints above the page shows too (a stale nonce: the server refuses the update).
    await page.evaluate(() => void (document.querySelector<HTMLInputElement>('#woocommerce-cart-nonce')!.value = 'stale'));
    await page.fill(`input[name="cart[${HOODIE}][qty]"]`, '3');
    await page.click('button[name="update_cart"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.woocommerce-error')].some((n) => n.textContent?.includes('Your session has expired.')),
    );
    await idle(page);
    expect(await noticesWith(page, 'Your session has expired.')).toBe(1);
    expect(await noticesWith(page, 'Cart updated.')).toBe(0);
    expect(await count(page, 'realshop_cart_form')).toBe(2);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('Storefront cart page, %s tag', (tag) => {
  test('a removed line\'s "Undo?" shows and restores the line and the totals', async () => {
    const { page, errors } = await openPage(CART, { tag });
    await page.waitForSelector('button[name="update_cart"]:disabled');
    await page.click(`.product-remove a[href*="remove_item=${HOODIE}"]`);
    await page.waitForSelector('a.restore-item', { state: 'visible' });
    await idle(page);
    expect(await page.$(`input[name="cart[${HOODIE}][qty]"]`)).toBeNull();
    expect(await noticesWith(page, 'Classic Hoodie')).toBe(1);
    expect(await total(page, '.cart_totals')).toContain('43.99');
    await expectAxeClean(page);
    await page.click('a.restore-item');
    await page.waitForSelector(`input[name="cart[${HOODIE}][qty]"]`);
    await idle(page);
    expect(await total(page, '.cart_totals')).toContain('88.99');
    expect(await page.$('a.restore-item')).toBeNull();
    expect(await count(page, 'realshop_undo_item')).toBe(1);
    expectNoConsoleErrors(errors);
  });

  test('coupons (TENOFF and a bad one) and the shipping method switch', async () => {
    const { page, errors } = await openPage(CART, { tag });
    await page.waitForSelector('button[name="update_cart"]:disabled');

    await page.fill('#coupon_code', 'nope');
    await page.click('button[name="apply_coupon"]');
    await page.waitForSelector('p.coupon-error-message#coupon-error-message');
    expect(await page.textContent('#coupon-error-message')).toContain('Coupon "nope" cannot be applied because it does not exist.');
    expect(await page.getAttribute('#coupon_code', 'aria-invalid')).toBe('true');
    await idle(page);
    await expectAxeClean(page);

    await page.fill('#coupon_code', 'TENOFF');
    await page.click('button[name="apply_coupon"]');
    await page.waitForSelector('.cart_totals tr.cart-discount.coupon-tenoff');
    await idle(page);
    expect(await noticesWith(page, 'Coupon code applied successfully.')).toBe(1);
    expect(await page.$('#coupon-error-message')).toBeNull();
    expect(await total(page, '.cart_totals')).toContain('80.59');

    await page.check('input.shipping_method[value="local_pickup:2"]');
    await page.waitForFunction(() => document.querySelector('.cart_totals .order-total')?.textContent?.includes('75.60'));
    await idle(page);
    expect(await page.isChecked('input.shipping_method[value="local_pickup:2"]')).toBe(true);
    await expectAxeClean(page);
    expect(await count(page, 'update_shipping_method')).toBe(1);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('Storefront checkout, %s tag', (tag) => {
  const seeded = { local: { __storefront_islands_mock__: JSON.stringify({ realshop: realshopCheckoutSeed() }) } };
  const open = async () => {
    const opened = await openPage(CHECKOUT, { tag, storage: seeded });
    await opened.page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'update_order_review'));
    await idle(opened.page);
    return opened;
  };

  test('one real click on "Place order" right after leaving an empty required field posts the order and shows the errors', async () => {
    const { page, errors } = await open();
    expect(await total(page, '.woocommerce-checkout-review-order-table')).toContain('156.60');
    await expectAxeClean(page);

    // Storefront's desktop checkout (its stylesheet is not in the fixture): the address columns on the left, the
    // order review with the button on the right. A message put in the left column above the viewport makes
    // Chromium's scroll anchoring (anchored in the left column) move the right column, and the button with it.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '.woocommerce-checkout .col2-set { width: 52.94%; float: left; margin-right: 5.88%; } #order_review_heading, #order_review { width: 41.18%; float: right; } #order_review { clear: right; } .checkout-inline-error-message { margin: 0.5em 0 1em; line-height: 1.6; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await page.setViewportSize({ width: 1280, height: 500 });

    // The shopper leaves an empty required field, now just above the viewport, by pressing the button: its blur
    // validates the field.
    await page.focus('#billing_first_name');
    await page.evaluate(() => window.scrollBy(0, document.querySelector('#billing_first_name_field')!.getBoundingClientRect().bottom + 2));
    const box = (await page.$eval('#place_order', (b) => {
      const r = b.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }))!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The field is invalid and described at once; nothing in the layout has moved under the pointer.
    await page.waitForFunction(() => document.querySelector('#billing_first_name')?.getAttribute('aria-invalid') === 'true');
    const during = await page.$eval('#place_order', (b) => b.getBoundingClientRect().y);
    expect(during).toBe(box.y);
    await page.mouse.up();

    await page.waitForSelector('.woocommerce-NoticeGroup-checkout li[data-id="billing_first_name"]');
    await idle(page);
    expect(await count(page, 'checkout')).toBe(1);
    expect(await page.getAttribute('#billing_first_name', 'aria-describedby')).toContain('billing_first_name_description');
    expect(await page.textContent('#billing_first_name_description')).toBe('Billing First name is a required field.');
    expect(await page.isVisible('#billing_first_name_description')).toBe(true);
    expect(await page.textContent('.woocommerce-NoticeGroup-checkout')).toContain('Billing Postcode is a required field.');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a blur that is not a press shows its message at once, tied to the field', async () => {
    const { page, errors } = await open();
    await page.focus('#billing_first_name');
    await page.keyboard.press('Tab');
    await page.waitForSelector('#billing_first_name_description', { state: 'visible' });
    expect(await page.getAttribute('#billing_first_name', 'aria-describedby')).toContain('billing_first_name_description');
    expect(await page.getAttribute('#billing_first_name', 'aria-invalid')).toBe('true');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('places the order and lands on the order-received page', async () => {
    const { page, errors } = await open();
    await page.check('input.shipping_method[value="flat_rate:1"]');
    await page.waitForFunction(() =>
      document.querySelector('.woocommerce-checkout-review-order-table .order-total')?.textContent?.includes('161.59'),
    );
    await idle(page);
    for (const [id, value] of Object.entries({
      billing_first_name: 'Ada',
      billing_last_name: 'Lovelace',
      billing_address_1: '12 St James Square',
      billing_city: 'London',
      billing_postcode: 'SW1Y 4JH',
      billing_phone: '020 7946 0000',
      billing_email: 'ada@example.com',
    })) {
      await page.fill(`#${id}`, value);
    }
    await page.check('#terms');
    await idle(page);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('page_id') === '7' && url.searchParams.get('order-received') === '39'),
      page.click('#place_order'),
    ]);
    await page.waitForSelector('.woocommerce-thankyou-order-received');
    expect(await count(page, 'checkout')).toBe(1);
    expectNoConsoleErrors(errors.filter((e) => !/status of 404/.test(e)));
  });
});
