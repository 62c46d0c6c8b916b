/** The pure rules, with the original's manager and utils scenarios ported (thresholds, status, fields, intersection, cache). */
import { describe, expect, it } from 'vitest';
import {
  backgroundInfo,
  backgroundUrls,
  checkFields,
  distanceBelowFold,
  emptyInfo,
  finalStatus,
  intersectsViewport,
  isCachedMarker,
  isLazyRenderBlock,
  reportFields,
  screenMatches,
  selectLcp,
  storedFromCheck,
  visibleArea,
  type Box,
  type ImageInfo,
} from './logic';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});
const screen = { width: 1600, height: 900 };
const img = (src: string): ImageInfo => ({ ...emptyInfo(), type: 'img', src, current_src: src });

describe('preconditions: the 8 threshold cases', () => {
  it.each([
    ['desktop', false, 1600, 700, true],
    ['desktop', false, 1920, 1080, true],
    ['desktop', false, 1599, 900, false],
    ['desktop', false, 1920, 699, false],
    ['mobile', true, 393, 830, true],
    ['mobile', true, 375, 667, true],
    ['mobile', true, 394, 800, false],
    ['mobile', true, 390, 831, false],
  ] as const)('%s config, %i × %i: %s', (_, isMobile, width, height, ok) => {
    const t = isMobile ? { isMobile, width: 393, height: 830 } : { isMobile, width: 1600, height: 700 };
    expect(screenMatches({ width, height }, t)).toBe(ok);
  });
});

describe('utils', () => {
  it.each([
    ['inside', box(10, 10, 100, 100), true],
    ['above the screen', box(0, -200, 100, 100), false],
    ['left of the screen', box(-200, 0, 100, 100), false],
    ['below the screen', box(0, 901, 100, 100), false],
    ['overlapping the top-left corner', box(-50, -50, 100, 100), true],
  ])('intersection: %s', (_, b, expected) => expect(intersectsViewport(b, screen)).toBe(expected));

  it('cached-page detection reads the comment after </html>', () => {
    expect(isCachedMarker(' This website is like a Rocket… Debug: cached@1732500000 ')).toBe(true);
    expect(isCachedMarker(' Performance optimized by WP Rocket ')).toBe(false);
    expect(isCachedMarker(null)).toBe(false);
  });

  it('visible area clips at the right and bottom edges only', () => {
    expect(visibleArea(box(1500, 800, 200, 200), screen)).toBe(100 * 100);
    expect(visibleArea(box(-50, -50, 100, 100), screen)).toBe(100 * 100);
  });
});

describe('LCP selection', () => {
  it('the largest candidate with info is the LCP, the others above the fold, duplicates of a src dropped', () => {
    const result = selectLcp([
      { area: 100, info: img('https://shop.example/a.jpg') },
      { area: 900, info: undefined },
      { area: 500, info: img('https://shop.example/hero.jpg') },
      { area: 300, info: img('https://shop.example/a.jpg') },
      { area: 300, info: img('https://shop.example/b.jpg') },
    ]);
    expect(result.map((e) => [e.label, e.src])).toEqual([
      ['lcp', 'https://shop.example/hero.jpg'],
      ['above-the-fold', 'https://shop.example/a.jpg'],
      ['above-the-fold', 'https://shop.example/b.jpg'],
    ]);
  });

  it('no candidate with info: nothing', () => {
    expect(selectLcp([{ area: 5, info: undefined }])).toEqual([]);
    expect(selectLcp([])).toEqual([]);
  });

  it('backgrounds: first non-none layer, bg-img vs bg-img-set, no data: images', () => {
    expect(backgroundUrls('url("https://x/a.jpg"), linear-gradient(red, blue), url(b.png)')).toEqual(['https://x/a.jpg', 'b.png']);
    expect(backgroundInfo(['none', 'url("https://x/a.jpg")', 'url("https://x/b.jpg")'])).toEqual({
      ...emptyInfo(),
      type: 'bg-img',
      src: 'https://x/a.jpg',
      bg_set: [{ src: 'https://x/a.jpg' }],
    });
    const set = backgroundInfo(['image-set(url("https://x/a.avif") 1x, url("https://x/a2.avif") 2x)'])!;
    expect(set.type).toBe('bg-img-set');
    expect(set.src).toEqual([{ src: 'https://x/a.avif' }, { src: 'https://x/a2.avif' }]);
    expect(backgroundInfo(['none', 'none', 'none'])).toBeUndefined();
    expect(backgroundInfo(['url("data:image/png;base64,AAAA")'])).toBeUndefined();
  });
});

describe('lazy render', () => {
  it('distance below the first screen is never negative', () => {
    expect(distanceBelowFold(-500, 0, 900)).toBe(0);
    expect(distanceBelowFold(3000, 0, 900)).toBe(2100);
    expect(distanceBelowFold(100, 2000, 900)).toBe(1200);
  });
  it('only the outermost block past the threshold', () => {
    expect(isLazyRenderBlock(1800, 0, 1800)).toBe(true);
    expect(isLazyRenderBlock(1799, 0, 1800)).toBe(false);
    expect(isLazyRenderBlock(2500, 1800, 1800)).toBe(false);
  });
});

describe('status and requests', () => {
  it('final status: an error wins, then timeout at 10 s or more, else success', () => {
    expect(finalStatus(true, 10_500)).toBe('script_error');
    expect(finalStatus(false, 10_000)).toBe('timeout');
    expect(finalStatus(false, 9_999)).toBe('success');
  });

  it.each([
    [false, { lcp: [{ ...img('https://x/a.jpg'), label: 'lcp' as const }], lrc: null }],
    [true, { lcp: null, lrc: ['a1b2', 'c3d4'] }],
  ])('report fields (is_mobile %s)', (isMobile, results) => {
    const fields = Object.fromEntries(reportFields({ nonce: 'n0', url: 'https://shop.example/p/', isMobile }, 'success', results));
    expect(fields).toEqual({
      action: 'rocket_beacon',
      rocket_beacon_nonce: 'n0',
      url: 'https://shop.example/p/',
      is_mobile: String(isMobile),
      status: 'success',
      results: JSON.stringify(results),
    });
    expect(Object.fromEntries(checkFields({ nonce: 'n0', url: 'u', isMobile }))).toEqual({
      action: 'rocket_check_beacon',
      rocket_beacon_nonce: 'n0',
      url: 'u',
      is_mobile: String(isMobile),
    });
  });

  it('a check answer that is not the expected shape counts as nothing stored', () => {
    expect(storedFromCheck({ success: true, data: { lcp: true, lrc: false } })).toEqual({ lcp: true, lrc: false });
    for (const odd of [null, 'x', { success: false, data: { lcp: true } }, { success: true }, { success: true, data: { lcp: 'yes' } }]) {
      expect(storedFromCheck(odd)).toEqual({ lcp: false, lrc: false });
    }
  });
});
