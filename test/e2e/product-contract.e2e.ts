/**
 * The product page as the WooCommerce contract prints it (fixtures/pages/product-contract.html: §3.3 variation
 * form with plain selects and the 11.x reset link, §3.6 tabs, reviews and review link, §3.7 gallery, the two
 * templates, no theme additions), in real Chromium with both tags. The other product fixtures are richer theme
 * pages; this one catches anything that only works with their extras.
 *
 * Variations (product 740): 741 rust/s/Fleece (own image, weight and dimensions, max 5); 742 rust/m/any lining;
 * 742's image is the gallery's second; 743 navy/s/Fleece out of stock; 744 navy/m/"Cotton & silk" not purchasable; 745 olive/s/Fleece hidden;
 * 746 navy/l/Fleece inactive; 747 olive/m/"Cotton & silk" sold individually; 748 rust/l/Fleece min 2 max 4, no
 * image. No variation is black.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { clickWhenStill, expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS, PLAIN_FLOW_TAGS } from './harness';

const PAGE = '/product-contract.html';
const BUTTON = '.single_add_to_cart_button';
const IMG = '.woocommerce-product-gallery__image:first-child img.wp-post-image';
const LINK = '.woocommerce-product-gallery__image:first-child > a';
const THUMB = (n: number) => `ol.flex-control-nav.flex-control-thumbs li:nth-child(${n}) img`;
const SLIDE = (n: number) => `.woocommerce-product-gallery__image:nth-child(${n})`;
const DIALOG = 'dialog#photoswipe-fullscreen-dialog';
const RESET_TEXT = 'Your selection has been reset. Please select some product options before adding this product to your cart.';
const UNAVAILABLE_TEXT = 'Sorry, this product is unavailable. Please choose a different combination.';

const value = (page: Page, sel: string) => page.$eval(sel, (el) => (el as HTMLInputElement | HTMLSelectElement).value);
const variationId = (page: Page) => value(page, 'input.variation_id');
const classes = (page: Page, sel: string) => page.$eval(sel, (el) => [...el.classList]);
const attrs = (page: Page, sel: string, names: string[]) =>
  page.$eval(sel, (el, n) => Object.fromEntries(n.map((a) => [a, el.getAttribute(a)])), names);
const options = (page: Page, sel: string) =>
  page.$$eval(`${sel} option`, (os) =>
    os.map((o) => `${(o as HTMLOptionElement).value}${(o as HTMLOptionElement).disabled ? ' (disabled)' : ''}`),
  );
const text = async (page: Page, sel: string) => (await page.textContent(sel))?.replace(/\s+/g, ' ').trim();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const mockLog = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __mock: { state: { log: { endpoint: string }[] } } }).__mock.state.log.map((l) => l.endpoint),
  );

/** `wc_variation_form` (through the page's jQuery when there is one) is the form's "initialised" signal. */
function watchInit(): void {
  const w = window as unknown as { sfReady?: boolean; jQuery?: (t: unknown) => { on: (n: string, h: () => void) => void } };
  const ready = () => void (w.sfReady = true);
  document.addEventListener('wc_variation_form', ready);
  w.jQuery?.(document).on('wc_variation_form', ready);
}

async function open(tag: (typeof BUILD_TAGS)[number], extra: { jquery?: boolean } = {}) {
  const opened = await openPage(PAGE, { tag, ...extra, initScript: watchInit });
  await opened.page.waitForFunction(() => (window as unknown as { sfReady?: boolean }).sfReady === true);
  return opened;
}

/**
 * Choose a full combination the way a shopper does: clear the choice, then one select after another (a value the
 * current choice filtered out cannot be picked directly, §5.2).
 */
async function choose(page: Page, colour: string, size: string, lining: string): Promise<void> {
  for (const sel of ['#lining', '#pa_size', '#pa_colour']) if ((await value(page, sel)) !== '') await page.selectOption(sel, '');
  await page.selectOption('#pa_colour', colour);
  await page.selectOption('#pa_size', size);
  await page.selectOption('#lining', lining);
}

/** The template is rendered after the next paint; wait for the variation's own text. */
const shows = (page: Page, needle: string) =>
  page.waitForFunction((n) => document.querySelector('.single_variation')?.textContent?.includes(n), needle);

const isHidden = (page: Page, sel: string) =>
  page.$eval(sel, (el) => getComputedStyle(el).visibility === 'hidden' || getComputedStyle(el).display === 'none');

describe.each(BUILD_TAGS)('contract product page, %s tag', (tag) => {
  test('initial state, a full match through the templates, image/meta swap, reset by Enter and by Space', async () => {
    const { page, errors } = await open(tag);
    // Initial: nothing chosen, button blocked by class and for AT, reset hidden, no no-match notice.
    expect(await classes(page, BUTTON)).toEqual(expect.arrayContaining(['disabled', 'wc-variation-selection-needed']));
    expect(await page.getAttribute(BUTTON, 'aria-disabled')).toBe('true');
    expect(await classes(page, '.woocommerce-variation-add-to-cart')).toContain('woocommerce-variation-add-to-cart-disabled');
    expect(await isHidden(page, '.reset_variations')).toBe(true);
    expect(await page.$('.wc-no-matching-variations')).toBeNull();
    // As printed until a select changes (WooCommerce clears it on change, not on init).
    expect(await variationId(page)).toBe('0');
    // §5.2: no variation is black, so that printed option is removed; the others stay.
    expect(await options(page, '#pa_colour')).toEqual(['', 'rust', 'navy', 'olive']);
    await expectAxeClean(page);

    // Pressing the blocked button asks for a selection inline (no alert, no submit).
    const url = page.url();
    await clickWhenStill(page, BUTTON);
    const described = (await page.getAttribute(BUTTON, 'aria-describedby'))!.split(/\s+/);
    await page.waitForFunction(
      ({ ids, t }) =>
        ids.some((id) => {
          const el = document.getElementById(id);
          return !!el && !el.hidden && el.textContent === t;
        }),
      { ids: described, t: 'Please select some product options before adding this product to your cart.' },
    );
    expect(page.url()).toBe(url);
    await expectAxeClean(page);

    const original = await attrs(page, IMG, [
      'src',
      'srcset',
      'sizes',
      'alt',
      'title',
      'data-caption',
      'data-large_image',
      'data-src',
      'width',
      'height',
    ]);
    const originalHref = await page.getAttribute(LINK, 'href');
    await page.waitForSelector(THUMB(4));
    const originalThumb = await page.getAttribute(THUMB(1), 'src');

    await choose(page, 'rust', 's', 'Fleece');
    await shows(page, '5 in stock');
    expect(await text(page, '.single_variation .woocommerce-variation-description')).toBe('Rust, with a warm fleece lining.');
    expect(await text(page, '.single_variation .woocommerce-variation-price')).toBe('€89.00');
    expect(await text(page, '.single_variation .woocommerce-variation-availability')).toBe('5 in stock');
    expect(await page.$eval('.single_variation .woocommerce-variation-availability p', (p) => p.className)).toBe('stock in-stock');
    expect(await variationId(page)).toBe('741');
    expect(await classes(page, BUTTON)).not.toEqual(expect.arrayContaining(['disabled']));
    expect(await page.getAttribute(BUTTON, 'aria-disabled')).toBeNull();
    expect(await classes(page, '.woocommerce-variation-add-to-cart')).toContain('woocommerce-variation-add-to-cart-enabled');
    expect(await text(page, '.product_meta .sku')).toBe('OVS-RUST-S');
    expect(await text(page, '.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value')).toBe('0.9 kg');
    expect(await text(page, '.woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value')).toBe(
      '70 × 50 × 4 cm',
    );
    expect(
      await attrs(page, IMG, [
        'src',
        'srcset',
        'sizes',
        'alt',
        'title',
        'data-caption',
        'data-large_image',
        'data-src',
        'data-large_image_width',
        'width',
        'height',
      ]),
    ).toEqual({
      src: '/wp-content/uploads/overshirt-rust-600x720.jpg',
      srcset:
        '/wp-content/uploads/overshirt-rust-600x720.jpg 600w, /wp-content/uploads/overshirt-rust-300x360.jpg 300w, /wp-content/uploads/overshirt-rust-1500x1800.jpg 1500w',
      sizes: '(max-width: 600px) 100vw, 600px',
      alt: 'Wool overshirt, rust',
      title: 'overshirt-rust',
      'data-caption': 'Wool overshirt, rust',
      'data-large_image': '/wp-content/uploads/overshirt-rust-1500x1800.jpg',
      'data-src': '/wp-content/uploads/overshirt-rust-1500x1800.jpg',
      'data-large_image_width': '1500',
      width: '600',
      height: '720',
    });
    expect(await page.getAttribute(LINK, 'href')).toBe('/wp-content/uploads/overshirt-rust-1500x1800.jpg');
    expect(await page.getAttribute(THUMB(1), 'src')).toBe('/wp-content/uploads/overshirt-rust-100x100.jpg');
    expect(await attrs(page, 'input.qty', ['min', 'max'])).toEqual({ min: '1', max: '5' });
    await page.waitForFunction(() => document.querySelector('form.variations_form')?.getAttribute('current-image') === '751');
    expect(await isHidden(page, '.reset_variations')).toBe(false);
    await expectAxeClean(page);

    // Reset with Enter on the link: everything cleared, said, and focus on the first select.
    await page.focus('.reset_variations');
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => document.querySelector('.reset_variations_alert')?.textContent === t, RESET_TEXT);
    expect([await value(page, '#pa_colour'), await value(page, '#pa_size'), await value(page, '#lining')]).toEqual(['', '', '']);
    expect(await focusedId(page)).toBe('pa_colour');
    expect(await variationId(page)).toBe('');
    expect(await classes(page, BUTTON)).toEqual(expect.arrayContaining(['disabled', 'wc-variation-selection-needed']));
    expect(await attrs(page, IMG, Object.keys(original))).toEqual(original);
    expect(await page.getAttribute(LINK, 'href')).toBe(originalHref);
    expect(await page.getAttribute(THUMB(1), 'src')).toBe(originalThumb);
    expect(await text(page, '.product_meta .sku')).toBe('OVS');
    expect(await text(page, '.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value')).toBe('0.8 kg');
    expect(await text(page, '.woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value')).toBe(
      '68 × 48 × 4 cm',
    );
    expect(await page.url()).not.toContain('#');
    await page.waitForFunction(() => document.querySelector('form.variations_form')?.getAttribute('current-image') === '');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.reset_variations')!).visibility === 'hidden');
    await expectAxeClean(page);

    // Reset with Space: the link acts as the button it is announced as.
    await choose(page, 'olive', 'm', 'Cotton & silk');
    await shows(page, '1 in stock');
    await page.focus('.reset_variations');
    await page.evaluate(() => (document.querySelector('.reset_variations_alert')!.textContent = ''));
    await page.keyboard.press(' ');
    await page.waitForFunction((t) => document.querySelector('.reset_variations_alert')?.textContent === t, RESET_TEXT);
    expect([await value(page, '#pa_colour'), await value(page, '#pa_size'), await value(page, '#lining')]).toEqual(['', '', '']);
    expect(await focusedId(page)).toBe('pa_colour');
    expect(await page.getAttribute('.reset_variations', 'role')).toBe('button');
    // Space must not have scrolled the page away from the form.
    expect(await page.$eval('form.variations_form', (f) => f.getBoundingClientRect().bottom > 0)).toBe(true);
    expectNoConsoleErrors(errors);
  });

  test('out of stock and not purchasable: unavailable classes, the button explains itself inline and submits nothing', async () => {
    const { page, errors, requests } = await open(tag);
    await choose(page, 'navy', 's', 'Fleece');
    await shows(page, 'Out of stock');
    expect(await variationId(page)).toBe('743');
    expect(await classes(page, BUTTON)).toEqual(expect.arrayContaining(['disabled', 'wc-variation-is-unavailable']));
    expect(await classes(page, BUTTON)).not.toContain('wc-variation-selection-needed');
    expect(await page.getAttribute(BUTTON, 'aria-disabled')).toBe('true');
    expect(await classes(page, '.woocommerce-variation-add-to-cart')).toContain('woocommerce-variation-add-to-cart-disabled');
    await expectAxeClean(page);

    const url = page.url();
    // A shopper clicks an aria-disabled button; Playwright would wait for it to be enabled.
    await clickWhenStill(page, BUTTON);
    const described = (await page.getAttribute(BUTTON, 'aria-describedby'))!.split(/\s+/);
    await page.waitForFunction(
      ({ ids, t }) =>
        ids.some((id) => {
          const el = document.getElementById(id);
          return !!el && !el.hidden && el.textContent === t;
        }),
      { ids: described, t: UNAVAILABLE_TEXT },
    );
    await page.keyboard.press('Enter'); // focus is on the button after the click: Enter must not submit either
    await page.waitForTimeout(200);
    expect(page.url()).toBe(url);
    expect(requests.filter((r) => r.includes('/product/wool-overshirt/'))).toEqual([]);
    expect((await mockLog(page)).filter((e) => e === 'add_to_cart')).toEqual([]);
    await expectAxeClean(page);

    // Not purchasable (no price): the same state; the empty price and availability render as empty blocks.
    await choose(page, 'navy', 'm', 'Cotton & silk');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '744');
    expect(await classes(page, BUTTON)).toEqual(expect.arrayContaining(['disabled', 'wc-variation-is-unavailable']));
    // The previous variation's block (its price) stays until the new one is shown: wait for this one's.
    await page.waitForFunction(() => document.querySelector('.single_variation .woocommerce-variation-price')?.textContent === '', null, {
      timeout: 10_000,
    });
    expect(await text(page, '.single_variation .woocommerce-variation-price')).toBe('');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test("quantity: sold individually hides it at 1; min/max clamp; −/+ stay within the variation's bounds", async () => {
    const { page, errors } = await open(tag);
    await page.waitForSelector('.quantity.buttons_added');
    // "Cotton &amp; silk" in the data matches the option's decoded value.
    await choose(page, 'olive', 'm', 'Cotton & silk');
    await shows(page, '1 in stock');
    expect(await variationId(page)).toBe('747');
    expect(await value(page, 'input.qty')).toBe('1');
    expect(await attrs(page, 'input.qty', ['min', 'max'])).toEqual({ min: '1', max: '' });
    expect(await page.isHidden('.single_variation_wrap .quantity')).toBe(true);
    expect(await text(page, '.single_variation .woocommerce-variation-price ins')).toBe('€120.00');
    await expectAxeClean(page);

    // 748: min 2, max 4; the printed 1 is raised to 2 and the box shows again.
    await choose(page, 'rust', 'l', 'Fleece');
    await shows(page, '4 in stock');
    expect(await variationId(page)).toBe('748');
    expect(await page.isVisible('.single_variation_wrap .quantity')).toBe(true);
    expect(await attrs(page, 'input.qty', ['min', 'max'])).toEqual({ min: '2', max: '4' });
    expect(await value(page, 'input.qty')).toBe('2');
    for (let i = 0; i < 4; i++) await page.click('.quantity button.plus');
    expect(await value(page, 'input.qty')).toBe('4');
    await page.click('.quantity button.minus');
    expect(await value(page, 'input.qty')).toBe('3');
    await page.waitForFunction(() => document.querySelector('.sf-quantity-status')?.textContent === 'Wool overshirt quantity: 3');
    for (let i = 0; i < 4; i++) await page.click('.quantity button.minus');
    expect(await value(page, 'input.qty')).toBe('2');
    expect(await page.getAttribute('.quantity button.plus', 'aria-label')).toBe('Increase quantity');
    expect(await page.getAttribute('.quantity button.minus', 'aria-label')).toBe('Decrease quantity');
    // A value over the next variation's max is clamped to it.
    await page.fill('input.qty', '9');
    await page.selectOption('#pa_size', 's');
    await shows(page, '5 in stock');
    expect(await attrs(page, 'input.qty', ['min', 'max'])).toEqual({ min: '1', max: '5' });
    expect(await value(page, 'input.qty')).toBe('5');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('options: unattached removed, inactive disabled, across attributes; "any" matches every value', async () => {
    const { page, errors } = await open(tag);
    await page.selectOption('#pa_colour', 'navy');
    await page.selectOption('#lining', 'Fleece');
    // navy+Fleece: s (743, out of stock but active) enabled, l (746 inactive) disabled, m (only with silk) gone.
    await page.waitForFunction(() => document.querySelectorAll('#pa_size option').length === 3);
    expect(await options(page, '#pa_size')).toEqual(['', 's', 'l (disabled)']);
    // Other selects are filtered by the choice too: with Fleece, olive (745) and rust stay; lining keeps both for navy.
    expect(await options(page, '#pa_colour')).toEqual(['', 'rust', 'navy', 'olive']);
    await expectAxeClean(page);

    await page.selectOption('#lining', '');
    expect(await options(page, '#pa_size')).toEqual(['', 's', 'm', 'l (disabled)']);
    await page.selectOption('#pa_size', 'm');
    expect(await options(page, '#lining')).toEqual(['', 'Cotton & silk']);

    // rust/m is "any lining": both linings are offered and both match 742.
    await page.selectOption('#pa_colour', 'rust');
    expect(await value(page, '#pa_size')).toBe('m');
    expect(await options(page, '#lining')).toEqual(['', 'Fleece', 'Cotton & silk']);
    await page.selectOption('#lining', 'Fleece');
    await shows(page, 'any lining');
    expect(await variationId(page)).toBe('742');
    await page.selectOption('#lining', 'Cotton & silk');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '742');
    expect(await classes(page, BUTTON)).not.toContain('disabled');
    expect(await page.$('.wc-no-matching-variations')).toBeNull();
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('tabs: click, arrows with manual activation, Home/End; the review link opens the reviews', async () => {
    const { page, errors } = await open(tag);
    const selected = () =>
      page.$$eval('.wc-tabs a[role="tab"]', (as) => as.map((a) => `${a.getAttribute('aria-selected')}/${a.getAttribute('tabindex')}`));
    expect(await selected()).toEqual(['true/0', 'false/-1', 'false/-1']);
    expect(await page.isVisible('#tab-description')).toBe(true);
    expect(await page.isHidden('#tab-additional_information')).toBe(true);
    expect(await page.isHidden('#tab-reviews')).toBe(true);
    expect(await classes(page, '#tab-title-description')).toContain('active');
    await expectAxeClean(page);

    await page.click('#tab-title-additional_information a');
    expect(await selected()).toEqual(['false/-1', 'true/0', 'false/-1']);
    expect(await page.isVisible('#tab-additional_information')).toBe(true);
    expect(await page.isHidden('#tab-description')).toBe(true);
    expect(await classes(page, '#tab-title-additional_information')).toContain('active');
    expect(await classes(page, '#tab-title-description')).not.toContain('active');
    await expectAxeClean(page);

    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#tab-reviews');
    // Focus alone does not switch panels.
    expect(await page.isVisible('#tab-additional_information')).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#tab-description');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#tab-reviews');
    await page.keyboard.press('Enter');
    expect(await page.isVisible('#tab-reviews')).toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    expect(await page.isVisible('#tab-description')).toBe(true);
    expect(await page.isHidden('#tab-reviews')).toBe(true);
    await expectAxeClean(page);

    await page.click('a.woocommerce-review-link');
    await page.waitForSelector('#reviews', { state: 'visible' });
    expect(await selected()).toEqual(['false/-1', 'false/-1', 'true/0']);
    // Scrolled (animated), then the hash and focus follow.
    await page.waitForFunction(() => location.hash === '#reviews');
    expect(
      await page.evaluate(() => {
        const r = document.getElementById('reviews')!.getBoundingClientRect();
        return r.top >= -1 && r.top < window.innerHeight;
      }),
    ).toBe(true);
    expect(await focusedId(page)).toBe('reviews');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('reviews: stars by keyboard, the required rating explained inline; opening on #reviews', async () => {
    const { page, errors } = await openPage(`${PAGE}#reviews`, { tag });
    await page.waitForSelector('p.stars a.star-1', { state: 'visible' });
    expect(await page.isVisible('#tab-reviews')).toBe(true);
    expect(await page.isHidden('#rating')).toBe(true);
    expect(await page.getAttribute('p.stars [role="radiogroup"], p.stars [role="group"]', 'aria-labelledby')).toBe(
      'comment-form-rating-label',
    );
    expect(
      await page.$$eval('p.stars a', (as) =>
        as.map((a) => `${a.getAttribute('role')}:${a.getAttribute('aria-checked')}:${a.getAttribute('tabindex')}:${a.textContent}`),
      ),
    ).toEqual([
      'radio:false:0:1 of 5 stars',
      'radio:false:-1:2 of 5 stars',
      'radio:false:-1:3 of 5 stars',
      'radio:false:-1:4 of 5 stars',
      'radio:false:-1:5 of 5 stars',
    ]);
    await expectAxeClean(page);

    await page.fill('#comment', 'Warm and well made.');
    await page.fill('#author', 'Ada');
    await page.fill('#email', 'ada@example.com');
    await page.click('#respond #submit');
    await page.waitForSelector('.sf-rating-error:not([hidden])');
    expect(await text(page, '.sf-rating-error')).toBe('Please select a rating');
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('star-1');
    await expectAxeClean(page);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await value(page, '#rating')).toBe('3');
    expect(await page.getAttribute('p.stars a.star-3', 'aria-checked')).toBe('true');
    expect(await page.getAttribute('p.stars a.star-3', 'tabindex')).toBe('0');
    expect(await classes(page, 'p.stars a.star-3')).toContain('active');
    expect(await classes(page, 'p.stars')).toContain('selected');
    expect(await page.$$eval('p.stars a[aria-checked="true"]', (as) => as.length)).toBe(1);
    expect(await page.isHidden('.sf-rating-error')).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('gallery: thumbnails, the magnifier lightbox opens at the active slide, Escape closes and focus returns', async () => {
    const { page, errors } = await open(tag);
    await page.waitForSelector(THUMB(4));
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.woocommerce-product-gallery')!).opacity === '1');
    expect(await page.$$eval('ol.flex-control-thumbs img', (is) => is.map((i) => i.getAttribute('alt')))).toEqual([
      'Wool overshirt',
      'Wool overshirt, back',
      'Wool overshirt, collar',
      'Wool overshirt, cuff',
    ]);
    await page.click(THUMB(3));
    await page.waitForSelector(`${SLIDE(3)}.flex-active-slide`);
    expect(await page.getAttribute(THUMB(3), 'aria-current')).toBe('true');
    await expectAxeClean(page);

    const trigger = '.woocommerce-product-gallery__trigger';
    expect(await page.getAttribute(trigger, 'aria-label')).toBe('View full-screen image gallery');
    await page.click(trigger);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.textContent(`${DIALOG} .pswp__counter`)).toBe('3 / 4');
    expect(await page.getAttribute(`${DIALOG} .pswp__item[aria-hidden="false"] img.pswp__img`, 'src')).toBe(
      '/wp-content/uploads/overshirt-collar-1500x1800.jpg',
    );
    expect(await page.evaluate((d) => !!document.querySelector(d)?.contains(document.activeElement), DIALOG)).toBe(true);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(await page.evaluate((t) => document.activeElement === document.querySelector(t), trigger)).toBe(true);

    // After a variation's image swap, the magnifier opens on that image.
    await choose(page, 'rust', 's', 'Fleece');
    await page.waitForSelector(`${SLIDE(1)}.flex-active-slide`);
    await page.click(trigger);
    await page.waitForSelector(`${DIALOG}[open] .pswp--open`);
    expect(await page.getAttribute(`${DIALOG} .pswp__item[aria-hidden="false"] img.pswp__img`, 'src')).toBe(
      '/wp-content/uploads/overshirt-rust-1500x1800.jpg',
    );
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG}[open]`, { state: 'detached' });
    expect(await page.evaluate((t) => document.activeElement === document.querySelector(t), trigger)).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a variation whose image is already in the gallery slides there instead of swapping; reset goes back to slide one', async () => {
    const { page, errors } = await open(tag);
    await page.waitForSelector(THUMB(4));
    const original = await attrs(page, IMG, ['src', 'srcset', 'data-large_image']);
    await choose(page, 'rust', 'm', 'Fleece');
    await shows(page, 'any lining');
    await page.waitForSelector(`${SLIDE(2)}.flex-active-slide`);
    expect(await page.getAttribute(THUMB(2), 'aria-current')).toBe('true');
    // Slide one keeps its own image; the thumbnail strip is untouched.
    expect(await attrs(page, IMG, ['src', 'srcset', 'data-large_image'])).toEqual(original);
    expect(await page.getAttribute(THUMB(1), 'src')).toBe('/wp-content/uploads/overshirt-100x100.jpg');
    expect(await page.getAttribute('form.variations_form', 'current-image')).toBe('754');
    await expectAxeClean(page);

    await page.click('.reset_variations');
    await page.waitForSelector(`${SLIDE(1)}.flex-active-slide`);
    expect(await attrs(page, IMG, ['src', 'srcset', 'data-large_image'])).toEqual(original);
    expectNoConsoleErrors(errors);
  });

  test('the page opened on a comment or on the additional information opens that tab', async () => {
    const { page, errors } = await openPage(`${PAGE}#comment-32`, { tag });
    expect(await page.isVisible('#tab-reviews')).toBe(true);
    expect(await page.isHidden('#tab-description')).toBe(true);
    expect(await page.getAttribute('#tab-title-reviews a', 'aria-selected')).toBe('true');
    await page.waitForFunction(() => {
      const r = document.getElementById('comment-32')!.getBoundingClientRect();
      // Sub-pixel layout: scrolled to the top edge can leave it a fraction of a pixel above.
      return r.top > -1 && r.bottom <= window.innerHeight;
    });
    const other = await openPage(`${PAGE}#tab-additional_information`, { tag });
    expect(await other.page.isVisible('#tab-additional_information')).toBe(true);
    expect(await other.page.getAttribute('#tab-title-additional_information a', 'aria-selected')).toBe('true');
    expectNoConsoleErrors([...errors, ...other.errors]);
  });

  test('the sticky bar mirrors a variation with an entity in its value and posts the real form', async () => {
    // A short window, so the real button can scroll out of view.
    const { page, errors } = await open(tag);
    await page.setViewportSize({ width: 1280, height: 420 });
    // The bar loads on the first scroll, below, and reads the choice made before it.
    await choose(page, 'olive', 'm', 'Cotton & silk');
    await shows(page, '1 in stock');
    const y = await page.$eval(BUTTON, (el) =>
      Math.min(el.getBoundingClientRect().bottom + window.scrollY + 400, document.documentElement.scrollHeight - window.innerHeight),
    );
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLElement>('.sf-sticky-atc');
      return !!bar && !bar.hidden && !bar.hasAttribute('inert');
    });
    expect(await text(page, '.sf-sticky-atc .sf-sticky-atc__choice')).toBe('Olive, M, Cotton & silk');
    expect(await page.getAttribute('.sf-sticky-atc .sf-sticky-atc__button', 'aria-disabled')).toBeNull();
    await expectAxeClean(page);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/product/wool-overshirt/'),
      page.click('.sf-sticky-atc .sf-sticky-atc__button'),
    ]);
    const body = request.postData() ?? '';
    const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
    expect([
      field('attribute_pa_colour'),
      field('attribute_pa_size'),
      field('attribute_lining'),
      field('variation_id'),
      field('quantity'),
      field('add-to-cart'),
      field('product_id'),
    ]).toEqual(['olive', 'm', 'Cotton & silk', '747', '1', '740', '740']);
    // Let the product page that comes back finish loading before the context closes.
    await page.waitForURL((url) => url.pathname === '/product/wool-overshirt/');
    await page.waitForFunction(() => window.StorefrontIslands !== undefined);
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expectNoConsoleErrors(errors);
  });
});

describe.each(PLAIN_FLOW_TAGS)('contract product page, %s tag', (tag) => {
  test('a hidden variation renders the unavailable template', async () => {
    const { page, errors } = await open(tag);
    await choose(page, 'olive', 's', 'Fleece');
    await shows(page, UNAVAILABLE_TEXT);
    expect(await text(page, '.single_variation p[role="alert"]')).toBe(UNAVAILABLE_TEXT);
    expect(await page.$('.single_variation .woocommerce-variation-price')).toBeNull();
    expect(await variationId(page)).toBe('745');
    expect(await classes(page, BUTTON)).toEqual(expect.arrayContaining(['disabled', 'wc-variation-is-unavailable']));
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('a variation without an image restores the product image', async () => {
    const { page, errors } = await open(tag);
    const original = await attrs(page, IMG, ['src', 'srcset', 'sizes', 'data-large_image']);
    await choose(page, 'rust', 's', 'Fleece');
    await shows(page, '5 in stock');
    expect(await page.getAttribute(IMG, 'src')).toBe('/wp-content/uploads/overshirt-rust-600x720.jpg');
    await page.selectOption('#pa_size', 'l');
    await shows(page, '4 in stock');
    expect(await variationId(page)).toBe('748');
    expect(await attrs(page, IMG, ['src', 'srcset', 'sizes', 'data-large_image'])).toEqual(original);
    // 748 has its own SKU; its weight is the parent's.
    expect(await text(page, '.product_meta .sku')).toBe('OVS-RUST-L');
    expect(await text(page, '.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value')).toBe('0.8 kg');
    expectNoConsoleErrors(errors);
  });

  test('with jQuery on the page: found_variation and show_variation arrive through jQuery with their arguments, never natively too', async () => {
    const { page, errors } = await open(tag, { jquery: true });
    await page.evaluate(() => {
      type Jq = (el: unknown) => { on: (n: string, h: (...a: unknown[]) => void) => void };
      const w = window as unknown as { jQuery: Jq; seen: unknown[] };
      w.seen = [];
      const id = (v: unknown) => (v as { variation_id: number }).variation_id;
      w.jQuery(document.querySelector('form.variations_form')).on('found_variation', (_e, v, ...rest) =>
        w.seen.push(['found', id(v), rest.length]),
      );
      w.jQuery(document.body).on('show_variation', (e, v, purchasable) =>
        w.seen.push(['show', id(v), purchasable, (e as { target: Element }).target.classList.contains('single_variation')]),
      );
      w.jQuery(document.body).on('hide_variation', () => w.seen.push(['hide']));
      for (const name of ['found_variation', 'show_variation', 'hide_variation'])
        document.addEventListener(name, (e) => w.seen.push(['native', name, !!(e as CustomEvent).detail]));
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.splice(0));

    await choose(page, 'rust', 's', 'Fleece');
    await page.waitForFunction(() => (window as unknown as { seen: unknown[][] }).seen.some((s) => s[0] === 'show'));
    // Choosing the first two selects hid the (empty) variation area: hide_variation, through jQuery only.
    expect((await seen()).filter((s) => (s as unknown[])[0] !== 'hide')).toEqual([
      ['found', 741, 0],
      ['show', 741, true, true],
    ]);
    // Only the colour changes: navy/s/Fleece is 743, out of stock.
    await page.selectOption('#pa_colour', 'navy');
    await page.waitForFunction(() => (window as unknown as { seen: unknown[][] }).seen.some((s) => s[0] === 'show'));
    const next = await seen();
    expect(next.filter((s) => (s as unknown[])[0] !== 'hide')).toEqual([
      ['found', 743, 0],
      ['show', 743, false, true],
    ]);
    expect(next.filter((s) => (s as unknown[])[0] === 'native')).toEqual([]);
    expect(
      await page.evaluate(() => typeof (window as unknown as { jQuery: { fn: Record<string, unknown> } }).jQuery.fn.wc_variation_form),
    ).toBe('function');
    expectNoConsoleErrors(errors);
  });
});
