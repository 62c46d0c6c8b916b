/**
 * Checkout in real Chromium, both tags: Avada's step tabs (validation, the focused alert list, moving on), the
 * order review refresh, payment boxes, and placing the order (server errors inline, then success and the
 * same-origin redirect); the one-page variant's failure path; jQuery handlers get checkout_error with its HTML.
 * Leaving the page (issues 13 and 14): a hosted gateway's off-site redirect is followed, a `javascript:` one
 * runs nothing, `reload: true` really reloads with a #fragment in the URL; the returning-customer login toggle.
 * Server HTML (issue 27): the order review's fragments through the one sanitizer, except the payment fragment's
 * scripts, which run as WooCommerce's jQuery runs them (a gateway building its card field, under the page's CSP).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIXTURE_CART, freshCheckout } from '../../fixtures/mock/checkout';
import recordedReview from '../../fixtures/responses/realshop/update_order_review.json';
import { consoleSettled, expectAxeClean, expectNoConsoleErrors, openPage, recorded, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';
import { afterAnswers, scrollStill } from './waits';

const seeded = { local: { __storefront_islands_mock__: JSON.stringify({ cart: FIXTURE_CART }) } };
const count = (page: Page, endpoint: string) =>
  page.evaluate((e) => window.__mock!.state.log.filter((x) => x.endpoint === e).length, endpoint);
/** A step fades in over 400 ms: axe measures contrast, so wait until it is fully there. */
const shown = (page: Page, sel: string) =>
  page.waitForFunction(
    (s) => [...document.querySelectorAll(s)].every((el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).opacity === '1'),
    sel,
  );
const idle = (page: Page) => page.waitForFunction(() => !document.querySelector('.processing, .blockOverlay'));

const MOCK_KEY = '__storefront_islands_mock__';
/** Change the mock shop's checkout state as the server would see it on the next call (it re-reads storage). */
const setMockCheckout = (page: Page, changes: Record<string, unknown>) =>
  page.evaluate(
    ({ key, changes }) => {
      const data = JSON.parse(localStorage.getItem(key) ?? '{}') as { checkout?: Record<string, unknown> };
      data.checkout = { ...data.checkout, ...changes };
      localStorage.setItem(key, JSON.stringify(data));
    },
    { key: MOCK_KEY, changes },
  );

async function fillBilling(page: Page): Promise<void> {
  await page.fill('#billing_first_name', 'Ada');
  await page.fill('#billing_last_name', 'Lovelace');
  await page.fill('#billing_address_1', 'Main 1');
  await page.fill('#billing_postcode', '10115');
  await page.fill('#billing_city', 'Berlin');
  await page.fill('#billing_phone', '+49 30 1234');
  await page.fill('#billing_email', 'ada@example.com');
}

describe.each(BUILD_TAGS)('checkout, %s tag', (tag) => {
  test('steps through billing, shipping and review, then places the order', async () => {
    const { page, errors } = await openPage('/checkout/', { tag, storage: seeded });
    await page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'update_order_review'));
    await idle(page);
    expect(await page.isVisible('.col-1')).toBe(true);
    expect(await page.isVisible('.col-2')).toBe(false);
    expect(await page.isVisible('#order_review')).toBe(false);
    await expectAxeClean(page);

    // Continue with empty required fields: a focused alert list, and the step stays.
    await page.click('.col-1 a.continue-checkout');
    await page.waitForSelector('form.checkout > ul.woocommerce-error[role="alert"] > li.avada-checkout-error');
    expect(await page.evaluate(() => document.activeElement?.matches('ul.woocommerce-error'))).toBe(true);
    expect(await page.textContent('li.avada-checkout-error')).toBe('Not all fields have been filled in correctly.');
    expect(await page.getAttribute('#billing_first_name', 'aria-invalid')).toBe('true');
    expect(await page.isVisible('.col-2')).toBe(false);
    await expectAxeClean(page);

    await fillBilling(page);
    await page.click('.col-1 a.continue-checkout');
    await shown(page, '.col-2');
    expect(await page.$('li.avada-checkout-error')).toBeNull();
    expect(await page.isVisible('.col-1')).toBe(false);
    expect(await page.getAttribute('.woocommerce-checkout-nav a[aria-current="step"]', 'data-name')).toBe('col-2');
    await expectAxeClean(page);

    await page.click('.col-2 a.continue-checkout');
    await shown(page, '#order_review, #order_review_heading');
    await idle(page);
    // The order review's refresh answered and put in (it replaces the payment methods a click would meet).
    await afterAnswers(page);

    // Payment methods: boxes and the button label follow the choice.
    await page.check('#payment_method_paypal');
    expect(await page.textContent('#place_order')).toBe('Proceed to PayPal');
    expect(await page.isVisible('.payment_box.payment_method_paypal')).toBe(true);
    expect(await page.isVisible('.payment_box.payment_method_bacs')).toBe(false);
    await page.check('#payment_method_bacs');

    // Shipping method: one review refresh, totals follow.
    const before = await count(page, 'update_order_review');
    await page.check('input.shipping_method[value="local_pickup:3"]');
    await page.waitForFunction((n) => window.__mock!.state.log.filter((e) => e.endpoint === 'update_order_review').length > n, before);
    await idle(page);
    expect(await page.textContent('.woocommerce-checkout-review-order-table .order-total')).toContain('60.00');
    await expectAxeClean(page);

    // Without the terms: the server's error, inline and in the group.
    await page.click('#place_order');
    await page.waitForSelector('.woocommerce-NoticeGroup-checkout li[data-id="terms"]');
    expect(await page.textContent('#terms_description')).toContain('terms and conditions');
    await idle(page);
    await expectAxeClean(page);

    // The failure scrolled its notices into view: the terms box is clicked where it rests.
    await scrollStill(page);
    await page.check('#terms');
    expect(await count(page, 'checkout')).toBe(1);
    await Promise.all([page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/), page.click('#place_order')]);
    expectNoConsoleErrors(errors.filter((e) => !/status of 404/.test(e)));
  });
});

describe.each(PLAIN_FLOW_TAGS)('checkout, %s tag', (tag) => {
  test('one-page checkout: server errors tied to their fields, focus on the first, checkout_error for jQuery', async () => {
    const { page, errors } = await openPage('/checkout-onepage.html', { tag, storage: seeded, jquery: true });
    await page.evaluate(() => {
      const w = window as unknown as {
        jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => void) => void };
        __errors: unknown[][];
      };
      w.__errors = [];
      w.jQuery(document.body).on('checkout_error', (_e: unknown, ...args: unknown[]) => void w.__errors.push(args));
    });
    await page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'update_order_review'));
    await idle(page);
    await expectAxeClean(page);
    await page.click('#place_order');
    await page.waitForSelector(
      'form.checkout > .woocommerce-NoticeGroup-checkout ul.woocommerce-error[role="alert"] li[data-id="billing_first_name"]',
    );
    await idle(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('billing_first_name');
    expect(await page.getAttribute('#billing_first_name', 'aria-describedby')).toContain('billing_first_name_description');
    expect(await page.textContent('#billing_first_name_description')).toBe('Billing First name is a required field.');
    const jqArgs = await page.evaluate(() => (window as unknown as { __errors: unknown[][] }).__errors);
    expect(jqArgs).toHaveLength(1);
    expect(String(jqArgs[0]![0])).toContain('data-id="billing_first_name"');
    await expectAxeClean(page);

    // A typed value survives a failed place order, and the coupon toggle is a disclosure.
    await page.fill('#billing_first_name', 'Ada');
    await page.evaluate(() => window.__mock!.failNext('checkout', 'offline'));
    await page.click('#place_order');
    await page.waitForFunction(() =>
      document.querySelector('.woocommerce-NoticeGroup-checkout')?.textContent?.includes('You are probably offline.'),
    );
    expect(await page.inputValue('#billing_first_name')).toBe('Ada');
    await page.focus('a.showcoupon');
    await page.keyboard.press('Space');
    expect(await page.getAttribute('a.showcoupon', 'aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.id === 'coupon_code');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors.filter((e) => !/Failed to fetch|ERR_FAILED|net::/.test(e)));
  });
});

describe.each(PLAIN_FLOW_TAGS)('checkout, leaving the page, %s tag', (tag) => {
  const open = async (path: string) => {
    const opened = await openPage(path, { tag, storage: seeded });
    await opened.page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'update_order_review'));
    await idle(opened.page);
    return opened;
  };
  const ourWarnings = (messages: { type: string; text: string }[]) =>
    messages.filter((m) => m.type === 'warning' && m.text.includes('[storefront-islands]'));

  test('a hosted card gateway: placing the order takes the browser to the gateway’s own origin', async () => {
    const { page, errors, messages } = await open('/checkout-onepage.html');
    await fillBilling(page);
    await page.check('#terms');
    await page.check('#payment_method_hosted_card');
    expect(await page.textContent('#place_order')).toBe('Continue to payment');
    expect(await page.isVisible('.payment_box.payment_method_hosted_card')).toBe(true);
    const shop = new URL(page.url());
    await Promise.all([page.waitForURL((url) => url.pathname === '/gateway/hosted-card/'), page.click('#place_order')]);
    const gateway = new URL(page.url());
    expect(gateway.origin).not.toBe(shop.origin);
    expect(gateway.hostname).toBe('localhost');
    expect(gateway.searchParams.get('order')).toMatch(/^\d+$/);
    expect(await page.textContent('h1')).toBe('Hosted card payment');
    expect(ourWarnings(messages)).toEqual([]);
    expectNoConsoleErrors(errors);
  });

  test('a javascript: redirect runs nothing: the error inline, everything typed kept, one warning; the login toggle', async () => {
    const { page, errors, messages } = await open('/checkout-onepage.html');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // The returning customer's login form: a disclosure, focus in its first field.
    expect(await page.getAttribute('a.showlogin', 'aria-expanded')).toBe('false');
    await page.click('a.showlogin');
    expect(await page.getAttribute('a.showlogin', 'aria-expanded')).toBe('true');
    expect(await page.isVisible('form.woocommerce-form-login')).toBe(true);
    await page.waitForFunction(() => document.activeElement?.id === 'username');
    expect(await page.getAttribute('a.showlogin', 'aria-controls')).toBe(await page.getAttribute('form.woocommerce-form-login', 'id'));
    await expectAxeClean(page);
    await page.focus('a.showlogin');
    await page.keyboard.press('Space');
    expect(await page.isVisible('form.woocommerce-form-login')).toBe(false);

    await fillBilling(page);
    await page.fill('#order_comments', 'Leave it at the door');
    await page.check('#terms');
    const before = page.url();
    await setMockCheckout(page, { redirect: 'javascript:document.title="pwned";window.__pwned=1;alert(1)' });
    await page.click('#place_order');
    await page.waitForSelector('.woocommerce-NoticeGroup-checkout ul.woocommerce-error[role="alert"]');
    await idle(page);
    expect(await page.textContent('.woocommerce-NoticeGroup-checkout')).toContain('There was an error processing your order');
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.title()).not.toBe('pwned');
    expect(dialogs).toEqual([]);
    expect(await page.inputValue('#billing_first_name')).toBe('Ada');
    expect(await page.inputValue('#billing_email')).toBe('ada@example.com');
    expect(await page.inputValue('#order_comments')).toBe('Leave it at the door');
    expect(await page.isChecked('#terms')).toBe(true);
    await consoleSettled(page);
    const warnings = ourWarnings(messages);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('checkout: redirect');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('reload: true reloads the page for real, also with a #fragment in the URL', async () => {
    const { page, errors } = await open('/checkout-onepage.html#order_review');
    await fillBilling(page);
    await page.check('#terms');
    await page.evaluate(() => ((window as unknown as { __beforeReload?: number }).__beforeReload = 1));
    await setMockCheckout(page, { reloadNext: true });
    await Promise.all([page.waitForEvent('load'), page.click('#place_order')]);
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: number }).__beforeReload)).toBeUndefined();
    expect(new URL(page.url()).hash).toBe('#order_review');
    await page.waitForFunction(() => typeof window.StorefrontIslands?.ready === 'function');
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expect(await page.$('form.checkout.processing')).toBeNull();
    expectNoConsoleErrors(errors);
  });
});

/**
 * Runs in the page: what a shopper and the order depend on in checkout markup (fields, labels, buttons, links,
 * payment boxes, review rows), for the recorded fragments parsed inert and for what the checkout inserted. A
 * `<noscript>` is left out: the sanitizer drops it, and with scripts running a browser never shows it.
 */
function compareInPage(recordedHtml: string[]) {
  const summary = (roots: ParentNode[]) => {
    const all = (sel: string) => roots.flatMap((r) => [...r.querySelectorAll(sel)]).filter((el) => !el.closest('noscript'));
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const attrs = (el: Element, names: string[]) => names.map((a) => el.getAttribute(a)).join('|');
    return {
      fields: all('input, select, textarea').map((el) =>
        attrs(el, ['type', 'name', 'id', 'value', 'class', 'data-order_button_text', 'data-index']),
      ),
      labels: all('label').map((el) => `${el.getAttribute('for')}|${text(el)}`),
      buttons: all('button').map((el) => attrs(el, ['type', 'name', 'id', 'value', 'data-value'])),
      links: all('a').map((el) => `${attrs(el, ['href', 'class', 'data-coupon', 'aria-label'])}|${text(el)}`),
      boxes: all('.payment_box').map((el) => `${el.className}|${text(el)}`),
      rows: all('tr').map((el) => `${el.className}|${text(el)}`),
    };
  };
  const parsed = recordedHtml.map((html) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  });
  const live = ['.woocommerce-checkout-review-order-table', '.woocommerce-checkout-payment'].map((s) => document.querySelector(s)!);
  return { recorded: summary(parsed), inserted: summary(live) };
}

/** The mock shop with the fixture cart, a fresh checkout, and update_order_review answering as `reviewAnswer` says. */
const reviewAnswering = (reviewAnswer: 'realshop' | 'hostile' | 'scripted') => ({
  local: {
    [MOCK_KEY]: JSON.stringify({
      cart: FIXTURE_CART,
      checkout: { ...freshCheckout(), reviewAnswer },
    }),
  },
});

describe.each(PLAIN_FLOW_TAGS)('checkout, server HTML through the one sanitizer, %s tag', (tag) => {
  test("the real shop's order review fragments come through whole: every field, label, button and payment box", async () => {
    const storage = reviewAnswering('realshop');
    const { page, errors } = await openPage('/checkout-onepage.html', { tag, storage });
    await page.waitForSelector('#payment_method_cod', { state: 'attached' });
    await idle(page);
    const fragments = recordedReview.fragments as Record<string, string>;
    const { recorded, inserted } = await page.evaluate(compareInPage, [
      fragments['.woocommerce-checkout-review-order-table']!,
      fragments['.woocommerce-checkout-payment']!,
    ]);
    expect(inserted).toEqual(recorded);
    expect(recorded.fields).toContain('radio|payment_method|payment_method_cod|cod|input-radio||');
    expect(recorded.fields).toContain('hidden|woocommerce-process-checkout-nonce|woocommerce-process-checkout-nonce|cf90a7c45c|||');
    expect(recorded.boxes).toHaveLength(2);
    const chosen = await page.inputValue('input[name="payment_method"]:checked');
    expect(await page.isVisible(`.payment_box.payment_method_${chosen}`)).toBe(true);
    await expectAxeClean(page, { include: '#order_review' });
    expectNoConsoleErrors(errors);
  });

  test('a hostile payment box: its script runs as WooCommerce runs it, nothing else of it acts, and no other fragment’s script runs', async () => {
    const storage = reviewAnswering('hostile');
    const { page, errors } = await openPage('/checkout-onepage.html', { tag, storage });
    const start = page.url();
    await page.waitForSelector('#payment .hostile-img', { state: 'attached' });
    await idle(page);
    // The image's failed load is over: a kept onerror would have run by now.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#payment .hostile-img')!.complete);
    const found = await page.evaluate(() => ({
      handlers: document.querySelectorAll('#order_review [onerror]').length,
      linkHref: document.querySelector('#payment .hostile-link')?.getAttribute('href') ?? null,
      frames: [...document.querySelectorAll('#payment iframe')].map((f) => f.getAttribute('srcdoc')),
      metas: document.querySelectorAll('body meta').length,
      paymentScripts: document.querySelectorAll('#payment script').length,
      reviewScripts: document.querySelectorAll('.woocommerce-checkout-review-order-table script').length,
      reviewRow: !!document.querySelector('.woocommerce-checkout-review-order-table tr.hostile-row'),
      paymentScript: (window as unknown as { __paymentScript?: string }).__paymentScript ?? null,
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    }));
    // The payment fragment's script is the shop's own answer, run as WooCommerce's jQuery runs it (issue 27's
    // decision); the review table's script stays out, as every other fragment's.
    expect(found).toEqual({
      handlers: 0,
      linkHref: null,
      frames: [null],
      metas: 0,
      paymentScripts: 1,
      reviewScripts: 0,
      reviewRow: true,
      paymentScript: 'ran',
      pwned: null,
    });
    await page.click('#payment .hostile-link');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
    expect(page.url()).toBe(start);
    // The sale still goes: the payment methods and the place order button are the shop's, as printed.
    expect(await page.getAttribute('#payment_method_bacs', 'name')).toBe('payment_method');
    expect(await page.getAttribute('#woocommerce-process-checkout-nonce', 'value')).toBe('c0ffee1234');
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors.filter((e) => !/status of 404/.test(e)));
  });

  test('a gateway that builds its card field by script: its library, then its setup, then updated_checkout, once per new payment fragment', async () => {
    const storage = reviewAnswering('scripted');
    const { page, errors } = await openPage('/checkout-onepage.html', {
      tag,
      storage,
      initScript: () => {
        const w = window as unknown as { __gatewayLog: string[] };
        w.__gatewayLog = [];
        // Capturing on the document: the event is fired on the body, which does not exist yet.
        document.addEventListener('updated_checkout', () => w.__gatewayLog.push('updated_checkout'), true);
      },
    });
    const gatewayLog = () => page.evaluate(() => (window as unknown as { __gatewayLog: string[] }).__gatewayLog);
    const once = ['library', 'setup:object', 'mounted', 'updated_checkout'];
    await page.waitForSelector('#scripted_card_number', { state: 'attached' });
    await idle(page);
    await page.waitForFunction((n) => (window as unknown as { __gatewayLog: string[] }).__gatewayLog.length >= n, once.length);
    expect(await gatewayLog()).toEqual(once);

    // The shopper picks the gateway after the review: its box shows the field its script built.
    await page.check('#payment_method_scripted_card');
    expect(await page.isVisible('#scripted_card_number')).toBe(true);
    expect(await page.textContent('label[for="scripted_card_number"]')).toBe('Card number');
    expect(await page.textContent('#place_order')).toBe('Pay by card');
    await page.fill('#scripted_card_number', '4242 4242 4242 4242');
    await expectAxeClean(page, { include: '#order_review' });

    // A new answer with a new payment fragment: the scripts run again, once, and the typed number comes back.
    const before = await count(page, 'update_order_review');
    await page.check('input.shipping_method[value="local_pickup:3"]');
    await page.waitForFunction((n) => window.__mock!.state.log.filter((e) => e.endpoint === 'update_order_review').length > n, before);
    await page.waitForFunction((n) => (window as unknown as { __gatewayLog: string[] }).__gatewayLog.length >= n, 2 * once.length);
    await idle(page);
    expect(await gatewayLog()).toEqual([...once, ...once]);
    expect(await page.getAttribute('#scripted-card-fields', 'data-render')).toBe(String(before + 1));
    expect(await page.isChecked('#payment_method_scripted_card')).toBe(true);
    expect(await page.inputValue('#scripted_card_number')).toBe('4242 4242 4242 4242');
    // The printed scripts stay where the gateway put them (its JSON settings unrun, readable).
    expect(await page.$$eval('#payment .payment_method_scripted_card script', (list) => list.map((s) => s.id))).toEqual([
      'scripted-card-settings',
      'scripted-card-js',
      'scripted-card-js-after',
    ]);
    expect(await page.getAttribute('#scripted-card-js', 'data-gateway')).toBe('scripted_card');
    await expectAxeClean(page, { include: '#order_review' });
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});
