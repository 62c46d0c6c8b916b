import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../fixtures/mock/node';
import { failNext, state } from '../../fixtures/mock/state';
import { wcAjaxUrl } from '../config/woocommerce';
import { NetError } from './errors';
import { createQueue } from './queue';
import { encodeForm, parseLenientJson, requestJson, requestText } from './request';
import { cartCall, wcAjax, wcAjaxHtml } from './wc';

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof NetError ? e.code : `not a NetError: ${String(e)}`;
  }
};

describe('wc-ajax URLs', () => {
  it('replaces the literal %%endpoint%% of the page template, wherever it sits', () => {
    expect(wcAjaxUrl('add_to_cart', '/?wc-ajax=%%endpoint%%')).toBe('/?wc-ajax=add_to_cart');
    expect(wcAjaxUrl('add_to_cart', '/shop/?wc-ajax=%%endpoint%%')).toBe('/shop/?wc-ajax=add_to_cart');
    expect(wcAjaxUrl('get_variation', '/?lang=de&wc-ajax=%%endpoint%%')).toBe('/?lang=de&wc-ajax=get_variation');
  });
  it("reads the template from the page globals, with WordPress's default otherwise", () => {
    expect(wcAjaxUrl('x')).toBe('/?wc-ajax=x');
    (window as unknown as Record<string, unknown>).wc_add_to_cart_params = { wc_ajax_url: '/de/?wc-ajax=%%endpoint%%' };
    try {
      expect(wcAjaxUrl('x')).toBe('/de/?wc-ajax=x');
    } finally {
      delete (window as unknown as Record<string, unknown>).wc_add_to_cart_params;
    }
  });
});

describe('form encoding', () => {
  it('encodes apostrophes as %27 and repeats array keys', () => {
    const body = encodeForm({ name: "O'Brien", 'post_type[]': ['post', 'product'], skip: undefined, flag: true }).toString();
    expect(body).toBe('name=O%27Brien&post_type%5B%5D=post&post_type%5B%5D=product&flag=1');
  });
});

describe('lenient JSON', () => {
  it('reads JSON after a PHP notice', () => {
    expect(parseLenientJson('<b>Notice</b>: x on line 3<br />{"a":1}')).toEqual({ a: 1 });
  });
  it('fails with invalid_json on an HTML page', () => {
    expect(() => parseLenientJson('<html>cached</html>')).toThrowError(
      expect.objectContaining({ code: 'invalid_json', message: 'The response is not a valid JSON response.' }) as Error,
    );
  });
});

describe('requests', () => {
  it('posts form-urlencoded, same-origin, and validates with a schema', async () => {
    const data = await wcAjax('get_refreshed_fragments', { time: 1 });
    expect(data).toMatchObject({ cart_hash: '' });
    expect(state.log.at(-1)).toMatchObject({ endpoint: 'get_refreshed_fragments', body: { time: '1' } });
    const schema = {
      safeParse: (v: unknown) =>
        typeof v === 'object' && v && 'fragments' in v ? { success: true as const, data: v } : { success: false as const },
    };
    failNext('get_refreshed_fragments', 'wrong-shape');
    expect(await code(wcAjax('get_refreshed_fragments', {}, { schema }))).toBe('invalid_response');
  });

  it('maps every failure to the catalogue', async () => {
    failNext('get_refreshed_fragments', 'offline');
    expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('fetch_error');
    failNext('get_refreshed_fragments', 'http500');
    expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('http');
    failNext('get_refreshed_fragments', 'not-json');
    expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('invalid_json');
    failNext('get_refreshed_fragments', 'php-notice');
    expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('resolved');
  });

  it('times out, and a caller abort is reported as aborted', async () => {
    server.use(
      http.get('http://127.0.0.1:5173/slow', async () => {
        await delay(5000);
        return HttpResponse.text('late');
      }),
    );
    expect(await code(requestText('/slow', { timeout: 30 }))).toBe('timeout');
    const controller = new AbortController();
    const p = requestText('/slow', { signal: controller.signal });
    controller.abort();
    expect(await code(p)).toBe('aborted');
  });

  it('keeps the status and body of an HTTP error', async () => {
    server.use(http.post('http://127.0.0.1:5173/forbidden', () => new HttpResponse('-1', { status: 403 })));
    const error = await requestJson('/forbidden', { body: {} }).catch((e: unknown) => e as NetError);
    expect(error).toMatchObject({ code: 'http', status: 403, body: '-1' });
  });
});

describe('answers from another origin', () => {
  const evil = vi.fn(() =>
    HttpResponse.text('<form id="phish"><input name="card"></form>', { headers: { 'Access-Control-Allow-Origin': '*' } }),
  );

  it('refuses a wc_ajax_url on another origin before sending anything: one warning, an unusable answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.all('https://evil.example/*', evil));
    (window as unknown as Record<string, unknown>).wc_add_to_cart_params = { wc_ajax_url: 'https://evil.example/?wc-ajax=%%endpoint%%' };
    try {
      expect(await code(wcAjaxHtml('apply_coupon', { coupon_code: 'x' }))).toBe('invalid_response');
      expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('invalid_response');
    } finally {
      delete (window as unknown as Record<string, unknown>).wc_add_to_cart_params;
    }
    expect(evil).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('https://evil.example');
    // The shop's own origin, absolute or relative, is still fine.
    expect(await code(wcAjax('get_refreshed_fragments', {}))).toBe('resolved');
    expect(await code(requestText('http://127.0.0.1:5173/?wc-ajax=get_refreshed_fragments', { body: {} }))).toBe('resolved');
  });

  it('refuses an answer a redirect brought from another origin, and keeps a same-origin redirect', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
      const response = new Response(String(input).includes('away') ? '<form id="phish"></form>' : '<p class="ok">ok</p>', { status: 200 });
      const landed = String(input).includes('away') ? 'https://evil.example/landing' : 'http://127.0.0.1:5173/cart/';
      Object.defineProperties(response, { url: { value: landed }, redirected: { value: true } });
      return response;
    });
    vi.stubGlobal('fetch', fetchStub);
    expect(await code(requestText('/go-away'))).toBe('invalid_response');
    expect(await requestText('/cart/?moved=1').then((r) => r.text)).toBe('<p class="ok">ok</p>');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/redirected to another origin/);
  });
});

describe('the cart queue', () => {
  it('runs one task at a time in arrival order, and a failure does not stop the rest', async () => {
    const q = createQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(name);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([q.run(task('a')), q.run(task('b', true)), q.run(task('c'))]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('never has two cart calls in flight at the server', async () => {
    state.latency.set('add_to_cart', 20);
    await Promise.all([318, 320, 322, 318].map((id) => cartCall('add_to_cart', { product_id: id, quantity: 1 })));
    expect(state.maxInFlight).toBe(1);
    expect(state.log.filter((l) => l.endpoint === 'add_to_cart').map((l) => l.body.product_id)).toEqual(['318', '320', '322', '318']);
    expect(state.cart.map((l) => [l.productId, l.quantity])).toEqual([
      [318, 2],
      [320, 1],
      [322, 1],
    ]);
  });
});
