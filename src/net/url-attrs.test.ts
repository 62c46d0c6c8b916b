import { describe, expect, it } from 'vitest';
import { checkedSrcset, httpUrlText, imageUrlText } from './url-attrs';

const BASE = 'https://shop.test/product/jacket/';

describe('httpUrlText: the value as written, when the one check passes', () => {
  it('keeps http(s) and relative values as written', () => {
    expect(httpUrlText('/wp-content/uploads/a.jpg', BASE)).toBe('/wp-content/uploads/a.jpg');
    expect(httpUrlText(' https://cdn.test/a.jpg ', BASE)).toBe('https://cdn.test/a.jpg');
  });
  it.each([
    'javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://[bad',
    '',
    7,
    null,
  ])('refuses %j', (value) => {
    expect(httpUrlText(value, BASE)).toBeNull();
  });
});

describe('imageUrlText: images may also be data:image placeholders', () => {
  it('keeps a data:image, never another data: type', () => {
    expect(imageUrlText('data:image/svg+xml,%3Csvg%3E%3C/svg%3E', BASE)).toBe('data:image/svg+xml,%3Csvg%3E%3C/svg%3E');
    expect(imageUrlText('data:text/html,<script>alert(1)</script>', BASE)).toBeNull();
    expect(imageUrlText('javascript:alert(1)', BASE)).toBeNull();
  });
});

describe('checkedSrcset', () => {
  it('keeps every http(s) candidate with its descriptor', () => {
    expect(checkedSrcset('/a-600.jpg 600w, /a-300.jpg 300w', BASE)).toEqual({ srcset: '/a-600.jpg 600w, /a-300.jpg 300w', refused: 0 });
    expect(checkedSrcset('/a.jpg, /a@2x.jpg 2x', BASE)).toEqual({ srcset: '/a.jpg, /a@2x.jpg 2x', refused: 0 });
  });
  it('reads commas inside a URL as part of it (image CDNs), and a trailing comma as the end of a candidate', () => {
    expect(checkedSrcset('https://cdn.test/w_300,h_360/a.jpg 300w,https://cdn.test/w_600,h_720/a.jpg 600w', BASE)).toEqual({
      srcset: 'https://cdn.test/w_300,h_360/a.jpg 300w, https://cdn.test/w_600,h_720/a.jpg 600w',
      refused: 0,
    });
  });
  it('drops the candidates the check refuses and counts them', () => {
    expect(checkedSrcset('javascript:alert(1) 1x, /a.jpg 2x, \u0001javascript:x 3x', BASE)).toEqual({ srcset: '/a.jpg 2x', refused: 2 });
    expect(checkedSrcset('javascript:alert(1)', BASE)).toEqual({ srcset: '', refused: 1 });
  });
  it('is null for a value that is no string', () => {
    expect(checkedSrcset(false, BASE)).toBeNull();
    expect(checkedSrcset(undefined, BASE)).toBeNull();
  });
});
