import { describe, expect, it } from 'vitest';
import {
  canMove,
  captionFor,
  clampIndex,
  describeIssues,
  isImageUrl,
  keyToMove,
  readSlide,
  sliderWanted,
  slideLabel,
  thumbnailColumns,
  type RawSlide,
  type SlideIssues,
} from './logic';
import { emblaDuration, moveIndex, shouldZoom, swipeMove } from './rules';
import { panOffset, zoomOffset } from './zoom';

const raw = (over: Partial<RawSlide> = {}): RawSlide => ({
  thumb: '/u/a-100x100.jpg',
  thumbAlt: 'Apron',
  thumbSrcset: null,
  thumbSizes: null,
  href: '/u/a.jpg',
  src: '/u/a-600x720.jpg',
  alt: 'Apron',
  title: 'a',
  caption: 'Front',
  large: '/u/a.jpg',
  largeWidth: '1500',
  largeHeight: '1800',
  width: '600',
  height: '720',
  ...over,
});

describe('zoom decision', () => {
  it('zooms only when enabled and the large image is wider than the gallery', () => {
    expect(shouldZoom(true, 1500, 560)).toBe(true);
    expect(shouldZoom(true, 560, 560)).toBe(false);
    expect(shouldZoom(true, 400, 560)).toBe(false);
    expect(shouldZoom(false, 1500, 560)).toBe(false);
  });
  it('does not zoom with an unknown size or a gallery without layout', () => {
    expect(shouldZoom(true, 0, 560)).toBe(false);
    expect(shouldZoom(true, 1500, 0)).toBe(false);
  });
  it('keeps the point under the pointer, clamped to the image', () => {
    expect(zoomOffset(0, 0, { width: 500, height: 600 }, { width: 1500, height: 1800 })).toEqual({ left: -0, top: -0 });
    expect(zoomOffset(250, 300, { width: 500, height: 600 }, { width: 1500, height: 1800 })).toEqual({ left: -500, top: -600 });
    expect(zoomOffset(900, -20, { width: 500, height: 600 }, { width: 1500, height: 1800 })).toEqual({ left: -1000, top: -0 });
  });
  it('pans a tap-zoomed image with the finger, never past its edges', () => {
    const box = { width: 500, height: 600 };
    const zoom = { width: 1500, height: 1800 };
    expect(panOffset({ left: -500, top: -600 }, 40, -30, box, zoom)).toEqual({ left: -460, top: -630 });
    expect(panOffset({ left: -20, top: -1190 }, 100, -100, box, zoom)).toEqual({ left: 0, top: -1200 });
    expect(panOffset({ left: -990, top: 0 }, -100, 50, box, zoom)).toEqual({ left: -1000, top: 0 });
    // An image no larger than the box cannot move.
    expect(panOffset({ left: 0, top: 0 }, -50, -50, box, { width: 400, height: 600 })).toEqual({ left: 0, top: 0 });
  });
});

describe('slide index rules', () => {
  it('clamps without looping and wraps with it', () => {
    expect(clampIndex(-1, 4)).toBe(0);
    expect(clampIndex(9, 4)).toBe(3);
    expect(clampIndex(4, 4, true)).toBe(0);
    expect(clampIndex(-1, 4, true)).toBe(3);
    expect(clampIndex(Number.NaN, 4)).toBe(0);
    expect(clampIndex(2, 0)).toBe(0);
  });
  it('moves by one, to the ends, and stays at the ends without a loop', () => {
    expect(moveIndex(0, 4, 'prev')).toBe(0);
    expect(moveIndex(3, 4, 'next')).toBe(3);
    expect(moveIndex(3, 4, 'next', true)).toBe(0);
    expect(moveIndex(1, 4, 'last')).toBe(3);
    expect(moveIndex(2, 4, 'first')).toBe(0);
  });
  it('disables previous on the first slide and next on the last', () => {
    expect(canMove(0, 4)).toEqual({ prev: false, next: true });
    expect(canMove(3, 4)).toEqual({ prev: true, next: false });
    expect(canMove(0, 1)).toEqual({ prev: false, next: false });
    expect(canMove(0, 4, true)).toEqual({ prev: true, next: true });
  });
  it('maps arrows by reading direction', () => {
    expect(keyToMove('ArrowRight', false)).toBe('next');
    expect(keyToMove('ArrowRight', true)).toBe('prev');
    expect(keyToMove('ArrowLeft', true)).toBe('next');
    expect(keyToMove('Home', false)).toBe('first');
    expect(keyToMove('End', false)).toBe('last');
    expect(keyToMove('Enter', false)).toBeNull();
  });
  it('runs the slider with two or more images only (allowOneSlide false)', () => {
    expect(sliderWanted(true, 1)).toBe(false);
    expect(sliderWanted(true, 2)).toBe(true);
    expect(sliderWanted(false, 4)).toBe(false);
    expect(sliderWanted(true, 1, true)).toBe(true);
  });
  it('labels slides "n of m"', () => expect(slideLabel(1, 4)).toBe('2 of 4'));
  it('maps 500 ms onto an Embla spring, and reduced motion onto an instant move', () => {
    expect(emblaDuration(500, false)).toBe(20);
    expect(emblaDuration(500, true)).toBe(0);
    expect(emblaDuration(0, false)).toBe(0);
  });
  it('reads data-columns with a sane fallback', () => {
    expect(thumbnailColumns('5')).toBe(5);
    expect(thumbnailColumns('abc')).toBe(4);
    expect(thumbnailColumns('99')).toBe(4);
  });
});

describe('caption extraction', () => {
  it('prefers data-caption, then the title', () => {
    expect(captionFor('Front view', 'apron-front')).toBe('Front view');
    expect(captionFor('', 'Pocket detail')).toBe('Pocket detail');
    expect(captionFor('   ', null)).toBe('');
  });
});

describe('reading a slide', () => {
  it('reads the markup as WooCommerce prints it', () => {
    const issues: SlideIssues = {};
    const s = readSlide(raw(), 1, issues);
    expect(s).toMatchObject({
      thumb: '/u/a-100x100.jpg',
      large: '/u/a.jpg',
      largeWidth: 1500,
      largeHeight: 1800,
      caption: 'Front',
      alt: 'Apron',
    });
    expect(issues).toEqual({});
  });
  it('falls back to the slide image for a malformed data-thumb, and reports the slide', () => {
    const issues: SlideIssues = {};
    expect(readSlide(raw({ thumb: 'javascript:alert(1)' }), 2, issues).thumb).toBe('/u/a-600x720.jpg');
    expect(readSlide(raw({ thumb: null }), 3, issues).thumb).toBe('/u/a-600x720.jpg');
    expect(issues['data-thumb']).toEqual([2, 3]);
  });
  it('treats missing or garbage large sizes as unknown', () => {
    const issues: SlideIssues = {};
    expect(readSlide(raw({ largeWidth: 'wide', largeHeight: '1800' }), 1, issues)).toMatchObject({ largeWidth: 0, largeHeight: 0 });
    expect(readSlide(raw({ largeWidth: null, largeHeight: null }), 2, issues).largeWidth).toBe(0);
    expect(issues['data-large_image_width']).toEqual([1, 2]);
  });
  it('uses the link when data-large_image is not a URL', () => {
    const issues: SlideIssues = {};
    expect(readSlide(raw({ large: '' }), 1, issues).large).toBe('/u/a.jpg');
    expect(readSlide(raw({ large: null, href: '/u/b.jpg' }), 2, issues).large).toBe('/u/b.jpg');
    expect(issues['data-large_image']).toEqual([1]);
  });
  it('accepts http(s), paths and data images only', () => {
    expect(isImageUrl('https://shop.example/a.jpg')).toBe(true);
    expect(isImageUrl('/a.jpg')).toBe(true);
    expect(isImageUrl('data:image/png;base64,AAA')).toBe(true);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('data:text/html,<b>')).toBe(false);
    expect(isImageUrl('')).toBe(false);
  });
  it('says each problem once, naming the slides', () => {
    const messages = describeIssues({ 'data-thumb': [2, 4] });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.field).toBe('data-thumb');
    expect(messages[0]?.message).toContain('slides 2, 4');
  });
  it('turns a horizontal drag released before Embla arrived into one move, by reading direction', () => {
    expect(swipeMove(-120, 10, false)).toBe('next');
    expect(swipeMove(120, 10, false)).toBe('prev');
    expect(swipeMove(120, -10, true)).toBe('next');
    expect(swipeMove(-120, 0, true)).toBe('prev');
    // Too short, or mostly vertical (the page scrolls): no move.
    expect(swipeMove(-20, 0, false)).toBeNull();
    expect(swipeMove(-80, 120, false)).toBeNull();
  });
});
