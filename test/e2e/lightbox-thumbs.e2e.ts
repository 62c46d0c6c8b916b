/**
 * The lightbox's thumbnails for videos in Chromium, once per build (BUILD_TAGS), on
 * fixtures/pages/lightbox-videos.html (an image, a YouTube and two Vimeo links, and a YouTube embed whose id has 10
 * characters, in one group). Every host other than the fixture server is routed to a local stand-in, so nothing
 * leaves 127.0.0.1 and the request log shows what was asked of i.ytimg.com and Vimeo, and when. Vimeo's oEmbed
 * service is the mock's (fixtures/mock/lightbox.ts): 76979871 answers, any other video 404.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { VIMEO_THUMBNAIL } from '../../fixtures/mock/lightbox';
import { expectAxeClean, expectNoConsoleErrors, openPage, PLAIN_FLOW_TAGS } from './harness';

const PAGE = '/lightbox-videos.html';
const DIALOG = 'dialog.sf-ilightbox';
const YOUTUBE_STILL = 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#345"/></svg>';
const PRIVACY =
  'var avadaPrivacyVars = {"name":"privacy_embeds","days":"30","path":"\\/","types":["youtube","vimeo"],"defaults":[],"button":"0"};';

/** The current slide's consent button (a neighbour's placeholder is in the DOM too). */
const ACCEPT = `${DIALOG} .pswp__item[aria-hidden="false"] .fusion-privacy-consent`;
const thumb = (n: number) => `${DIALOG} .sf-ilightbox__thumb[data-sf-index="${n}"]`;
/** What a thumbnail button shows: its image's src, or its glyph. */
const shows = (page: Page, n: number) =>
  page.$eval(thumb(n), (b) => {
    const img = b.querySelector('img');
    return img ? { img: img.getAttribute('src') } : { glyph: b.querySelector('[aria-hidden="true"]')?.textContent ?? null };
  });
const loadedImage = (page: Page, n: number, src: string) =>
  page.waitForFunction(
    ([s, url]) => {
      const img = document.querySelector<HTMLImageElement>(`${s} img`);
      return img?.getAttribute('src') === url && img.complete && img.naturalWidth > 0;
    },
    [thumb(n), src] as const,
  );
const videoHosts = (requests: readonly string[]) =>
  requests.filter((u) => /^https:\/\/([\w-]+\.)*(ytimg\.com|youtube\.com|youtube-nocookie\.com|vimeo\.com|vimeocdn\.com)\//.test(u));
/** The browser's own line for the oEmbed 404 (a video no longer online) is not an error of ours. */
const ours = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

/** Stand-ins for the video hosts: an image for the thumbnail hosts, a page for the players. */
function routeVideoHosts(context: BrowserContext) {
  return context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      if (/(^|\.)ytimg\.com$|(^|\.)vimeocdn\.com$/.test(url.hostname)) return route.fulfill({ contentType: 'image/svg+xml', body: SVG });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><p>player</p></html>' });
    },
  );
}

/** The same page on a site whose privacy feature gates YouTube and Vimeo (no cookie: nothing consented yet). */
async function gated(context: BrowserContext) {
  await routeVideoHosts(context);
  await context.route(
    (url) => url.pathname === PAGE,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('var fusionLightboxVideoVars', `${PRIVACY}\n\tvar fusionLightboxVideoVars`);
      await route.fulfill({ response, body: html });
    },
  );
}

describe.each(PLAIN_FLOW_TAGS)('lightbox video thumbnails, %s tag', (tag) => {
  test("without the privacy feature: YouTube's still for an 11-character id, Vimeo's oEmbed thumbnail; a glyph otherwise", async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag, beforeGoto: routeVideoHosts });
    await page.click('.film-kiln');
    await page.waitForSelector(`${DIALOG} .pswp`, { timeout: 30_000 });
    await loadedImage(page, 1, YOUTUBE_STILL);
    await loadedImage(page, 2, VIMEO_THUMBNAIL);
    expect(requests).toContain(YOUTUBE_STILL);
    expect(requests).toContain(VIMEO_THUMBNAIL);
    expect(requests).toContain('https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871');
    // A video Vimeo no longer answers for, and a 10-character YouTube id: the glyph, and no still is asked for.
    await page.waitForFunction(
      (u) => performance.getEntriesByType('resource').some((e) => e.name === u),
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F11111111',
    );
    expect(await shows(page, 3)).toEqual({ glyph: '▶' });
    expect(await shows(page, 4)).toEqual({ glyph: '≡' });
    expect(requests.filter((u) => u.includes('abcdefghij') && u.includes('ytimg'))).toEqual([]);
    expect(await shows(page, 0)).toEqual({ img: '/wp-content/uploads/2025/03/kiln-400x300.jpg' });
    await expectAxeClean(page);
    expectNoConsoleErrors(ours(errors));
  });

  test('behind the consent gate: glyphs and no request to YouTube or Vimeo; each consent swaps its thumbnail in while open', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag, beforeGoto: gated });
    await page.click('.film-kiln');
    await page.waitForSelector(`${DIALOG} .pswp`, { timeout: 30_000 });
    await page.waitForSelector(`${DIALOG} .pswp__img[src$="kiln-1200x900.jpg"]`);
    expect(await shows(page, 1)).toEqual({ glyph: '▶' });
    expect(await shows(page, 2)).toEqual({ glyph: '▶' });
    expect(videoHosts(requests)).toEqual([]);
    await expectAxeClean(page);

    // The visitor accepts YouTube from the slide's placeholder: its still comes in, Vimeo still waits.
    await page.click(thumb(1));
    await page.waitForSelector(ACCEPT);
    await page.click(ACCEPT);
    await loadedImage(page, 1, YOUTUBE_STILL);
    expect(await shows(page, 2)).toEqual({ glyph: '▶' });
    expect(videoHosts(requests).filter((u) => /vimeo/.test(u))).toEqual([]);

    await page.click(thumb(2));
    await page.waitForSelector(ACCEPT);
    await page.click(ACCEPT);
    await loadedImage(page, 2, VIMEO_THUMBNAIL);
    expect(requests).toContain(VIMEO_THUMBNAIL);
    await expectAxeClean(page);
    expectNoConsoleErrors(ours(errors));
  });
});
