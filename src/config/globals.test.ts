import { describe, expect, it, vi } from 'vitest';
import { flag, num, readGlobal, readSettings, str } from './globals';
import { parseFlag, parseNumber } from './parse';

describe('WordPress scalars', () => {
  it('reads every spelling of a flag', () => {
    for (const on of ['1', 1, true, 'true', 'yes', ' Yes ']) expect(parseFlag(on)).toBe(true);
    for (const off of ['', '0', 0, false, 'false', 'no', null]) expect(parseFlag(off)).toBe(false);
    expect(parseFlag('maybe')).toBeUndefined();
  });
  it('reads numbers printed as strings', () => {
    expect(parseNumber('5000')).toBe(5000);
    expect(parseNumber(' 2.5 ')).toBe(2.5);
    expect(parseNumber('5s')).toBeUndefined();
    expect(parseNumber('')).toBeUndefined();
  });
});

describe('settings', () => {
  const spec = { request_timeout: num(5000), is_cart: flag(false), cart_url: str('/cart/') };
  it('parses a global as WordPress prints it', () => {
    (window as unknown as Record<string, unknown>).wc_test_params = {
      request_timeout: '3000',
      is_cart: '1',
      cart_url: '/basket/',
      extra: 'ignored',
    };
    expect(readGlobal('wc_test_params', spec, 'mini-cart')).toEqual({ request_timeout: 3000, is_cart: true, cart_url: '/basket/' });
    delete (window as unknown as Record<string, unknown>).wc_test_params;
  });
  it('falls back per field with one warning naming the widget and the field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const out = readSettings({ request_timeout: 'soon', is_cart: '' }, spec, 'mini-cart', 'wc_cart_fragments_params');
    expect(out).toEqual({ request_timeout: 5000, is_cart: false, cart_url: '/cart/' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('mini-cart: wc_cart_fragments_params.request_timeout');
  });
  it('takes the defaults silently when the page has no such global', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readGlobal('nope_params', spec, 'x')).toEqual({ request_timeout: 5000, is_cart: false, cart_url: '/cart/' });
    expect(warn).not.toHaveBeenCalled();
  });
});
