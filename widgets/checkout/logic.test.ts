import { describe, expect, it, vi } from 'vitest';
import { safeRedirect } from '../../src/cart/logic';
import {
  addressComplete,
  changedFragments,
  checkoutRedirect,
  cleanLabel,
  createLatestRunner,
  fieldMessage,
  fieldProblem,
  isEmail,
  isPhone,
  mergeReviewArgs,
  reviewArgsFrom,
  reviewBody,
  rowClasses,
  type Timers,
} from './logic';

const facts = (over: Partial<Parameters<typeof fieldProblem>[0]>) => ({
  value: '',
  checkbox: false,
  checked: false,
  required: false,
  email: false,
  phone: false,
  ...over,
});

describe('field validation', () => {
  it('requires a value, ignoring spaces, and a ticked box', () => {
    expect(fieldProblem(facts({ required: true }))).toBe('required');
    expect(fieldProblem(facts({ required: true, value: '   ' }))).toBe('required');
    expect(fieldProblem(facts({ required: true, value: 'Ada' }))).toBeNull();
    expect(fieldProblem(facts({ required: true, checkbox: true }))).toBe('required');
    expect(fieldProblem(facts({ required: true, checkbox: true, checked: true }))).toBeNull();
  });
  it('checks email and phone formats only when filled', () => {
    expect(fieldProblem(facts({ email: true }))).toBeNull();
    expect(fieldProblem(facts({ email: true, value: 'ada@' }))).toBe('email');
    expect(fieldProblem(facts({ required: true, email: true, value: '' }))).toBe('required');
    expect(fieldProblem(facts({ phone: true, value: '+49 (30) 123-456' }))).toBeNull();
    expect(fieldProblem(facts({ phone: true, value: '030 CALL ME' }))).toBe('phone');
  });
  it('accepts addresses WooCommerce accepts and refuses the rest', () => {
    for (const ok of ['ada@example.com', 'a.b+c@mail.example.co.uk', 'jürgen@bücher.de', '"odd name"@example.org', "o'neil@example.ie"])
      expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['ada', 'ada@example', '@example.com', 'ada@@example.com', 'a b@example.com', 'ada@-example.com', 'ada.@example.com'])
      expect(isEmail(bad), bad).toBe(false);
  });
  it('allows digits, spaces and #_-+/(). in phones', () => {
    expect(isPhone('#12_3-4+5/6(7).8 9')).toBe(true);
    expect(isPhone('12a')).toBe(false);
    expect(isPhone('１２３')).toBe(false);
  });
  it('names the row classes as WooCommerce does', () => {
    expect(rowClasses(null)).toEqual(['woocommerce-validated']);
    expect(rowClasses('required')).toEqual(['woocommerce-invalid', 'woocommerce-invalid-required-field']);
    expect(rowClasses('email')).toEqual(['woocommerce-invalid', 'woocommerce-invalid-email']);
    expect(rowClasses('phone')).toEqual(['woocommerce-invalid', 'woocommerce-invalid-phone']);
  });
  it('words messages as the server does, from the clean label', () => {
    expect(cleanLabel('First name\u00a0*')).toBe('First name');
    expect(cleanLabel('Company name (optional)')).toBe('Company name');
    expect(fieldMessage('Email address', 'email')).toBe('Email address is not a valid email address.');
    expect(fieldMessage('', 'required')).toBe('This field is a required field.');
  });
});

describe('redirects', () => {
  const base = 'https://shop.example/checkout/';
  it('follows same-origin http(s) only', () => {
    expect(safeRedirect('/checkout/order-received/12/?key=wc_order_x', base)).toBe(
      'https://shop.example/checkout/order-received/12/?key=wc_order_x',
    );
    expect(safeRedirect('https://shop.example/thanks/', base)).toBe('https://shop.example/thanks/');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://shop.example/x',
      '',
      null,
      42,
    ])
      expect(safeRedirect(bad, base), String(bad)).toBeNull();
  });
});

describe('the success redirect (checkoutRedirect): any http(s) origin, nothing else', () => {
  const base = 'https://shop.example/checkout/';
  const follow = (value: unknown, at = base) => {
    const d = checkoutRedirect(value, at);
    return 'follow' in d ? d.follow : null;
  };

  it.each([
    ['/checkout/order-received/12/?key=wc_order_x', 'https://shop.example/checkout/order-received/12/?key=wc_order_x'],
    [
      'https://www.paypal.com/cgi-bin/webscr?cmd=_cart&business=a%40b.c',
      'https://www.paypal.com/cgi-bin/webscr?cmd=_cart&business=a%40b.c',
    ],
    ['http://localhost:8080/gateway/hosted-card/?order=1001', 'http://localhost:8080/gateway/hosted-card/?order=1001'],
    ['  https://pay.example/session/1  ', 'https://pay.example/session/1'],
    // Another origin is what a gateway is: these are followed where the browser itself would go.
    ['//evil.example/path', 'https://evil.example/path'],
    ['/\\evil.example', 'https://evil.example/'],
    ['http://127.0.0.1@evil.example/', 'http://127.0.0.1@evil.example/'],
    // An https page reads `https:host` as a path of its own; it stays http(s).
    ['https:evil.example', 'https://shop.example/checkout/evil.example'],
    // Encoded text that stays a path once decoded is a path.
    ['/pay/?return=https%3A%2F%2Fshop.example%2F', 'https://shop.example/pay/?return=https%3A%2F%2Fshop.example%2F'],
  ])('follows %j to %s', (input, href) => {
    expect(follow(input)).toBe(href);
  });

  it('reads https:host against an http page as that host', () => {
    expect(follow('https:evil.example', 'http://shop.example/checkout/')).toBe('https://evil.example/');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)',
    ' \u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'blob:https://shop.example/1',
    'mailto:a@b.c',
    'javascript%3Aalert(1)',
    '%6Aavascript:alert(1)',
    'java%0Ascript:alert(1)',
    '%09javascript:alert(1)',
    'javascript%253Aalert(1)',
    'http://[not-an-ip',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(checkoutRedirect(input, base)).toHaveProperty('refuse');
  });

  it.each([undefined, null, 42, true, {}, ['https://pay.example/']])('refuses the non-string %j', (input) => {
    expect(checkoutRedirect(input, base)).toEqual({ refuse: 'no redirect URL in the answer' });
  });

  it('is not the cart rule: the cart refuses what the checkout follows', () => {
    expect(follow('https://www.paypal.com/checkoutnow?token=1')).toBe('https://www.paypal.com/checkoutnow?token=1');
    expect(safeRedirect('https://www.paypal.com/checkoutnow?token=1', base)).toBeNull();
  });
});

describe('order review request', () => {
  const billing = { country: 'DE', state: '', postcode: '10115', city: 'Berlin', address: 'Main 1', address_2: '' };
  it('posts the fields WooCommerce posts, shipping = billing unless shipping elsewhere', () => {
    const body = reviewBody({
      security: 'n',
      paymentMethod: 'bacs',
      billing,
      shipping: null,
      hasFullAddress: true,
      postData: 'a=1',
      shippingMethods: { 0: 'flat_rate:1' },
    });
    expect(body).toEqual({
      security: 'n',
      payment_method: 'bacs',
      country: 'DE',
      state: '',
      postcode: '10115',
      city: 'Berlin',
      address: 'Main 1',
      address_2: '',
      s_country: 'DE',
      s_state: '',
      s_postcode: '10115',
      s_city: 'Berlin',
      s_address: 'Main 1',
      s_address_2: '',
      has_full_address: 'true',
      post_data: 'a=1',
      'shipping_method[0]': 'flat_rate:1',
    });
    const elsewhere = reviewBody({
      security: 'n',
      paymentMethod: '',
      billing,
      shipping: { ...billing, country: 'AT', city: 'Wien' },
      hasFullAddress: false,
      postData: '',
      shippingMethods: null,
    });
    expect(elsewhere).toMatchObject({ s_country: 'AT', s_city: 'Wien', has_full_address: 'false' });
    expect(Object.keys(elsewhere).some((k) => k.startsWith('shipping_method'))).toBe(false);
  });
  it('sends shipping methods when any coalesced trigger asks for them', () => {
    expect(mergeReviewArgs(undefined, { updateShippingMethod: false })).toEqual({ updateShippingMethod: false });
    expect(mergeReviewArgs({ updateShippingMethod: true }, { updateShippingMethod: false })).toEqual({ updateShippingMethod: true });
    expect(reviewArgsFrom(undefined)).toEqual({ updateShippingMethod: true });
    expect(reviewArgsFrom({ update_shipping_method: false })).toEqual({ updateShippingMethod: false });
  });
  it('waits for a complete address', () => {
    expect(addressComplete(['Main 1', '10115', 'Berlin'])).toBe(true);
    expect(addressComplete(['Main 1', ' ', 'Berlin'])).toBe(false);
  });
  it('replaces only fragments that changed', () => {
    expect(changedFragments(undefined, { a: '1', b: '2' })).toEqual({ a: '1', b: '2' });
    expect(changedFragments({ a: '1', b: '2' }, { a: '1', b: '3' })).toEqual({ b: '3' });
  });
});

describe('coalescing, newest wins', () => {
  function manualTimers(): Timers & { flush(): void } {
    let id = 0;
    const due = new Map<number, () => void>();
    return {
      setTimeout: (fn) => (due.set(++id, fn), id),
      clearTimeout: (i) => void due.delete(i),
      flush() {
        const fns = [...due.values()];
        due.clear();
        fns.forEach((f) => f());
      },
    };
  }
  function deferred<T>() {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('makes one request of calls within the window, merging their arguments', async () => {
    const timers = manualTimers();
    const run = vi.fn((_args: { n: number }) => Promise.resolve('ok'));
    const onResult = vi.fn();
    const runner = createLatestRunner({
      delay: 5,
      timers,
      merge: (a: { n: number } | undefined, b: { n: number }) => ({ n: (a?.n ?? 0) + b.n }),
      run,
      onResult,
      onError: vi.fn(),
    });
    runner.schedule({ n: 1 });
    runner.schedule({ n: 2 });
    runner.schedule({ n: 3 });
    expect(run).not.toHaveBeenCalled();
    timers.flush();
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toEqual({ n: 6 });
    await Promise.resolve();
    await Promise.resolve();
    expect(onResult).toHaveBeenCalledWith('ok', { n: 6 });
  });

  it('aborts the older request and drops its late answer', async () => {
    const timers = manualTimers();
    const answers = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let i = 0;
    const onResult = vi.fn();
    const onError = vi.fn();
    const runner = createLatestRunner<number, string>({
      delay: 5,
      timers,
      merge: (_a, b) => b,
      run: (_args, signal) => {
        signals.push(signal);
        return answers[i++]!.promise;
      },
      onResult,
      onError,
    });
    runner.schedule(1);
    timers.flush();
    runner.schedule(2);
    timers.flush();
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    answers[1]!.resolve('new');
    answers[0]!.resolve('old');
    await new Promise((r) => setTimeout(r, 0));
    expect(onResult.mock.calls).toEqual([['new', 2]]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('cancel drops what is scheduled and what is in flight', async () => {
    const timers = manualTimers();
    const answer = deferred<string>();
    const onResult = vi.fn();
    const runner = createLatestRunner<number, string>({
      delay: 5,
      timers,
      merge: (_a, b) => b,
      run: () => answer.promise,
      onResult,
      onError: vi.fn(),
    });
    runner.schedule(1);
    timers.flush();
    runner.cancel();
    answer.resolve('late');
    await new Promise((r) => setTimeout(r, 0));
    expect(onResult).not.toHaveBeenCalled();
  });
});
