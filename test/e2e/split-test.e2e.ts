/**
 * WooBuilder split tests in real Chromium, both tags: one variant per test before any non-chosen one is painted,
 * the same variants on every reload, one impression per product id and visitor, and a random choice for each
 * fresh visitor (its near-uniform share is the pure choice's, in the unit tests).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, expectAxeClean, expectNoConsoleErrors, openPage, pageURL, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

declare global {
  interface Window {
    /** Variants ("{wrapper name}|{variant id}") seen rendered at any frame since the document started. */
    paintedSplitVariants?: Set<string>;
    /** Wrappers without a chosen variant at the first animation frame after the entry started (-1: none yet). */
    undecidedAtFirstFrame?: number;
  }
}

/**
 * Before the page's scripts: check every frame (a rAF callback runs right before each paint) which variants
 * would be painted, so a variant that flashed for one frame is caught.
 */
function recordPaintedVariants(): void {
  const seen = new Set<string>();
  window.paintedSplitVariants = seen;
  const check = () => {
    for (const v of document.querySelectorAll('[woob-stest-id]')) {
      if (v.checkVisibility({ visibilityProperty: true }))
        seen.add(`${v.parentElement?.getAttribute('woob-stest-name')}|${v.getAttribute('woob-stest-id')}`);
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Before the page's scripts: when the entry publishes its API (in its first task), ask for the next animation
 * frame and count, in that frame's callback, the wrappers still without a choice.
 */
function recordFirstFrameAfterEntry(): void {
  window.undecidedAtFirstFrame = -1;
  let api: unknown;
  Object.defineProperty(window, 'StorefrontIslands', {
    configurable: true,
    get: () => api,
    set(value) {
      api = value;
      requestAnimationFrame(() => {
        window.undecidedAtFirstFrame = document.querySelectorAll('[woob-stest-name]:not([woob-stest])').length;
      });
    },
  });
}

const WRAPPERS = 3;
const assigned = (page: Page) =>
  page.waitForFunction((n) => document.querySelectorAll('[woob-stest-name][woob-stest]').length === n, WRAPPERS, { timeout: 20_000 });

/** The chosen variant of each test, and every variant that is displayed now. */
const state = (page: Page) =>
  page.evaluate(() => {
    const wrappers = Array.from(document.querySelectorAll('[woob-stest-name]'));
    return {
      chosen: Object.fromEntries(wrappers.map((w) => [w.getAttribute('woob-stest-name')!, Number(w.getAttribute('woob-stest'))])),
      displayed: wrappers.flatMap((w) =>
        Array.from(w.querySelectorAll(':scope > [woob-stest-id]'))
          .filter((v) => v.checkVisibility({ visibilityProperty: true }))
          .map((v) => `${w.getAttribute('woob-stest-name')}|${v.getAttribute('woob-stest-id')}`),
      ),
      painted: Array.from(window.paintedSplitVariants ?? []).sort(),
      ids: Object.fromEntries(
        wrappers.map((w) => [
          w.getAttribute('woob-stest-name')!,
          Array.from(w.querySelectorAll(':scope > [woob-stest-id]'), (v) => v.getAttribute('woob-stest-id')!),
        ]),
      ),
    };
  });

const impressions = (page: Page) =>
  page.evaluate(() =>
    window
      .__mock!.state.log.filter((e) => e.endpoint === 'woob-stest-impression')
      .map((e) => ({ pid: e.body.pid, tests: JSON.parse(String(e.body.tests_data)) as Record<string, number> })),
  );

describe.each(BUILD_TAGS)('split tests, %s tag', (tag) => {
  test('one variant per test, never a flash of another, the same on every reload, reported once per product id', async () => {
    // A tab-level init script keeps the context reusable: the test above left it with its mock worker in
    // place, so the bundle arrives well within the page's 5 s cloak even on a loaded machine (a brand-new
    // context at load ~35 sometimes did not, and the cloak rightly revealed every variant).
    const { page, errors } = await openPage('/split-test.html', { tag, initScript: recordPaintedVariants });
    await assigned(page);
    const first = await state(page);
    const expectedShown = Object.entries(first.chosen)
      .map(([name, i]) => `${name}|${first.ids[name]![i]}`)
      .sort();
    expect(first.displayed.sort()).toEqual(expectedShown);
    // Every frame painted so far showed only the chosen variants (or none while the cloak held them).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect((await state(page)).painted).toEqual(expectedShown);

    await page.waitForFunction(() => window.__mock!.state.log.filter((e) => e.endpoint === 'woob-stest-impression').length >= 2);
    const reported = await impressions(page);
    expect(reported.toSorted((a, b) => String(a.pid).localeCompare(String(b.pid)))).toEqual([
      { pid: '318', tests: { 'Hero copy': first.chosen['318--Hero copy'], 'Price & badge': first.chosen['318--Price & badge'] } },
      { pid: '320', tests: { 'Hero copy': first.chosen['320--Hero copy'] } },
    ]);
    // Only the server's cookies, nothing of ours.
    const cookies = (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('woob'));
    expect(cookies.sort()).toEqual(['woobk-stest-318', 'woobk-stest-320']);
    await expectAxeClean(page);

    for (let i = 0; i < 2; i++) {
      await page.reload({ waitUntil: 'load' });
      await assigned(page);
      const again = await state(page);
      expect(again.chosen).toEqual(first.chosen);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect((await state(page)).painted).toEqual(expectedShown);
    }
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    expect(await impressions(page)).toHaveLength(2);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('split tests, %s tag', (tag) => {
  test('a visitor who converted keeps the variant of the conversion cookie; a broken cookie warns once and counts as empty', async () => {
    const { page, messages } = await openPage('/split-test.html', {
      tag,
      storage: {
        cookies: { 'woobk-stest-conv-318': encodeURIComponent('{"Hero+copy":1,"Price+&+badge":2}'), 'woobk-stest-320': '%7Bbroken' },
      },
    });
    await assigned(page);
    const { chosen } = await state(page);
    expect(chosen['318--Hero copy']).toBe(1);
    expect(chosen['318--Price & badge']).toBe(2);
    await page.waitForFunction(() => window.__mock!.state.log.some((e) => e.endpoint === 'woob-stest-impression'));
    expect(await impressions(page)).toEqual([{ pid: '320', tests: { 'Hero copy': chosen['320--Hero copy'] } }]);
    await consoleSettled(page);
    expect(
      messages.filter((m) => m.type === 'warning' && m.text.includes('split-test') && m.text.includes('woobk-stest-320')),
    ).toHaveLength(1);
  });

  test("the variants are chosen in the entry's first task: set before the first animation frame after it", async () => {
    const { page, errors } = await openPage('/split-test.html', { tag, initScript: recordFirstFrameAfterEntry });
    await page.waitForFunction(() => window.undecidedAtFirstFrame !== -1, null, { timeout: 20_000 });
    expect(await page.evaluate(() => window.undecidedAtFirstFrame)).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[woob-stest-name][woob-stest]').length)).toBe(WRAPPERS);
    expectNoConsoleErrors(errors);
  });

  test('fresh visitors each get their own random variants through the real page, and each is reported once', async () => {
    // The near-uniform share is a property of the pure choice, tested over 10,000 visitors in
    // widgets/split-test/split-test.test.ts. Here a few fresh visitors prove the page's path: each one gets a
    // choice and is reported once, and the choice is not stuck (eight visitors alike over the 2 × 3 × 2
    // combinations by chance: (1/12)^7, about 3 in 100 million). No mock service worker (a route answers the
    // impression): a reload is then just the page and the bundle.
    // The route is there before the first visitor: an impression goes out once the request code has loaded,
    // which may be after `load`, and must be counted for the visitor that sent it.
    let reports = 0;
    const { page, context } = await openPage('/split-test.html', {
      tag,
      mock: false,
      beforeGoto: (ctx) =>
        ctx.route('**/wp-json/woob-stest/v1/impression', (route) => {
          reports += 1;
          return route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' });
        }),
    });
    await assigned(page);
    await expect.poll(() => reports, { timeout: 10_000, interval: 10 }).toBe(2);
    reports = 0;
    const VISITORS = 8;
    const choices = new Set<string>();
    for (let i = 0; i < VISITORS; i++) {
      await context.clearCookies();
      await page.goto(pageURL('/split-test.html', { tag, mock: false }), { waitUntil: 'load' });
      await assigned(page);
      const { chosen, ids } = await state(page);
      for (const [name, index] of Object.entries(chosen)) expect(ids[name]![index]).toBeDefined();
      choices.add(JSON.stringify(chosen));
      // Two product ids on the page: two impressions per fresh visitor, before the next one arrives.
      await expect.poll(() => reports, { timeout: 10_000, interval: 10 }).toBe((i + 1) * 2);
    }
    expect(choices.size).toBeGreaterThan(1);
    expect(reports).toBe(VISITORS * 2);
  });
});
