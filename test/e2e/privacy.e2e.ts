/**
 * The privacy bar and blocked embeds in Chromium, both tags, on fixtures/pages/privacy.html. Every host other
 * than the fixture server is routed to a local stand-in (players, thumbnails, the Maps API, gtag.js), so nothing
 * leaves 127.0.0.1, and the request log proves what was asked of an embed host and when. axe runs with the bar
 * open (first show with its panel, and reopened); the every-page check covers the page as it loads.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseURL, expectAxeClean, expectNoConsoleErrors, openPage, recorded, BUILD_TAGS } from './harness';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="100%" height="100%" fill="#345"/></svg>';

/** Stand-ins for the embed hosts: a player page, an image, or a script with the globals the page expects. */
async function routeEmbedHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'maps.googleapis.com' && url.pathname === '/maps/api/js') {
        return route.fulfill({ contentType: 'text/javascript', body: 'window.google = { maps: { Map: function () {} } };' });
      }
      if (url.hostname === 'www.googletagmanager.com')
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLibrary = true;' });
      if (url.hostname === 'connect.facebook.net')
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__facebookSdk = true;' });
      if (/ytimg|staticflickr|staticmap/.test(url.href)) return route.fulfill({ contentType: 'image/svg+xml', body: SVG });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><p>player</p></html>' });
    },
  );
  // Avada's InfoBox library is a theme file; the fixture server has none.
  await context.route('**/infobox_packed.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.InfoBox = function InfoBox() {};' }),
  );
}

const external = (requests: readonly string[]) => requests.filter((u) => !u.startsWith(baseURL()) && /^https?:/.test(u));
const shown = (page: Page, selector: string) => page.$eval(selector, (el) => getComputedStyle(el).display !== 'none');
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((a) => Array.from(a)).filter((a) => a[0] === 'consent'),
  );
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'privacy_embeds');
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

describe.each(BUILD_TAGS)('privacy bar and blocked embeds, %s tag', (tag) => {
  test('first visit: the bar shows, nothing reaches an embed host; accept with choices loads exactly those', async () => {
    const { page, context, errors, requests } = await openPage('/privacy.html', { tag, beforeGoto: routeEmbedHosts });
    await page.waitForSelector('.fusion-privacy-bar[role="region"][aria-label="Cookie and privacy settings"]', { state: 'visible' });
    expect(await dataLayer(page)).toEqual([['consent', 'default', { ...DENIED, wait_for_update: 500 }]]);
    // Ahead of the snippet's own js/config commands: gtag.js has not taken the queue over yet.
    expect(
      await page.evaluate(() => Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[0]!).slice(0, 2)),
    ).toEqual(['consent', 'default']);

    await page.click('.fusion-privacy-bar-learn-more');
    expect(await page.getAttribute('.fusion-privacy-bar-learn-more', 'aria-expanded')).toBe('true');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.fusion-privacy-bar-full')!).display === 'block');
    await page.check('#bar-vimeo');
    expect((await page.textContent('.fusion-privacy-bar-acceptance'))?.trim()).toBe('Update Settings');
    await page.check('#bar-gmaps');
    await page.check('#bar-tracking');
    await page.uncheck('#bar-youtube');
    await expectAxeClean(page);
    // Everything so far happened without one request to an embed host.
    expect(external(requests)).toEqual([]);

    await page.click('.fusion-privacy-bar-acceptance');
    expect(await shown(page, '.fusion-privacy-bar')).toBe(false);
    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ value: 'consent,vimeo,gmaps,tracking', path: '/', sameSite: 'Lax', secure: false });
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / 86_400_000)).toBe(30);

    await page.waitForFunction(() => document.getElementById('fusion_map_7b3e')?.getAttribute('data-map-ready') === 'true', null, {
      timeout: 10_000,
    });
    await page.waitForFunction(
      () =>
        (window as unknown as { __shopAnalytics?: number }).__shopAnalytics === 1 &&
        (window as unknown as { __gtagLibrary?: boolean }).__gtagLibrary === true,
    );
    const hosts = new Set(external(requests).map((u) => new URL(u).hostname));
    expect([...hosts].toSorted()).toEqual(['maps.googleapis.com', 'player.vimeo.com', 'www.googletagmanager.com']);
    expect(await page.getAttribute('#embed-youtube iframe', 'src')).toBe('');
    expect(await page.isVisible('#embed-youtube .fusion-privacy-placeholder')).toBe(true);
    expect(await page.locator('.fusion-privacy-placeholder[data-privacy-type="vimeo"]').count()).toBe(0);
    expect(await dataLayer(page)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', GRANTED],
    ]);
    expect((await recorded(page)).csp).toEqual([]);
    expectNoConsoleErrors(errors);
  }, 120_000);

  test('reject writes only consent and reloads; the next page shows no bar and loads no embed', async () => {
    const { page, context, errors, requests } = await openPage('/privacy.html', {
      tag,
      beforeGoto: routeEmbedHosts,
      storage: { cookies: { privacy_embeds: 'youtube' } },
    });
    expect(external(requests).length).toBeGreaterThan(0); // the placeholder consent for youtube still applies
    // What the next page asks for: counted from its navigation (the youtube embed this page was allowed may still
    // be loading its own resources until the reload).
    let before = requests.length;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) before = requests.length;
    });
    await Promise.all([page.waitForEvent('load'), page.click('.fusion-privacy-bar-reject')]);
    await page.waitForFunction(() => typeof window.StorefrontIslands?.ready === 'function');
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expect((await consentCookie(context))?.value).toBe('consent');
    expect(await shown(page, '.fusion-privacy-bar')).toBe(false);
    expect(external(requests.slice(before))).toEqual([]);
    expect(await page.getAttribute('#embed-youtube iframe', 'src')).toBe('');
    expect(await dataLayer(page)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', DENIED],
    ]);
    expectNoConsoleErrors(errors);
  });

  test('returning visitor: allowed types load at once; the facade loads its player only on click, privacy-enhanced', async () => {
    const { page, errors, requests } = await openPage('/privacy.html', {
      tag,
      beforeGoto: routeEmbedHosts,
      storage: { cookies: { privacy_embeds: 'consent,youtube' } },
    });
    await page.waitForFunction(() =>
      document.querySelector('#embed-youtube iframe')?.getAttribute('src')?.startsWith('https://www.youtube.com/embed/'),
    );
    expect(await shown(page, '.fusion-privacy-bar')).toBe(false);
    expect(await page.locator('priv-fac-lite-youtube').count()).toBe(0);
    await page.locator('lite-youtube[videoid="aqz-KE-bpKQ"] img').waitFor();
    const hosts = () => new Set(external(requests).map((u) => new URL(u).hostname));
    expect(hosts().has('www.youtube-nocookie.com')).toBe(false);
    expect(hosts().has('player.vimeo.com')).toBe(false);
    expect(await page.locator('priv-fac-lite-vimeo').count()).toBe(1);

    await page.click('lite-youtube[videoid="aqz-KE-bpKQ"] .lty-playbtn');
    const player = await page.getAttribute('lite-youtube[videoid="aqz-KE-bpKQ"] iframe', 'src');
    expect(player).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?controls=1&start=10&autoplay=1');
    await expect.poll(() => external(requests).some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'))).toBe(true);
    expect(await dataLayer(page)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', DENIED],
    ]);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a privacy settings link reopens the bar by keyboard; the bar is a region, not a focus trap', async () => {
    const { page, context, errors, requests } = await openPage('/privacy.html', {
      tag,
      beforeGoto: routeEmbedHosts,
      storage: { cookies: { privacy_embeds: 'consent' } },
    });
    expect(await shown(page, '.fusion-privacy-bar')).toBe(false);
    await page.focus('a[href="#privacy-settings"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('fusion-privacy-bar'));
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await page.getAttribute('.fusion-privacy-bar-learn-more', 'aria-expanded')).toBe('true');
    expect(await page.isChecked('#bar-youtube')).toBe(false); // the standing choice, not the printed default
    await expectAxeClean(page);

    // Keyboard through the bar and back out of it: Shift+Tab from its first control leaves the bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('fusion-privacy-bar-learn-more');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.fusion-privacy-bar'))).toBe(false);

    await page.check('#bar-soundcloud');
    await page.focus('.fusion-privacy-bar-acceptance');
    await page.keyboard.press(' ');
    // (Read until written: a loaded clean-clone run read the cookie before the accept had written it.)
    await expect.poll(async () => (await consentCookie(context))?.value).toBe('consent,soundcloud');
    await expect.poll(() => external(requests).some((u) => u.startsWith('https://w.soundcloud.com/'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#privacy-settings');
    expect(await shown(page, '.fusion-privacy-bar')).toBe(false);
    expectNoConsoleErrors(errors);
  }, 120_000);

  test('a placeholder button consents to its one type only', async () => {
    const { page, context, errors, requests } = await openPage('/privacy.html', { tag, beforeGoto: routeEmbedHosts });
    await page.click('#embed-vimeo .fusion-privacy-consent');
    expect((await consentCookie(context))?.value).toBe('vimeo');
    await expect.poll(() => external(requests).some((u) => u.startsWith('https://player.vimeo.com/video/76979871'))).toBe(true);
    expect(await page.locator('.fusion-privacy-placeholder[data-privacy-type="vimeo"]').count()).toBe(0);
    expect(await page.locator('#embed-video-widget video.wp-video-shortcode').count()).toBe(1);
    expect(await page.isChecked('#bar-vimeo')).toBe(true);
    expect(await shown(page, '.fusion-privacy-bar')).toBe(true);
    expect(external(requests).every((u) => new URL(u).hostname.endsWith('vimeo.com'))).toBe(true);
    expectNoConsoleErrors(errors);
  });
});
