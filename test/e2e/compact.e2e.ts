/**
 * The two builds from outside: the compact build's classic tag (the one tag TAGS leaves out) boots and mounts,
 * a page of plain behaviours never requests React or Preact in either build, and the framework chunk arrives
 * with the first island that needs it, preloaded beside that island's chunk (one wave, under the strict CSP).
 */
import { describe, expect, test } from 'vitest';
import {
  buildPath,
  expectAxeClean,
  expectNoConsoleErrors,
  holdWave,
  FRAMEWORK_CHUNK,
  openPage,
  pageURL,
  recorded,
  waitForIdleIslands,
  waitForIslands,
  type Tag,
} from './harness';

const pathsOf = (requests: string[]) => [...new Set(requests.map((u) => new URL(u).pathname))];
const frameworkRequests = (requests: string[]) => pathsOf(requests).filter((p) => FRAMEWORK_CHUNK.test(p));

describe('the compact build, classic tag', () => {
  test('the classic loader of dist/compact/ loads the compact module build beside it, which mounts the page', async () => {
    const { page, errors, requests } = await openPage('/home.html', { tag: 'compact-classic' });
    const build = buildPath('compact-classic');
    const ownCode = pathsOf(requests).filter((p) => p.endsWith('.js') && p.startsWith('/wp-content/'));
    expect(ownCode).toContain(`${build}storefront.classic.js`);
    expect(ownCode).toContain(`${build}storefront.js`);
    for (const p of ownCode) expect(p.startsWith(build), p).toBe(true);
    expect(await page.$eval('script[data-storefront-islands]', (s) => new URL((s as HTMLScriptElement).src).pathname)).toBe(
      `${build}storefront.js`,
    );
    expect((await recorded(page)).mounts).toEqual(expect.arrayContaining(['store-notice', 'fusion-tabs', 'mini-cart']));

    // The countdown island renders through preact/compat.
    await page.$eval('#sale', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('#fusion-countdown-1 time[role=group]');
    expect(frameworkRequests(requests)).toEqual([expect.stringMatching(/\/compact\/chunks\/preact-/)]);
    await expectAxeClean(page);
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});

describe.each(['module', 'compact'] satisfies Tag[])('framework code only where an island needs it, %s build', (tag) => {
  test('the cart, checkout and orders pages (plain behaviours only) request no React or Preact code', async () => {
    // One context for the three pages: what matters is each page's own request log, not a fresh profile.
    const { page, errors, requests } = await openPage('/cart.html', { tag });
    for (const path of ['/cart.html', '/checkout.html', '/my-account-orders.html']) {
      const from = path === '/cart.html' ? 0 : requests.length;
      if (path !== '/cart.html') {
        await page.goto(pageURL(path, { tag }), { waitUntil: 'load' });
        await waitForIslands(page);
      }
      await waitForIdleIslands(page);
      expect((await recorded(page)).mounts.length, path).toBeGreaterThan(3);
      const own = pathsOf(requests.slice(from)).filter((p) => p.startsWith(buildPath(tag)));
      expect(own, path).toContain(`${buildPath(tag)}storefront.js`);
      expect(frameworkRequests(requests.slice(from)), path).toEqual([]);
    }
    expectNoConsoleErrors(errors);
  });

  test('the home page requests the framework chunk only when the countdown comes into view, together with its chunk', async () => {
    const { page, errors, requests } = await openPage('/home.html', { tag });
    await waitForIdleIslands(page);
    expect(frameworkRequests(requests)).toEqual([]);

    const before = requests.length;
    const wave = await holdWave(page, [FRAMEWORK_CHUNK, /\/chunks\/countdown\.widget-[\w-]+\.js$/]);
    await page.$eval('#sale', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('.sf-countdown__counter time[role=group]');
    const after = pathsOf(requests.slice(before));
    const framework = after.findIndex((p) => FRAMEWORK_CHUNK.test(p));
    const countdown = after.findIndex((p) => p.includes('/chunks/countdown.widget-'));
    expect(framework).toBeGreaterThanOrEqual(0);
    expect(countdown).toBeGreaterThanOrEqual(0);
    // Requested together: the framework chunk's request starts before the countdown's chunk has arrived, so it is
    // not a second wave discovered once that chunk was parsed. Allowed by the page's CSP (nothing reported).
    await wave.expectOneWave();
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});
