import { describe, expect, it } from 'vitest';
import { holdsNext, scriptRole, scriptSource } from './gateway-rules';

describe('a payment gateway’s scripts: which run, which hold the next, which load', () => {
  it('runs what a browser runs: no type, an empty one, the JavaScript MIME types in any case, and modules', () => {
    for (const type of [
      null,
      '',
      ' ',
      'text/javascript',
      'TEXT/JavaScript',
      ' application/javascript ',
      'application/x-javascript',
      'text/ecmascript',
    ])
      expect(scriptRole(type, false), String(type)).toBe('classic');
    expect(scriptRole('module', false)).toBe('module');
    expect(scriptRole(' Module ', false)).toBe('module');
  });

  it('leaves data and templates in the page unrun, and a nomodule script (this browser has modules)', () => {
    for (const type of [
      'application/json',
      'application/ld+json',
      'text/template',
      'text/x-template',
      'importmap',
      'text/javascript; charset=utf-8',
    ])
      expect(scriptRole(type, false), type).toBe('inert');
    expect(scriptRole(null, true)).toBe('inert');
    expect(scriptRole('text/javascript', true)).toBe('inert');
    expect(scriptRole('module', true)).toBe('module');
  });

  it('holds the next script for an external classic one only, unless it is async', () => {
    expect(holdsNext('classic', 'https://shop.example/lib.js', false)).toBe(true);
    expect(holdsNext('classic', 'https://shop.example/lib.js', true)).toBe(false);
    expect(holdsNext('classic', null, false)).toBe(false);
    expect(holdsNext('module', 'https://shop.example/lib.js', false)).toBe(false);
    expect(holdsNext('inert', 'https://shop.example/lib.js', false)).toBe(false);
  });

  it('loads http(s) sources only, as the URL parser reads them', () => {
    const base = 'https://shop.example/checkout/';
    expect(scriptSource('/wp-content/plugins/pay/lib.js?ver=1', base)).toBe('https://shop.example/wp-content/plugins/pay/lib.js?ver=1');
    expect(scriptSource('https://js.pay.example/v3/', base)).toBe('https://js.pay.example/v3/');
    expect(scriptSource('//cdn.pay.example/lib.js', base)).toBe('https://cdn.pay.example/lib.js');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/javascript,alert(1)',
      'blob:https://shop.example/x',
    ])
      expect(scriptSource(bad, base), bad).toBeNull();
  });
});
