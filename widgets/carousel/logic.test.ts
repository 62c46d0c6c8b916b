import { describe, expect, test, vi } from 'vitest';
import { itemSpacing, itemWidthFor, readCarouselOptions, visibleItems } from './logic';

const reader = (attrs: Record<string, string>) => (name: string) => attrs[name] ?? null;

describe('visible items', () => {
  test('as many 250 px items (16 px apart) as fit, between 1.6 and 4.3', () => {
    expect(visibleItems(1132, 250, 16, undefined, 10)).toBe(4.3);
    expect(visibleItems(798, 250, 16, undefined, 10)).toBe(3.06);
    expect(visibleItems(300, 250, 16, undefined, 10)).toBe(1.6);
    expect(visibleItems(2000, 250, 16, undefined, 10)).toBe(4.3);
  });
  test('never more than the columns asked for, nor than the items there are', () => {
    expect(visibleItems(1132, 250, 16, 3, 10)).toBe(3);
    expect(visibleItems(1132, 250, 16, undefined, 2)).toBe(2);
  });
  test('no width (not laid out yet): one', () => {
    expect(visibleItems(0, 250, 16, undefined, 10)).toBe(1);
  });
  test('the items and the spaces between them fill the width', () => {
    const width = itemWidthFor(1000, 4, 20);
    expect(width * 4 + 20 * 3).toBeCloseTo(1000);
  });
});

describe('spacing', () => {
  test('the product slider: 10/20/30 px at the small/medium/large breakpoints', () => {
    expect(itemSpacing({ itemMargin: undefined }, true, 500)).toBe(10);
    expect(itemSpacing({ itemMargin: undefined }, true, 640)).toBe(10);
    expect(itemSpacing({ itemMargin: undefined }, true, 800)).toBe(20);
    expect(itemSpacing({ itemMargin: undefined }, true, 1280)).toBe(30);
  });
  test("other carousels: 16 px, or the element's margin", () => {
    expect(itemSpacing({ itemMargin: undefined }, false, 500)).toBe(16);
    expect(itemSpacing({ itemMargin: 8 }, true, 1280)).toBe(8);
  });
});

describe('options from the element', () => {
  test('defaults: 250 px, no rotation, 5 s, one item per move; the product slider loops', () => {
    expect(readCarouselOptions(reader({}), false, vi.fn())).toEqual({
      itemWidth: 250,
      itemMargin: undefined,
      columns: undefined,
      autoplay: false,
      speed: 5000,
      loop: false,
      scrollItems: 1,
    });
    expect(readCarouselOptions(reader({}), true, vi.fn()).loop).toBe(true);
  });
  test('count, speed and the rest from the data attributes', () => {
    expect(
      readCarouselOptions(
        reader({
          'data-columns': '5',
          'data-itemwidth': '180',
          'data-itemmargin': '13',
          'data-autoplay': 'yes',
          'data-speed': '4000',
          'data-loop': 'no',
        }),
        true,
        vi.fn(),
      ),
    ).toEqual({
      itemWidth: 180,
      itemMargin: 13,
      columns: 5,
      autoplay: true,
      speed: 4000,
      loop: false,
      scrollItems: 1,
    });
  });
  test('garbage: a warning naming each attribute, the defaults', () => {
    const warn = vi.fn();
    const options = readCarouselOptions(
      reader({ 'data-columns': 'lots', 'data-itemwidth': '-3', 'data-autoplay': 'sometimes', 'data-speed': '0' }),
      false,
      warn,
    );
    expect(options).toEqual({
      itemWidth: 250,
      itemMargin: undefined,
      columns: undefined,
      autoplay: false,
      speed: 5000,
      loop: false,
      scrollItems: 1,
    });
    expect(warn.mock.calls.map((c) => c[0]).toSorted()).toEqual(['data-autoplay', 'data-columns', 'data-itemwidth', 'data-speed']);
  });
});
