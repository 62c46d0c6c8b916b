/**
 * The product gallery in real Chromium, both tags: Embla slider with thumbnails, keyboard, hover zoom, and the
 * PhotoSwipe lightbox (loaded on first open only) in a native modal dialog. Page: fixtures/pages/product-gallery.html
 * (a simple product with four images; the fourth one's large image is narrower than the gallery).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, FRAMEWORK_CHUNK } from './harness';
import { galleryTakenOver } from './waits';

const PAGE = '/product-gallery.html';
const slide = (n: number) => `.woocommerce-product-gallery__image:nth-child(${n})`;
const thumb = (n: number) => `ol.flex-control-nav.flex-control-thumbs li:nth-child(${n}) img`;
const TRIGGER = '.woocommerce-product-gallery__trigger';
const DIALOG = 'dialog#photoswipe-fullscreen-dialog';
const isLightboxChunk = (url: string) => /\/chunks\/lightbox-[^/]*\.js$/.test(new URL(url).pathname);
const isZoomChunk = (url: string) => /\/chunks\/zoom-[^/]*\.js$/.test(new URL(url).pathname);
/** The gallery's rest (rest.ts): its controls, zoom stand-in, lightbox opening, variation follower, slider start. */
const REST_CHUNK = /\/chunks\/rest-[^/]*\.js$/;
const isRestChunk = (url: string) => REST_CHUNK.test(new URL(url).pathname);
const isSliderChunk = (url: string) => /\/chunks\/slider-[^/]*\.js$/.test(new URL(url).pathname);
const isFramework = (url: string) => FRAMEWORK_CHUNK.test(new URL(url).pathname);
/** Two idle periods in the page: what waits for an idle moment has had one. */
const idle = (page: Page) => page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(() => done(null)))));

const activeSlide = (page: Page) =>
  page.$$eval('.woocommerce-product-gallery__image', (els) => els.findIndex((e) => e.classList.contains('flex-active-slide')));
const activeInside = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.querySelector(s)?.contains(document.activeElement), selector);
const waitSettled = (page: Page, n: number) =>
  page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Math.abs(el.getBoundingClientRect().left - el.closest('.flex-viewport')!.getBoundingClientRect().left) < 1;
  }, slide(n));

const decodeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encodeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const OLIVE_GALLERY = `<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;"><div class="woocommerce-product-gallery__wrapper">${[
  'jacket-olive',
  'jacket-olive-back',
  'jacket-olive-hood',
  'jacket-olive-cuff',
]
  .map(
    (n, i) =>
      `<div data-thumb="/wp-content/uploads/${n}-100x100.jpg" data-thumb-alt="Olive jacket ${i + 1}" class="woocommerce-product-gallery__image"><a href="/wp-content/uploads/${n}-1500x1800.jpg"><img width="600" height="720" src="/wp-content/uploads/${n}-600x720.jpg" class="${i ? '' : 'wp-post-image'}" alt="Olive jacket ${i + 1}" data-caption="Olive ${i + 1}" data-src="/wp-content/uploads/${n}-1500x1800.jpg" data-large_image="/wp-content/uploads/${n}-1500x1800.jpg" data-large_image_width="1500" data-large_image_height="1800"></a></div>`,
  )
  .join('')}</div></div>`;

/** The variable product as WooCommerce 10.9+ prints it with variation galleries: olive variations bring their own. */
function withVariationGalleries(context: BrowserContext) {
  return context.route(
    (url) => url.pathname === '/product-variable.html',
    async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      html = html.replace(/data-product_variations="([^"]*)"/, (_, value: string) => {
        const variations = JSON.parse(decodeAttr(value)) as { attributes: Record<string, string>; gallery_images_html?: string }[];
        for (const v of variations) if (v.attributes.attribute_pa_colour === 'olive') v.gallery_images_html = OLIVE_GALLERY;
        return `data-product_variations="${encodeAttr(JSON.stringify(variations))}"`;
      });
      const start = html.indexOf('<div class="woocommerce-product-gallery ');
      const printed = html.slice(start, html.indexOf('<div class="summary', start)).trim();
      html = html.replace(
        '<div class="single_variation_wrap">',
        `<script type="text/template" class="wc-product-gallery-default-template">${printed}</script><div class="single_variation_wrap">`,
      );
      await route.fulfill({ response, body: html });
    },
  );
}

/** The gallery's rest held on its way until `release()`: a slow network, to press during its download. */
function slowRest() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    route: (context: BrowserContext) =>
      context.route(
        (url) => REST_CHUNK.test(url.pathname),
        async (route) => {
          await gate;
          await route.continue();
        },
      ),
  };
}

/** The shop's params changed in the printed page (arrows on, zoom off...). */
function withParams(context: BrowserContext, edit: (html: string) => string) {
  return context.route(
    (url) => url.pathname === PAGE,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    },
  );
}

/** A shop that turned FlexSlider's arrows on (WooCommerce prints `directionNav: false`, and then there are none). */
const withArrows = (context: BrowserContext) => withParams(context, (html) => html.replace('"directionNav":false', '"directionNav":true'));

describe.each(BUILD_TAGS)('product gallery, %s tag', (tag) => {
  test('thumbnails and arrows navigate the slider; axe clean after each change', async () => {
    const { page, errors } = await openPage(PAGE, { tag, beforeGoto: withArrows });
    await page.waitForSelector(thumb(4));
    // WooCommerce's own CSS fades the gallery in over .25 s once we set opacity 1.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.woocommerce-product-gallery')!).opacity === '1');
    expect(await page.getAttribute('.woocommerce-product-gallery', 'aria-roledescription')).toBe('carousel');
    await expectAxeClean(page);

    await page.click(thumb(3));
    await waitSettled(page, 3);
    expect(await activeSlide(page)).toBe(2);
    expect(await page.getAttribute(thumb(3), 'aria-current')).toBe('true');
    expect(await page.getAttribute(slide(1), 'aria-hidden')).toBe('true');
    await expectAxeClean(page);

    await page.focus(thumb(3));
    await page.keyboard.press('ArrowRight');
    await waitSettled(page, 4);
    expect(await activeSlide(page)).toBe(3);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Linen apron, folded, 4 of 4');
    await page.keyboard.press('Home');
    await waitSettled(page, 1);
    expect(await activeSlide(page)).toBe(0);
    await page.click('.sf-gallery__nav--next');
    await waitSettled(page, 2);
    expect(await activeSlide(page)).toBe(1);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  /**
   * Drag across 70% of the slide in ten steps. Not 50%: Embla treats a release as a flick only if the pointer
   * moved within the last 170 ms, else it snaps to the nearest slide, and at exactly half way that is a tie it
   * resolves to the current slide. 70% leads to the neighbour both ways, however fast the machine runs.
   */
  async function drag(page: Page, direction: 'left' | 'right'): Promise<void> {
    const box = (await page.$('.flex-viewport').then((h) => h!.boundingBox()))!;
    const y = box.y + box.height / 2;
    const [from, to] = direction === 'left' ? [0.85, 0.15] : [0.15, 0.85];
    await page.mouse.move(box.x + box.width * from, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (from + ((to - from) * i) / 10), y);
    await page.mouse.up();
  }

  test('swipes between slides with a drag, which does not open the lightbox', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    // The pointer over the gallery brings the slider; the swipe is the slider's (a drag made while its chunk is
    // still on its way is not replayed: on a loaded machine the whole drag fit in that time).
    await page.hover(`${slide(1)} img`, { position: { x: 100, y: 100 } });
    await galleryTakenOver(page);
    await drag(page, 'left');
    await page.waitForSelector(`${slide(2)}.flex-active-slide`);
    await waitSettled(page, 2);
    expect(await activeSlide(page)).toBe(1);
    expect(await page.getAttribute(thumb(2), 'aria-current')).toBe('true');
    // The click that ends a drag is not an image click.
    expect(await page.$$eval(DIALOG + '[open]', (d) => d.length)).toBe(0);

    await drag(page, 'right');
    await page.waitForSelector(`${slide(1)}.flex-active-slide`);
    await waitSettled(page, 1);
    expect(await activeSlide(page)).toBe(0);
    expect(await page.$$eval(DIALOG + '[open]', (d) => d.length)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('zooms on hover only where the large image is wider than the gallery; its chunk is requested when the pointer comes, not at load', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    await page.waitForLoadState('load');
    expect(requests.filter(isZoomChunk)).toEqual([]);
    await page.hover(`${slide(1)} img`, { position: { x: 100, y: 100 } });
    await page.waitForSelector(`${slide(1)} img.zoomImg.sf-zoom--on`);
    expect(requests.filter(isZoomChunk).length).toBeGreaterThan(0);
    expect(await page.getAttribute(`${slide(1)} img.zoomImg`, 'aria-hidden')).toBe('true');
    expect(await page.$eval(`${slide(1)} img.zoomImg`, (z) => z.getBoundingClientRect().width)).toBe(1500);
    await page.click(thumb(4));
    await waitSettled(page, 4);
    await page.hover(`${slide(4)} img`, { position: { x: 50, y: 50 } });
    await page.mouse.move(60, 60);
    expect(await page.$$eval('img.zoomImg.sf-zoom--on', (els) => els.length)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('if the zoom chunk cannot load: one warning naming the widget, no page error, and the gallery works without zoom', async () => {
    const { page, errors, messages } = await openPage(PAGE, {
      tag,
      beforeGoto: (context) =>
        context.route(
          (url) => /\/chunks\/zoom-[^/]*\.js$/.test(url.pathname),
          (route) => route.abort('failed'),
        ),
    });
    await page.waitForSelector(thumb(4));
    await page.hover(`${slide(1)} img`, { position: { x: 100, y: 100 } });
    const ours = () => messages.filter((m) => m.type === 'warning' && m.text.includes('[storefront-islands] product-gallery: zoom:'));
    await expect.poll(() => ours().length, { timeout: 10_000 }).toBe(1);
    await page.mouse.move(150, 150);
    await page.hover(`${slide(1)} img`, { position: { x: 120, y: 120 } });
    expect(await page.$$eval('img.zoomImg', (els) => els.length)).toBe(0);
    await page.click(thumb(2));
    await waitSettled(page, 2);
    expect(await activeSlide(page)).toBe(1);
    expect(ours()).toHaveLength(1);
    // The aborted chunk is expected; nothing else.
    expectNoConsoleErrors(errors.filter((e) => !/Failed to load resource|dynamically imported module/i.test(e)));
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  /** One finger over the page through the DevTools protocol (Playwright's touchscreen only taps). */
  async function touchDrag(
    page: Page,
    context: BrowserContext,
    from: { x: number; y: number },
    by: { x: number; y: number },
  ): Promise<void> {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let i = 1; i <= 10; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: from.x + (by.x * i) / 10, y: from.y + (by.y * i) / 10 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('on a touch screen a tap zooms, one finger pans without changing slide, a second tap hides; axe clean', async () => {
    const { page, context, errors } = await openPage(PAGE, { tag, hasTouch: true, viewport: { width: 412, height: 915 } });
    await page.waitForSelector(thumb(4));
    const box = (await page.$(`${slide(1)} img.wp-post-image`).then((h) => h!.boundingBox()))!;
    const ZOOMED = `${slide(1)} img.zoomImg.sf-zoom--on`;
    const zoomAt = () =>
      page.$eval(`${slide(1)} img.zoomImg`, (z) => ({
        left: parseFloat((z as HTMLElement).style.left),
        top: parseFloat((z as HTMLElement).style.top),
      }));

    await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.waitForSelector(ZOOMED);
    expect(await page.getAttribute(ZOOMED, 'aria-hidden')).toBe('true');
    // Drawn at the large image's size whatever the theme's `div.images img` rules say.
    expect(await page.$eval(ZOOMED, (z) => z.getBoundingClientRect().width)).toBe(1500);
    // The tap was the zoom's, not an image click: no lightbox, no navigation to the image.
    expect(await page.$$eval(`${DIALOG}[open]`, (d) => d.length)).toBe(0);
    expect(new URL(page.url()).pathname).toBe(PAGE);
    await expectAxeClean(page);

    const before = await zoomAt();
    await touchDrag(
      page,
      context,
      { x: box.x + box.width * 0.8, y: box.y + box.height * 0.6 },
      { x: -box.width * 0.6, y: -box.height * 0.3 },
    );
    await page.waitForFunction((b) => {
      const z = document.querySelector<HTMLElement>('.woocommerce-product-gallery__image img.zoomImg');
      return !!z && parseFloat(z.style.left) !== b.left;
    }, before);
    const after = await zoomAt();
    // The image moved with the finger (left and up), and the slider stayed on slide one.
    expect(after.left).toBeLessThan(before.left);
    expect(after.top).toBeLessThan(before.top);
    expect(await page.$$eval(ZOOMED, (z) => z.length)).toBe(1);
    await waitSettled(page, 1);
    expect(await activeSlide(page)).toBe(0);
    expect(await page.$$eval(`${DIALOG}[open]`, (d) => d.length)).toBe(0);

    await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.waitForSelector(ZOOMED, { state: 'detached' });
    expect(await page.$$eval(`${DIALOG}[open]`, (d) => d.length)).toBe(0);
    await expectAxeClean(page);

    // Without the zoom the same drag is a swipe again.
    await touchDrag(page, context, { x: box.x + box.width * 0.85, y: box.y + box.height * 0.5 }, { x: -box.width * 0.7, y: 0 });
    await page.waitForSelector(`${slide(2)}.flex-active-slide`);
    await waitSettled(page, 2);
    expect(await page.$$eval('img.zoomImg.sf-zoom--on', (z) => z.length)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('the magnifier opens the lightbox (PhotoSwipe loaded then, once); Escape closes and focus returns', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    expect(requests.filter(isLightboxChunk)).toEqual([]);
    await page.click(thumb(2));
    await page.click(TRIGGER);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    // The page's request and the mock service worker's pass-through both show up: count, don't assume one.
    const afterFirstOpen = requests.filter(isLightboxChunk).length;
    expect(afterFirstOpen).toBeGreaterThan(0);
    expect(await activeInside(page, DIALOG)).toBe(true);
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('2 / 4');
    expect(await page.textContent(`${DIALOG} .pswp__sf-caption`)).toBe('Back view: crossed straps');
    await expectAxeClean(page);

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (d) =>
        document.querySelector(d)?.querySelector('.sf-lightbox__root')?.shadowRoot?.querySelector('.pswp__sf-caption')?.textContent ===
        'Pocket detail',
      DIALOG,
    );
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(await page.evaluate((t) => document.activeElement === document.querySelector(t), TRIGGER)).toBe(true);
    // The gallery follows the lightbox to the image the shopper closed it on.
    expect(await activeSlide(page)).toBe(2);
    await expectAxeClean(page);

    await page.keyboard.press('Enter');
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    await page.keyboard.press(' ');
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(requests.filter(isLightboxChunk)).toHaveLength(afterFirstOpen);
    expectNoConsoleErrors(errors);
  });

  test('with the magnifier and the slider an image click opens nothing (as in WooCommerce); the magnifier opens the active image; Back closes it and focus returns', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    await page.click(thumb(2));
    await page.click(`${slide(2)} img`);
    await page.waitForTimeout(300);
    expect(await page.$(`${DIALOG}[open]`)).toBeNull();
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await page.getAttribute(`${slide(2)} a`, 'tabindex')).toBe('-1');
    await page.click(TRIGGER);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('2 / 4');
    expect(await activeInside(page, DIALOG)).toBe(true);
    await page.goBack();
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await page.evaluate((s) => document.activeElement === document.querySelector(s), TRIGGER)).toBe(true);
    expectNoConsoleErrors(errors);
  });

  test('without the magnifier (zoom off) an image click opens the lightbox at that image and focus returns to its link', async () => {
    const { page, errors } = await openPage(PAGE, {
      tag,
      beforeGoto: (context) =>
        context.addInitScript(() => {
          let params: Record<string, unknown> | undefined;
          Object.defineProperty(window, 'wc_single_product_params', {
            configurable: true,
            get: () => params,
            set: (v: Record<string, unknown>) => {
              params = { ...v, zoom_enabled: '' };
            },
          });
        }),
    });
    await page.waitForSelector(thumb(4));
    expect(await page.$(TRIGGER)).toBeNull();
    await page.click(`${slide(1)} img.wp-post-image`);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('1 / 4');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(await page.evaluate((s) => document.activeElement === document.querySelector(`${s} a`), slide(1))).toBe(true);
    expectNoConsoleErrors(errors);
  });

  test('a failing image shows "The image could not be loaded." with a link to it', async () => {
    const broken = '/wp-content/uploads/2025/03/apron-back-1500x1800.jpg';
    const { page, errors } = await openPage(PAGE, {
      tag,
      beforeGoto: (context) =>
        context.route(`**${broken}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })),
    });
    await page.waitForSelector(thumb(4));
    await page.click(thumb(2));
    await page.click(TRIGGER);
    await page.waitForSelector(`${DIALOG} .pswp__error-msg`);
    expect((await page.textContent(`${DIALOG} .pswp__error-msg`))?.trim()).toBe('The image could not be loaded.');
    expect(await page.getAttribute(`${DIALOG} .pswp__error-msg a`, 'href')).toBe(broken);
    await expectAxeClean(page);
    // The one expected failure is the 404 we routed; anything else is a defect.
    const expected = (e: string) => /Failed to load resource: the server responded with a status of 404/.test(e) && e.includes(broken);
    expect(errors.filter(expected).length).toBeGreaterThan(0);
    expectNoConsoleErrors(errors.filter((e) => !expected(e)));
  });

  test('a variation with its own gallery replaces the gallery; Clear brings the default back; both work', async () => {
    const { page, errors } = await openPage('/product-variable.html', { tag, beforeGoto: withVariationGalleries });
    await page.waitForSelector(thumb(3));
    await page.waitForFunction(() => document.querySelector('form.variations_form')?.getAttribute('current-image') !== null);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { galleryEvents: string[] }).galleryEvents = seen;
      for (const name of ['wc-product-gallery-before-destroy', 'wc-product-gallery-before-init', 'wc-product-gallery-after-init'])
        document.addEventListener(name, (e) =>
          seen.push(`${name.slice(19)} ${(e as CustomEvent).detail?.[0] === e.target && (e.target as Element).isConnected}`),
        );
    });
    const events = () => page.evaluate(() => (window as unknown as { galleryEvents: string[] }).galleryEvents.splice(0));

    await page.selectOption('select[name="attribute_pa_colour"]', 'olive');
    await page.selectOption('select[name="attribute_pa_size"]', 's');
    await page.selectOption('select[name="attribute_lining"]', 'Fleece');
    await page.waitForSelector(thumb(4));
    expect(await page.getAttribute(`${slide(1)} img`, 'src')).toBe('/wp-content/uploads/jacket-olive-600x720.jpg');
    expect(await page.getAttribute('form.variations_form', 'data-product_gallery_active')).toBe('yes');
    expect(await events()).toEqual(['before-destroy true', 'before-init true', 'after-init true']);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.woocommerce-product-gallery')!).opacity === '1');
    await page.click(thumb(3));
    await waitSettled(page, 3);
    expect(await activeSlide(page)).toBe(2);
    await expectAxeClean(page);

    await page.click('.reset_variations');
    await page.waitForFunction(() => document.querySelectorAll('.woocommerce-product-gallery .flex-control-thumbs img').length === 3);
    expect(await page.getAttribute(`${slide(1)} img`, 'src')).toBe('/wp-content/uploads/jacket-600x720.jpg');
    expect(await page.getAttribute('form.variations_form', 'data-product_gallery_active')).toBeNull();
    expect(await events()).toEqual(['before-destroy true', 'before-init true', 'after-init true']);
    expect(await page.$$eval('.woocommerce-product-gallery', (g) => g.length)).toBe(1);
    await page.click(thumb(2));
    await waitSettled(page, 2);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a thumbnail held down while the slider arrives still changes slide on release', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    // Pointing at the gallery asks for the slider; the button goes down before its code is there.
    await page.locator(thumb(2)).hover();
    await page.mouse.down();
    await page.waitForFunction(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
        (e) => /\/chunks\/slider-[^/]*\.js$/.test(new URL(e.name).pathname) && e.responseEnd > 0,
      ),
    );
    // Let the slider's chunks evaluate and their promise settle while the button is still held.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 150)))));
    await page.mouse.up();
    await page.waitForSelector(`${slide(2)}.flex-active-slide`);
    expect(await page.getAttribute(thumb(2), 'aria-current')).toBe('true');
    // Then the slider takes the strip over: Embla live, and the next click moves it.
    await galleryTakenOver(page);
    await page.click(thumb(3));
    await waitSettled(page, 3);
    expect(await activeSlide(page)).toBe(2);
    expectNoConsoleErrors(errors);
  });

  test('on the 1,000-variation page the slider works: a thumbnail, then a drag, then the keyboard', async () => {
    // The slider engine starts in a task of its own after the first paint (a long task otherwise on this page).
    const { page, errors } = await openPage('/product-1000.html', { tag });
    await page.waitForSelector(thumb(2));
    // The form's init puts the gallery back on slide one, as WooCommerce does (its current-image starts unset).
    await page.waitForFunction(() => document.querySelector('form.variations_form')?.getAttribute('current-image') !== null);
    await page.click(thumb(2));
    await page.waitForSelector(`${slide(2)}.flex-active-slide`);
    await waitSettled(page, 2);
    expect(await page.getAttribute(thumb(2), 'aria-current')).toBe('true');
    await drag(page, 'right');
    await page.waitForSelector(`${slide(1)}.flex-active-slide`);
    await waitSettled(page, 1);
    await page.focus(thumb(1));
    await page.keyboard.press('End');
    await waitSettled(page, 2);
    expect(await activeSlide(page)).toBe(1);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test("follows the variation form: the chosen variation's image is slide one and opens in the lightbox", async () => {
    const { page, errors } = await openPage('/product-variable.html', { tag });
    await page.waitForSelector('.woocommerce-product-gallery ol.flex-control-thumbs img');
    await page.click('.woocommerce-product-gallery ol.flex-control-thumbs li:nth-child(3) img');
    await page.selectOption('select[name="attribute_pa_colour"]', 'navy');
    await page.selectOption('select[name="attribute_pa_size"]', 'm');
    await page.selectOption('select[name="attribute_lining"]', 'Fleece');
    await page.waitForFunction(() =>
      document.querySelector('.woocommerce-product-gallery__image img')?.getAttribute('data-large_image')?.includes('jacket-navy'),
    );
    await page.waitForFunction(() =>
      document.querySelector('.woocommerce-product-gallery__image')?.classList.contains('flex-active-slide'),
    );
    await page.click(TRIGGER);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.getAttribute(`${DIALOG} .pswp__item[aria-hidden="false"] img.pswp__img`, 'src')).toContain('jacket-navy');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

describe.each(BUILD_TAGS)('product gallery, what loads when (issue 29), %s tag', (tag) => {
  test('a visitor who does nothing loads no rest; a sign of life warms it at idle without the framework; a pointer over it brings the slider', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    await page.waitForLoadState('load');
    await idle(page);
    expect(requests.filter(isRestChunk)).toEqual([]);
    expect(requests.filter(isFramework)).toEqual([]);
    // A pointer moving outside the gallery: a sign of life while it is in view.
    await page.mouse.move(1200, 700);
    await expect.poll(() => requests.filter(isRestChunk).length, { timeout: 10_000 }).toBe(1);
    await idle(page);
    expect(requests.filter(isSliderChunk)).toEqual([]);
    expect(requests.filter(isFramework)).toEqual([]);
    await page.hover(`${slide(1)} img`, { position: { x: 100, y: 100 } });
    await expect.poll(() => requests.filter(isSliderChunk).length, { timeout: 10_000 }).toBe(1);
    await galleryTakenOver(page);
    expect(requests.filter(isRestChunk)).toHaveLength(1);
    expectNoConsoleErrors(errors);
  });

  test('focus reaching a thumbnail asks for the rest', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag });
    await page.waitForSelector(thumb(4));
    await page.focus(thumb(2));
    await expect.poll(() => requests.filter(isRestChunk).length, { timeout: 10_000 }).toBe(1);
    await page.keyboard.press('End');
    await waitSettled(page, 4);
    expect(await activeSlide(page)).toBe(3);
    expectNoConsoleErrors(errors);
  });

  test('a thumbnail and an arrow pressed while the rest is on its way are replayed, in order, once it is here', async () => {
    const slow = slowRest();
    const { page, errors, requests } = await openPage(PAGE, {
      tag,
      beforeGoto: async (context) => {
        await slow.route(context);
        await withArrows(context);
      },
    });
    await page.waitForSelector(thumb(4));
    await page.click(thumb(3));
    await page.click('.sf-gallery__nav--next');
    await expect.poll(() => requests.filter(isRestChunk).length, { timeout: 10_000 }).toBe(1);
    expect(await activeSlide(page)).toBe(0);
    slow.release();
    await page.waitForSelector(`${slide(4)}.flex-active-slide`);
    await waitSettled(page, 4);
    expect(await page.getAttribute(thumb(4), 'aria-current')).toBe('true');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('an image click while the rest is on its way opens the lightbox once it is here (zoom off: images open it)', async () => {
    const slow = slowRest();
    const { page, errors, requests } = await openPage(PAGE, {
      tag,
      beforeGoto: async (context) => {
        await slow.route(context);
        await withParams(context, (html) => html.replace('"zoom_enabled":"1"', '"zoom_enabled":""'));
      },
    });
    await page.waitForSelector(thumb(4));
    await page.click(`${slide(1)} img`);
    // Held: the link did not navigate, and nothing opened yet.
    expect(new URL(page.url()).pathname).toBe(PAGE);
    // The held click asks for the rest: its request reaches the test a moment after the click returns.
    await expect.poll(() => requests.filter(isRestChunk).length, { timeout: 10_000 }).toBe(1);
    expect(await page.$$eval(`${DIALOG}[open]`, (d) => d.length)).toBe(0);
    slow.release();
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('1 / 4');
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expectNoConsoleErrors(errors);
  });

  test('if the rest cannot load: one warning naming the widget, and an image link opens the full image as without script', async () => {
    const { page, errors, messages, requests } = await openPage(PAGE, {
      tag,
      beforeGoto: (context) =>
        context.route(
          (url) => REST_CHUNK.test(url.pathname),
          (route) => route.abort('failed'),
        ),
    });
    await page.waitForSelector(thumb(4));
    const ours = () => messages.filter((m) => m.type === 'warning' && m.text.includes('[storefront-islands] product-gallery: controls:'));
    await Promise.all([page.waitForURL(/\/apron-front-1500x1800\.jpg$/), page.click(`${slide(1)} img`)]);
    expect(ours()).toHaveLength(1);
    // The one expected failure is the chunk we aborted, asked for by the click, and before it by the idle warm-up
    // when that came first (a failed module fetch is not kept, so the click asks again). Chromium logs each failed
    // request, but a second may reach the console after this read (a full CI run saw two requests and one line):
    // one or two lines about that chunk, and nothing else, which is the defect this checks for.
    const expected = (e: string) => e.includes('net::ERR_FAILED') && REST_CHUNK.test(e.match(/\((http[^)]*)\)/)?.[1] ?? '');
    const asked = requests.filter(isRestChunk).length;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(2);
    expect(errors.filter(expected).length).toBeGreaterThanOrEqual(1);
    expect(errors.filter(expected).length).toBeLessThanOrEqual(asked);
    expectNoConsoleErrors(errors.filter((e) => !expected(e)));
  });
});
