import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cartArea, cartTotalsHtml, messageHtml, seedCart, checkoutState, NONCES } from '../../fixtures/mock/checkout';
import { wcAjaxEndpoints } from '../../fixtures/mock/handlers';
import { server } from '../../fixtures/mock/node';
import { HOSTILE, expectInert } from '../../test/helpers/hostile';
import { REALSHOP_KEYS, realshopCartPageSeed } from '../../fixtures/mock/realshop-cart';
import { failNext, state } from '../../fixtures/mock/state';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';
import { cartActionFor, isErrorNoticeHtml, isValidQuantity, shippingMethodFields } from './logic';

const TOTE = '3c59dc048e8850243be8079a5c74d079';
const MUG = 'a87ff679a2f3e71d9181a67b7542122c';

const $ = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s);
const form = () => $<HTMLFormElement>('form.woocommerce-cart-form')!;
const qty = (key: string) => $<HTMLInputElement>(`input[name="cart[${key}][qty]"]`)!;
const updateButton = () => $<HTMLButtonElement>('button[name="update_cart"]')!;
/**
 * What the browser does when the button is pressed and the form is valid. happy-dom's constraint validation
 * rejects `max=""` (unlimited stock) and would never submit the fixture's form; real clicks run in the browser tests.
 */
const press = (button: HTMLElement) =>
  button.closest('form')!.dispatchEvent(new SubmitEvent('submit', { submitter: button, bubbles: true, cancelable: true }));
const log = (endpoint: string) => state.log.filter((l) => l.endpoint === endpoint);
const settle = async (ms = 0) => {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, ms));
};
const until = async (check: () => boolean, what = 'condition') => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const idle = () => until(() => !document.querySelector('.processing'), 'the cart to be idle');

function recordEvents(...names: string[]): { name: string; detail: unknown }[] {
  const seen: { name: string; detail: unknown }[] = [];
  for (const name of names) document.body.addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail }));
  return seen;
}

async function openCart(setup?: () => void): Promise<void> {
  seedCart();
  setup?.();
  usePageGlobals('cart.html');
  await mountPage(await fixtureBody('cart.html'), only('cart-page', 'notices'));
}

describe('cart page rules', () => {
  it('reads an error notice from coupon answers', () => {
    expect(isErrorNoticeHtml('<ul class="woocommerce-error" role="alert"><li>x</li></ul>')).toBe(true);
    expect(isErrorNoticeHtml('<div class="wc-block-components-notice-banner is-error">x</div>')).toBe(true);
    expect(isErrorNoticeHtml('<div class="woocommerce-message" role="alert">ok</div>')).toBe(false);
  });
  it('names shipping methods by their data-index', () => {
    expect(
      shippingMethodFields([
        { index: '0', value: 'flat_rate:1' },
        { index: null, value: 'x' },
      ]),
    ).toEqual({ 'shipping_method[0]': 'flat_rate:1', 'shipping_method[1]': 'x' });
  });
  it('accepts quantities within min, an empty max and the step', () => {
    expect(isValidQuantity('3', '0', '', '1')).toBe(true);
    expect(isValidQuantity('0', '0', '', '1')).toBe(true);
    expect(isValidQuantity('-1', '0', '', '1')).toBe(false);
    expect(isValidQuantity('9', '0', '8', '1')).toBe(false);
    expect(isValidQuantity('1.5', '0', null, '1')).toBe(false);
    expect(isValidQuantity('1.5', '0', null, 'any')).toBe(true);
    expect(isValidQuantity('', '0', null, '1')).toBe(false);
    expect(isValidQuantity('abc', null, null, null)).toBe(false);
  });
  it('tells update from coupon by the focused field, as implicit submission reports the coupon button', () => {
    expect(cartActionFor('apply_coupon', { name: `cart[${TOTE}][qty]`, id: null, isQty: true })).toBe('update');
    expect(cartActionFor('apply_coupon', { name: 'coupon_code', id: 'coupon_code', isQty: false })).toBe('coupon');
    expect(cartActionFor('update_cart', null)).toBe('update');
    expect(cartActionFor('proceed', null)).toBe('native');
  });
});

describe('cart page: update', () => {
  it('keeps update cart disabled until a cart item field changes', async () => {
    await openCart();
    expect(updateButton().disabled).toBe(true);
    qty(TOTE).value = '3';
    qty(TOTE).dispatchEvent(new Event('input', { bubbles: true }));
    expect(updateButton().disabled).toBe(false);
  });

  it('posts the form with update_cart to the form action and replaces form, totals and notices', async () => {
    await openCart();
    const events = recordEvents('updated_wc_div', 'updated_cart_totals');
    qty(TOTE).value = '3';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    await idle();
    const [post] = log('cart_form');
    expect(post?.body.update_cart).toBe('Update Cart');
    expect(post?.body[`cart[${TOTE}][qty]`]).toBe('3');
    expect(post?.body['woocommerce-cart-nonce']).toBe(NONCES.cart);
    expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(3);
    expect($('.woocommerce-notices-wrapper .woocommerce-message')?.textContent).toContain('Cart updated.');
    expect(qty(TOTE).value).toBe('3');
    expect($('.cart_totals .order-total')?.textContent).toContain('89.00');
    expect(updateButton().disabled).toBe(true);
    expect(events.map((e) => e.name)).toEqual(['updated_cart_totals', 'updated_wc_div']);
    expect(form().classList.contains('processing')).toBe(false);
  });

  /** The shopper types a quantity and presses Enter in the field; the cart's update runs to its end. */
  async function enterQuantity(key: string, value: string): Promise<void> {
    await openCart();
    qty(key).focus();
    qty(key).value = value;
    qty(key).dispatchEvent(new Event('input', { bubbles: true }));
    qty(key).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await idle();
  }

  it('updates on Enter in a valid quantity and keeps focus in that field', async () => {
    await enterQuantity(MUG, '4');
    expect(log('cart_form')).toHaveLength(1);
    expect(document.activeElement).toBe(qty(MUG));
  });

  it("after Enter in a quantity the cart puts focus back in the field, and WooCommerce's notice takes it 500 ms later", async () => {
    await enterQuantity(MUG, '4');
    expect(document.activeElement).toBe(qty(MUG));
    // The contract: after updated_wc_div the first alert notice gets focus after 500 ms (the cart's own restore is
    // not the shopper moving on).
    await vi.waitFor(() => expect(document.activeElement).toBe($('.woocommerce-notices-wrapper .woocommerce-message')));
  });

  it('does not post on Enter in an invalid quantity', async () => {
    await openCart();
    qty(MUG).value = '-2';
    qty(MUG).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await settle();
    expect(log('cart_form')).toHaveLength(0);
  });

  it('shows the empty cart and fires wc_cart_emptied, then updated_wc_div, when no form comes back', async () => {
    await openCart();
    const events = recordEvents('wc_cart_emptied', 'updated_wc_div');
    qty(TOTE).value = '0';
    qty(MUG).value = '0';
    qty(MUG).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    await until(() => !!$('.wc-empty-cart-message'), 'the empty cart');
    expect($('.woocommerce-cart-form')).toBeNull();
    expect($('.cart-empty.woocommerce-info[role="status"]')?.textContent).toContain('Your cart is currently empty.');
    expect($('p.return-to-shop a.wc-backward')).not.toBeNull();
    expect(events.map((e) => e.name)).toEqual(['wc_cart_emptied', 'updated_wc_div']);
  });

  it('with jQuery on the page, a quantity changed by the −/+ buttons (change through jQuery only) enables update cart', async () => {
    const { installJQueryStandIn } = await import('../../test/helpers/cart');
    await installJQueryStandIn();
    seedCart();
    usePageGlobals('cart.html');
    await mountPage(await fixtureBody('cart.html'), only('cart-page', 'quantity'));
    expect(updateButton().disabled).toBe(true);
    $<HTMLButtonElement>(`.product-quantity .plus`)!.click();
    expect(updateButton().disabled).toBe(false);
  });

  it('listens for wc_update_cart', async () => {
    await openCart();
    document.body.dispatchEvent(new CustomEvent('wc_update_cart', { detail: [false] }));
    await until(() => log('cart_form').length === 1);
    await idle();
    expect(log('cart_form')[0]?.body.update_cart).toBe('Update Cart');
  });

  it('presses update from Avada links', async () => {
    await openCart();
    qty(TOTE).value = '5';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    $('.fusion-update-cart')!.click();
    await until(() => log('cart_form').length === 1);
    await idle();
    expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(5);
  });

  for (const failure of ['offline', 'http500', 'not-json', 'wrong-shape'] as const) {
    it(`keeps what was typed and says what happened when the update fails (${failure})`, async () => {
      await openCart();
      failNext('cart_form', failure);
      qty(TOTE).value = '7';
      qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
      press(updateButton());
      await idle();
      const error = $('.woocommerce-notices-wrapper ul.woocommerce-error[role="alert"]');
      expect(error?.textContent).toMatch(
        failure === 'offline' ? /You are probably offline\./ : failure === 'http500' ? /HTTP 500/ : /not what the shop should send/,
      );
      expect(qty(TOTE).value).toBe('7');
      expect(updateButton().disabled).toBe(false);
      expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(2);
      // Retrying works.
      press(updateButton());
      await until(() => log('cart_form').length === 2);
      await idle();
      expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(7);
      expect($('.woocommerce-notices-wrapper ul.woocommerce-error')).toBeNull();
    });
  }

  it('gives up on a slow answer after the timeout, keeping the form', async () => {
    usePageGlobals('cart.html', { wc_cart_fragments_params: { request_timeout: '50' } });
    seedCart();
    await mountPage(await fixtureBody('cart.html'), only('cart-page'));
    failNext('cart_form', 'slow');
    qty(TOTE).value = '9';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    await until(() => !!$('.woocommerce-error'), 'the timeout message');
    expect($('.woocommerce-error')?.textContent).toContain('took too long');
    expect(qty(TOTE).value).toBe('9');
  });
});

describe('cart page: coupons', () => {
  const couponField = () => $<HTMLInputElement>('#coupon_code')!;
  const applyButton = () => $<HTMLButtonElement>('button[name="apply_coupon"]')!;

  it('applies a coupon over wc-ajax, shows the notice, refreshes the cart keeping it, and fires applied_coupon', async () => {
    await openCart();
    const events = recordEvents('applied_coupon', 'updated_wc_div');
    couponField().value = 'spring10';
    press(applyButton());
    await until(() => log('cart_form').length === 1, 'the refresh');
    await idle();
    expect(log('apply_coupon')[0]?.body).toMatchObject({ security: NONCES.applyCoupon, coupon_code: 'spring10' });
    expect(log('cart_form')[0]?.body.update_cart).toBe('Update Cart');
    expect($('.woocommerce-notices-wrapper .woocommerce-message')?.textContent).toContain('Coupon code applied successfully.');
    expect($('tr.cart-discount.coupon-spring10 a.woocommerce-remove-coupon[data-coupon="spring10"]')).not.toBeNull();
    expect(couponField().value).toBe('');
    expect(events.filter((e) => e.name === 'applied_coupon').map((e) => e.detail)).toEqual([['spring10']]);
  });

  it('shows a refused coupon inline, tied to the field, keeping the code', async () => {
    await openCart();
    const events = recordEvents('applied_coupon');
    couponField().focus();
    couponField().value = 'nope';
    couponField().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await until(() => !!document.getElementById('coupon-error-message'), 'the inline error');
    await idle();
    const message = $('p.coupon-error-message#coupon-error-message')!;
    expect(message.textContent).toBe('Coupon "nope" cannot be applied because it does not exist.');
    expect(couponField().classList.contains('has-error')).toBe(true);
    expect(couponField().getAttribute('aria-invalid')).toBe('true');
    expect(couponField().getAttribute('aria-describedby')).toBe('coupon-error-message');
    expect(couponField().value).toBe('nope');
    expect(document.activeElement).toBe(couponField());
    expect(log('cart_form')).toHaveLength(0);
    expect(events).toHaveLength(0);
    // Typing again clears the error.
    couponField().dispatchEvent(new Event('input', { bubbles: true }));
    expect(document.getElementById('coupon-error-message')).toBeNull();
    expect(couponField().hasAttribute('aria-invalid')).toBe(false);
  });

  for (const failure of ['offline', 'http500', 'not-json', 'wrong-shape'] as const) {
    it(`says inline why a coupon could not be applied (${failure})`, async () => {
      await openCart();
      failNext('apply_coupon', failure);
      couponField().value = 'spring10';
      press(applyButton());
      await until(() => !!document.getElementById('coupon-error-message'), 'the inline error');
      expect($('#coupon-error-message')?.textContent).toMatch(
        failure === 'offline' ? /offline/ : failure === 'http500' ? /HTTP 500/ : /not what the shop should send/,
      );
      expect(couponField().value).toBe('spring10');
      expect(checkoutState().coupons).toEqual([]);
    });
  }

  it("applies from Avada's promotional code box", async () => {
    await openCart();
    $<HTMLInputElement>('#avada_coupon_code')!.value = 'spring10';
    $('.fusion-apply-coupon')!.click();
    await until(() => log('cart_form').length === 1, 'the refresh');
    await idle();
    expect(log('apply_coupon')[0]?.body.coupon_code).toBe('spring10');
    expect(checkoutState().coupons).toEqual(['spring10']);
  });

  it('removes a coupon with data-coupon and fires removed_coupon', async () => {
    await openCart(() => void (checkoutState().coupons = ['spring10']));
    // The fixture prints no coupon: the mock's page after a refresh does.
    document.body.dispatchEvent(new CustomEvent('wc_update_cart', { detail: [true] }));
    await until(() => !!$('a.woocommerce-remove-coupon'), 'the coupon row');
    await idle();
    const events = recordEvents('removed_coupon');
    $('a.woocommerce-remove-coupon')!.click();
    await until(() => log('cart_form').length === 2, 'the refresh');
    await idle();
    expect(log('remove_coupon')[0]?.body).toMatchObject({ security: NONCES.removeCoupon, coupon: 'spring10' });
    expect($('.woocommerce-message')?.textContent).toContain('Coupon has been removed.');
    expect($('tr.cart-discount')).toBeNull();
    expect(events.map((e) => e.detail)).toEqual([['spring10']]);
  });
});

describe('cart page: remove and undo', () => {
  it('removes an item by GET of its link, shows the undo notice, fires item_removed_from_classic_cart and focuses the notice', async () => {
    await openCart();
    const events = recordEvents('item_removed_from_classic_cart', 'updated_wc_div');
    const link = $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!;
    link.focus();
    link.click();
    await until(() => events.length === 2, 'the events');
    await idle();
    expect(log('remove_item')).toHaveLength(1);
    expect(state.cart.map((l) => l.key)).toEqual([TOTE]);
    expect($(`input[name="cart[${MUG}][qty]"]`)).toBeNull();
    const notice = $('.woocommerce-notices-wrapper .woocommerce-message')!;
    expect(notice.textContent).toContain('“Enamel mug” removed.');
    expect(events.map((e) => e.name)).toEqual(['updated_wc_div', 'item_removed_from_classic_cart']);
    expect(document.activeElement).toBe(notice);
    expect(notice.getAttribute('tabindex')).toBe('-1');

    $('a.restore-item')!.click();
    await until(() => log('undo_item').length === 1 && !!$(`input[name="cart[${MUG}][qty]"]`), 'the undo');
    await idle();
    expect(state.cart.map((l) => l.key).toSorted()).toEqual([MUG, TOTE].toSorted());
  });

  it('supports Space on the remove link (role=button)', async () => {
    await openCart();
    const link = $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!;
    const key = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    link.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    await until(() => log('remove_item').length === 1);
    await idle();
  });

  it('ignores a second click while the first call runs', async () => {
    await openCart();
    state.latency.set('remove_item', 50);
    $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!.click();
    $<HTMLAnchorElement>(`.product-remove a[href*="${TOTE}"]`)!.click();
    await until(() => log('remove_item').length === 1);
    await idle();
    await settle();
    expect(log('remove_item')).toHaveLength(1);
    expect(state.cart.map((l) => l.key)).toEqual([TOTE]);
  });

  it('remembers an update asked for from outside the form while a call runs (Avada link, wc_update_cart), and makes it after', async () => {
    await openCart();
    state.latency.set('update_shipping_method', 80);
    const pickup = $<HTMLInputElement>('input.shipping_method[value="local_pickup:3"]')!;
    pickup.checked = true;
    pickup.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => log('update_shipping_method').length === 1, 'the shipping call');
    expect(form().classList.contains('processing')).toBe(true);
    qty(TOTE).value = '4';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    $('.fusion-update-cart')!.click();
    document.body.dispatchEvent(new CustomEvent('wc_update_cart', { detail: [true] }));
    await until(() => log('cart_form').length === 1, 'the remembered update');
    await idle();
    await settle();
    // Both asks made one update, after the shipping call, with what the shopper typed.
    expect(log('cart_form')).toHaveLength(1);
    expect(log('cart_form')[0]!.at).toBeGreaterThanOrEqual(log('update_shipping_method')[0]!.at);
    expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(4);
    expect(qty(TOTE).value).toBe('4');
  });

  it('queues a coupon from Avada’s box while a call runs instead of dropping it', async () => {
    await openCart();
    state.latency.set('update_shipping_method', 80);
    const pickup = $<HTMLInputElement>('input.shipping_method[value="local_pickup:3"]')!;
    pickup.checked = true;
    pickup.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => log('update_shipping_method').length === 1, 'the shipping call');
    $<HTMLInputElement>('#avada_coupon_code')!.value = 'spring10';
    $('.fusion-apply-coupon')!.click();
    await until(() => log('apply_coupon').length === 1, 'the queued coupon');
    await until(() => log('cart_form').length === 1, 'the refresh after the coupon');
    await idle();
    expect(checkoutState().coupons).toEqual(['spring10']);
  });

  it('never lets an answer overwrite a quantity typed while the call ran', async () => {
    await openCart();
    state.latency.set('remove_item', 80);
    $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!.click();
    await until(() => log('remove_item').length === 1, 'the remove');
    // Typed (pasted) into the other line while the cart is busy: the server has not seen it.
    qty(TOTE).value = '7';
    qty(TOTE).dispatchEvent(new Event('input', { bubbles: true }));
    await idle();
    await settle();
    expect($(`.product-remove a[href*="${MUG}"]`)).toBeNull();
    expect(qty(TOTE).value).toBe('7');
    expect(updateButton().disabled).toBe(false);
    expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(2);
    // And it is what the next update sends.
    press(updateButton());
    await until(() => log('cart_form').length === 1, 'the update');
    await idle();
    expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(7);
    expect(qty(TOTE).value).toBe('7');
    expect(updateButton().disabled).toBe(true);
  });

  it('removing the last item shows the empty cart, and undo still works there', async () => {
    state.cart = [];
    seedCart();
    state.cart = state.cart.filter((l) => l.key === MUG);
    usePageGlobals('cart.html');
    await mountPage(await fixtureBody('cart.html'), only('cart-page', 'notices'));
    // The fixture still shows the tote: refresh to the mock's cart first.
    document.body.dispatchEvent(new CustomEvent('wc_update_cart', { detail: [false] }));
    await until(() => !$(`input[name="cart[${TOTE}][qty]"]`), 'the refresh');
    await idle();
    $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!.click();
    await until(() => !!$('.wc-empty-cart-message') && !!$('a.restore-item'), 'the empty cart');
    await settle(5);
    $('a.restore-item')!.click();
    await until(() => !!$(`input[name="cart[${MUG}][qty]"]`), 'the restored cart');
    expect(log('undo_item')).toHaveLength(1);
  });

  it('shows an error and keeps the row when removing fails', async () => {
    await openCart();
    failNext('remove_item', 'http500');
    $<HTMLAnchorElement>(`.product-remove a[href*="${MUG}"]`)!.click();
    await until(() => !!$('.woocommerce-error'), 'the error');
    await idle();
    expect($(`input[name="cart[${MUG}][qty]"]`)).not.toBeNull();
    expect(state.cart).toHaveLength(2);
  });
});

describe('cart page: shipping', () => {
  const radio = (value: string) => $<HTMLInputElement>(`input.shipping_method[value="${value}"]`)!;

  it('posts update_shipping_method with the data-index and replaces the totals', async () => {
    await openCart();
    const events = recordEvents('updated_cart_totals', 'updated_shipping_method');
    radio('local_pickup:3').checked = true;
    radio('local_pickup:3').dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => events.length === 2, 'the events');
    await idle();
    expect(log('update_shipping_method')[0]?.body).toMatchObject({
      security: NONCES.shippingMethod,
      'shipping_method[0]': 'local_pickup:3',
    });
    expect(radio('local_pickup:3').checked).toBe(true);
    expect($('.cart_totals .order-total')?.textContent).toContain('60.00');
    expect(events.map((e) => e.name)).toEqual(['updated_cart_totals', 'updated_shipping_method']);
  });

  it('puts the server’s method back and says so when the change fails', async () => {
    await openCart();
    failNext('update_shipping_method', 'offline');
    radio('local_pickup:3').checked = true;
    radio('local_pickup:3').dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => !!$('.woocommerce-error'), 'the error');
    await idle();
    expect($('.woocommerce-error')?.textContent).toContain('You are probably offline.');
    expect(radio('flat_rate:1').checked).toBe(true);
  });

  it('toggles the shipping calculator as a disclosure and posts it with calc_shipping=x', async () => {
    await openCart();
    const button = $('.shipping-calculator-button')!;
    const section = $('section.shipping-calculator-form')!;
    expect(button.getAttribute('role')).toBe('button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(section.id);
    const events = recordEvents('country_to_state_changed');
    const countryChanges: unknown[] = [];
    $('#calc_shipping_country')!.addEventListener('change', (e) => countryChanges.push((e as CustomEvent).detail));
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(section.style.display).not.toBe('none');
    // As WooCommerce's toggle: the country field's change (wc-country-select refreshes the state field), then the event.
    expect(countryChanges).toEqual([[]]);
    expect(events.map((e) => e.name)).toEqual(['country_to_state_changed']);
    $<HTMLInputElement>('#calc_shipping_postcode')!.value = '20095';
    $<HTMLInputElement>('#calc_shipping_city')!.value = 'Hamburg';
    press($('button[name="calc_shipping"]')!);
    await until(() => log('cart_form').length === 1);
    await idle();
    expect(log('cart_form')[0]?.body).toMatchObject({ calc_shipping: 'x', calc_shipping_postcode: '20095', calc_shipping_city: 'Hamburg' });
    expect($('.woocommerce-shipping-destination')?.textContent).toContain('Hamburg, 20095');
    expect($('.woocommerce-message')?.textContent).toContain('Shipping costs updated.');
    button.click();
  });

  it('answers Space on the calculator button the shopper moved to right after an update (the notice does not take focus back)', async () => {
    await openCart();
    qty(TOTE).value = '3';
    qty(TOTE).dispatchEvent(new Event('input', { bubbles: true }));
    updateButton().focus();
    press(updateButton());
    await idle();
    // The update button went with the answer: focus is on the notice that says what happened, at once.
    expect(document.activeElement).toBe($('.woocommerce-notices-wrapper .woocommerce-message'));
    const button = $('.shipping-calculator-button')!;
    button.focus();
    // Past WooCommerce's 500 ms notice focus, which is for a shopper who has not moved.
    await new Promise((r) => setTimeout(r, 600));
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(space);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect($('section.shipping-calculator-form')!.style.display).not.toBe('none');
  });
});

describe('cart page: overlay and globals', () => {
  it('blocks the form and totals with a white 0.6 overlay and .processing while a call runs', async () => {
    await openCart();
    state.latency.set('cart_form', 80);
    qty(TOTE).value = '3';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    expect(form().classList.contains('processing')).toBe(true);
    expect($('.cart_totals')!.classList.contains('processing')).toBe(true);
    expect(form().getAttribute('aria-busy')).toBe('true');
    const overlay = form().querySelector<HTMLElement>('.blockUI.blockOverlay')!;
    expect(overlay.style.background).toMatch(/#fff|rgb\(255, 255, 255\)/);
    await idle();
    expect(form().hasAttribute('aria-busy')).toBe(false);
  });

  it('does nothing without wc_cart_params: the form posts natively', async () => {
    seedCart();
    await mountPage(await fixtureBody('cart.html'), only('cart-page'));
    expect(updateButton().disabled).toBe(false);
  });

  it('fires the events through jQuery only when the page has it, with their arguments', async () => {
    const { installJQueryStandIn } = await import('../../test/helpers/cart');
    await installJQueryStandIn();
    const jq = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => void) => void } }).jQuery;
    const seen: unknown[][] = [];
    jq(document.body).on('applied_coupon', (_e: unknown, ...args: unknown[]) => seen.push(args));
    const native = vi.fn();
    document.body.addEventListener('applied_coupon', native);
    await openCart();
    $<HTMLInputElement>('#coupon_code')!.value = 'spring10';
    press($('button[name="apply_coupon"]')!);
    await until(() => log('cart_form').length === 1);
    await idle();
    expect(seen).toEqual([['spring10']]);
    expect(native).not.toHaveBeenCalled();
  });

  it('carries on when a theme handler of updated_wc_div or updated_cart_totals throws: no false error, logged once', async () => {
    const { installJQueryStandIn } = await import('../../test/helpers/cart');
    await installJQueryStandIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const jq = (
      window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: () => void) => void; off: (n: string, h: () => void) => void } }
    ).jQuery;
    const boom = () => {
      throw new Error('theme bug');
    };
    jq(document.body).on('updated_wc_div', boom);
    jq(document.body).on('updated_cart_totals', boom);
    try {
      await openCart();
      qty(TOTE).value = '3';
      qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
      press(updateButton());
      await until(() => log('cart_form').length === 1);
      await idle();
      await settle();
      expect(state.cart.find((l) => l.key === TOTE)?.quantity).toBe(3);
      expect($('.woocommerce-error')).toBeNull();
      expect($('.woocommerce-message')?.textContent).toContain('Cart updated.');
      expect(warn.mock.calls.filter((c) => String(c[0]).includes('cart-page: updated_cart_totals: a handler threw'))).toHaveLength(1);
      expect(warn.mock.calls.filter((c) => String(c[0]).includes('cart-page: updated_wc_div: a handler threw'))).toHaveLength(1);
    } finally {
      jq(document.body).off('updated_wc_div', boom);
      jq(document.body).off('updated_cart_totals', boom);
    }
  });
});

describe('cart page: a Storefront shop (notices printed above the page)', () => {
  const HOODIE = REALSHOP_KEYS.hoodie;
  async function openStorefrontCart(): Promise<void> {
    state.realshop = realshopCartPageSeed();
    usePageGlobals('storefront-cart.html');
    await mountPage(await fixtureBody('storefront-cart.html'), only('cart-page', 'notices'));
  }
  const visibleNotices = (text: string) =>
    [...document.querySelectorAll('.woocommerce-message, .woocommerce-error')].filter((n) => n.textContent?.includes(text));

  it('shows "Cart updated." from the theme\'s block above the page, once, though the answer\'s wrapper is empty', async () => {
    await openStorefrontCart();
    qty(HOODIE).value = '2';
    qty(HOODIE).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    await idle();
    expect(log('realshop_cart_form')).toHaveLength(1);
    expect(visibleNotices('Cart updated.')).toHaveLength(1);
    expect($('.cart_totals .order-total')?.textContent).toContain('133.99');
  });

  it('shows the removed line\'s "Undo?", which restores the line and the totals', async () => {
    await openStorefrontCart();
    $<HTMLAnchorElement>(`.product-remove a[href*="remove_item=${HOODIE}"]`)!.click();
    await until(() => !!$('a.restore-item'), 'the undo link');
    await idle();
    expect($(`input[name="cart[${HOODIE}][qty]"]`)).toBeNull();
    expect($('.cart_totals .order-total')?.textContent).toContain('43.99');
    $<HTMLAnchorElement>('a.restore-item')!.click();
    await until(() => !!$(`input[name="cart[${HOODIE}][qty]"]`), 'the line back');
    await idle();
    expect($('.cart_totals .order-total')?.textContent).toContain('88.99');
    expect($('a.restore-item')).toBeNull();
    expect(log('realshop_undo_item')).toHaveLength(1);
  });
});

describe('cart page: server HTML through the one sanitizer', () => {
  // Its chunk (DOMPurify) once up front: on a busy machine the first test would spend its time budget transforming it.
  beforeAll(() => import('../privacy/gated-sanitizer').then((m) => m.sanitizerReady()), 60_000);

  it('puts an answer page’s form, totals and notices in inert, with every field’s name, value and nonce', async () => {
    await openCart();
    server.use(
      http.post('*/cart/', () => {
        const area = cartArea(state, messageHtml(`Cart updated.${HOSTILE}`))
          .replace('<tbody>', `<tbody><tr class="hostile-row"><td colspan="6">${HOSTILE}</td></tr>`)
          .replace('<h2>Cart totals</h2>', `${HOSTILE}<h2>Cart totals</h2>`)
          // A plugin's field named as a form property: DOMPurify's clobbering guard would drop its name.
          .replace(
            '<button type="submit" class="button" name="update_cart"',
            '<input type="hidden" name="action" value="kept"><button type="submit" class="button" name="update_cart"',
          );
        const page = `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=https://evil.example/"></head><body><div class="post-content">${area}</div></body></html>`;
        return new HttpResponse(page, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
      }),
    );
    qty(TOTE).value = '3';
    qty(TOTE).dispatchEvent(new Event('change', { bubbles: true }));
    press(updateButton());
    await until(() => $('tr.hostile-row') !== null, 'the answer');
    await idle();
    expectInert(form());
    expectInert($('.cart_totals')!);
    expectInert($('.woocommerce-notices-wrapper')!);
    expect($('.woocommerce-notices-wrapper .woocommerce-message')?.textContent).toContain('Cart updated.');
    expect(qty(TOTE).name).toBe(`cart[${TOTE}][qty]`);
    expect($<HTMLInputElement>('#woocommerce-cart-nonce')?.value).toBe(NONCES.cart);
    expect($<HTMLInputElement>('form.woocommerce-cart-form input[name="action"]')?.value).toBe('kept');
    expect(form().getAttribute('action')).toBe('/cart/');
    expect($('a.remove')?.getAttribute('data-product_id')).not.toBeNull();
  });

  it('puts a shipping answer’s totals and a coupon answer’s notice in inert', async () => {
    await openCart();
    const original = { ...wcAjaxEndpoints };
    onTestFinished(() => void Object.assign(wcAjaxEndpoints, original));
    wcAjaxEndpoints.apply_coupon = async () =>
      new HttpResponse(messageHtml(`Coupon code applied successfully.${HOSTILE}`), { headers: { 'Content-Type': 'text/html' } });
    $<HTMLInputElement>('#coupon_code')!.value = 'spring10';
    press($<HTMLButtonElement>('button[name="apply_coupon"]')!);
    await until(() => $('.woocommerce-message .hostile-img') !== null, 'the coupon notice');
    await idle();
    expectInert($('.woocommerce-notices-wrapper')!);

    wcAjaxEndpoints.update_shipping_method = async () =>
      new HttpResponse(cartTotalsHtml(state).replace('<h2>', `${HOSTILE}<h2>`), { headers: { 'Content-Type': 'text/html' } });
    const other = $<HTMLInputElement>('input.shipping_method:not(:checked)')!;
    other.checked = true;
    other.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => $('.cart_totals .hostile-img') !== null, 'the totals');
    await idle();
    expectInert($('.cart_totals')!);
  });
});
