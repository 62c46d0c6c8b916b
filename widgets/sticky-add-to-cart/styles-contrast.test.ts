import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody, loaded, mountPage } from '../../test/helpers/mount';

/**
 * The bar brings its own colours (white background, dark text), so its own sheet decides the contrast of every
 * text in it, including the struck-out regular price of a sale (`<del>` in WooCommerce's price_html), which
 * earlier shipped at 4.29:1 (opacity .6) and failed axe's color-contrast on a sale variation in Chromium.
 */
function luminance(hex: string): number {
  const full =
    hex.length === 4
      ? `#${hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')}`
      : hex;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The declarations of one selector in the sheet the widget adopted (constructed sheet or style element). */
function declarations(selector: string): Record<string, string> {
  const sheets = [
    ...document.adoptedStyleSheets,
    ...[...document.querySelectorAll('style[data-storefront-islands]')].map((s) => (s as HTMLStyleElement).sheet!),
  ];
  const text = sheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
  const body = new RegExp(`(?:^|\\})\\s*${selector.replace(/[.[\]]/g, '\\$&')}\\s*\\{([^}]*)\\}`, 'm').exec(text)?.[1];
  if (body === undefined) throw new Error(`no rule for ${selector} in:\n${text}`);
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.split(':').map((x) => x.trim()))
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k!, v!]),
  );
}

// Frames run at once.
let restoreEnv: () => void = () => {};
beforeEach(() => {
  const now = (fn: () => void) => {
    fn();
    return () => {};
  };
  restoreEnv = setEnvironment({ idle: now, frame: now, intersecting: () => () => {} });
});
afterEach(() => restoreEnv());

describe('sticky add-to-cart bar styles', () => {
  it('draws the struck-out sale price at AA contrast (4.5:1) on the bar, without opacity', async () => {
    await mountPage(await fixtureBody('product-gallery.html'), loaded('sticky-add-to-cart'));
    const bar = declarations('.sf-sticky-atc');
    const del = declarations('.sf-sticky-atc__price del');
    expect(del.opacity ?? '1').toBe('1');
    const colour = (del.color ?? bar.color)!;
    expect(colour).toMatch(/^#[0-9a-f]{3,6}$/i);
    expect(contrast(colour, bar.background!)).toBeGreaterThanOrEqual(4.5);
  });
});
