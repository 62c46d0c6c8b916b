import { HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { wcAjaxEndpoints } from '../../fixtures/mock/handlers';
import { answer } from '../../fixtures/mock/respond';
import { failNext, state } from '../../fixtures/mock/state';
import {
  cartPage,
  cookie,
  FRAGMENT_NAME,
  HASH_KEY,
  installJQueryStandIn,
  manualClock,
  mountButton,
  pageBody,
} from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';
import { checkDelay, collectData, datasetKey, decideOutcome, failureText, linkHref, nameFromLabel, quantityValue } from './logic';

const button = (id: number) =>
  document.querySelector<HTMLAnchorElement>(`.ajax_add_to_cart[data-product_id="${id}"]:not(.wc-interactive)`)!;
const region = () => document.querySelector('.widget_shopping_cart_live_region[role="status"]');
const adds = () => state.log.filter((e) => e.endpoint === 'add_to_cart');
const qtyOf = (id: number) => state.cart.find((l) => l.productId === id)?.quantity ?? 0;

async function shop(overrides: Parameters<typeof cartPage>[0] = {}) {
  const nav = cartPage(overrides);
  await mountPage(await pageBody('shop.html'), only('add-to-cart', 'mini-cart'));
  return nav;
}

/** Answer one wc-ajax endpoint differently for this test. */
function replaceEndpoint(name: string, handler: (request: Request) => Promise<Response>): void {
  const original = wcAjaxEndpoints[name];
  wcAjaxEndpoints[name] = handler;
  onTestFinished(() => {
    if (original) wcAjaxEndpoints[name] = original;
    else delete wcAjaxEndpoints[name];
  });
}

/** document.body outlives each test: listeners are removed when the test ends. */
function onBody(name: string, fn: (e: Event) => void): void {
  document.body.addEventListener(name, fn);
  onTestFinished(() => document.body.removeEventListener(name, fn));
}

/** Record WooCommerce events as the page's scripts would see them without jQuery (native, detail = args). */
function recordEvents(names: string[]): { name: string; detail: unknown[] }[] {
  const seen: { name: string; detail: unknown[] }[] = [];
  for (const name of names) onBody(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail as unknown[] }));
  return seen;
}

const EVENTS = [
  'should_send_ajax_request.adding_to_cart',
  'adding_to_cart',
  'added_to_cart',
  'wc_cart_button_updated',
  'ajax_request_not_sent.adding_to_cart',
  'wc_fragments_loaded',
  'wc_fragments_refreshed',
];

describe('add-to-cart rules', () => {
  const opts = { cartRedirect: false, cartUrl: '/cart/', base: 'https://shop.example/shop/' };
  it('follows an error product_url only on the same site', () => {
    expect(decideOutcome({ error: true, product_url: '/product/x/' }, opts)).toEqual({
      kind: 'navigate',
      url: 'https://shop.example/product/x/',
    });
    expect(decideOutcome({ error: true, product_url: 'https://evil.example/' }, opts)).toEqual({
      kind: 'unsafe-redirect',
      target: 'product_url',
    });
    expect(decideOutcome({ error: true }, opts)).toEqual({ kind: 'failed' });
  });
  it('redirects to the cart when the shop says so, else adds', () => {
    expect(decideOutcome({ fragments: {}, cart_hash: 'h' }, { ...opts, cartRedirect: true })).toEqual({
      kind: 'navigate',
      url: 'https://shop.example/cart/',
    });
    expect(decideOutcome({ fragments: {}, cart_hash: 'h' }, { ...opts, cartUrl: 'javascript:alert(1)', cartRedirect: true })).toEqual({
      kind: 'unsafe-redirect',
      target: 'cart_url',
    });
    expect(decideOutcome({ fragments: { a: 'b' }, cart_hash: 'h' }, opts)).toEqual({ kind: 'added', fragments: { a: 'b' }, hash: 'h' });
    expect(decideOutcome({}, opts)).toEqual({ kind: 'failed' });
  });
  it('never shows the check before 2 s after the click', () => {
    expect(checkDelay(1000, 1500)).toBe(1500);
    expect(checkDelay(1000, 5000)).toBe(0);
  });
  it('writes a checked URL origin-relative unless the document base is elsewhere', () => {
    const url = new URL('http://127.0.0.1:5173/cart/?a=1#top');
    expect(linkHref(url, 'http://127.0.0.1:5173/shop/')).toBe('/cart/?a=1#top');
    expect(linkHref(url, 'https://evil.example/')).toBe('http://127.0.0.1:5173/cart/?a=1#top');
    expect(linkHref(url, 'not a url')).toBe('http://127.0.0.1:5173/cart/?a=1#top');
  });
  it('keeps cart_url as printed (absolute or relative) when it leads exactly where the check said', () => {
    const url = new URL('http://127.0.0.1:5173/cart/');
    expect(linkHref(url, 'http://127.0.0.1:5173/shop/', 'http://127.0.0.1:5173/cart/')).toBe('http://127.0.0.1:5173/cart/');
    expect(linkHref(url, 'http://127.0.0.1:5173/shop/', '/cart/')).toBe('/cart/');
    expect(linkHref(url, 'http://127.0.0.1:5173/shop/', ' /cart/')).toBe('/cart/');
    // A <base> elsewhere: the printed relative text would lead off-site.
    expect(linkHref(url, 'https://evil.example/', '/cart/')).toBe('http://127.0.0.1:5173/cart/');
  });
  it('words failures and reads names and quantities', () => {
    expect(failureText('Canvas tote', 'You are probably offline.')).toBe(
      '“Canvas tote” could not be added to your cart. You are probably offline.',
    );
    expect(nameFromLabel('Add to cart: “Canvas tote”')).toBe('Canvas tote');
    expect(quantityValue(' 3 ')).toBe('3');
    expect(quantityValue('0')).toBeNull();
    expect(quantityValue('abc')).toBeNull();
  });
});

describe('data-* collection', () => {
  it('uses dataset names: underscores kept, hyphenated names camel-cased', () => {
    expect(datasetKey('data-product_id')).toBe('product_id');
    expect(datasetKey('data-success_message')).toBe('success_message');
    expect(datasetKey('data-wc-on--click')).toBe('wcOn-Click');
    expect(datasetKey('data-gtm-product-name')).toBe('gtmProductName');
    expect(datasetKey('aria-label')).toBeNull();
  });
  it('collects every data-* attribute as strings, ignoring others', () => {
    const data = collectData([
      ['href', '/shop/?add-to-cart=318'],
      ['data-quantity', '3'],
      ['data-product_id', '318'],
      ['data-product_sku', "TOTE-01's"],
      ['class', 'button'],
      ['data-empty', ''],
    ]);
    expect(data).toEqual({ quantity: '3', product_id: '318', product_sku: "TOTE-01's", empty: '' });
  });
});

describe('loop add to cart (no jQuery)', () => {
  it('adds with every data-* posted as strings, fires the events in order with their arguments, and updates the page', async () => {
    await shop();
    const seen = recordEvents(EVENTS);
    const tote = button(318);
    tote.setAttribute('data-quantity', '2');
    tote.click();
    await vi.waitFor(() => expect(tote.classList.contains('added')).toBe(true));
    expect(adds()).toHaveLength(1);
    expect(adds()[0]!.body).toEqual({
      quantity: '2',
      product_id: '318',
      product_sku: 'TOTE-01',
      success_message: '“Canvas tote” has been added to your cart',
    });
    expect(seen.map((s) => s.name)).toEqual([
      'should_send_ajax_request.adding_to_cart',
      'adding_to_cart',
      'added_to_cart',
      'wc_cart_button_updated',
      'wc_fragments_loaded',
    ]);
    expect(seen[0]!.detail).toEqual([tote]);
    expect(seen[1]!.detail[0]).toBe(tote);
    expect(seen[1]!.detail[1]).toMatchObject({ product_id: '318', quantity: '2' });
    const [fragments, hash, btn] = seen[2]!.detail as [Record<string, string>, string, Element];
    expect(Object.keys(fragments)).toContain('div.widget_shopping_cart_content');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(btn).toBe(tote);
    expect(tote.classList.contains('loading')).toBe(false);
    // The view-cart link, once, right after the button.
    const link = tote.nextElementSibling as HTMLAnchorElement;
    expect(link.outerHTML).toBe('<a href="/cart/" class="added_to_cart wc-forward" title="View cart">View cart</a>');
    // Fragments swapped: the mini-cart and the header count.
    expect(document.querySelector('.widget_shopping_cart_content .woocommerce-mini-cart-item')?.textContent).toContain('Canvas tote');
    expect(document.querySelector('.fusion-widget-cart-number')?.textContent).toBe('2');
    // The status region at the end of body says it.
    await vi.waitFor(() => expect(region()?.textContent).toBe('“Canvas tote” has been added to your cart'));
    expect(region()?.classList.contains('screen-reader-text')).toBe(true);
    expect(document.querySelectorAll('.widget_shopping_cart_live_region')).toHaveLength(1);
    // Stored as WooCommerce stores it, and the server's cookies.
    expect(sessionStorage.getItem(HASH_KEY)).toBe(hash);
    expect(localStorage.getItem(HASH_KEY)).toBe(hash);
    expect(JSON.parse(sessionStorage.getItem(FRAGMENT_NAME)!)).toEqual(fragments);
    expect(Number(sessionStorage.getItem('wc_cart_created'))).toBeGreaterThan(0);
    expect(cookie('woocommerce_cart_hash')).toBe(hash);
    expect(cookie('woocommerce_items_in_cart')).toBe('1');

    tote.click();
    await vi.waitFor(() => expect(adds()).toHaveLength(2));
    await vi.waitFor(() => expect(tote.classList.contains('loading')).toBe(false));
    expect(tote.parentElement!.querySelectorAll('.added_to_cart')).toHaveLength(1);
    expect(qtyOf(318)).toBe(4);
  });

  it('reads data-* live: a theme changing data-quantity after mount is posted', async () => {
    await shop();
    const socks = button(324);
    socks.click();
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    await vi.waitFor(() => expect(socks.classList.contains('loading')).toBe(false));
    socks.dataset.quantity = '5';
    socks.setAttribute('data-gift-wrap', 'yes');
    socks.click();
    await vi.waitFor(() => expect(adds()).toHaveLength(2));
    expect(adds()[1]!.body).toMatchObject({ quantity: '5', giftWrap: 'yes', product_id: '324' });
  });

  it('a false answer to should_send_ajax_request.adding_to_cart cancels: no request, ajax_request_not_sent fired', async () => {
    await shop();
    const seen = recordEvents(EVENTS);
    onBody('should_send_ajax_request.adding_to_cart', (e) => e.preventDefault());
    const tote = button(318);
    tote.click();
    await vi.waitFor(() => expect(seen.map((s) => s.name)).toContain('ajax_request_not_sent.adding_to_cart'));
    expect(seen.find((s) => s.name === 'ajax_request_not_sent.adding_to_cart')!.detail).toEqual([false, false, tote]);
    expect(seen.map((s) => s.name)).not.toContain('adding_to_cart');
    expect(tote.classList.contains('loading')).toBe(false);
    expect(adds()).toHaveLength(0);
  });

  it('Space on the link adds, as a click does', async () => {
    await shop();
    const tote = button(318);
    tote.click(); // mounts (the runtime replays it)
    await vi.waitFor(() => expect(tote.classList.contains('added')).toBe(true));
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    tote.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(adds()).toHaveLength(2));
  });

  it('leaves block buttons (.wc-interactive), disabled buttons and "Select options" links alone', async () => {
    await shop();
    const block = document.querySelector<HTMLButtonElement>('.wc-interactive')!;
    block.click();
    const variable = document.querySelector<HTMLAnchorElement>('.product_type_variable')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    variable.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    const socks = button(324);
    socks.classList.add('disabled');
    socks.click();
    await new Promise((r) => setTimeout(r, 50));
    expect(adds()).toHaveLength(0);
    expect(socks.classList.contains('loading')).toBe(false);
  });

  it('fast clicks on several buttons: one call at a time, in order, every item in the cart; a double click adds once', async () => {
    await shop();
    state.latency.set('add_to_cart', 30);
    // Mount each button first (the runtime holds and replays the first click of each).
    for (const id of [318, 320, 322, 324]) await mountButton(button(id));
    button(318).click();
    button(318).click(); // double click: ignored while in flight
    button(320).click();
    button(322).click();
    button(324).click();
    await vi.waitFor(() => expect(adds()).toHaveLength(4), { timeout: 3000 });
    await vi.waitFor(() => expect(document.querySelectorAll('.ajax_add_to_cart.loading')).toHaveLength(0));
    expect(adds().map((e) => e.body.product_id)).toEqual(['318', '320', '322', '324']);
    expect(state.maxInFlight).toBe(1);
    expect(state.cart.map((l) => [l.productId, l.quantity])).toEqual([
      [318, 1],
      [320, 1],
      [322, 1],
      [324, 1],
    ]);
    // The mini-cart and the header counter agree with the server.
    expect(document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item')).toHaveLength(4);
    expect(document.querySelector('.fusion-widget-cart-number')?.textContent).toBe('4');
  });

  it('a repeat after another button was clicked is one more, queued, even while the first is unanswered', async () => {
    await shop();
    // Long enough that the check below sees the third add still in flight on a busy machine.
    state.latency.set('add_to_cart', 250);
    for (const id of [318, 320]) await mountButton(button(id));
    button(318).click();
    button(320).click();
    button(318).click(); // not a double click: the shopper wants a second tote
    button(318).click(); // this one is (a repeat with nothing in between): ignored
    await vi.waitFor(() => expect(adds()).toHaveLength(2));
    // The first tote is answered while the second waits: the button stays busy until its last add is answered.
    await vi.waitFor(() => expect(qtyOf(320)).toBe(1), { timeout: 3000, interval: 10 });
    expect(button(318).classList.contains('loading')).toBe(true);
    await vi.waitFor(() => expect(document.querySelectorAll('.ajax_add_to_cart.loading')).toHaveLength(0), { timeout: 3000 });
    expect(adds().map((e) => e.body.product_id)).toEqual(['318', '320', '318']);
    expect(state.maxInFlight).toBe(1);
    expect(state.cart.map((l) => [l.productId, l.quantity])).toEqual([
      [318, 2],
      [320, 1],
    ]);
    expect(document.querySelector('.fusion-widget-cart-number')?.textContent).toBe('3');
  });

  it('shows the hidden "hide if empty" mini-cart when adding, and it stays shown once the cart has items', async () => {
    await shop();
    const widget = document.querySelector<HTMLElement>('.widget_shopping_cart')!;
    expect(widget.style.display).toBe('none');
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    expect(widget.style.display).not.toBe('none');
  });
});

describe('redirects', () => {
  it('an error with a same-site product_url goes there', async () => {
    const { go } = await shop();
    const tote = button(318);
    tote.setAttribute('data-product_id', '999'); // not in the mock shop: error + product_url
    tote.click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:5173/product/999/'));
  });

  it('an error with a foreign product_url is not followed: inline error, href kept', async () => {
    replaceEndpoint('add_to_cart', (request) =>
      answer('add_to_cart', request, () => HttpResponse.json({ error: true, product_url: 'https://evil.example/phish' })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { go } = await shop();
    const tote = button(318);
    tote.click();
    await vi.waitFor(() =>
      expect(document.querySelector('.storefront-islands-cart-error')?.textContent).toBe('“Canvas tote” could not be added to your cart.'),
    );
    expect(go).not.toHaveBeenCalled();
    expect(tote.getAttribute('href')).toBe('/shop/?add-to-cart=318');
    expect(tote.classList.contains('loading')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('add-to-cart: product_url'));
    await vi.waitFor(() => expect(region()?.textContent).toBe('“Canvas tote” could not be added to your cart.'));
  });

  it('cart_redirect_after_add = "yes" goes to the cart after adding', async () => {
    const { go } = await shop({ wc_add_to_cart_params: { cart_redirect_after_add: 'yes' } });
    button(318).click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:5173/cart/'));
    expect(qtyOf(318)).toBe(1);
  });

  it('links the view-cart button to the URL the check returned, not the raw cart_url', async () => {
    await shop({ wc_add_to_cart_params: { cart_url: ' \t/cart/?from=loop\n' } });
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    expect(document.querySelector('.added_to_cart')?.getAttribute('href')).toBe('/cart/?from=loop');
  });

  it("an absolute cart_url is the view-cart link's href as printed, as WooCommerce writes it", async () => {
    await shop({ wc_add_to_cart_params: { cart_url: 'http://127.0.0.1:5173/cart/' } });
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    expect(document.querySelector('.added_to_cart')?.getAttribute('href')).toBe('http://127.0.0.1:5173/cart/');
  });

  it('an empty data-product_id, or a button that lost ajax_add_to_cart, follows its link as WooCommerce does', async () => {
    await shop();
    const tote = button(318);
    await mountButton(tote);
    tote.setAttribute('data-product_id', '');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    tote.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    tote.setAttribute('data-product_id', '318');
    tote.classList.remove('ajax_add_to_cart');
    const again = new MouseEvent('click', { bubbles: true, cancelable: true });
    tote.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    await new Promise((r) => setTimeout(r, 30));
    expect(adds()).toHaveLength(0);
    expect(tote.classList.contains('loading')).toBe(false);
  });

  it('on the cart page no view-cart link is inserted', async () => {
    await shop({ wc_add_to_cart_params: { is_cart: '1' } });
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    expect(document.querySelector('.added_to_cart')).toBeNull();
  });
});

describe('failures: a message, a working page, nothing lost or added twice', () => {
  const cases = [
    ['offline', 'You are probably offline.'],
    ['http500', 'HTTP 500'],
    ['not-json', 'The response is not a valid JSON response.'],
    ['wrong-shape', 'The response is not what the shop should send.'],
  ] as const;
  for (const [failure, reason] of cases) {
    it(`${failure}: loading removed, error announced, href kept, next click works`, async () => {
      await shop();
      const seen = recordEvents(['added_to_cart']);
      failNext('add_to_cart', failure);
      const tote = button(318);
      tote.click();
      const text = `“Canvas tote” could not be added to your cart. ${reason}`;
      await vi.waitFor(() => expect(region()?.textContent).toBe(text));
      expect(tote.classList.contains('loading')).toBe(false);
      expect(tote.classList.contains('added')).toBe(false);
      expect(tote.getAttribute('href')).toBe('/shop/?add-to-cart=318');
      expect(document.querySelector('.storefront-islands-cart-error')?.textContent).toBe(text);
      expect(seen).toHaveLength(0);
      expect(document.querySelector('.added_to_cart')).toBeNull();
      // The page still works: the retry adds exactly one.
      tote.click();
      await vi.waitFor(() => expect(tote.classList.contains('added')).toBe(true));
      expect(document.querySelector('.storefront-islands-cart-error')).toBeNull();
      expect(qtyOf(318)).toBe(
        failure === 'wrong-shape' || failure === 'not-json' || failure === 'http500' || failure === 'offline' ? 1 : 2,
      );
      expect(adds()).toHaveLength(2);
    });
  }

  it('slow: times out with a message, then shows what the server has', async () => {
    await shop({ wc_cart_fragments_params: { request_timeout: '100' } });
    failNext('add_to_cart', 'slow');
    const tote = button(318);
    tote.click();
    await vi.waitFor(
      () =>
        expect(region()?.textContent).toBe('“Canvas tote” could not be added to your cart. The request took too long. Please try again.'),
      { timeout: 3000 },
    );
    expect(tote.classList.contains('loading')).toBe(false);
    await vi.waitFor(() => expect(state.log.map((e) => e.endpoint)).toContain('get_refreshed_fragments'));
  });

  it('a PHP notice before the JSON still adds', async () => {
    await shop();
    failNext('add_to_cart', 'php-notice');
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    expect(qtyOf(318)).toBe(1);
  });

  it('a theme handler that throws does not stop the add', async () => {
    await shop();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onError = (e: ErrorEvent) => e.preventDefault();
    window.addEventListener('error', onError);
    onBody('adding_to_cart', () => {
      throw new Error('theme bug');
    });
    button(318).click();
    await vi.waitFor(() => expect(button(318).classList.contains('added')).toBe(true));
    window.removeEventListener('error', onError);
    expect(qtyOf(318)).toBe(1);
    void warn;
  });
});

describe('Avada listing indicator', () => {
  it('spinner on click; check and fusion-item-in-cart only after success and not before 2 s', async () => {
    const clock = manualClock();
    await shop();
    const apron = button(320);
    const icon = document.querySelector('.post-320 .cart-loading > i')!;
    const wrapper = document.querySelector('.post-320 .fusion-clean-product-image-wrapper')!;
    // Long enough that the polling below sees the request in flight even on a busy machine.
    state.latency.set('add_to_cart', 400);
    apron.click();
    // The held click shows `loading` at once (before the widget's code is there); the widget then adds its spinner.
    expect(apron.classList.contains('loading')).toBe(true);
    await vi.waitFor(() => expect((document.querySelector('.post-320 .cart-loading') as HTMLElement).style.display).toBe('block'), {
      interval: 5,
    });
    expect(icon.classList.contains('awb-icon-spinner')).toBe(true);
    expect(apron.classList.contains('loading')).toBe(true);
    await vi.waitFor(() => expect(apron.classList.contains('added')).toBe(true), { timeout: 3000 });
    expect(wrapper.classList.contains('fusion-item-in-cart')).toBe(false);
    clock.advance(1999);
    expect(icon.classList.contains('awb-icon-check-square-o')).toBe(false);
    clock.advance(1);
    expect(icon.classList.contains('awb-icon-check-square-o')).toBe(true);
    expect(icon.classList.contains('awb-icon-spinner')).toBe(false);
    expect(wrapper.classList.contains('fusion-item-in-cart')).toBe(true);
  });

  it("Avada's rollover markup (the icon inside the cart link: .cart-loading > a > i) spins and checks too", async () => {
    const clock = manualClock();
    await shop();
    const loading = document.querySelector<HTMLElement>('.post-320 .cart-loading')!;
    // As Avada's product rollover prints it; its script finds the icon with .find('i').
    loading.innerHTML = '<a href="/cart/"><i class="awb-icon-spinner" aria-hidden="true"></i><div class="view-cart">View Cart</div></a>';
    const icon = loading.querySelector('a > i')!;
    const wrapper = document.querySelector('.post-320 .fusion-clean-product-image-wrapper')!;
    button(320).click();
    await vi.waitFor(() => expect(loading.style.display).toBe('block'));
    await vi.waitFor(() => expect(button(320).classList.contains('added')).toBe(true), { timeout: 3000 });
    clock.advance(2000);
    expect(icon.classList.contains('awb-icon-check-square-o')).toBe(true);
    expect(icon.classList.contains('awb-icon-spinner')).toBe(false);
    expect(wrapper.classList.contains('fusion-item-in-cart')).toBe(true);
  });

  it('a failed add takes the indicator away and never marks the card in cart', async () => {
    const clock = manualClock();
    await shop();
    failNext('add_to_cart', 'http500');
    const apron = button(320);
    apron.click();
    await vi.waitFor(() => expect(region()?.textContent).toContain('could not be added'));
    clock.advance(5000);
    expect((document.querySelector('.post-320 .cart-loading') as HTMLElement).style.display).toBe('none');
    expect(document.querySelector('.post-320 .fusion-item-in-cart')).toBeNull();
    expect(document.querySelector('.post-320 .awb-icon-check-square-o')).toBeNull();
  });

  it('unmounting the button stops its late check and the card hover listeners', async () => {
    const clock = manualClock();
    const runtime = await mountPage(await pageBody('shop.html'), only('add-to-cart', 'mini-cart'));
    const card = document.querySelector<HTMLElement>('li.post-320')!;
    const loading = card.querySelector<HTMLElement>('.cart-loading')!;
    const icon = card.querySelector('.cart-loading > i')!;
    const apron = button(320);
    apron.click();
    await vi.waitFor(() => expect(apron.classList.contains('added')).toBe(true));
    clock.advance(2000);
    expect(icon.classList.contains('awb-icon-check-square-o')).toBe(true);
    card.dispatchEvent(new MouseEvent('mouseleave'));
    expect(loading.style.display).toBe('none');
    runtime.unmount(card);
    card.dispatchEvent(new MouseEvent('mouseenter'));
    expect(loading.style.display).toBe('none'); // the unmounted widget no longer reacts to the card

    // An add answered just before its button was unmounted: no check comes 2 s later.
    const mugIcon = document.querySelector('.post-322 .cart-loading > i')!;
    const mug = button(322);
    mug.click();
    await vi.waitFor(() => expect(mug.classList.contains('added')).toBe(true));
    runtime.unmount(document.querySelector('li.post-322')!);
    clock.advance(5000);
    expect(mugIcon.classList.contains('awb-icon-check-square-o')).toBe(false);
  });

  it('post cards: hover on the image while it works, and the quantity field sets data-quantity', async () => {
    const clock = manualClock();
    await shop();
    const qty = document.querySelector<HTMLInputElement>('#quantity_322')!;
    qty.dispatchEvent(new FocusEvent('focusin', { bubbles: true })); // the card's first interaction mounts it
    await new Promise((r) => setTimeout(r, 30));
    qty.value = '3';
    qty.dispatchEvent(new Event('change', { bubbles: true }));
    const mug = button(322);
    expect(mug.getAttribute('data-quantity')).toBe('3');
    mug.click();
    await vi.waitFor(() => expect(document.querySelector('.post-322 .fusion-image-wrapper')!.classList.contains('hover')).toBe(true));
    await vi.waitFor(() => expect(mug.classList.contains('added')).toBe(true));
    clock.advance(2000);
    expect(document.querySelector('.post-322 .fusion-image-wrapper')!.classList.contains('hover')).toBe(false);
    expect(document.querySelector('li.post-322')!.classList.contains('fusion-item-in-cart')).toBe(true);
    expect(adds()[0]!.body.quantity).toBe('3');
    expect(qtyOf(322)).toBe(3);
  });
});

describe('with the page jQuery', () => {
  it('post cards: the −/+ buttons (change through jQuery only) set data-quantity', async () => {
    await installJQueryStandIn();
    cartPage();
    await mountPage(await pageBody('shop.html'), only('add-to-cart', 'mini-cart', 'quantity'));
    const qty = document.querySelector<HTMLInputElement>('#quantity_322')!;
    qty.dispatchEvent(new FocusEvent('focusin', { bubbles: true })); // the card's first interaction mounts it
    await new Promise((r) => setTimeout(r, 30));
    const plus = qty.parentElement!.querySelector<HTMLButtonElement>('.plus')!;
    plus.click();
    plus.click();
    expect(qty.value).toBe('3');
    expect(button(322).getAttribute('data-quantity')).toBe('3');
  });

  it('handlers receive the events with their arguments through jQuery only, and may change the posted data', async () => {
    await installJQueryStandIn();
    await shop();
    const $ = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => unknown) => void } }).jQuery;
    const got: { name: string; args: unknown[] }[] = [];
    const native: string[] = [];
    for (const name of ['adding_to_cart', 'added_to_cart', 'wc_cart_button_updated']) {
      $(document.body).on(name, (_event: unknown, ...args: unknown[]) => void got.push({ name, args }));
      onBody(name, () => native.push(name));
    }
    $(document.body).on('adding_to_cart', (_e: unknown, _b: unknown, data: unknown) => {
      (data as Record<string, string>).utm_source = 'theme';
    });
    const tote = button(318);
    tote.click();
    await vi.waitFor(() => expect(tote.classList.contains('added')).toBe(true));
    expect(got.map((g) => g.name)).toEqual(['adding_to_cart', 'added_to_cart', 'wc_cart_button_updated']);
    const $button = got[0]!.args[0] as { 0: Element; jquery?: string };
    expect($button[0]).toBe(tote);
    const [fragments, hash, $b] = got[1]!.args as [Record<string, string>, string, { 0: Element }];
    expect(fragments['div.widget_shopping_cart_content']).toContain('Canvas tote');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect($b[0]).toBe(tote);
    expect(native).toEqual([]);
    expect(adds()[0]!.body.utm_source).toBe('theme');
  });

  it('a jQuery handler returning false to should_send_ajax_request cancels', async () => {
    await installJQueryStandIn();
    await shop();
    const $ = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => unknown) => void } }).jQuery;
    const notSent: unknown[][] = [];
    $(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
    $(document.body).on('ajax_request_not_sent.adding_to_cart', (_e: unknown, ...args: unknown[]) => void notSent.push(args));
    button(318).click();
    await vi.waitFor(() => expect(notSent).toHaveLength(1));
    expect(notSent[0]!.slice(0, 2)).toEqual([false, false]);
    expect((notSent[0]![2] as { 0: Element })[0]).toBe(button(318));
    expect(adds()).toHaveLength(0);
  });
});
