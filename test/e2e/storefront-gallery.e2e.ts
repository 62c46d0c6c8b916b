/**
 * The product gallery on a real shop's page (WooCommerce 11.0.1 on Storefront 4.6.2, fixtures/pages/
 * storefront-product-simple.html, with the theme's facts and WooCommerce's PhotoSwipe 4 skin printed as a real
 * shop prints them), both builds:
 * - the theme's thumbnail layout wins (its clearfix `::before` / `::after` are no grid cells): four thumbnails
 *   on one row, and the gallery as tall as WooCommerce's own FlexSlider markup makes it under the same CSS;
 * - the shop's `wc_single_product_params.flexslider` is followed: `directionNav: false`, no arrows;
 * - the lightbox is ours alone: the old skin's class names (its sprite, its bars, its backdrop) do not style it,
 *   WooCommerce's footer template is not taken for it, and axe stays clean while it is open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const PAGE = '/storefront-product-simple.html';
const GALLERY = '.woocommerce-product-gallery';
const THUMBS = `${GALLERY} ol.flex-control-thumbs > li > img`;
const TRIGGER = '.woocommerce-product-gallery__trigger';
const DIALOG = 'dialog#photoswipe-fullscreen-dialog';

/** Every image in the gallery has loaded (thumbnails are lazy: they are in view here). */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(
    (g) => [...document.querySelector(g)!.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0),
    GALLERY,
  );

/**
 * The height WooCommerce's own gallery has on this page: FlexSlider shows one slide in `.flex-viewport` and appends
 * `ol.flex-control-nav.flex-control-thumbs > li > img` (from `data-thumb`), which the theme's CSS lays out. Built here
 * on the page without the bundle, so the theme's facts alone decide.
 */
async function flexSliderHeight(page: Page): Promise<number> {
  await page.evaluate((g) => {
    const gallery = document.querySelector<HTMLElement>(g)!;
    gallery.style.opacity = '1';
    const wrapper = gallery.querySelector('.woocommerce-product-gallery__wrapper')!;
    const slides = [...wrapper.children] as HTMLElement[];
    const viewport = document.createElement('div');
    viewport.className = 'flex-viewport';
    viewport.style.overflow = 'hidden';
    wrapper.before(viewport);
    viewport.append(wrapper);
    slides.slice(1).forEach((s) => (s.style.display = 'none'));
    const list = document.createElement('ol');
    list.className = 'flex-control-nav flex-control-thumbs';
    for (const s of slides) {
      const li = document.createElement('li');
      const img = document.createElement('img');
      img.src = s.getAttribute('data-thumb')!;
      li.append(img);
      list.append(li);
    }
    viewport.after(list);
  }, GALLERY);
  await imagesLoaded(page);
  return page.$eval(GALLERY, (el) => el.getBoundingClientRect().height);
}

describe.each(BUILD_TAGS)('gallery on a Storefront shop, %s tag', (tag) => {
  test("the shop's flexslider settings are followed: directionNav false, no arrows; the thumbnails and keys move the slides", async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector(THUMBS);
    expect(await page.$$(`${GALLERY} .flex-direction-nav, ${GALLERY} .sf-gallery__nav`)).toHaveLength(0);
    await page.click(`${THUMBS} >> nth=2`);
    await page.waitForSelector(`${GALLERY} .woocommerce-product-gallery__image:nth-child(3).flex-active-slide`);
    await page.focus(`${THUMBS} >> nth=2`);
    await page.keyboard.press('Home');
    await page.waitForSelector(`${GALLERY} .woocommerce-product-gallery__image:nth-child(1).flex-active-slide`);
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`${GALLERY} .woocommerce-product-gallery__image:nth-child(2).flex-active-slide`);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('zoom on hover; the lightbox is ours alone: no PhotoSwipe 4 sprite, bars or backdrop on it, the footer template not taken for it; keys, close, axe clean', async () => {
    const { page, errors } = await openPage(PAGE, { tag, viewport: { width: 1024, height: 600 } });
    await page.waitForSelector(THUMBS);
    // WooCommerce's footer template (PhotoSwipe 4) is not ours: the page keeps no second dialog beside our lightbox.
    await page.hover(`${GALLERY} .woocommerce-product-gallery__image:nth-child(1)`);
    await page.waitForSelector(`${GALLERY} img.zoomImg`, { state: 'attached' });
    await page.mouse.move(0, 0);

    await page.click(TRIGGER);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.$$eval('.pswp[role="dialog"], [id="photoswipe-fullscreen-dialog"]', (els) => els.map((e) => e.tagName))).toEqual([
      'DIALOG',
    ]);
    const look = await page.$eval(DIALOG, (dialog) => {
      const root = dialog.querySelector('.sf-lightbox__root')?.shadowRoot ?? dialog;
      const buttons = [...root.querySelectorAll('.pswp__button')];
      const bg = root.querySelector('.pswp__bg')!;
      const bar = root.querySelector('.pswp__top-bar')!;
      const before = (el: Element) => getComputedStyle(el, '::before').backgroundImage;
      return {
        buttons: buttons.length,
        sprites: buttons.filter((b) => getComputedStyle(b).backgroundImage !== 'none' || before(b) !== 'none').map((b) => b.className),
        floats: buttons.filter((b) => getComputedStyle(b).float !== 'none').length,
        bar: getComputedStyle(bar).backgroundColor,
        backdrop: { colour: getComputedStyle(bg).backgroundColor, opacity: getComputedStyle(bg).opacity },
        root: getComputedStyle(root.querySelector('.pswp')!).position,
      };
    });
    expect(look.buttons).toBeGreaterThanOrEqual(3);
    expect(look.sprites).toEqual([]);
    expect(look.floats).toBe(0);
    expect(look.bar).toBe('rgba(0, 0, 0, 0)');
    // PhotoSwipe 5's own backdrop at WooCommerce's 0.85, not the old skin's.
    expect(look.backdrop).toEqual({ colour: 'rgb(0, 0, 0)', opacity: '0.85' });
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('1 / 4');
    await expectAxeClean(page);

    // A click on the image is PhotoSwipe's (it tells the image from the background by the event's target, which the
    // shadow root must not hide from it): the image zooms in, not closes.
    // (600 px high: the 800 px image is shown at 0.75, so it can zoom.)
    expect(await page.$(`${DIALOG} .pswp--zoom-allowed`)).not.toBeNull();
    await page.click(`${DIALOG} .pswp__item[aria-hidden="false"] img.pswp__img`);
    await page.waitForSelector(`${DIALOG} .pswp--zoomed-in`);
    await page.click(`${DIALOG} .pswp__item[aria-hidden="false"] img.pswp__img`);
    await page.waitForSelector(`${DIALOG} .pswp--zoomed-in`, { state: 'detached' });
    expect(await page.$(`${DIALOG}[open]`)).not.toBeNull();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (d) =>
        document.querySelector(d)?.querySelector('.sf-lightbox__root')?.shadowRoot?.querySelector('.pswp__counter')?.textContent ===
        '2 / 4',
      DIALOG,
    );
    await page.click(`${DIALOG} .pswp__button--close`);
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(await page.evaluate((t) => document.activeElement === document.querySelector(t), TRIGGER)).toBe(true);
    expect(
      await page.$eval(GALLERY, (g) =>
        [...g.querySelectorAll('.woocommerce-product-gallery__image')].findIndex((s) => s.classList.contains('flex-active-slide')),
      ),
    ).toBe(1);

    await page.keyboard.press('Enter');
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('gallery on a Storefront shop, %s tag', (tag) => {
  test("the theme's thumbnail layout wins: four on one row, no empty first cell, the gallery's height unchanged", async () => {
    const reference = await openPage(PAGE, { tag: 'none' });
    const expected = await flexSliderHeight(reference.page);

    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector(THUMBS);
    await imagesLoaded(page);
    const layout = await page.$eval(GALLERY, (g) => {
      const box = g.getBoundingClientRect();
      const thumbs = [...g.querySelectorAll('ol.flex-control-thumbs > li')].map((li) => li.getBoundingClientRect());
      return {
        height: box.height,
        left: box.left,
        right: box.right,
        thumbs: thumbs.map((r) => ({ top: Math.round(r.top), left: r.left, right: r.right, width: r.width })),
      };
    });
    expect(layout.thumbs).toHaveLength(4);
    // One row; the first thumbnail starts at the gallery's edge, the fourth ends at the other (Storefront: 23.5 % + 2 %).
    expect(new Set(layout.thumbs.map((t) => t.top)).size).toBe(1);
    expect(Math.abs(layout.thumbs[0]!.left - layout.left)).toBeLessThan(1);
    expect(Math.abs(layout.thumbs[3]!.right - layout.right)).toBeLessThan(1);
    expect(layout.thumbs[0]!.width / (layout.right - layout.left)).toBeCloseTo(0.235, 2);
    expect(Math.abs(layout.height - expected)).toBeLessThan(1);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
    expectNoConsoleErrors(reference.errors);
  });
});
