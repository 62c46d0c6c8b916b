import { describe, expect, it } from 'vitest';
import { headingLevel, mergeQuery, separatorClasses } from './logic';

const BASE = 'https://shop.example/shop/?filter_color=red&min_price=10';

describe('query merging for ordering links', () => {
  it('adds every current parameter the link lacks, keeping the link query-only', () => {
    expect(mergeQuery('?product_orderby=name', '?filter_color=red&min_price=10', BASE)).toBe(
      '?product_orderby=name&filter_color=red&min_price=10',
    );
  });
  it('never duplicates a key the link already has', () => {
    expect(mergeQuery('?product_orderby=name&filter_color=blue', '?filter_color=red&product_orderby=price', BASE)).toBe(
      '?product_orderby=name&filter_color=blue',
    );
  });
  it('checks keys exactly, not by substring (Avada added "color" when "filter_color" was present)', () => {
    expect(mergeQuery('?filter_color=blue', '?color=red', BASE)).toBe('?filter_color=blue&color=red');
  });
  it('encodes values', () => {
    expect(mergeQuery('?product_orderby=name', '?s=tote%20%26%20bag&q=%27x%27', BASE)).toBe(
      '?product_orderby=name&s=tote+%26+bag&q=%27x%27',
    );
  });
  it('keeps repeated values of a missing key once each', () => {
    expect(mergeQuery('?a=1', '?tag=x&tag=y&tag=x', BASE)).toBe('?a=1&tag=x&tag=y');
  });
  it('keeps absolute and path links in their form, and the hash', () => {
    expect(mergeQuery('https://shop.example/shop/?a=1#top', '?b=2', BASE)).toBe('https://shop.example/shop/?a=1&b=2#top');
    expect(mergeQuery('/shop/?a=1', '?b=2', BASE)).toBe('/shop/?a=1&b=2');
  });
  it('leaves the link alone with nothing to add', () => {
    expect(mergeQuery('?a=1', '', BASE)).toBe('?a=1');
  });
});

describe('Avada heading settings', () => {
  it('turns title_style_type words into sep- classes', () => {
    expect(separatorClasses('double solid')).toBe(' sep-double sep-solid');
    expect(separatorClasses('  single   dashed ')).toBe(' sep-single sep-dashed');
    expect(separatorClasses('')).toBe('');
    expect(separatorClasses('x"><script>')).toBe(' sep-xscript');
  });
  it('reads the heading size defensively', () => {
    expect(headingLevel('3', 2)).toBe(3);
    expect(headingLevel(4, 2)).toBe(4);
    expect(headingLevel('h5', 2)).toBe(5);
    expect(headingLevel('9', 2)).toBe(2);
    expect(headingLevel('big', 2)).toBe(2);
    expect(headingLevel(undefined, 2)).toBe(2);
  });
});
