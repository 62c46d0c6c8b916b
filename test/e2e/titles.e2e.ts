/**
 * Animated titles and responsive typography in real Chromium (fixtures/pages/titles.html): the rotating title
 * shows one text at a time and moves on, screen readers get one static text, highlighted titles draw their shape
 * once scrolled into view (all ten), reduced motion keeps everything still and drawn, headings scale with the
 * viewport through CSS alone. axe after mount and after the changes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BUILD_TAGS, PLAIN_FLOW_TAGS, expectAxeClean, expectNoConsoleErrors, openPage } from './harness';

const SHAPES = [
  'circle',
  'underline_zigzag',
  'x',
  'strikethrough',
  'curly',
  'diagonal_bottom_left',
  'diagonal_top_left',
  'double',
  'double_underline',
  'underline',
];
const shown = (page: Page, id: string) =>
  page.$$eval(`#${id} .fusion-textillate`, (els) =>
    els.filter((e) => getComputedStyle(e).visibility === 'visible' && getComputedStyle(e).display !== 'none').map((e) => e.textContent),
  );
const fontSize = (page: Page, selector: string) => page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));

describe.each(BUILD_TAGS)('animated titles and typography, %s tag', (tag) => {
  test('rotates, draws every shape on entering the viewport, scales headings without script', async () => {
    const { page, errors, messages } = await openPage('/titles.html', { tag });
    await page.waitForSelector('#rotating-loop.sf-rotating', { timeout: 15_000 });
    // One text at a time (which one depends on how long this loaded machine took to get here), then the next in order.
    const [first] = await shown(page, 'rotating-loop').then((texts) => (expect(texts).toHaveLength(1), texts));
    const order = ['kitchens', 'workshops', 'gardens'];
    expect(await page.getAttribute('#rotating-loop .fusion-animated-texts-wrapper', 'aria-hidden')).toBe('true');
    expect(await page.textContent('#rotating-loop .sf-title-sr')).toBe('kitchens, workshops, gardens');
    const next = order[(order.indexOf(first!) + 1) % order.length];
    await page.waitForFunction((text) => document.querySelector('#rotating-loop .sf-title-current')?.textContent === text, next, {
      timeout: 15_000,
    });
    await expectAxeClean(page);

    // Typography: the variables and the class, and a smaller heading on a narrow window.
    expect(await page.getAttribute('#rotating-loop h1', 'class')).toContain('fusion-responsive-typography-calculated');
    expect(await page.$eval('#rotating-loop h1', (el) => (el as HTMLElement).style.getPropertyValue('--fontSize'))).toBe('56');
    expect(await fontSize(page, '#rotating-loop h1')).toBe(56);
    await page.setViewportSize({ width: 500, height: 800 });
    const narrow = await fontSize(page, '#rotating-loop h1');
    expect(narrow).toBeLessThan(56);
    expect(narrow).toBeGreaterThanOrEqual(22.4);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Not drawn below the fold; drawn once scrolled to.
    expect(await page.getAttribute('#highlight-curly', 'class')).not.toContain('sf-highlight-drawn');
    for (const shape of SHAPES) {
      await page.$eval(`#highlight-${shape}`, (el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForSelector(`#highlight-${shape}.sf-highlight-drawn`, { state: 'attached', timeout: 15_000 });
      expect(await page.locator(`#highlight-${shape} svg`).count()).toBe(1);
    }
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('#highlight-circle svg path')!).strokeDashoffset === '0px',
      null,
      { timeout: 10_000 },
    );
    expect(await page.textContent('#highlight-unknown h2')).toBe('Kept plain');
    const ours = messages
      .filter((m) => m.type === 'warning' && m.text.includes('[storefront-islands] animated-titles:'))
      .map((m) => m.text);
    expect(ours.some((t) => t.includes('highlight shape'))).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  }, 120_000);
});

describe.each(PLAIN_FLOW_TAGS)('animated titles and typography, %s tag', (tag) => {
  test('reduced motion: the first text stays, shapes are shown drawn', async () => {
    const { page, errors } = await openPage('/titles.html', { tag, reducedMotion: true, viewport: { width: 800, height: 900 } });
    await page.waitForSelector('#rotating-loop.sf-rotating', { timeout: 15_000 });
    await page.waitForTimeout(2000);
    expect(await shown(page, 'rotating-loop')).toEqual(['kitchens']);
    await page.$eval('#highlight-x', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('#highlight-x.sf-highlight-drawn', { state: 'attached', timeout: 15_000 });
    expectNoConsoleErrors(errors);
  });
});

describe('animated titles, classic tag', () => {
  test('mounts', async () => {
    const { page, errors } = await openPage('/titles.html', { tag: 'classic', viewport: { width: 500, height: 800 } });
    await page.waitForSelector('#rotating-loop.sf-rotating', { timeout: 15_000 });
    expectNoConsoleErrors(errors);
  });
});
