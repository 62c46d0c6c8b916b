/**
 * The WP Rocket beacon in real Chromium, both tags, at 1600 × 900 (the desktop cache variant): every path ends
 * with `beacon-completed="true"` on WP Rocket's script element (what WP Rocket's own tests wait for).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, PLAIN_FLOW_TAGS, waitForIdleIslands } from './harness';

const DESKTOP = { width: 1600, height: 900 };

const completed = (page: Page, timeout = 20_000) =>
  page.waitForFunction(() => document.querySelector('[data-name="wpr-wpr-beacon"]')?.getAttribute('beacon-completed') === 'true', null, {
    timeout,
  });

const calls = (page: Page, endpoint: string) =>
  page.evaluate((name) => window.__mock!.state.log.filter((e) => e.endpoint === name).map((e) => e.body), endpoint);

/** Queue a mock failure before any page script runs (the mock's switches live in the page, set on its creation). */
const failCheck = (failure: string) => (context: BrowserContext) =>
  context.addInitScript((f) => {
    let mock: { failNext: (endpoint: string, failure: string) => void } | undefined;
    Object.defineProperty(window, '__mock', {
      configurable: true,
      get: () => mock,
      set(value) {
        mock = value;
        value.failNext('rocket_check_beacon', f);
      },
    });
  }, failure);

interface Report {
  status: string;
  results: { lcp: { label: string; type: string; src: unknown }[] | null; lrc: string[] | null };
}
const reports = async (page: Page): Promise<Report[]> =>
  (await calls(page, 'rocket_beacon')).map((b) => ({
    status: String(b.status),
    results: JSON.parse(String(b.results)) as Report['results'],
  }));

describe.each(BUILD_TAGS)('WP Rocket beacon, %s tag', (tag) => {
  test('cached page, nothing stored: check, LCP and lazy-render blocks reported once with success; then stored: no second report', async () => {
    const { page, errors } = await openPage('/beacon.html', { tag, viewport: DESKTOP });
    await completed(page);
    expect(await calls(page, 'rocket_check_beacon')).toEqual([
      {
        action: 'rocket_check_beacon',
        rocket_beacon_nonce: '7a1c0e93bd',
        url: 'https://shop.example/product/rain-jacket/',
        is_mobile: 'false',
      },
    ]);
    const [report, ...more] = await reports(page);
    expect(more).toEqual([]);
    expect(report!.status).toBe('success');
    const lcp = report!.results.lcp!;
    expect(lcp[0]).toMatchObject({ label: 'lcp', type: 'picture' });
    expect(String(lcp[0]!.src)).toMatch(/\/wp-content\/uploads\/rain-jacket-hero-1200x600\.jpg$/);
    expect(lcp.slice(1).map((e) => [e.label, e.type, String(e.src).replace(/^.*\/uploads\//, '')])).toEqual([
      ['above-the-fold', 'bg-img', 'rain-band-1180x180.jpg'],
      ['above-the-fold', 'img', 'northwind-logo-40x40.png'],
    ]);
    expect(report!.results.lrc).toEqual(['7b3e9a12', '2d4f6a88', 'f007e401']);
    await expectAxeClean(page);

    await page.reload({ waitUntil: 'load' });
    await completed(page);
    expect(await calls(page, 'rocket_check_beacon')).toHaveLength(2);
    expect(await reports(page)).toHaveLength(1);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('WP Rocket beacon, %s tag', (tag) => {
  test('a failing rocket_check_beacon counts as not stored: the detections run and report', async () => {
    const { page } = await openPage('/beacon.html', { tag, viewport: DESKTOP, beforeGoto: failCheck('http500') });
    await completed(page);
    const [report, ...more] = await reports(page);
    expect(more).toEqual([]);
    expect(report!.status).toBe('success');
    expect(report!.results.lrc).toEqual(['7b3e9a12', '2d4f6a88', 'f007e401']);
  });

  test('a site without skipStrings: WP Rocket\'s default "memex" still keeps a block whose id holds it (any case) out of lazy render', async () => {
    const { page } = await openPage('/beacon.html', {
      tag,
      viewport: DESKTOP,
      beforeGoto: (context: BrowserContext) =>
        context.addInitScript(() => {
          let data: Record<string, unknown> | undefined;
          Object.defineProperty(window, 'rocket_beacon_data', {
            configurable: true,
            get: () => data,
            set(value: Record<string, unknown>) {
              delete value.skipStrings;
              data = value;
            },
          });
          document.addEventListener('DOMContentLoaded', () => {
            document.getElementById('memex-box')!.id = 'Saved-MEMEX-box';
          });
        }),
    });
    await completed(page);
    expect(
      await page.evaluate(() => Object.hasOwn((window as unknown as { rocket_beacon_data: object }).rocket_beacon_data, 'skipStrings')),
    ).toBe(false);
    const [report] = await reports(page);
    expect(report!.results.lrc).toEqual(['7b3e9a12', '2d4f6a88', 'f007e401']);
  });

  test('a check that never answers: the 10 s guard reports with status timeout, once', async () => {
    // The page's clock is Playwright's (it runs in real time until told otherwise): once the check is in flight,
    // the guard's 10 s pass at once instead of being waited for; the mock's slow answer (60 s) stays pending.
    const { page } = await openPage('/beacon.html', {
      tag,
      viewport: DESKTOP,
      beforeGoto: async (context: BrowserContext, tab: Page) => {
        await failCheck('slow')(context);
        await tab.clock.install();
      },
    });
    await page.waitForFunction(() => window.__mock!.state.inFlight > 0, null, { timeout: 20_000 });
    expect(await page.evaluate(() => document.querySelector('[data-name="wpr-wpr-beacon"]')?.getAttribute('beacon-completed'))).toBeNull();
    await page.clock.fastForward(10_000);
    await completed(page);
    expect(await reports(page)).toEqual([{ status: 'timeout', results: { lcp: null, lrc: null } }]);
  });

  test('a detection that throws: status script_error, the other detection still reported', async () => {
    const { page } = await openPage('/beacon.html', {
      tag,
      viewport: DESKTOP,
      beforeGoto: (context: BrowserContext) =>
        context.addInitScript(() => {
          const original = Document.prototype.querySelectorAll;
          Document.prototype.querySelectorAll = function (this: Document, selector: string) {
            if (selector === '[data-rocket-location-hash]') throw new Error('test: lazy-render walk fails');
            return original.call(this, selector);
          } as typeof original;
        }),
    });
    await completed(page);
    const [report] = await reports(page);
    expect(report!.status).toBe('script_error');
    expect(report!.results.lrc).toBeNull();
    expect(report!.results.lcp![0]!.label).toBe('lcp');
  });

  test('preconditions not met (a 1280 × 800 screen for the desktop variant): nothing sent, completed', async () => {
    const { page } = await openPage('/beacon.html', { tag, viewport: { width: 1280, height: 800 } });
    await completed(page);
    expect(await page.evaluate(() => window.__mock!.state.log.filter((e) => e.endpoint.startsWith('rocket_')).length)).toBe(0);
  });

  test('already scrolled before the beacon starts: nothing sent, completed', async () => {
    const { page } = await openPage('/beacon.html', {
      tag,
      viewport: DESKTOP,
      initScript: () => addEventListener('load', () => scrollTo(0, 400)),
    });
    await completed(page);
    expect(await page.evaluate(() => window.__mock!.state.log.filter((e) => e.endpoint.startsWith('rocket_')).length)).toBe(0);
  });

  test('a page without rocket_beacon_data loads no beacon code', async () => {
    const { page, requests } = await openPage('/split-test.html', { tag, viewport: DESKTOP });
    await waitForIdleIslands(page);
    expect(requests.filter((u) => u.includes('wp-rocket-beacon'))).toEqual([]);
    expect(await page.evaluate(() => window.__mock!.state.log.filter((e) => e.endpoint.startsWith('rocket_')).length)).toBe(0);
  });
});
