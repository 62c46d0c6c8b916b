/**
 * The product form in real Chromium, both tags: variation form and swatches (inline, ajax, 1,000 variations),
 * quantity buttons and the review rating, with keyboard use, axe after mounting and after each state change, and
 * the bad-input paths (a failing get_variation).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  consoleSettled,
  clickWhenStill,
  expectAxeClean,
  expectNoConsoleErrors,
  holdWave,
  FRAMEWORK_CHUNK,
  openPage,
  waitForIdleIslands,
  BUILD_TAGS,
} from './harness';

const variationId = (page: Page) => page.$eval('input.variation_id', (el) => (el as HTMLInputElement).value);
const buttonClass = (page: Page) => page.$eval('.single_add_to_cart_button', (el) => el.className);
const value = (page: Page, sel: string) => page.$eval(sel, (el) => (el as HTMLInputElement | HTMLSelectElement).value);
const mockLog = (page: Page, endpoint: string) =>
  page.evaluate(
    (name) =>
      (window as unknown as { __mock: { state: { log: { endpoint: string; body: Record<string, string> }[] } } }).__mock.state.log
        .filter((l) => l.endpoint === name)
        .map((l) => l.body),
    endpoint,
  );

/**
 * The form blocks its button as soon as it mounts, then initialises 100 ms later (or later on a busy page) and
 * fires `wc_variation_form` (through the page's jQuery when there is one): that event is the "initialised" signal.
 */
function watchInit(): void {
  const w = window as unknown as {
    sfTestVariationFormReady?: boolean;
    jQuery?: (t: unknown) => { on: (n: string, h: () => void) => void };
  };
  const ready = () => void (w.sfTestVariationFormReady = true);
  document.addEventListener('wc_variation_form', ready);
  w.jQuery?.(document).on('wc_variation_form', ready);
}
const openForm = (path: string, options: Parameters<typeof openPage>[1]) => openPage(path, { ...options, initScript: watchInit });
const initialised = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { sfTestVariationFormReady?: boolean }).sfTestVariationFormReady === true);
  await page.waitForSelector('.single_add_to_cart_button.wc-variation-selection-needed');
};

describe.each(BUILD_TAGS)('product form, %s tag', (tag) => {
  test('variable product: swatches, keyboard on the selects, a full match, reset; axe clean throughout', async () => {
    const { page, errors } = await openForm('/product-variable.html', { tag });
    await initialised(page);
    expect(await page.getAttribute('.single_add_to_cart_button', 'aria-disabled')).toBe('true');
    await expectAxeClean(page);

    await page.click('.avada-color-select[data-value="rust"]');
    expect(await page.getAttribute('.avada-color-select[data-value="rust"]', 'aria-checked')).toBe('true');
    await page.focus('#pa_size');
    await page.keyboard.press('ArrowDown');
    expect(await value(page, '#pa_size')).toBe('s');
    await page.selectOption('#lining', 'Fleece');
    await page.waitForFunction(() => document.querySelector('.single_variation')?.textContent?.includes('5 in stock'));
    expect(await variationId(page)).toBe('513');
    expect(await buttonClass(page)).not.toContain('disabled');
    expect(await page.getAttribute('.wp-post-image', 'src')).toContain('jacket-rust-600x720');
    expect(await page.textContent('.product_meta .sku')).toBe('JKT-RUST-S');
    await expectAxeClean(page);

    await page.focus('.reset_variations');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.reset_variations_alert')?.textContent !== '');
    expect(await value(page, '#pa_size')).toBe('');
    expect(await page.getAttribute('.wp-post-image', 'src')).toContain('/jacket-600x720');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-value'))).toBe('rust');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test("a shopper's change paints first and the rest follows; a script's change is handled at once", async () => {
    const { page, errors } = await openForm('/product-variable.html', { tag });
    await initialised(page);
    await page.click('.avada-color-select[data-value="rust"]');
    await page.selectOption('#pa_size', 's');
    // What a listener on the document sees when the change reaches it, and what follows.
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      const id = () => (document.querySelector('input.variation_id') as HTMLInputElement).value;
      document.addEventListener('change', (e) => {
        if ((e.target as Element).id === 'lining') w.__seen.push(`change trusted=${e.isTrusted} variation=${id()}`);
      });
      document.addEventListener('found_variation', () => w.__seen.push(`found variation=${id() || '-'}`));
    });
    await page.focus('#lining');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '513');
    // The key's change was dispatched before any of its work: the select painted alone, the variation after it.
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([
      'change trusted=true variation=',
      'found variation=-',
    ]);
    await page.waitForFunction(() => document.querySelector('.single_variation')?.textContent?.includes('5 in stock'));
    await expectAxeClean(page);

    // Theme code: `select.value = x` and a change event, then it reads the form's state straight away.
    const read = await page.evaluate(() => {
      const select = document.getElementById('lining') as HTMLSelectElement;
      const id = () => (document.querySelector('input.variation_id') as HTMLInputElement).value;
      select.value = 'Cotton & silk';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      const afterCotton = id();
      select.value = 'Fleece';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return [afterCotton, id()];
    });
    expect(read).toEqual(['515', '513']);
    expectNoConsoleErrors(errors);
  });

  test('swatches form a radio group: Tab reaches one swatch, arrows move and choose', async () => {
    const { page } = await openForm('/product-variable.html', { tag });
    await initialised(page);
    await page.focus('.avada-color-select[data-value="rust"]');
    await page.keyboard.press('ArrowRight');
    expect(await value(page, '#pa_colour')).toBe('navy');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-value'))).toBe('navy');
    const tabbable = await page.$$eval('.avada-color-select', (all) =>
      all.filter((a) => (a as HTMLElement).tabIndex === 0).map((a) => a.getAttribute('data-value')),
    );
    expect(tabbable).toEqual(['navy']);
    await page.keyboard.press('ArrowLeft');
    expect(await value(page, '#pa_colour')).toBe('rust');
    await expectAxeClean(page);
  });

  test('an unavailable variation explains the disabled button inline and does not submit', async () => {
    const { page } = await openForm('/product-variable.html', { tag });
    await initialised(page);
    await page.click('.avada-color-select[data-value="olive"]');
    await page.selectOption('#pa_size', 's');
    await page.selectOption('#lining', 'Fleece');
    await page.waitForFunction(() =>
      document.querySelector('.single_add_to_cart_button')?.classList.contains('wc-variation-is-unavailable'),
    );
    const url = page.url();
    // aria-disabled: Playwright would wait for it to be enabled; a shopper just clicks.
    await clickWhenStill(page, '.single_add_to_cart_button');
    const id = await page.getAttribute('.single_add_to_cart_button', 'aria-describedby');
    await page.waitForFunction(
      (i) => document.getElementById(i!.split(' ').pop()!)?.textContent?.startsWith('Sorry, this product is unavailable'),
      id,
    );
    expect(page.url()).toBe(url);
    await expectAxeClean(page);
  });

  test('fires WooCommerce events through the page jQuery with their arguments', async () => {
    const { page } = await openForm('/product-variable.html', { tag, jquery: true });
    await initialised(page);
    await page.evaluate(() => {
      const w = window as unknown as {
        jQuery: (el: unknown) => { on: (n: string, h: (...a: unknown[]) => void) => void };
        __seen: unknown[];
      };
      w.__seen = [];
      w.jQuery(document.querySelector('form.variations_form')).on('found_variation', (_e, v) =>
        w.__seen.push(['found', (v as { variation_id: number }).variation_id]),
      );
      w.jQuery(document.body).on('show_variation', (_e, v, purchasable) =>
        w.__seen.push(['show', (v as { variation_id: number }).variation_id, purchasable]),
      );
      document.addEventListener('found_variation', () => w.__seen.push(['native']));
    });
    await page.click('.avada-color-select[data-value="navy"]');
    await page.selectOption('#pa_size', 'l');
    await page.selectOption('#lining', 'Fleece');
    await page.waitForFunction(() => (window as unknown as { __seen: unknown[] }).__seen.length >= 2);
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen)).toEqual([
      ['found', 516],
      ['show', 516, true],
    ]);
    expect(
      await page.evaluate(() => typeof (window as unknown as { jQuery: { fn: Record<string, unknown> } }).jQuery.fn.wc_variation_form),
    ).toBe('function');
  });

  test('ajax product: get_variation per complete choice, cached, no-match notice, option marked unavailable', async () => {
    const { page, errors } = await openForm('/product-ajax.html', { tag });
    await initialised(page);
    await page.click('.avada-color-select[data-value="grey"]');
    await page.selectOption('#pa_size', '40');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '601003');
    const bodies = await mockLog(page, 'get_variation');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      attribute_pa_colour: 'grey',
      attribute_pa_size: '40',
      product_id: '600',
      'custom_data[source]': 'fixture',
    });
    await expectAxeClean(page);

    await page.click('.avada-color-select[data-value="white"]');
    await page.selectOption('#pa_size', '46');
    await page.waitForSelector('.wc-no-matching-variations');
    expect(await page.getAttribute('#pa_size option[value="46"]', 'aria-disabled')).toBe('true');
    const before = (await mockLog(page, 'get_variation')).length;
    await page.click('.avada-color-select[data-value="grey"]');
    // grey/46 is new: asked once (the click is worked out right after its paint), then settled.
    await expect.poll(async () => (await mockLog(page, 'get_variation')).length, { timeout: 10_000 }).toBe(before + 1);
    await page.waitForFunction(() => !document.querySelector('form.variations_form')?.hasAttribute('aria-busy'));
    const asked = before + 1;
    await page.selectOption('#pa_size', '40');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '601003');
    // grey/40 was answered before: no new request.
    expect(await mockLog(page, 'get_variation')).toHaveLength(asked);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('ajax product: a failing get_variation leaves a form that posts, with one warning', async () => {
    const { page, messages } = await openForm('/product-ajax.html', { tag });
    await initialised(page);
    await page.evaluate(() =>
      (window as unknown as { __mock: { failNext: (e: string, f: string) => void } }).__mock.failNext('get_variation', 'http500'),
    );
    await page.click('.avada-color-select[data-value="blue"]');
    await page.selectOption('#pa_size', '41');
    await page.waitForFunction(() => !document.querySelector('.single_add_to_cart_button')?.classList.contains('disabled'));
    await consoleSettled(page);
    const ours = messages.filter((m) => m.text.includes('variation-form: get_variation'));
    // (Runs under load saw the button open without the warning; what the mock was asked says why.)
    const asked = JSON.stringify(await mockLog(page, 'get_variation'));
    expect(ours, `get_variation requests: ${asked}; messages: ${JSON.stringify(messages)}`).toHaveLength(1);
    expect(ours[0]!.type).toBe('warning');
  });

  test('1,000 variations: the data is read in the worker; swatches and selects narrow the options and find the variation', async () => {
    const { page, errors } = await openForm('/product-1000.html', { tag });
    await initialised(page);
    // 1.5 MB of variation JSON: parsed off the main thread by the same-origin worker file (CSP script-src 'self').
    const workers = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('/variations-worker.js')),
    );
    expect(workers).toHaveLength(1);
    await page.click('.avada-color-select[data-value="teal"]');
    await page.click('.avada-button-select[data-value="xl"]');
    await page.selectOption('#material', 'Wool');
    // Index: teal = colour 4, xl = size 5, Wool = material 2 → variation 1001 + 452.
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '1453');
    expect(await page.textContent('.product_meta .sku')).toBe('TEE-TEAL-XL-2');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('1,000 variations without workers (old browser, CSP without them): the form reads the data itself', async () => {
    const { page, errors } = await openPage('/product-1000.html', {
      tag,
      beforeGoto: async (context) => {
        await context.addInitScript(() => delete (window as { Worker?: unknown }).Worker);
        await context.addInitScript(watchInit);
      },
    });
    await initialised(page);
    await page.click('.avada-color-select[data-value="teal"]');
    await page.click('.avada-button-select[data-value="xl"]');
    await page.selectOption('#material', 'Wool');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '1453');
    expect(await page.textContent('.product_meta .sku')).toBe('TEE-TEAL-XL-2');
    const workers = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/variations-worker.js')).length,
    );
    expect(workers).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('a quick view on the shop page: the theme calls $.fn.wc_variation_form() before any product form was on the page', async () => {
    const { page, errors } = await openPage('/shop.html', { tag, jquery: true });
    expect(
      await page.evaluate(() => {
        const fn = (window as unknown as { jQuery: { fn: Record<string, unknown> } }).jQuery.fn;
        return [typeof fn.wc_variation_form, typeof fn.wc_product_gallery];
      }),
    ).toEqual(['function', 'function']);
    // What Avada's quick view does with the answer: insert the product and run the plugins on it, synchronously.
    await page.evaluate(() => {
      const variations = [
        {
          attributes: { attribute_pa_size: 's' },
          variation_id: 901,
          variation_is_active: true,
          variation_is_visible: true,
          is_purchasable: true,
          is_in_stock: true,
          price_html: '<span class="price">€10</span>',
          availability_html: '<p class="stock in-stock">In stock</p>',
          variation_description: '',
          sku: 'QV-S',
          image: { src: '' },
          max_qty: '',
          min_qty: 1,
          is_sold_individually: 'no',
        },
      ];
      const box = document.createElement('div');
      box.className = 'fusion-woocommerce-quick-view-container product';
      box.innerHTML = `<form class="variations_form cart" data-product_id="900"><table class="variations" role="presentation"><tbody><tr><th class="label"><label for="qv_size">Size</label></th><td class="value"><select id="qv_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size"><option value="">Choose an option</option><option value="s">S</option></select><a class="reset_variations" href="#">Clear</a></td></tr></tbody></table><div class="single_variation_wrap"><div class="woocommerce-variation single_variation"></div><div class="woocommerce-variation-add-to-cart variations_button"><button type="submit" class="single_add_to_cart_button button alt">Add to cart</button><input type="hidden" name="variation_id" class="variation_id" value="0"></div></div></form>`;
      box.querySelector('form')!.setAttribute('data-product_variations', JSON.stringify(variations));
      document.body.append(box);
      const jq = (window as unknown as { jQuery: (el: Element) => { wc_variation_form: () => unknown } }).jQuery;
      jq(box.querySelector('form')!).wc_variation_form();
    });
    await page.waitForSelector('.fusion-woocommerce-quick-view-container .single_add_to_cart_button.wc-variation-selection-needed');
    await page.selectOption('#qv_size', 's');
    await page.waitForFunction(
      () => (document.querySelector('.fusion-woocommerce-quick-view-container input.variation_id') as HTMLInputElement).value === '901',
    );
    expectNoConsoleErrors(errors);
  });

  test('simple product: quantity buttons step within min/max and the review rating is required', async () => {
    const { page, errors } = await openPage('/product-simple.html', { tag });
    await page.waitForSelector('.quantity.buttons_added');
    await page.click('.quantity .plus');
    await page.click('.quantity .plus');
    expect(await value(page, 'input.qty')).toBe('3');
    for (let i = 0; i < 5; i++) await page.click('.quantity .minus');
    expect(await value(page, 'input.qty')).toBe('1');
    await page.fill('input.qty', '7');
    await page.click('.quantity .plus');
    await page.click('.quantity .plus');
    expect(await value(page, 'input.qty')).toBe('8');
    await page.waitForFunction(() => document.querySelector('.sf-quantity-status')?.textContent === 'Canvas tote quantity: 8');

    await page.click('a.woocommerce-review-link');
    await page.waitForSelector('p.stars a.star-1', { state: 'visible' });
    await expectAxeClean(page);
    await page.fill('#comment', 'Lovely');
    await page.fill('#author', 'Ada');
    await page.fill('#email', 'ada@example.com');
    await page.click('#respond #submit');
    await page.waitForSelector('.sf-rating-error:not([hidden])');
    expect(await page.textContent('.sf-rating-error')).toBe('Please select a rating');
    // Not posted to wp-comments-post.php: still the product page (the reviews link may have added a hash).
    expect(new URL(page.url()).pathname).toBe('/product-simple.html');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('star-1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await value(page, '#rating')).toBe('3');
    expect(await page.getAttribute('p.stars a.star-3', 'aria-checked')).toBe('true');
    expect(await page.isHidden('.sf-rating-error')).toBe(true);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

const BUTTON = '.single_add_to_cart_button';
const MAKE_A_SELECTION = 'Please select some product options before adding this product to your cart.';
const pathsOf = (requests: string[]) => [...new Set(requests.map((u) => new URL(u).pathname))];
const frameworkRequests = (requests: string[]) => pathsOf(requests).filter((p) => FRAMEWORK_CHUNK.test(p));
/** The variation form's display.ts (details, image, price markup): loaded with the view, or when a choice needs it. */
const DISPLAY_CHUNK = /\/chunks\/display-[\w-]+\.js$/;
const displayRequests = (requests: string[]) => pathsOf(requests).filter((p) => DISPLAY_CHUNK.test(p));
/** The explanation the blocked button is described by (the last id: the theme's own come first). */
const explanation = async (page: Page) => {
  const id = (await page.getAttribute(BUTTON, 'aria-describedby'))!.split(/\s+/).pop()!;
  return page.$eval(`#${id}`, (el) => ({ text: el.textContent, hidden: (el as HTMLElement).hidden }));
};

describe.each(BUILD_TAGS)('variation form before and after its React view, %s tag', (tag) => {
  test('nothing of React is requested until the shopper reaches the form; what they do before it arrives is kept and the right variation posted', async () => {
    // The framework chunk is held back until the test ends: everything below happens before the view exists.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page, errors, requests } = await openPage('/product-variable.html', {
      tag,
      beforeGoto: async (context, tab) => {
        await tab.mouse.move(0, 0); // a reused tab's pointer must not rest on the form as the page lays out
        await context.addInitScript(watchInit);
        await context.route(FRAMEWORK_CHUNK, async (route) => {
          await held;
          await route.continue().catch(() => {});
        });
      },
    });
    try {
      await initialised(page);
      await waitForIdleIslands(page);
      expect(frameworkRequests(requests)).toEqual([]);
      // Nothing chosen and nobody at the form: what shows a variation is not loaded either.
      expect(displayRequests(requests)).toEqual([]);
      // Held by plain code as WooCommerce's classes say, and explained for assistive technology already.
      expect(await buttonClass(page)).toContain('wc-variation-selection-needed');
      expect(await explanation(page)).toEqual({ text: MAKE_A_SELECTION, hidden: true });

      // The first interaction asks for the view (and the framework with it); a press on the blocked button is
      // explained at once, without waiting for it, and posts nothing.
      const url = page.url();
      await clickWhenStill(page, BUTTON);
      expect(await explanation(page)).toEqual({ text: MAKE_A_SELECTION, hidden: false });
      expect(page.url()).toBe(url);
      await expect.poll(() => frameworkRequests(requests).length, { timeout: 10_000 }).toBe(1);
      await expectAxeClean(page);

      // Choices made while the framework is still on its way count at once.
      await page.click('.avada-color-select[data-value="rust"]');
      expect(await page.getAttribute('.avada-color-select[data-value="rust"]', 'aria-checked')).toBe('true');
      await page.selectOption('#pa_size', 's');
      await page.selectOption('#lining', 'Fleece');
      await page.waitForFunction(() => document.querySelector('.single_variation')?.textContent?.includes('5 in stock'));
      expect(await variationId(page)).toBe('513');
      expect(await buttonClass(page)).not.toContain('disabled');
      expect(await page.getAttribute(BUTTON, 'aria-disabled')).toBeNull();
      await expectAxeClean(page);

      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/product/rain-jacket/'),
        page.click(BUTTON),
      ]);
      const body = request.postData() ?? '';
      for (const [name, posted] of [
        ['variation_id', '513'],
        ['attribute_pa_colour', 'rust'],
        ['attribute_pa_size', 's'],
        ['attribute_lining', 'Fleece'],
      ]) {
        expect(body, name).toMatch(new RegExp(`name="${name}"\\r\\n\\r\\n${posted}\\r\\n`));
      }
      expectNoConsoleErrors(errors);
    } finally {
      release();
    }
  });

  test('the view arrives with the framework on the first interaction and takes over without a change the shopper could see', async () => {
    const { page, errors, requests } = await openPage('/product-variable.html', {
      tag,
      initScript: watchInit,
    });
    await initialised(page);
    await waitForIdleIslands(page);
    expect(frameworkRequests(requests)).toEqual([]);
    const before = requests.length;
    const wave = await holdWave(page, [/\/chunks\/view\.island-[\w-]+\.js$/, FRAMEWORK_CHUNK, DISPLAY_CHUNK]);
    const [framework] = await Promise.all([
      page.waitForResponse((r) => FRAMEWORK_CHUNK.test(new URL(r.url()).pathname)),
      clickWhenStill(page, BUTTON),
    ]);
    await framework.finished();
    const after = pathsOf(requests.slice(before));
    const view = after.find((p) => p.includes('/chunks/view.island-'));
    expect(view).toBeDefined();
    const display = after.find((p) => DISPLAY_CHUNK.test(p));
    expect(display).toBeDefined();
    // One wave: the view's chunk, the framework and display.ts are requested together.
    await wave.expectOneWave();
    // Two frames for the view's first render: the press is still explained, the button still blocked.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await explanation(page)).toEqual({ text: MAKE_A_SELECTION, hidden: false });
    expect(await buttonClass(page)).toContain('wc-variation-selection-needed');
    await expectAxeClean(page);

    // Now rendered by the view: a full match enables the button, the reset blocks it again and a press explains.
    await page.click('.avada-color-select[data-value="olive"]');
    await page.selectOption('#pa_size', 'm');
    await page.selectOption('#lining', 'Fleece');
    await page.waitForFunction(() =>
      document.querySelector('.single_add_to_cart_button')?.classList.contains('wc-variation-is-unavailable'),
    );
    await clickWhenStill(page, BUTTON);
    expect(await explanation(page)).toEqual({
      text: 'Sorry, this product is unavailable. Please choose a different combination.',
      hidden: false,
    });
    await page.click('.avada-color-select[data-value="rust"]');
    await page.selectOption('#pa_size', 's');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '513');
    expect(await buttonClass(page)).not.toContain('disabled');
    await page.click('.reset_variations');
    await page.waitForFunction(() =>
      document.querySelector('.single_add_to_cart_button')?.classList.contains('wc-variation-selection-needed'),
    );
    await clickWhenStill(page, BUTTON);
    expect(await explanation(page)).toEqual({ text: MAKE_A_SELECTION, hidden: false });
    await expectAxeClean(page);
    expect(frameworkRequests(requests)).toHaveLength(1);
    expectNoConsoleErrors(errors);
  });

  test('display.ts that cannot load: one warning; the form still finds, explains and posts the chosen variation', async () => {
    const { page, messages } = await openPage('/product-variable.html', {
      tag,
      beforeGoto: async (context) => {
        await context.addInitScript(watchInit);
        await context.route(DISPLAY_CHUNK, (route) => route.abort());
      },
    });
    await initialised(page);
    // Chosen by code (no pointer, no focus): the changes ask for display.ts, which fails.
    await page.selectOption('#pa_colour', 'olive');
    await page.selectOption('#pa_size', 'm');
    await page.selectOption('#lining', 'Fleece');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '519');
    // Not purchasable: blocked and explained by the form itself.
    expect(await buttonClass(page)).toContain('wc-variation-is-unavailable');
    await clickWhenStill(page, BUTTON);
    expect(await explanation(page)).toEqual({
      text: 'Sorry, this product is unavailable. Please choose a different combination.',
      hidden: false,
    });
    await page.selectOption('#pa_colour', 'rust');
    await page.selectOption('#pa_size', 's');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement).value === '513');
    expect(await buttonClass(page)).not.toContain('disabled');
    // What display.ts shows stays as printed.
    expect(await page.textContent('.product_meta .sku')).toBe('JKT');
    expect(await page.textContent('.single_variation')).toBe('');
    await consoleSettled(page);
    const ours = messages.filter((m) => m.text.includes('variation-form: display:'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.type).toBe('warning');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/product/rain-jacket/'),
      page.click(BUTTON),
    ]);
    expect(request.postData() ?? '').toMatch(/name="variation_id"\r\n\r\n513\r\n/);
  });
});

const FORM_CHUNK = /\/chunks\/variation-form\.widget-[\w-]+\.js$/;

describe.each(BUILD_TAGS)('variation form before its code has loaded, %s tag', (tag) => {
  test('a swatch clicked while the form\'s code loads does not follow its href="#" (no jump to the top) and is chosen once the form is in', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const asked = new Promise<void>((resolve) => (requested = resolve));
    let tab: Page | undefined;
    // openPage waits for every widget to mount: the form's chunk is held meanwhile, so the page is driven from
    // beforeGoto's tab while openPage is still waiting.
    const opening = openPage('/product-variable.html', {
      tag,
      beforeGoto: async (context, page) => {
        tab = page;
        await context.addInitScript(watchInit);
        await context.route(FORM_CHUNK, async (route) => {
          requested();
          await held;
          await route.continue().catch(() => {});
        });
      },
    });
    try {
      // Until the page asks for the chunk, however long the browser takes to start and load it (a 20 s poll
      // failed under load), or openPage failing first.
      await Promise.race([asked, opening.then(() => Promise.reject(new Error("the page mounted without asking for the form's chunk")))]);
      const page = tab!;
      await page.evaluate(() => window.scrollTo(0, 300));
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(0);
      // Clicked, seen and released in one round trip: the runtime lets a held click go ahead natively (here: the
      // jump to "#") once it has waited 3 s for its widget's code (HELD_CLICK_TIMEOUT), and three round trips
      // while the chunk was held took 2-3 s of that on a loaded machine. The click is dispatched: the swatch is
      // plain server markup now.
      const atClick = await page.evaluate(() => {
        const swatch = document.querySelector<HTMLElement>('.avada-color-select[data-value="navy"]')!;
        swatch.click();
        return { scrollY: window.scrollY, busy: swatch.getAttribute('aria-busy') };
      });
      release();
      // Not sent to the top by the link's "#" (the exact offset may move a little as images above load).
      expect(atClick.scrollY).toBeGreaterThan(before / 2);
      expect(atClick.busy).toBe('true');
      const { errors } = await opening;
      await initialised(page);
      await page.waitForFunction(() => (document.querySelector('#pa_colour') as HTMLSelectElement).value === 'navy');
      expect(await page.getAttribute('.avada-color-select[data-value="navy"]', 'aria-checked')).toBe('true');
      expect(await page.getAttribute('.avada-color-select[data-value="navy"]', 'aria-busy')).toBeNull();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before / 2);
      expectNoConsoleErrors(errors);
    } finally {
      release();
      await opening.catch(() => {});
    }
  }, 120_000);
});
