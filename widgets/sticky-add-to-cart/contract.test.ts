import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { loaded, mountPage, only } from '../../test/helpers/mount';
import { SIZE, variation, variationForm } from '../variation-form/contract-fixtures';
import { afterInit, choose, fakeJQuery, setGlobals, VARIATION_PARAMS, wait } from '../variation-form/test-helpers';

/** The sticky add-to-cart bar against theme.md §10 and accessibility.md ("Lazy images, sticky bars"). */

let undo: (() => void)[] = [];
beforeEach(() => {
  undo = [
    setGlobals({ wc_add_to_cart_variation_params: VARIATION_PARAMS }),
    // happy-dom never reports intersections: the real button counts as off screen, as on a long page.
    setEnvironment({
      prefersReducedMotion: () => true,
      frame: (fn) => {
        const id = setTimeout(fn, 0);
        return () => clearTimeout(id);
      },
      idle: (fn) => {
        fn();
        return () => {};
      },
    }),
  ];
});
afterEach(() => {
  for (const u of undo.reverse()) u();
  window.scrollTo(0, 0);
});

/** §3.2's simple product form, in its product wrapper. */
const SIMPLE = `<div id="product-318" class="product type-product post-318 instock purchasable product-type-simple">
  <div class="summary entry-summary"><h1 class="product_title entry-title">Canvas tote</h1>
  <p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>24.00</bdi></span></p>
  <form class="cart" action="/product/canvas-tote/" method="post" enctype="multipart/form-data">
    <div class="quantity"><label class="screen-reader-text" for="quantity_1">Canvas tote quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" max="8" step="1" placeholder="" inputmode="numeric" autocomplete="off"></div>
    <button type="submit" name="add-to-cart" value="318" class="single_add_to_cart_button button alt">Add to cart</button>
  </form></div></div>`;

const bar = () => document.querySelector<HTMLElement>('.sf-sticky-atc')!;
const barButton = () => bar().querySelector<HTMLButtonElement>('button')!;
async function scrollTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
  await wait(5);
}

describe('theme.md §10 sticky add-to-cart bar', () => {
  it('appears after 200 px of scroll and hides above, with the title, price and a button', async () => {
    await mountPage(SIMPLE, loaded('sticky-add-to-cart'));
    expect(bar().hidden).toBe(true);
    await scrollTo(200);
    expect(bar().hidden).toBe(true);
    await scrollTo(201);
    expect(bar().hidden).toBe(false);
    expect(bar().textContent).toContain('Canvas tote');
    expect(bar().textContent).toContain('24.00');
    expect(barButton().textContent).toBe('Add to cart');
    expect(barButton().type).toBe('button');
    await scrollTo(50);
    expect(bar().hidden).toBe(true);
  });

  it("its button submits the page's real form with the same fields", async () => {
    await mountPage(SIMPLE, [...loaded('sticky-add-to-cart'), ...only('quantity')]);
    document.querySelector<HTMLButtonElement>('.plus')!.click();
    await scrollTo(400);
    let posted: [string, FormDataEntryValue][] = [];
    document.querySelector('form.cart')!.addEventListener('submit', (e) => {
      e.preventDefault();
      posted = [...new FormData(e.target as HTMLFormElement, (e as SubmitEvent).submitter).entries()];
    });
    barButton().click();
    expect(posted).toEqual([
      ['quantity', '2'],
      ['add-to-cart', '318'],
    ]);
  });

  it('one "Add to cart" for assistive tech at a time: the bar is aria-hidden and inert while hidden', async () => {
    await mountPage(SIMPLE, loaded('sticky-add-to-cart'));
    expect(bar().getAttribute('aria-hidden')).toBe('true');
    expect(bar().hasAttribute('inert')).toBe(true);
    await scrollTo(400);
    expect(bar().hasAttribute('aria-hidden')).toBe(false);
    expect(bar().hasAttribute('inert')).toBe(false);
  });

  it.each([false, true])(
    'variable product (jQuery on the page: %s): mirrors the variation price and the button state',
    async (withJQuery) => {
      if (withJQuery) fakeJQuery();
      const vs = [variation(1401, { attribute_pa_size: 's' }), variation(1402, { attribute_pa_size: 'm' }, { is_in_stock: false })];
      await mountPage(variationForm([SIZE], { variations: vs, productId: 1400 }), [
        ...only('variation-form'),
        ...loaded('sticky-add-to-cart'),
      ]);
      await afterInit();
      await scrollTo(400);
      expect(barButton().getAttribute('aria-disabled')).toBe('true');
      choose('pa_size', 's');
      await vi.waitFor(() => expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toContain('1401.00'));
      expect(barButton().hasAttribute('aria-disabled')).toBe(false);
      choose('pa_size', 'm');
      await vi.waitFor(() => expect(barButton().getAttribute('aria-disabled')).toBe('true'));
      expect(barButton().classList.contains('wc-variation-is-unavailable')).toBe(true);
      // Blocked: pressing it submits nothing.
      let submitted = 0;
      document.querySelector('form.cart')!.addEventListener('submit', (e) => {
        submitted++;
        e.preventDefault();
      });
      barButton().click();
      expect(submitted).toBe(0);
    },
  );

  it('no bar without a purchasable form (all variations out of stock prints no button)', async () => {
    const html = variationForm([SIZE], { variations: [] }).replace(
      /<table class="variations"[\s\S]*?<\/form>/,
      '<p class="stock out-of-stock">This product is currently out of stock and unavailable.</p></form>',
    );
    await mountPage(html, loaded('sticky-add-to-cart'));
    expect(document.querySelector('.sf-sticky-atc')).toBeNull();
  });
});
