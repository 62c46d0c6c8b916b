import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { GATEWAYS, NONCES, checkoutState, paymentHtml, seedCart } from '../../fixtures/mock/checkout';
import { wcAjaxEndpoints } from '../../fixtures/mock/handlers';
import { failNext, state } from '../../fixtures/mock/state';
import { navigation } from '../../src/cart/navigate';
import { HOSTILE, expectInert } from '../../test/helpers/hostile';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';

const $ = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s);
const input = (id: string) => $<HTMLInputElement>(`#${id}`)!;
const row = (id: string) => $(`#${id}_field`)!;
const form = () => $<HTMLFormElement>('form.checkout')!;
const log = (endpoint: string) => state.log.filter((l) => l.endpoint === endpoint);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, what = 'condition') => {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await wait(5);
  }
  throw new Error(`timed out waiting for ${what}`);
};
const reviewIdle = () => until(() => !document.querySelector('.processing'), 'the checkout to be idle');

function recordEvents(...names: string[]): { name: string; detail: unknown; target: EventTarget | null }[] {
  const seen: { name: string; detail: unknown; target: EventTarget | null }[] = [];
  for (const name of names)
    document.body.addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail, target: e.target }));
  return seen;
}

function stubNavigation() {
  const { go: originalGo, reload: originalReload } = navigation;
  const go = vi.fn();
  const reload = vi.fn();
  navigation.go = go;
  navigation.reload = reload;
  return {
    go,
    reload,
    restore: () => {
      navigation.go = originalGo;
      navigation.reload = originalReload;
    },
  };
}

/** The test-only jQuery stand-in (jQuery's event semantics: a throwing handler throws out of trigger()). */
type JQueryLike = (target: unknown) => {
  on: (name: string, handler: (...args: unknown[]) => unknown) => void;
  off: (name: string, handler: (...args: unknown[]) => unknown) => void;
};
async function withJQuery(): Promise<JQueryLike> {
  const { installJQueryStandIn } = await import('../../test/helpers/cart');
  await installJQueryStandIn();
  return (window as unknown as { jQuery: JQueryLike }).jQuery;
}

async function openCheckout(page = 'checkout.html', overrides: Record<string, unknown> = {}): Promise<void> {
  seedCart();
  usePageGlobals(page, overrides);
  await mountPage(await fixtureBody(page), only('checkout'));
  await until(() => log('update_order_review').length === 1, 'the review on load');
  await reviewIdle();
}

function fill(values: Record<string, string>): void {
  for (const [id, value] of Object.entries(values)) {
    const el = $<HTMLInputElement | HTMLSelectElement>(`#${id}`)!;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
const BILLING = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_address_1: 'Main 1',
  billing_postcode: '10115',
  billing_city: 'Berlin',
  billing_phone: '+49 30 1234',
  billing_email: 'ada@example.com',
};
const submit = () => form().dispatchEvent(new SubmitEvent('submit', { submitter: $('#place_order'), bubbles: true, cancelable: true }));

// The chunks the first review answer loads (the sanitizer with DOMPurify, the fragments' code), transformed once up
// front: on a busy machine the first test spent its time budget on it.
beforeAll(() => Promise.all([import('../privacy/gated-sanitizer').then((m) => m.sanitizerReady()), import('./fragments')]), 60_000);

describe('checkout: mount and review', () => {
  it('sets novalidate, fires init_checkout and refreshes the review once on load with WooCommerce’s fields', async () => {
    const events = recordEvents('init_checkout', 'updated_checkout');
    await openCheckout();
    expect(form().getAttribute('novalidate')).toBe('novalidate');
    expect(events.map((e) => e.name)).toEqual(['init_checkout', 'updated_checkout']);
    const [call] = log('update_order_review');
    expect(call?.body).toMatchObject({
      security: NONCES.orderReview,
      payment_method: 'bacs',
      country: 'DE',
      s_country: 'DE',
      has_full_address: 'false',
      'shipping_method[0]': 'flat_rate:1',
    });
    expect(String(call?.body.post_data)).toContain('billing_country=DE');
  });

  it('does nothing without wc_checkout_params: the form posts natively', async () => {
    seedCart();
    await mountPage(await fixtureBody('checkout.html'), only('checkout'));
    await wait(30);
    expect(form().hasAttribute('novalidate')).toBe(false);
    expect(log('update_order_review')).toHaveLength(0);
  });

  it('updates after a shipping method change, sending it by data-index', async () => {
    await openCheckout();
    const radio = $<HTMLInputElement>('input.shipping_method[value="local_pickup:3"]')!;
    radio.checked = true;
    radio.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => log('update_order_review').length === 2);
    await reviewIdle();
    expect(log('update_order_review')[1]?.body['shipping_method[0]']).toBe('local_pickup:3');
    expect($('.woocommerce-checkout-review-order-table .order-total')?.textContent).toContain('60.00');
    expect($<HTMLInputElement>('input.shipping_method[value="local_pickup:3"]')!.checked).toBe(true);
  });

  it('with jQuery on the page, a country picked in an enhanced select (change through jQuery only) validates and refreshes the review', async () => {
    await withJQuery();
    await openCheckout();
    const select = $<HTMLSelectElement>('#billing_country')!;
    // selectWoo: `$element.val(x).trigger('change')`, which native listeners never see.
    select.value = '';
    (window as unknown as { jQuery: (t: unknown) => { trigger: (n: string) => void } }).jQuery(select).trigger('change');
    expect(row('billing_country').classList.contains('woocommerce-invalid-required-field')).toBe(true);
    select.value = 'FR';
    (window as unknown as { jQuery: (t: unknown) => { trigger: (n: string) => void } }).jQuery(select).trigger('change');
    expect(row('billing_country').classList.contains('woocommerce-validated')).toBe(true);
    await until(() => log('update_order_review').length >= 2, 'a review after the change');
    await reviewIdle();
    expect(log('update_order_review').at(-1)?.body.country).toBe('FR');
  });

  it('coalesces triggers into one request and lets the newest answer win', async () => {
    await openCheckout();
    state.latency.set('update_order_review', 60);
    fill({ billing_country: 'AT' });
    $<HTMLInputElement>('#ship-to-different-address-checkbox')!.click();
    document.body.dispatchEvent(new CustomEvent('update_checkout'));
    await until(() => log('update_order_review').length === 2);
    await wait(20);
    // A newer request while one is in flight: the older is aborted and its answer never rendered.
    state.latency.set('update_order_review', 0);
    fill({ billing_country: 'FR' });
    await until(() => log('update_order_review').length === 3);
    await reviewIdle();
    await wait(80);
    expect(log('update_order_review')).toHaveLength(3);
    expect(log('update_order_review')[2]?.body.country).toBe('FR');
    expect(checkoutState().customer.country).toBe('DE'); // shipping elsewhere: s_country is the shipping one
  });

  it('updates 1000 ms after typing in an address, once the address block is complete', async () => {
    await openCheckout();
    fill({ billing_address_1: 'Main 1', billing_postcode: '10115' });
    await wait(1100);
    expect(log('update_order_review')).toHaveLength(1); // city still empty
    fill({ billing_city: 'Berlin' });
    await wait(1100);
    await until(() => log('update_order_review').length === 2);
    await reviewIdle();
    expect(log('update_order_review')[1]?.body).toMatchObject({ city: 'Berlin', address: 'Main 1', has_full_address: 'true' });
  });

  it('keeps gateway fields and the terms box when the payment fragment is replaced', async () => {
    await openCheckout();
    const gift = $<HTMLInputElement>('#payment_method_giftcard')!;
    gift.checked = true;
    gift.dispatchEvent(new Event('change', { bubbles: true }));
    input('giftcard_number').value = 'GC-1234';
    input('terms').checked = true;
    document.body.dispatchEvent(new CustomEvent('update_checkout'));
    await until(() => log('update_order_review').length === 2);
    await reviewIdle();
    await wait(20);
    expect(input('giftcard_number').value).toBe('GC-1234');
    expect(input('terms').checked).toBe(true);
    expect($<HTMLInputElement>('#payment_method_giftcard')!.checked).toBe(true);
  });

  it('says so and keeps every value when the review cannot be updated', async () => {
    for (const failure of ['offline', 'http500', 'not-json', 'wrong-shape'] as const) failNext('update_order_review', failure);
    seedCart();
    usePageGlobals('checkout.html');
    await mountPage(await fixtureBody('checkout.html'), only('checkout'));
    const messages: string[] = [];
    for (let i = 1; i <= 4; i++) {
      if (i > 1) document.body.dispatchEvent(new CustomEvent('update_checkout'));
      await until(() => log('update_order_review').length === i && !!$('.woocommerce-NoticeGroup-updateOrderReview'), `failure ${i}`);
      await reviewIdle();
      messages.push($('.woocommerce-NoticeGroup-updateOrderReview ul.woocommerce-error[role="alert"]')!.textContent ?? '');
      $('.woocommerce-NoticeGroup-updateOrderReview')!.remove();
    }
    expect(messages[0]).toContain('You are probably offline.');
    expect(messages[1]).toContain('HTTP 500');
    expect(messages[2]).toContain('not a valid JSON response');
    expect(messages[3]).toContain('not what the shop should send');
    expect($('.woocommerce-checkout-review-order-table')).not.toBeNull();
  });

  it('replaces the form when the session expired', async () => {
    seedCart();
    checkoutState().sessionExpired = true;
    usePageGlobals('checkout.html');
    await mountPage(await fixtureBody('checkout.html'), only('checkout'));
    await until(() => !$('form.checkout'), 'the form to be replaced');
    expect($('.woocommerce-error')?.textContent).toContain('Sorry, your session has expired.');
  });
});

describe('checkout: fields', () => {
  it("under a pressed pointer, a blur sets the field's state and description at once and displays the message only after the release", async () => {
    await openCheckout();
    const field = input('billing_first_name');
    $('#place_order')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(row('billing_first_name').classList.contains('woocommerce-invalid-required-field')).toBe(true);
    const message = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe('First name is a required field.');
    expect(message.style.display).toBe('none');
    window.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    expect(message.style.display).toBe('none');
    await until(() => message.style.display === '', 'the message after the click');
  });

  it('marks an empty required field invalid on focusout with a tied message, clears it on input, validates on change', async () => {
    await openCheckout();
    const field = input('billing_first_name');
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(row('billing_first_name').classList.contains('woocommerce-invalid')).toBe(true);
    expect(row('billing_first_name').classList.contains('woocommerce-invalid-required-field')).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(message.matches('p.checkout-inline-error-message#billing_first_name_description')).toBe(true);
    expect(message.textContent).toBe('First name is a required field.');
    field.value = 'A';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(row('billing_first_name').classList.contains('woocommerce-invalid')).toBe(false);
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect($('#billing_first_name_description')).toBeNull();
    field.dispatchEvent(new Event('change', { bubbles: true }));
    expect(row('billing_first_name').classList.contains('woocommerce-validated')).toBe(true);
  });

  it('checks email and phone formats', async () => {
    await openCheckout();
    fill({ billing_email: 'ada@', billing_phone: 'call me' });
    expect(row('billing_email').className).toContain('woocommerce-invalid-email');
    expect(row('billing_phone').className).toContain('woocommerce-invalid-phone');
    expect($('#billing_email_description')?.textContent).toBe('Email address is not a valid email address.');
    fill({ billing_email: 'ada@example.com', billing_phone: '+49 (30) 12-34' });
    expect(row('billing_email').className).toContain('woocommerce-validated');
    expect(row('billing_phone').className).toContain('woocommerce-validated');
  });

  it('validates a field on a third-party validate event', async () => {
    await openCheckout();
    input('billing_last_name').dispatchEvent(new CustomEvent('validate', { bubbles: true }));
    expect(row('billing_last_name').classList.contains('woocommerce-invalid-required-field')).toBe(true);
  });
});

describe('checkout: payment methods and toggles', () => {
  it('toggles payment boxes, relabels #place_order and fires payment_method_selected', async () => {
    await openCheckout();
    const events = recordEvents('payment_method_selected');
    const paypal = $<HTMLInputElement>('#payment_method_paypal')!;
    paypal.checked = true;
    paypal.dispatchEvent(new Event('change', { bubbles: true }));
    expect($('.payment_box.payment_method_paypal')!.style.display).toBe('');
    expect($('.payment_box.payment_method_bacs')!.style.display).toBe('none');
    expect($('#place_order')!.textContent).toBe('Proceed to PayPal');
    const bacs = $<HTMLInputElement>('#payment_method_bacs')!;
    bacs.checked = true;
    bacs.dispatchEvent(new Event('change', { bubbles: true }));
    expect($('#place_order')!.textContent).toBe('Place order');
    expect(events).toHaveLength(2);
  });

  it('fires payment_method_selected once at mount (before init_checkout), not again for an unchanged method', async () => {
    seedCart();
    usePageGlobals('checkout.html');
    const events = recordEvents('payment_method_selected', 'init_checkout', 'updated_checkout');
    await mountPage(await fixtureBody('checkout.html'), only('checkout'));
    await until(() => log('update_order_review').length === 1, 'the review on load');
    await reviewIdle();
    expect(events.map((e) => e.name)).toEqual(['payment_method_selected', 'init_checkout', 'updated_checkout']);
  });

  it('keeps the shopper’s payment method when a review answer sent before the change checks another', async () => {
    await openCheckout();
    const original = wcAjaxEndpoints.update_order_review!;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    wcAjaxEndpoints.update_order_review = async (request) => {
      const response = await original(request);
      const data = (await response.json()) as { fragments: Record<string, string> };
      await held;
      // The server answers for the method it was sent (bacs), with markup that differs from the last answer (a
      // marker the sanitizer keeps: it drops comments).
      data.fragments['.woocommerce-checkout-payment'] = paymentHtml('bacs').replace('<ul', '<ul data-later');
      return Response.json(data);
    };
    try {
      fill({ billing_country: 'AT' });
      await until(() => log('update_order_review').length === 2, 'the second review');
      const paypal = $<HTMLInputElement>('#payment_method_paypal')!;
      paypal.checked = true;
      paypal.dispatchEvent(new Event('change', { bubbles: true }));
      release();
      await until(() => $('ul[data-later]') !== null, 'the new payment fragment');
      await reviewIdle();
      expect($<HTMLInputElement>('#payment_method_paypal')!.checked).toBe(true);
      expect($('#place_order')!.textContent).toBe('Proceed to PayPal');
    } finally {
      wcAjaxEndpoints.update_order_review = original;
    }
  });

  it('tells plugins updated_checkout only once the new payment markup is in place, restored and initialised', async () => {
    await openCheckout();
    $<HTMLInputElement>('#terms')!.checked = true;
    const original = wcAjaxEndpoints.update_order_review!;
    // The shopper's method (bacs) is gone from the answer: the first one left is checked, and announced first.
    wcAjaxEndpoints.update_order_review = async (request) => {
      const response = await original(request);
      const data = (await response.json()) as { fragments: Record<string, string> };
      data.fragments['.woocommerce-checkout-payment'] = paymentHtml('bacs', GATEWAYS.slice(1));
      return Response.json(data);
    };
    onTestFinished(() => {
      wcAjaxEndpoints.update_order_review = original;
    });
    const seen: string[] = [];
    const record = (name: string) => () =>
      seen.push(
        `${name}: ${$('#payment_method_bacs') ? 'old' : 'new'} markup, terms ${$<HTMLInputElement>('#terms')!.checked}, ` +
          `checked ${$<HTMLInputElement>('input[name="payment_method"]:checked')?.value}`,
      );
    document.body.addEventListener('payment_method_selected', record('payment_method_selected'));
    document.body.addEventListener('updated_checkout', record('updated_checkout'));
    fill({ billing_country: 'AT' });
    await until(() => seen.length === 2, 'the review answer applied');
    const first = GATEWAYS[1]!.id;
    expect(seen).toEqual([
      `payment_method_selected: new markup, terms true, checked ${first}`,
      `updated_checkout: new markup, terms true, checked ${first}`,
    ]);
  });

  it('hides the radio of a single payment method', async () => {
    seedCart();
    usePageGlobals('checkout.html');
    const { paymentHtml, GATEWAYS } = await import('../../fixtures/mock/checkout');
    const body = (await fixtureBody('checkout.html')).replace(/<div id="payment"[\s\S]*?<\/button>/, () =>
      paymentHtml('bacs', [GATEWAYS[0]]).replace(/<input type="hidden" id="woocommerce-process[\s\S]*$/, ''),
    );
    await mountPage(body, only('checkout'));
    expect($<HTMLInputElement>('#payment_method_bacs')!.style.display).toBe('none');
  });

  it('shows the shipping address only when shipping elsewhere, and refreshes the review', async () => {
    await openCheckout();
    const box = $('div.shipping_address')!;
    expect(box.style.display).toBe('none');
    $<HTMLInputElement>('#ship-to-different-address-checkbox')!.click();
    expect(box.style.display).toBe('');
    await until(() => log('update_order_review').length === 2);
    await reviewIdle();
  });

  it('follows #ship-to-different-address-checkbox also when a template prints it without the #ship-to-different-address heading', async () => {
    seedCart();
    usePageGlobals('checkout.html');
    const body = (await fixtureBody('checkout.html')).replace('<h3 id="ship-to-different-address">', '<h3 class="ship-to-elsewhere">');
    await mountPage(body, only('checkout'));
    await until(() => log('update_order_review').length === 1, 'the review on load');
    await reviewIdle();
    const box = $('div.shipping_address')!;
    expect(box.style.display).toBe('none');
    $<HTMLInputElement>('#ship-to-different-address-checkbox')!.click();
    expect(box.style.display).toBe('');
    await until(() => log('update_order_review').length === 2, 'the review after the change');
    await reviewIdle();
  });

  it('toggles the coupon form as a disclosure and applies a coupon in checkout', async () => {
    await openCheckout();
    const events = recordEvents('applied_coupon_in_checkout', 'update_checkout');
    const toggle = $('a.showcoupon')!;
    const couponForm = $<HTMLFormElement>('form.checkout_coupon')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(couponForm.style.display).not.toBe('none');
    expect(document.activeElement).toBe(input('coupon_code'));
    input('coupon_code').value = 'nope';
    couponForm.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    await until(() => !!$('#coupon-error-message'), 'the inline error');
    expect(input('coupon_code').getAttribute('aria-describedby')).toBe('coupon-error-message');
    expect(input('coupon_code').classList.contains('has-error')).toBe(true);
    input('coupon_code').value = 'spring10';
    couponForm.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    await until(() => events.some((e) => e.name === 'update_checkout'), 'the update');
    expect(events.find((e) => e.name === 'applied_coupon_in_checkout')?.detail).toEqual(['spring10']);
    expect(events.find((e) => e.name === 'update_checkout')?.detail).toEqual([{ update_shipping_method: false }]);
    expect(log('apply_coupon')[1]?.body).toMatchObject({ security: NONCES.applyCoupon, coupon_code: 'spring10', billing_email: '' });
    expect(couponForm.style.display).toBe('none');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await until(() => log('update_order_review').length === 2);
    await reviewIdle();
    expect(log('update_order_review')[1]?.body['shipping_method[0]']).toBeUndefined();
    expect($('tr.cart-discount.coupon-spring10')).not.toBeNull();
  });
});

describe('checkout: place order', () => {
  it('shows the server’s errors as a notice group with inline messages, fires checkout_error and focuses the first field', async () => {
    await openCheckout('checkout-onepage.html');
    const lastCheckoutAnswer = { messages: '' };
    const original = wcAjaxEndpoints.checkout!;
    wcAjaxEndpoints.checkout = async (request) => {
      const response = await original(request);
      lastCheckoutAnswer.messages = ((await response.clone().json()) as { messages: string }).messages;
      return response;
    };
    onTestFinished(() => void (wcAjaxEndpoints.checkout = original));
    const events = recordEvents('checkout_error');
    submit();
    expect(form().classList.contains('processing')).toBe(true);
    await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the errors');
    const group = $('form.checkout > .woocommerce-NoticeGroup.woocommerce-NoticeGroup-checkout')!;
    expect(group).not.toBeNull();
    expect(group.querySelector('ul.woocommerce-error[role="alert"] li[data-id="billing_first_name"]')).not.toBeNull();
    expect($('#billing_first_name_description')?.textContent).toBe('Billing First name is a required field.');
    expect(input('billing_first_name').getAttribute('aria-describedby')).toContain('billing_first_name_description');
    expect($('#terms_description')?.textContent).toContain('terms and conditions');
    expect(document.activeElement).toBe(input('billing_first_name'));
    expect(form().classList.contains('processing')).toBe(false);
    expect(events).toHaveLength(1);
    expect(String((events[0]!.detail as unknown[])[0])).toContain('data-id="billing_first_name"');
    // The argument is the server's messages string itself, not our re-serialisation of it.
    expect((events[0]!.detail as unknown[])[0]).toBe(lastCheckoutAnswer.messages);
    expect(log('checkout')[0]?.body['woocommerce-process-checkout-nonce']).toBe(NONCES.checkout);
  });

  it('sends nothing when checkout_place_order or checkout_place_order_<gateway> cancels', async () => {
    await openCheckout('checkout-onepage.html');
    const cancel = (e: Event) => e.preventDefault();
    form().addEventListener('checkout_place_order_bacs', cancel);
    submit();
    await wait(30);
    form().removeEventListener('checkout_place_order_bacs', cancel);
    form().addEventListener('checkout_place_order', cancel);
    submit();
    await wait(30);
    expect(log('checkout')).toHaveLength(0);
    expect(form().classList.contains('processing')).toBe(false);
  });

  it('goes to the same-origin redirect on success, once, unless checkout_place_order_success cancels', async () => {
    const nav = stubNavigation();
    try {
      await openCheckout('checkout-onepage.html');
      fill(BILLING);
      input('terms').checked = true;
      const cancelOnce = (e: Event) => e.preventDefault();
      form().addEventListener('checkout_place_order_success', cancelOnce, { once: true });
      submit();
      submit(); // a second submit while the first is in flight sends nothing
      await until(() => log('checkout').length === 1 && !form().classList.contains('processing'));
      expect(nav.go).not.toHaveBeenCalled();
      seedCart();
      submit();
      await until(() => nav.go.mock.calls.length === 1, 'the redirect');
      expect(log('checkout')).toHaveLength(2);
      expect(nav.go.mock.calls[0]![0]).toMatch(/^http:\/\/127\.0\.0\.1:5173\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    } finally {
      nav.restore();
    }
  });

  it('follows a hosted gateway’s redirect to another origin (the order exists; the shopper pays there)', async () => {
    const nav = stubNavigation();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await openCheckout('checkout-onepage.html');
      fill(BILLING);
      input('terms').checked = true;
      const hosted = $<HTMLInputElement>('#payment_method_hosted_card')!;
      hosted.checked = true;
      hosted.dispatchEvent(new Event('change', { bubbles: true }));
      expect($('#place_order')!.textContent).toBe('Continue to payment');
      submit();
      await until(() => nav.go.mock.calls.length === 1, 'the redirect');
      expect(log('checkout')[0]?.body.payment_method).toBe('hosted_card');
      expect(nav.go.mock.calls[0]![0]).toMatch(/^http:\/\/localhost:5173\/gateway\/hosted-card\/\?order=\d+&key=wc_order_/);
      expect($('.woocommerce-NoticeGroup-checkout')).toBeNull();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      nav.restore();
    }
  });

  for (const redirect of [
    'javascript:alert(document.domain)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%6Aavascript:alert(1)',
    42,
  ]) {
    it(`refuses a ${JSON.stringify(redirect).slice(0, 24)} redirect with the inline error, one warning and the form as typed`, async () => {
      const nav = stubNavigation();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        await openCheckout('checkout-onepage.html');
        fill(BILLING);
        input('terms').checked = true;
        input('order_comments').value = 'Leave it at the door';
        checkoutState().redirect = redirect as string;
        submit();
        await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the error');
        expect(nav.go).not.toHaveBeenCalled();
        expect($('.woocommerce-NoticeGroup-checkout ul.woocommerce-error[role="alert"]')?.textContent).toContain(
          'There was an error processing your order',
        );
        expect($('.woocommerce-NoticeGroup-checkout a[href="/my-account/orders/"]')).not.toBeNull();
        expect(form().classList.contains('processing')).toBe(false);
        expect(input('billing_first_name').value).toBe('Ada');
        expect(input('billing_email').value).toBe('ada@example.com');
        expect(input('order_comments').value).toBe('Leave it at the door');
        expect(input('terms').checked).toBe(true);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toContain('checkout: redirect');
      } finally {
        nav.restore();
      }
    });
  }

  it('reloads for real when the answer says reload, also with a #fragment in the URL', async () => {
    const nav = stubNavigation();
    try {
      history.replaceState(null, '', '/checkout/#order_review');
      await openCheckout('checkout-onepage.html');
      fill(BILLING);
      input('terms').checked = true;
      checkoutState().reloadNext = true;
      submit();
      await until(() => nav.reload.mock.calls.length === 1, 'the reload');
      expect(nav.go).not.toHaveBeenCalled();
    } finally {
      nav.restore();
    }
  });

  for (const [failure, text] of [
    ['offline', 'You are probably offline.'],
    ['http500', 'HTTP 500'],
    ['not-json', 'not a valid JSON response'],
    ['wrong-shape', 'not what the shop should send'],
  ] as const) {
    it(`keeps every value and explains a failed place order (${failure})`, async () => {
      await openCheckout('checkout-onepage.html');
      fill(BILLING);
      failNext('checkout', failure);
      submit();
      await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the error');
      expect($('.woocommerce-NoticeGroup-checkout ul.woocommerce-error[role="alert"]')?.textContent).toContain(text);
      expect(input('billing_first_name').value).toBe('Ada');
      expect(input('billing_email').value).toBe('ada@example.com');
      expect(form().classList.contains('processing')).toBe(false);
      expect(document.activeElement).toBe($('.woocommerce-NoticeGroup-checkout'));
    });
  }

  it('gives up on a slow checkout after its timeout with a clear message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await openCheckout('checkout-onepage.html');
      failNext('checkout', 'slow');
      submit();
      await vi.advanceTimersByTimeAsync(61_000);
      await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the timeout');
      expect($('.woocommerce-NoticeGroup-checkout')?.textContent).toContain('took too long');
      expect($('.woocommerce-NoticeGroup-checkout')?.textContent).toContain('order history');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('checkout: theme and plugin handlers that throw', () => {
  const boom = () => {
    throw new Error('gateway script bug');
  };

  for (const name of ['checkout_place_order', 'checkout_place_order_bacs']) {
    it(`still places the order when a ${name} handler throws (logged once; a throw is not a "no")`, async () => {
      const nav = stubNavigation();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const $j = await withJQuery();
        await openCheckout('checkout-onepage.html');
        fill(BILLING);
        input('terms').checked = true;
        $j(form()).on(name, boom);
        submit();
        await until(() => nav.go.mock.calls.length === 1, 'the redirect');
        expect(log('checkout')).toHaveLength(1);
        expect(warn.mock.calls.filter((c) => String(c[0]).includes(`checkout: ${name}:`))).toHaveLength(1);
      } finally {
        nav.restore();
      }
    });
  }

  it('still cancels when a handler returns false (the guard changes nothing else)', async () => {
    const nav = stubNavigation();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const $j = await withJQuery();
      await openCheckout('checkout-onepage.html');
      $j(form()).on('checkout_place_order', () => false);
      submit();
      await wait(30);
      expect(log('checkout')).toHaveLength(0);
      expect(form().classList.contains('processing')).toBe(false);
    } finally {
      nav.restore();
    }
  });

  it('still redirects when a checkout_place_order_success handler throws, instead of leaving the form processing', async () => {
    const nav = stubNavigation();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const $j = await withJQuery();
      await openCheckout('checkout-onepage.html');
      fill(BILLING);
      input('terms').checked = true;
      $j(form()).on('checkout_place_order_success', boom);
      submit();
      await until(() => nav.go.mock.calls.length === 1, 'the redirect');
      expect(nav.go.mock.calls[0]![0]).toMatch(/\/checkout\/order-received\//);
      expect(warn.mock.calls.filter((c) => String(c[0]).includes('checkout: checkout_place_order_success:'))).toHaveLength(1);
    } finally {
      nav.restore();
    }
  });

  it('shows the server’s errors when a checkout_error handler throws, and keeps working for the next try', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const $j = await withJQuery();
    await openCheckout('checkout-onepage.html');
    $j(document.body).on('checkout_error', boom);
    $j(document.body).on('updated_checkout', boom);
    try {
      submit();
      await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the errors');
      expect(form().classList.contains('processing')).toBe(false);
      expect(document.activeElement).toBe(input('billing_first_name'));
      // Our own update_checkout listener, reached through the theme's trigger(), still schedules the review.
      document.body.dispatchEvent(new CustomEvent('update_checkout'));
      await until(() => log('update_order_review').length === 2, 'the review');
      await reviewIdle();
    } finally {
      // document.body outlives the test: later tests must not meet these handlers.
      $j(document.body).off('checkout_error', boom);
      $j(document.body).off('updated_checkout', boom);
    }
  });
});

describe('checkout: returning customer login', () => {
  it('toggles form.woocommerce-form-login from a.showlogin as a disclosure, focusing the first field', async () => {
    await openCheckout('checkout-onepage.html');
    const toggle = $('a.showlogin')!;
    const login = $<HTMLFormElement>('form.woocommerce-form-login')!;
    expect(toggle.getAttribute('role')).toBe('button');
    expect(toggle.getAttribute('aria-controls')).toBe(login.id);
    expect(login.id).not.toBe('');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    toggle.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(login.style.display).not.toBe('none');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(input('username'));
    toggle.click();
    expect(login.style.display).toBe('none');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // The coupon disclosure is its own.
    expect($('a.showcoupon')!.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with Space, as a button', async () => {
    await openCheckout('checkout-onepage.html');
    const toggle = $('a.showlogin')!;
    toggle.focus();
    const key = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    toggle.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('accepts the older form.login markup without a class of its own', async () => {
    seedCart();
    usePageGlobals('checkout-onepage.html');
    const body = (await fixtureBody('checkout-onepage.html')).replace(
      'class="woocommerce-form woocommerce-form-login login"',
      'class="login" id="my-login"',
    );
    await mountPage(body, only('checkout'));
    $('a.showlogin')!.click();
    expect($('a.showlogin')!.getAttribute('aria-controls')).toBe('my-login');
    expect($('#my-login')!.style.display).not.toBe('none');
  });
});

describe('checkout: Avada step tabs', () => {
  const visible = (sel: string) => $(sel)!.style.display !== 'none';
  it('shows one step, refuses to continue with invalid visible required fields, and says so in a focused alert', async () => {
    await openCheckout();
    expect(visible('.col-1')).toBe(true);
    expect(visible('.col-2')).toBe(false);
    expect(visible('#order_review')).toBe(false);
    expect(visible('#order_review_heading')).toBe(false);
    const events = recordEvents('avada_checkout_continue_field_validation', 'avada_checkout_error');
    $('.col-1 a.continue-checkout')!.click();
    const list = $('form.checkout > ul.woocommerce-error[role="alert"]')!;
    expect(list.querySelector('li.avada-checkout-error')?.textContent).toBe('Not all fields have been filled in correctly.');
    expect(document.activeElement).toBe(list);
    expect(visible('.col-1')).toBe(true);
    expect(visible('.col-2')).toBe(false);
    expect(events.map((e) => e.name)).toEqual(['avada_checkout_continue_field_validation', 'avada_checkout_error']);
    expect((events[0]!.target as Element).matches('.woocommerce')).toBe(true);
    expect(events[1]!.detail).toEqual(['Not all fields have been filled in correctly.']);
    expect(row('billing_first_name').classList.contains('woocommerce-invalid')).toBe(true);
    // Shipping fields are in the hidden step: not validated.
    expect(row('shipping_first_name').classList.contains('woocommerce-invalid')).toBe(false);

    fill(BILLING);
    $('.col-1 a.continue-checkout')!.click();
    expect($('.avada-checkout-error')).toBeNull();
    expect(visible('.col-1')).toBe(false);
    expect(visible('.col-2')).toBe(true);
    expect($('.woocommerce-checkout-nav li.is-active a')?.getAttribute('data-name')).toBe('col-2');
    expect($('.woocommerce-checkout-nav a[aria-current="step"]')?.getAttribute('data-name')).toBe('col-2');

    $('.woocommerce-checkout-nav a[data-name="order_review"]')!.click();
    expect(visible('#order_review')).toBe(true);
    expect(visible('#order_review_heading')).toBe(true);
    expect(visible('.col-2')).toBe(false);
  });

  it('uses the configured message and counts hidden and radio required inputs as valid', async () => {
    seedCart();
    usePageGlobals('checkout.html', { avadaWooCommerceVars: { woocommerce_checkout_error: 'Bitte alle Pflichtfelder ausfüllen.' } });
    const body = (await fixtureBody('checkout.html')).replace(
      '<div class="woocommerce-billing-fields__field-wrapper">',
      '<div class="woocommerce-billing-fields__field-wrapper"><p class="form-row validate-required" id="billing_state_field"><input type="hidden" name="billing_state" id="billing_state" value=""></p><p class="form-row validate-required" id="billing_kind_field"><span class="woocommerce-input-wrapper"><input type="radio" name="billing_kind" id="billing_kind_a" value="a"><label for="billing_kind_a">A</label></span></p>',
    );
    await mountPage(body, only('checkout'));
    $('.col-1 a.continue-checkout')!.click();
    expect($('li.avada-checkout-error')?.textContent).toBe('Bitte alle Pflichtfelder ausfüllen.');
    fill(BILLING);
    $('.col-1 a.continue-checkout')!.click();
    expect($('li.avada-checkout-error')).toBeNull();
    expect($('.col-2')!.style.display).toBe('');
  });

  it('guest checkout with an optional account: the account fields show only while #createaccount is ticked, and do not hold the billing step back', async () => {
    seedCart();
    usePageGlobals('checkout.html');
    // form-billing.php: the "Create an account?" box and div.create-account after the billing fields, in .col-1.
    const account =
      '<div class="woocommerce-account-fields"><p class="form-row form-row-wide create-account"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">' +
      '<input class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" id="createaccount" type="checkbox" name="createaccount" value="1"> <span>Create an account?</span></label></p>' +
      '<div class="create-account"><p class="form-row validate-required" id="account_password_field"><label for="account_password">Create account password&nbsp;<span class="required">*</span></label>' +
      '<span class="woocommerce-input-wrapper password-input"><input type="password" class="input-text" name="account_password" id="account_password" value="remembered"></span></p><div class="clear"></div></div></div>';
    const body = (await fixtureBody('checkout.html')).replace(
      '<a data-name="col-2" href="#" class="fusion-button',
      `${account}<a data-name="col-2" href="#" class="fusion-button`,
    );
    expect(body).toContain('id="createaccount"');
    await mountPage(body, only('checkout'));
    const fields = $('div.create-account')!;
    expect(fields.style.display).toBe('none');
    fill(BILLING);
    $('.col-1 a.continue-checkout')!.click();
    expect($('li.avada-checkout-error')).toBeNull();
    expect(visible('.col-2')).toBe(true);

    $('.woocommerce-checkout-nav a[data-name="col-1"]')!.click();
    $<HTMLInputElement>('#createaccount')!.click();
    expect(fields.style.display).toBe('');
    expect(input('account_password').value).toBe('');
    $('.col-1 a.continue-checkout')!.click();
    expect($('li.avada-checkout-error')).not.toBeNull();
    expect(row('account_password').classList.contains('woocommerce-invalid')).toBe(true);

    $<HTMLInputElement>('#createaccount')!.click();
    expect(fields.style.display).toBe('none');
    $('.col-1 a.continue-checkout')!.click();
    expect($('li.avada-checkout-error')).toBeNull();
    expect(visible('.col-2')).toBe(true);
  });

  it('shows the step of the first field the server refused', async () => {
    await openCheckout();
    fill(BILLING);
    $('.col-1 a.continue-checkout')!.click();
    $('.col-2 a.continue-checkout')!.click();
    input('billing_first_name').value = '';
    submit();
    await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the errors');
    expect($('.col-1')!.style.display).toBe('');
    expect(document.activeElement).toBe(input('billing_first_name'));
  });
});

describe('checkout: server HTML through the one sanitizer', () => {
  // Its chunk (DOMPurify) once up front: on a busy machine the first test would spend its time budget transforming it.
  beforeAll(() => import('../privacy/gated-sanitizer').then((m) => m.sanitizerReady()), 60_000);

  it('inserts review fragments inert, keeping a gateway’s fields with the names and ids it printed', async () => {
    await openCheckout();
    const original = wcAjaxEndpoints.update_order_review!;
    wcAjaxEndpoints.update_order_review = async (request) => {
      const data = (await (await original(request)).json()) as { fragments: Record<string, string> };
      // Names DOMPurify's clobbering guard would drop (a form's own properties): the gateway reads them server-side.
      const fields = '<input type="hidden" name="submit" value="token-1"><input type="text" id="action" name="action" value="charge">';
      data.fragments['.woocommerce-checkout-payment'] = paymentHtml('bacs').replace(
        '<p>Make your payment',
        `${HOSTILE}${fields}<p>Make your payment`,
      );
      data.fragments['.woocommerce-checkout-review-order-table'] += `<div class="review-extra">${HOSTILE}</div>`;
      return Response.json(data);
    };
    onTestFinished(() => void (wcAjaxEndpoints.update_order_review = original));
    fill({ billing_country: 'AT' });
    await until(() => $('#payment .hostile-img') !== null, 'the hostile fragment');
    await reviewIdle();
    expectInert($('.review-extra')!);
    // Issue 27: the payment fragment's script is put back (run, in a browser) as WooCommerce's jQuery runs it;
    // the rest of that box stays inert.
    const box = $('#payment .payment_box.payment_method_bacs')!;
    expect(box.querySelector('.hostile-img')?.hasAttribute('onerror')).toBe(false);
    expect(box.querySelector('.hostile-link')?.hasAttribute('href')).toBe(false);
    expect(box.querySelector('[srcdoc], meta')).toBeNull();
    expect([...box.querySelectorAll('script')].map((s) => s.text)).toEqual(['window.__pwned = 1']);
    expect($<HTMLInputElement>('#payment input[name="submit"]')?.value).toBe('token-1');
    expect($<HTMLInputElement>('#payment #action')?.name).toBe('action');
    expect($<HTMLInputElement>('#payment_method_bacs')?.checked).toBe(true);
    expect($<HTMLInputElement>('#woocommerce-process-checkout-nonce')?.value).toBe(NONCES.checkout);
    expect($('#payment .payment_box.payment_method_bacs')).not.toBeNull();

    $<HTMLInputElement>('#terms')!.checked = true;
    fill(BILLING);
    submit();
    await until(() => log('checkout').length === 1, 'the order');
    expect(log('checkout')[0]?.body).toMatchObject({ submit: 'token-1', action: 'charge', payment_method: 'bacs' });
  });

  it('puts a failed review’s payment scripts back before updated_checkout, and never its messages’ scripts', async () => {
    await openCheckout();
    const original = wcAjaxEndpoints.update_order_review!;
    // WooCommerce answers `failure` whenever it has notices, and still sends every fragment, which its jQuery puts in.
    wcAjaxEndpoints.update_order_review = async (request) => {
      const data = (await (await original(request)).json()) as Record<string, unknown> & { fragments: Record<string, string> };
      data.fragments['.woocommerce-checkout-payment'] = paymentHtml('bacs').replace(
        '<p>Make your payment',
        '<script id="gateway-setup">window.__gateway = 1</script><p>Make your payment',
      );
      return Response.json({
        ...data,
        result: 'failure',
        messages: '<ul class="woocommerce-error" role="alert"><li>Please check your address.<script>window.__pwned = 1</script></li></ul>',
      });
    };
    onTestFinished(() => void (wcAjaxEndpoints.update_order_review = original));
    const atEvent: (string | null)[] = [];
    document.body.addEventListener('updated_checkout', () => atEvent.push($('#payment script#gateway-setup')?.textContent ?? null));
    fill({ billing_country: 'AT' });
    await until(() => atEvent.length === 1, 'updated_checkout');
    expect(atEvent).toEqual(['window.__gateway = 1']);
    const group = $('.woocommerce-NoticeGroup-updateOrderReview')!;
    expect(group.textContent).toContain('Please check your address.');
    expect(group.querySelector('script')).toBeNull();
  });

  it('shows a failed order’s messages inert, each field still marked', async () => {
    await openCheckout('checkout-onepage.html');
    const original = wcAjaxEndpoints.checkout!;
    wcAjaxEndpoints.checkout = async () =>
      Response.json({
        result: 'failure',
        messages: `<ul class="woocommerce-error" role="alert"><li data-id="billing_first_name"><strong>Billing First name</strong> is a required field.${HOSTILE}</li></ul>`,
      });
    onTestFinished(() => void (wcAjaxEndpoints.checkout = original));
    submit();
    await until(() => !!$('.woocommerce-NoticeGroup-checkout'), 'the errors');
    const group = $('.woocommerce-NoticeGroup-checkout')!;
    expectInert(group);
    expect(group.querySelector('li[data-id="billing_first_name"] strong')?.textContent).toBe('Billing First name');
    expect(document.activeElement).toBe(input('billing_first_name'));
  });

  it('shows a coupon answer’s notice inert', async () => {
    await openCheckout();
    const original = wcAjaxEndpoints.apply_coupon!;
    wcAjaxEndpoints.apply_coupon = async () =>
      new Response(`<div class="woocommerce-message" role="alert">Coupon code applied successfully.${HOSTILE}</div>`, {
        headers: { 'Content-Type': 'text/html' },
      });
    onTestFinished(() => void (wcAjaxEndpoints.apply_coupon = original));
    $('a.showcoupon')!.click();
    input('coupon_code').value = 'spring10';
    $<HTMLFormElement>('form.checkout_coupon')!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    await until(() => !!$('.woocommerce-message .hostile-img'), 'the notice');
    expectInert($('.woocommerce-message')!);
  });
});
