/**
 * The island runtime and the store notice in real Chromium, on the home page as the CMS prints it, under the
 * server's strict CSP: how the bundle loads under every tag (TAGS), then the notice through the runtime once per
 * build.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  consoleSettled,
  BUILD_TAGS,
  PLAIN_FLOW_TAGS,
  buildPath,
  expectAxeClean,
  expectNoConsoleErrors,
  FRAMEWORK_CHUNK,
  isClassicTag,
  openPage,
  recorded,
  TAGS,
  waitForIslands,
} from './harness';

const NOTICE_ID = '9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e';
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const notice = '.woocommerce-store-notice';

function displayOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => getComputedStyle(el).display);
}

/** Insert a store notice the way a popup or a fragment would: plain DOM, no call to our API. */
async function insertNotice(page: Page, id: string): Promise<void> {
  await page.evaluate((noticeId) => {
    const p = document.createElement('p');
    p.setAttribute('role', 'complementary');
    p.setAttribute('aria-label', 'Late store notice');
    p.className = 'woocommerce-store-notice demo_store late-notice';
    p.setAttribute('data-notice-id', noticeId);
    p.style.display = 'none';
    p.innerHTML = 'Gift wrapping is free this week. <a role="button" href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a>';
    document.body.prepend(p);
  }, id);
}

const ours = (messages: { type: string; text: string }[]) => messages.filter((m) => m.text.startsWith('[storefront-islands]'));

describe.each(TAGS)('runtime, %s tag', (tag) => {
  test('mounts the store notice, loading only the entry and chunks from beside it, and no React on a plain page', async () => {
    const { page, errors, requests } = await openPage('/home.html', { tag });
    expect(await page.isVisible(notice)).toBe(true);
    expect(await page.evaluate(() => window.StorefrontIslands?.version)).toBe(version);

    const paths = [...new Set(requests.map((u) => new URL(u).pathname))];
    const ownCode = paths.filter((p) => p.endsWith('.js') && !p.startsWith('/demo/') && p !== '/mockServiceWorker.js');
    const build = buildPath(tag);
    const entries = isClassicTag(tag) ? [`${build}storefront.classic.js`, `${build}storefront.js`] : [`${build}storefront.js`];
    for (const entry of entries) expect(ownCode).toContain(entry);
    // Every chunk resolved relative to the entry, so the plugin folder works from any URL path.
    for (const p of ownCode) expect(p.startsWith(build), p).toBe(true);
    // The store notice's code travels in the cart chunk (the mini-cart's, loaded on every page with one).
    expect((await recorded(page)).mounts).toContain('store-notice');
    expect(ownCode.filter((p) => FRAMEWORK_CHUNK.test(p))).toEqual([]);
    expectNoConsoleErrors(errors);
  });

  test('the entry runs once: a widget loaded later (an in-page link) asks for no second copy of it under another URL', async () => {
    // WordPress prints the tag with `?ver=`: a chunk importing `../storefront.js` would load and run it again.
    const { page, messages, requests } = await openPage('/home.html', { tag });
    const entryURLs = () => [...new Set(requests.filter((u) => new URL(u).pathname === `${buildPath(tag)}storefront.js`))];
    expect(entryURLs()).toHaveLength(1);
    expect(new URL(entryURLs()[0]!).search).toMatch(/^\?ver=/);
    await page.click('.fusion-button[href="#story"]');
    // Read on a timer, not on the page's animation frames (the default): Chromium on a loaded machine stopped
    // delivering frames to this page for seconds, which is no reason for the address not to change.
    await page.waitForFunction(() => location.hash === '#story', null, { polling: 100 });
    await expect.poll(async () => (await recorded(page)).mounts).toContain('anchors');
    expect(entryURLs()).toHaveLength(1);
    await consoleSettled(page);
    expect(ours(messages).filter((m) => m.text.includes('loaded twice'))).toEqual([]);
  });

  test('an element with id="StorefrontIslands" (named access on window) does not stop the bundle', async () => {
    const { page, messages } = await openPage('/home.html', {
      tag,
      initScript: () => {
        new MutationObserver((_, observer) => {
          if (!document.body) return;
          observer.disconnect();
          const section = document.createElement('section');
          section.id = 'StorefrontIslands';
          document.body.prepend(section);
        }).observe(document, { childList: true, subtree: true });
      },
    });
    expect(await page.isVisible(notice)).toBe(true);
    expect((await recorded(page)).mounts).toContain('store-notice');
    expect(await page.evaluate(() => [window.StorefrontIslands?.version, document.getElementById('StorefrontIslands')?.tagName])).toEqual([
      version,
      'SECTION',
    ]);
    await consoleSettled(page);
    expect(ours(messages).filter((m) => m.text.includes('loaded twice'))).toEqual([]);
  });

  test('a widget whose chunk cannot load is reported once with storefront:error, and the rest of the page works', async () => {
    // What mounts on this page when every chunk loads: the reference for "the other widgets still work".
    const healthy = await openPage('/home.html', { tag });
    const mountedWhenHealthy = (await recorded(healthy.page)).mounts;
    // Typography's chunk is its own (the store notice's travels in the shared cart chunk).
    expect(mountedWhenHealthy).toEqual(expect.arrayContaining(['typography', 'store-notice']));
    await healthy.context.close();

    const { page, messages, errors } = await openPage('/home.html', {
      tag,
      beforeGoto: (context) => context.route('**/chunks/typography.widget-*', (route) => route.abort('failed')),
    });
    const others = mountedWhenHealthy.filter((name) => name !== 'typography');
    await page.waitForFunction((names) => {
      const mounts = (window as unknown as { harnessRecord: { mounts: string[] } }).harnessRecord.mounts;
      return names.every((n) => mounts.includes(n));
    }, others);

    const record = await recorded(page);
    expect(record.mounts).not.toContain('typography');
    expect(record.errors).toEqual([expect.objectContaining({ widget: 'typography', phase: 'load' })]);

    await consoleSettled(page);
    const said = ours(messages);
    expect(said).toHaveLength(1);
    expect(said[0]!.type).toBe('error');
    expect(said[0]!.text).toContain('typography');
    // The rest of the page works: the store notice (mounted above) still dismisses.
    await page.click(`${notice} .woocommerce-store-notice__dismiss-link`);
    expect(await displayOf(page, notice)).toBe('none');
    // The only other console errors are the browser's own reports of the refused chunk request.
    expect(errors.filter((e) => !e.includes('[storefront-islands]') && !/Failed to load resource|ERR_FAILED/.test(e))).toEqual([]);
  });

  test('runs under the strict CSP with no violation', async () => {
    const { page, response, errors } = await openPage('/home.html', { tag });
    expect(response?.headers()['content-security-policy']).toMatch(
      /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'; object-src 'none'; base-uri 'self'$/,
    );
    // The CMS's nonced inline scripts ran: globals defined, WooCommerce's body class switched.
    expect(await page.evaluate(() => typeof (window as unknown as { woocommerce_params?: unknown }).woocommerce_params)).toBe('object');
    expect(await page.evaluate(() => document.body.classList.contains('woocommerce-js'))).toBe(true);
    await insertNotice(page, 'bbbbccccddddeeeeffff000011112222');
    await page.evaluate(() => window.StorefrontIslands!.ready());
    await page.click(`${notice}:not(.late-notice) .woocommerce-store-notice__dismiss-link`);
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});

/*
 * The store notice through the runtime: the classic tag only inserts the module build's entry (mount/classic.ts),
 * after which the same code runs, so these do not run under it; how each tag loads is checked above. The notice and
 * the runtime's API are plain code (no view, no framework chunk): the main flow runs in both builds, the rest in the
 * React build only (PLAIN_FLOW_TAGS).
 */
describe.each(BUILD_TAGS)('runtime and store notice, %s tag', (tag) => {
  test('dismissing sets the session cookie store_notice<id>=hidden on / and the notice stays hidden after reload', async () => {
    const { page, context, errors } = await openPage('/home.html', { tag });
    await page.click(`${notice} .woocommerce-store-notice__dismiss-link`);
    expect(await displayOf(page, notice)).toBe('none');
    const cookie = (await context.cookies()).find((c) => c.name === `store_notice${NOTICE_ID}`);
    expect(cookie).toMatchObject({ value: 'hidden', path: '/', expires: -1, sameSite: 'Lax' });

    await page.reload();
    await waitForIslands(page);
    expect(await displayOf(page, notice)).toBe('none');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('runtime and store notice, %s tag', (tag) => {
  test('mounts markup inserted later without any call, and leaves the existing notice alone', async () => {
    const { page, context, errors } = await openPage('/home.html', { tag });
    const lateId = 'aaaabbbbccccddddeeeeffff00001111';
    await insertNotice(page, lateId);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.late-notice')!).display !== 'none');

    await page.click('.late-notice .woocommerce-store-notice__dismiss-link');
    expect(await displayOf(page, '.late-notice')).toBe('none');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === `store_notice${lateId}`)?.value).toBe('hidden');
    expect(cookies.find((c) => c.name === `store_notice${NOTICE_ID}`)).toBeUndefined();
    expect(await displayOf(page, `${notice}:not(.late-notice)`)).not.toBe('none');
    expectNoConsoleErrors(errors);
  });

  test('StorefrontIslands.unmount(el) removes the behaviour, scan(el) brings it back', async () => {
    const { page, context, errors } = await openPage('/home.html', { tag });
    await page.evaluate((sel) => window.StorefrontIslands!.unmount(document.querySelector(sel)!), notice);
    await page.click(`${notice} .woocommerce-store-notice__dismiss-link`);
    expect(await displayOf(page, notice)).not.toBe('none');
    expect((await context.cookies()).some((c) => c.name.startsWith('store_notice'))).toBe(false);

    await page.evaluate((sel) => window.StorefrontIslands!.scan(document.querySelector(sel)!), notice);
    await page.evaluate(() => window.StorefrontIslands!.ready());
    await page.click(`${notice} .woocommerce-store-notice__dismiss-link`);
    expect(await displayOf(page, notice)).toBe('none');
    expect((await context.cookies()).find((c) => c.name === `store_notice${NOTICE_ID}`)?.value).toBe('hidden');
    expectNoConsoleErrors(errors);
  });

  test('a notice fed a malformed id warns once, naming widget and field, and every notice keeps working', async () => {
    const { page, context, errors, messages } = await openPage('/home.html', { tag });
    await insertNotice(page, '%zz"<b>');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.late-notice')!).display !== 'none');
    await page.evaluate(() => window.StorefrontIslands!.ready());

    await consoleSettled(page);
    const said = ours(messages);
    expect(said).toHaveLength(1);
    expect(said[0]!.type).toBe('warning');
    expect(said[0]!.text).toContain('store-notice: data-notice-id');

    await page.click(`${notice}:not(.late-notice) .woocommerce-store-notice__dismiss-link`);
    expect(await displayOf(page, `${notice}:not(.late-notice)`)).toBe('none');
    expect((await context.cookies()).find((c) => c.name === `store_notice${NOTICE_ID}`)?.value).toBe('hidden');
    expectNoConsoleErrors(errors);
  });

  test('the dismiss link works from the keyboard like a button (Space)', async () => {
    const { page, context, errors } = await openPage('/home.html', { tag });
    await page.focus(`${notice} .woocommerce-store-notice__dismiss-link`);
    await page.keyboard.press('Space');
    expect(await displayOf(page, notice)).toBe('none');
    expect((await context.cookies()).find((c) => c.name === `store_notice${NOTICE_ID}`)?.value).toBe('hidden');
    expectNoConsoleErrors(errors);
  });

  test('the CSP is really enforced (so "no violation" above means something)', async () => {
    const { page } = await openPage('/home.html', { tag });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await page.waitForFunction(() => (window as unknown as { harnessRecord: { csp: unknown[] } }).harnessRecord.csp.length > 0);
    expect((await recorded(page)).csp[0]).toMatchObject({ directive: 'script-src-elem' });
  });

  test('axe-core is clean after mounting and after dismissing; no console errors', async () => {
    const { page, errors } = await openPage('/home.html', { tag });
    await expectAxeClean(page);
    await page.click(`${notice} .woocommerce-store-notice__dismiss-link`);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
