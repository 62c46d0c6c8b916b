import { describe, expect, it } from 'vitest';
import { KNOWN_FRAGMENT_KEYS, sumQuantities, trustedFragments } from './fragments';
import { asFragments, DAY_MS, decideInitial, hasItems, safeRedirect, type StoredCart } from './logic';

const NOW = 1_750_000_000_000;
const FRAGMENTS = {
  'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">…</div>',
  'span.fusion-widget-cart-number': '<span>1</span>',
};
const stored = (over: Partial<StoredCart> = {}): StoredCart => ({
  storageWorks: true,
  fragments: FRAGMENTS,
  hash: 'abc',
  created: String(NOW - 1000),
  ...over,
});

describe('reuse decision on page load', () => {
  it('reuses stored fragments when the hash matches the cookie and they are under 24 h old', () => {
    const d = decideInitial(stored(), 'abc', '1', NOW);
    expect(d.action).toBe('reuse');
    if (d.action === 'reuse') {
      expect(d.fragments).toEqual(FRAGMENTS);
      expect(d.refreshIn).toBe(DAY_MS - 1000);
    }
  });
  it('refreshes when the cookie hash differs (the cart changed on the server)', () => {
    expect(decideInitial(stored(), 'other', '1', NOW)).toMatchObject({ action: 'refresh' });
  });
  it('treats a missing cookie as "" (an emptied cart stored as "" is reused)', () => {
    expect(decideInitial(stored({ hash: '' }), undefined, undefined, NOW).action).toBe('reuse');
    expect(decideInitial(stored(), undefined, undefined, NOW).action).toBe('refresh');
  });
  it('refreshes when the stored core fragment is missing or empty (WooCommerce tests its value)', () => {
    expect(decideInitial(stored({ fragments: { 'span.fusion-widget-cart-number': '<span>1</span>' } }), 'abc', '1', NOW).action).toBe(
      'refresh',
    );
    expect(decideInitial(stored({ fragments: { ...FRAGMENTS, 'div.widget_shopping_cart_content': '' } }), 'abc', '1', NOW).action).toBe(
      'refresh',
    );
  });
  it('refreshes at and after 24 h, reuses just before', () => {
    expect(decideInitial(stored({ created: String(NOW - DAY_MS - 1) }), 'abc', '1', NOW).action).toBe('refresh');
    expect(decideInitial(stored({ created: String(NOW - DAY_MS + 1) }), 'abc', '1', NOW).action).toBe('reuse');
  });
  it('refreshes when wc_cart_created lies in the future (it would keep the stored fragments for ever)', () => {
    expect(decideInitial(stored({ created: String(NOW + 1) }), 'abc', '1', NOW)).toEqual({
      action: 'refresh',
      reason: 'wc_cart_created in the future',
    });
    expect(decideInitial(stored({ created: String(NOW + 10 * DAY_MS) }), 'abc', '1', NOW).action).toBe('refresh');
    expect(decideInitial(stored({ created: String(NOW) }), 'abc', '1', NOW).action).toBe('reuse');
  });
  it('keeps only the stored fragment keys it was told to trust', () => {
    const allowed = new Set([...KNOWN_FRAGMENT_KEYS, 'a.cart-contents']);
    expect(
      trustedFragments({ ...FRAGMENTS, 'a.cart-contents': '<a>1</a>', '#login': '<form></form>', html: '<html></html>' }, allowed),
    ).toEqual({
      kept: { ...FRAGMENTS, 'a.cart-contents': '<a>1</a>' },
      refused: ['#login', 'html'],
    });
  });
  it('keeps another stored key only where the harmless check accepts it', () => {
    const harmless = (key: string) => key === 'a.cart-contents';
    expect(
      trustedFragments({ ...FRAGMENTS, 'a.cart-contents': '<a>1</a>', '#login': '<form></form>' }, new Set(KNOWN_FRAGMENT_KEYS), harmless),
    ).toEqual({
      kept: { ...FRAGMENTS, 'a.cart-contents': '<a>1</a>' },
      refused: ['#login'],
    });
  });
  it('refreshes when a stored hash has no wc_cart_created, or a garbage one', () => {
    expect(decideInitial(stored({ created: null }), 'abc', '1', NOW).action).toBe('refresh');
    expect(decideInitial(stored({ created: 'yesterday' }), 'abc', '1', NOW).action).toBe('refresh');
  });
  it('refreshes when the stored fragments lack div.widget_shopping_cart_content or are corrupt', () => {
    expect(decideInitial(stored({ fragments: { 'span.x': '<span></span>' } }), 'abc', '1', NOW).action).toBe('refresh');
    expect(decideInitial(stored({ fragments: 'not json' }), 'abc', '1', NOW).action).toBe('refresh');
    expect(decideInitial(stored({ fragments: undefined }), 'abc', '1', NOW).action).toBe('refresh');
  });
  it('refreshes when storage does not work and the cookies say there is a cart', () => {
    expect(decideInitial({ storageWorks: false, fragments: undefined, hash: null, created: null }, 'abc', '1', NOW).action).toBe('refresh');
  });
  it('makes no request when the cookies say the cart is empty and nothing is stored (ours)', () => {
    expect(decideInitial({ storageWorks: true, fragments: undefined, hash: null, created: null }, undefined, undefined, NOW).action).toBe(
      'skip',
    );
    expect(decideInitial({ storageWorks: false, fragments: undefined, hash: null, created: null }, '', '', NOW).action).toBe('skip');
  });
  it('still asks when only the items cookie says there is a cart', () => {
    expect(decideInitial({ storageWorks: true, fragments: undefined, hash: null, created: null }, undefined, '1', NOW).action).toBe(
      'refresh',
    );
  });
});

describe('redirect check', () => {
  const base = 'https://shop.example/shop/';
  it('accepts same-origin http(s) URLs, relative or absolute', () => {
    expect(safeRedirect('/product/canvas-tote/', base)).toBe('https://shop.example/product/canvas-tote/');
    expect(safeRedirect('https://shop.example/cart/', base)).toBe('https://shop.example/cart/');
    expect(safeRedirect('?add-to-cart=1', base)).toBe('https://shop.example/shop/?add-to-cart=1');
  });
  it('refuses other hosts, schemes, protocol-relative tricks and garbage', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://shop.example/',
      ' ',
      '',
      42,
      null,
      'https://shop.example:8443/',
    ]) {
      expect(safeRedirect(bad, base)).toBeNull();
    }
  });
});

describe('small readers', () => {
  it('keeps only string fragment values', () => {
    expect(asFragments({ a: '<b></b>', b: 1, c: null })).toEqual({ a: '<b></b>' });
    expect(asFragments([1])).toBeUndefined();
    expect(asFragments(null)).toBeUndefined();
  });
  it('reads the items cookie as a count', () => {
    expect(hasItems('1')).toBe(true);
    expect(hasItems('0')).toBe(false);
    expect(hasItems('x')).toBe(false);
    expect(hasItems(undefined)).toBe(false);
  });
  it('sums mini-cart quantities', () => {
    expect(sumQuantities(['2 × €24.00', ' 1 × €9.50', 'garbage'])).toBe(3);
  });
});
