import { describe, expect, it } from 'vitest';
import { idFromHash, idFromHref, isActivationKey, orientationOf, targetIndex } from './logic';

const row = (n: number) => Array.from({ length: n }, (_, i) => ({ top: 10, left: i * 120, width: 110, height: 40 }));
const column = (n: number) => Array.from({ length: n }, (_, i) => ({ top: i * 44, left: 0, width: 200, height: 40 }));

describe('tab list orientation', () => {
  it('is vertical when every tab sits below the previous one', () => {
    expect(orientationOf(column(3))).toBe('vertical');
  });
  it('is horizontal for a row, and for a row that wraps onto a second line', () => {
    expect(orientationOf(row(3))).toBe('horizontal');
    const wrapped = [...row(3), { top: 54, left: 0, width: 110, height: 40 }];
    expect(orientationOf(wrapped)).toBe('horizontal');
  });
  it('is horizontal without layout (empty rects) or with one tab', () => {
    expect(
      orientationOf([
        { top: 0, left: 0, width: 0, height: 0 },
        { top: 0, left: 0, width: 0, height: 0 },
      ]),
    ).toBe('horizontal');
    expect(orientationOf(column(1))).toBe('horizontal');
  });
  it('honours a declared aria-orientation over the layout', () => {
    expect(orientationOf(row(3), 'vertical')).toBe('vertical');
    expect(orientationOf(column(3), ' Horizontal ')).toBe('horizontal');
    expect(orientationOf(column(3), 'diagonal')).toBe('vertical');
  });
});

describe('tab keys', () => {
  it('moves right and left with wrap in a horizontal list', () => {
    expect(targetIndex('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(targetIndex('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(targetIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
  });
  it('swaps left and right in right-to-left documents', () => {
    expect(targetIndex('ArrowLeft', 0, 3, 'horizontal', 'rtl')).toBe(1);
    expect(targetIndex('ArrowRight', 0, 3, 'horizontal', 'rtl')).toBe(2);
  });
  it('uses up and down only in a vertical list, unaffected by direction', () => {
    expect(targetIndex('ArrowDown', 2, 3, 'vertical', 'rtl')).toBe(0);
    expect(targetIndex('ArrowUp', 1, 3, 'vertical')).toBe(0);
    expect(targetIndex('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
    expect(targetIndex('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
  });
  it('goes to the ends with Home and End', () => {
    expect(targetIndex('Home', 2, 4, 'horizontal')).toBe(0);
    expect(targetIndex('End', 0, 4, 'vertical')).toBe(3);
  });
  it('ignores other keys and empty lists', () => {
    expect(targetIndex('a', 0, 3, 'horizontal')).toBeUndefined();
    expect(targetIndex('Home', 0, 0, 'horizontal')).toBeUndefined();
  });
  it('activates on Enter and Space only', () => {
    expect(isActivationKey('Enter')).toBe(true);
    expect(isActivationKey(' ')).toBe(true);
    expect(isActivationKey('ArrowRight')).toBe(false);
  });
});

describe('tab targets', () => {
  it('reads the id a link points at, decoded', () => {
    expect(idFromHref('#tab-description')).toBe('tab-description');
    expect(idFromHref('/product/x/#tab-caf%C3%A9')).toBe('tab-café');
    expect(idFromHref('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(idFromHref('#')).toBeUndefined();
    expect(idFromHref(null)).toBeUndefined();
  });
  it('reads a location hash', () => {
    expect(idFromHash('#tab-reviews')).toBe('tab-reviews');
    expect(idFromHash('')).toBeUndefined();
  });
});
