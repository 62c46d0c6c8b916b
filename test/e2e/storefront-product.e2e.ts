/**
 * Buying on a real shop's pages (WooCommerce 11.0.1 on Storefront 4.6.2: fixtures/pages/storefront-*.html), both
 * builds, with the mock answering in the recorded answers' shapes (fixtures/responses/realshop/):
 * - loop add to cart on the homepage and the shop page: `add_to_cart` posts the button's data, the answer's
 *   fragments update Storefront's header cart (`a.cart-contents`: total and "1 item") and its mini-cart, and the
 *   "View cart" link follows the button as WooCommerce prints it;
 * - the variable product: choosing Red / M shows the variation's price and stock from the page's inline data,
 *   sets `variation_id` 26 (the recorded get_variation answer's), and the form posts what WooCommerce's posts;
 * - the simple product's form posts natively, as WooCommerce's own (no ajax on single products).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS } from './harness';

const isAddToCart = (r: Request) => r.method() === 'POST' && new URL(r.url()).searchParams.get('wc-ajax') === 'add_to_cart';

async function loopAdd(page: Page, productId: string) {
  const button = `a.add_to_cart_button.ajax_add_to_cart[data-product_id="${productId}"] >> nth=0`;
  const posted = page.waitForRequest(isAddToCart);
  await page.click(button);
  const body = new URLSearchParams((await posted).postData() ?? '');
  return body;
}

describe.each(BUILD_TAGS)('buying on a Storefront shop, %s tag', (tag) => {
  test.each(['/storefront-home.html', '/?post_type=product'])(
    '%s: loop add to cart; the fragments update the header cart; "View cart" follows the button',
    async (path) => {
      const { page, errors } = await openPage(path, { tag });
      expect(await page.textContent('#site-header-cart a.cart-contents .count')).toContain('0 items');

      const body = await loopAdd(page, '20');
      expect(Object.fromEntries(body)).toMatchObject({ product_id: '20', product_sku: 'RS-BEANIE', quantity: '1' });
      // WooCommerce's view-cart link, right after the button, to the shop's cart page.
      const viewCart = 'a.add_to_cart_button[data-product_id="20"] + a.added_to_cart.wc-forward';
      await page.waitForSelector(viewCart);
      expect(await page.getAttribute(viewCart, 'href')).toBe('/?page_id=6');
      expect((await page.textContent(viewCart))?.trim()).toBe('View cart');
      expect(await page.$eval('a.add_to_cart_button[data-product_id="20"]', (a) => a.classList.contains('added'))).toBe(true);
      // The header cart (Storefront's fragment) and its mini-cart follow the answer.
      await page.waitForFunction(
        () => document.querySelector('#site-header-cart a.cart-contents .count')?.textContent?.trim() === '1 item',
      );
      expect((await page.textContent('#site-header-cart a.cart-contents .amount'))?.trim()).toBe('£18.00');
      expect(
        await page.$$eval('#site-header-cart .widget_shopping_cart_content li.mini_cart_item', (li) =>
          li.map((l) => l.textContent?.replace(/\s+/g, ' ').trim()),
        ),
      ).toEqual([expect.stringContaining('Beanie')]);
      await expectAxeClean(page);
      expectNoConsoleErrors(errors);
    },
  );

  test('variable product: Red / M shows its price and stock, sets variation_id 26, and the form posts what WooCommerce posts', async () => {
    const { page, errors, context } = await openPage('/?product=variable-t-shirt', { tag });
    await page.selectOption('#pa_colour', 'red');
    await page.selectOption('#size', 'M');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('form.variations_form input.variation_id')?.value === '26');
    await page.waitForSelector('.single_variation .woocommerce-variation-price .price');
    expect((await page.textContent('.single_variation .woocommerce-variation-price'))?.trim()).toBe('£17.00');
    expect((await page.textContent('.single_variation .woocommerce-variation-availability'))?.trim()).toBe('20 in stock');
    expect(await page.$eval('.single_add_to_cart_button', (b) => b.classList.contains('disabled'))).toBe(false);
    await expectAxeClean(page);

    let posted = '';
    await context.route(
      (url) => url.search === '?product=variable-t-shirt',
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        posted = route.request().postData() ?? '';
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Added</title><p>Added</p>' });
      },
    );
    await page.click('.single_add_to_cart_button');
    await page.waitForURL((url) => url.search === '?product=variable-t-shirt' && posted !== '');
    // multipart/form-data, as the form's enctype asks: the fields WooCommerce's form sends.
    for (const [name, value] of [
      ['attribute_pa_colour', 'red'],
      ['attribute_size', 'M'],
      ['quantity', '1'],
      ['add-to-cart', '23'],
      ['product_id', '23'],
      ['variation_id', '26'],
    ]) {
      expect(posted).toMatch(new RegExp(`name="${name}"\\r\\n\\r\\n${value}\\r\\n`));
    }
    expectNoConsoleErrors(errors);
  });

  test('simple product: the form posts natively with its quantity, as WooCommerce does on single products', async () => {
    const { page, errors, context } = await openPage('/?product=classic-hoodie', { tag });
    await page.fill('form.cart input.qty', '2');
    let posted = '';
    await context.route(
      (url) => url.search === '?product=classic-hoodie',
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        posted = route.request().postData() ?? '';
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Added</title><p>Added</p>' });
      },
    );
    await page.click('form.cart .single_add_to_cart_button');
    await page.waitForFunction(() => document.title === 'Added');
    expect(posted).toMatch(/name="quantity"\r\n\r\n2\r\n/);
    expect(posted).toMatch(/name="add-to-cart"\r\n\r\n18\r\n/);
    expectNoConsoleErrors(errors);
  });
});
