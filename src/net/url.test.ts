import { describe, expect, it } from 'vitest';
import { httpUrl, sameOriginUrl } from './url';

const BASE = 'https://shop.test/checkout/';

describe('httpUrl: any origin, http(s) only', () => {
  it.each([
    ['https://pay.example/session/1', 'https://pay.example/session/1'],
    ['http://pay.example/x', 'http://pay.example/x'],
    ['  /order-received/12/?key=a  ', 'https://shop.test/order-received/12/?key=a'],
    ['//evil.example/path', 'https://evil.example/path'],
    ['/\\evil.example', 'https://evil.example/'],
    ['http://127.0.0.1@evil.example/', 'http://127.0.0.1@evil.example/'],
    ['javascript%3Aalert(1)', 'https://shop.test/checkout/javascript%3Aalert(1)'],
    ['HTTPS://PAY.EXAMPLE/A', 'https://pay.example/A'],
  ])('%j → %s', (input, href) => {
    expect(httpUrl(input, BASE)?.href).toBe(href);
  });

  it('reads https:host against an http page as another origin, and as a path against an https page', () => {
    expect(httpUrl('https:evil.example', 'http://shop.test/')?.href).toBe('https://evil.example/');
    expect(httpUrl('https:evil.example', BASE)?.href).toBe('https://shop.test/checkout/evil.example');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://shop.test/1',
    'file:///etc/passwd',
    'mailto:a@b.c',
    'http://[not-an-ip',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(httpUrl(input, BASE)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['https://pay.example/']])('refuses the non-string %j', (input) => {
    expect(httpUrl(input, BASE)).toBeNull();
  });
});

describe('sameOriginUrl', () => {
  it('keeps the page origin only', () => {
    expect(sameOriginUrl('/cart/', BASE)?.href).toBe('https://shop.test/cart/');
    expect(sameOriginUrl('https://shop.test/cart/', BASE)?.href).toBe('https://shop.test/cart/');
    expect(sameOriginUrl('https://pay.example/', BASE)).toBeNull();
    expect(sameOriginUrl('//evil.example', BASE)).toBeNull();
    expect(sameOriginUrl('/\\evil.example', BASE)).toBeNull();
    expect(sameOriginUrl('http://shop.test/cart/', BASE)).toBeNull();
    expect(sameOriginUrl('https://shop.test@evil.example/', BASE)).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', BASE)).toBeNull();
  });
});
