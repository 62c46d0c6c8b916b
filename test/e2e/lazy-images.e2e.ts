/**
 * Lazy images in real Chromium (fixtures/pages/lazy-images.html): the hero in the first viewport loads at once
 * with fetchpriority=high, nothing far below is requested until it comes within the margin, the classes and
 * lazysizes' events, srcset/sizes auto (and after a resize), <picture>, a broken image, lazypreload, data-expand,
 * an image blocked by the consent bar, a section background, images inserted later, a listener that takes over,
 * garbage attributes. At 1280, 800 and 500 px; axe after mount and after scrolling.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, BUILD_TAGS, PLAIN_FLOW_TAGS, expectAxeClean, expectNoConsoleErrors, openPage } from './harness';

const UPLOADS = '/wp-content/uploads/2025/04/';

/** Records lazysizes' events from before the bundle runs. */
async function recordEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: string[] = [];
    Object.defineProperty(window, 'sfLazyEvents', { value: log });
    for (const type of ['lazybeforeunveil', 'lazyloaded'])
      document.addEventListener(type, (e) => log.push(`${type}:${(e.target as Element).id || (e.target as Element).className}`));
  });
}

const events = (page: Page) => page.evaluate(() => [...(window as unknown as { sfLazyEvents: string[] }).sfLazyEvents]);
const classesOf = (page: Page, selector: string) => page.$eval(selector, (el) => [...el.classList].filter((c) => c.startsWith('lazy')));
const requested = (requests: string[], file: string) => requests.some((u) => new URL(u).pathname === `${UPLOADS}${file}`);
const loaded = (page: Page, selector: string) => page.waitForSelector(`${selector}.lazyloaded`, { state: 'attached', timeout: 15_000 });
const scrollTo = (page: Page, selector: string) => page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));

describe.each(BUILD_TAGS)('lazy images, %s tag', (tag) => {
  test('scrolling: cards, picture, broken image, expand, background, consent, preload, garbage', async () => {
    const { page, errors, requests, messages } = await openPage('/lazy-images.html', { tag, beforeGoto: recordEvents });
    // lazypreload: loaded once the page is idle, without being scrolled to.
    await loaded(page, '#preload');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await scrollTo(page, '.products li:last-child');
    await loaded(page, '.products li:last-child img');
    // Jumping there skipped the first rows: only what came within the margin loads.
    const card = await page.$eval('.products li:last-child img', (img) => ({
      src: img.getAttribute('src'),
      sizes: img.getAttribute('sizes'),
      width: Math.round(img.getBoundingClientRect().width),
    }));
    expect(card.src).toBe(`${UPLOADS}iron-kettle-600x600.jpg`);
    expect(await classesOf(page, '.products li:first-child img')).toEqual(['lazyload']);
    expect(card.sizes).toBe(`${card.width}px`);

    await scrollTo(page, '#figure-picture');
    await loaded(page, '#picture-img');
    expect(await page.getAttribute('#figure-picture source', 'srcset')).toBe(
      `${UPLOADS}loom-detail-400x300.webp 400w, ${UPLOADS}loom-detail-800x600.webp 800w`,
    );
    expect(await page.getAttribute('#figure-picture source', 'sizes')).toMatch(/^\d+px$/);
    await page.waitForSelector('#broken.lazyerror', { state: 'attached', timeout: 15_000 });
    expect(await classesOf(page, '#broken')).toEqual(['lazyerror']);
    // Garbage: the printed src stays and shows; one warning naming the widget and the field.
    expect(await classesOf(page, '#garbage-src')).toEqual(['lazyerror']);
    expect(await page.getAttribute('#garbage-src', 'src')).toBe(`${UPLOADS}apprentices-800x600.jpg`);
    await loaded(page, '#garbage-expand');
    await consoleSettled(page);
    const ours = messages.filter((m) => m.type === 'warning' && m.text.includes('[storefront-islands] lazy-images:')).map((m) => m.text);
    expect(ours.filter((t) => t.includes('data-orig-src'))).toHaveLength(1);
    expect(ours.filter((t) => t.includes('data-expand'))).toHaveLength(1);
    // data-expand="2500": already loaded from here, well before it comes near.
    await loaded(page, '#expand-wide');
    expect(await page.$eval('#expand-wide', (el) => el.getBoundingClientRect().top - innerHeight)).toBeGreaterThan(500);

    // Blocked by the consent bar: nothing loads until the visitor accepts Flickr.
    await scrollTo(page, '#figure-flickr');
    await page.waitForFunction(
      () =>
        document.querySelector('#section-bg')?.classList.contains('lazyloaded') ||
        document.querySelector('#section-bg')?.classList.contains('lazyloading'),
    );
    expect(await classesOf(page, '#blocked')).toEqual(['lazyload']);
    expect(requested(requests, 'knitters-480x320.jpg')).toBe(false);
    await page.click('#figure-flickr .fusion-privacy-consent');
    await loaded(page, '#blocked');
    expect(await page.getAttribute('#blocked', 'src')).toBe(`${UPLOADS}knitters-480x320.jpg`);
    expect(await page.isVisible('#blocked')).toBe(true);

    // The section background, with its gradient.
    await loaded(page, '#section-bg');
    const bg = await page.$eval('#section-bg', (el) => getComputedStyle(el).backgroundImage);
    expect(bg).toContain('linear-gradient');
    expect(bg).toContain(`${UPLOADS}workshop-banner-1600x500.jpg`);

    // data-expand="-100": not while its top is only just inside the window; once well inside, yes.
    await page.$eval('#shrunk', (el) => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight + 40));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await classesOf(page, '#shrunk')).toEqual(['lazyload']);
    await scrollTo(page, '#shrunk');
    await loaded(page, '#shrunk');
    expect(await events(page)).toEqual(expect.arrayContaining(['lazybeforeunveil:shrunk', 'lazyloaded:shrunk', 'lazyloaded:section-bg']));
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  }, 120_000);
});

describe.each(PLAIN_FLOW_TAGS)('lazy images, %s tag', (tag) => {
  test.each([
    [1280, 800],
    [800, 900],
    [500, 500],
  ])('at %i×%i: the hero loads at once with high priority and sizes from its width; far images wait', async (width, height) => {
    const { page, errors, requests } = await openPage('/lazy-images.html', { tag, viewport: { width, height }, beforeGoto: recordEvents });
    await loaded(page, '#hero');
    expect(await page.getAttribute('#hero', 'fetchpriority')).toBe('high');
    expect(await page.getAttribute('#hero', 'src')).toBe(`${UPLOADS}workshop-spring-1600x700.jpg`);
    expect(await page.getAttribute('#hero', 'srcset')).toContain(`${UPLOADS}workshop-spring-800x350.jpg 800w`);
    const heroWidth = await page.$eval('#hero', (el) => Math.round(el.getBoundingClientRect().width));
    expect(await page.getAttribute('#hero', 'sizes')).toBe(`${heroWidth}px`);
    expect(await classesOf(page, '#hero')).toEqual(['lazyloaded']);
    expect(await events(page)).toEqual(expect.arrayContaining(['lazybeforeunveil:hero', 'lazyloaded:hero']));
    // A small image in view loads too, without competing for priority.
    await loaded(page, '#logo-badge');
    expect(await page.getAttribute('#logo-badge', 'fetchpriority')).toBeNull();
    // Far below: placeholder and class as printed, nothing requested.
    expect(await classesOf(page, '#shrunk')).toEqual(['lazyload']);
    expect(await page.getAttribute('#shrunk', 'src')).toMatch(/^data:image\/svg\+xml,/);
    expect(requested(requests, 'shop-front-800x600.jpg')).toBe(false);
    expect(requested(requests, 'kiln-800x600.jpg')).toBe(false);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('images inserted later load; a lazybeforeunveil listener may take over; sizes follow a resize', async () => {
    const { page, errors } = await openPage('/lazy-images.html', { tag });
    await loaded(page, '#hero');
    await page.evaluate((uploads) => {
      const make = (id: string) => {
        const img = document.createElement('img');
        img.id = id;
        img.className = 'lazyload';
        img.alt = id;
        img.width = 300;
        img.height = 300;
        img.setAttribute('data-orig-src', `${uploads}${id}-300x300.jpg`);
        return img;
      };
      document.addEventListener('lazybeforeunveil', (e) => {
        if ((e.target as Element).id === 'taken-over') e.preventDefault();
      });
      document.querySelector('.intro')!.prepend(make('inserted'), make('taken-over'));
    }, UPLOADS);
    await loaded(page, '#inserted');
    expect(await page.getAttribute('#inserted', 'src')).toBe(`${UPLOADS}inserted-300x300.jpg`);
    await page.waitForFunction(() => !document.querySelector('#taken-over')!.classList.contains('lazyload'));
    expect(await page.getAttribute('#taken-over', 'src')).toBeNull();
    expect(await classesOf(page, '#taken-over')).toEqual([]);

    await page.setViewportSize({ width: 600, height: 800 });
    const width = await page.$eval('#hero', (el) => Math.round(el.getBoundingClientRect().width));
    await page.waitForFunction((w) => document.querySelector('#hero')!.getAttribute('sizes') === `${w}px`, width);

    // A jump into the middle of the grid brings a batch into the margin at once, above and below: it is unveiled
    // nearest to the window first (a slice per task), so what shows never waits behind what does not.
    await page.evaluate(() => {
      const log: number[] = [];
      Object.defineProperty(window, 'sfUnveilDistances', { value: log });
      document.addEventListener('lazybeforeunveil', (e) => {
        const target = e.target as Element;
        if (!target.closest('.products')) return;
        const r = target.getBoundingClientRect();
        log.push(Math.round(Math.max(0, r.top - innerHeight, -r.bottom)));
      });
      document.querySelector('.products li:nth-child(13)')!.scrollIntoView({ block: 'center' });
    });
    await loaded(page, '.products li:nth-child(13) img');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    const distances = await page.evaluate(() => [...(window as unknown as { sfUnveilDistances: number[] }).sfUnveilDistances]);
    expect(distances[0]).toBe(0);
    expect(distances.some((d) => d > 0)).toBe(true);
    expect(distances).toEqual(distances.toSorted((a, b) => a - b));
    expect(await classesOf(page, '.products li:nth-child(13) img')).toEqual(['lazyloaded']);
    expectNoConsoleErrors(errors);
  });
});

describe('lazy images, classic tag', () => {
  test('mounts: the hero loads', async () => {
    const { page, errors } = await openPage('/lazy-images.html', { tag: 'classic' });
    await loaded(page, '#hero');
    expect(await page.getAttribute('#hero', 'fetchpriority')).toBe('high');
    expectNoConsoleErrors(errors);
  });
});
