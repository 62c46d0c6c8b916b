/**
 * Quick view in real Chromium, both tags: a native modal dialog (focus in and out, Tab kept inside, background
 * inert, scroll locked without layout shift, axe clean while open), closed by each means; the product's widgets
 * inside (the variation form posts the variation); a second product; failure messages; reduced motion; and the
 * countdown forms on the same page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, expectAxeClean, expectNoConsoleErrors, gateYouTube, openPage, BUILD_TAGS, FRAMEWORK_CHUNK } from './harness';
import { afterIdle } from './waits';

const LINK = (id: number) => `a.fusion-quick-view[data-product-id="${id}"]`;
const DIALOG = 'dialog.sf-quick-view';
const CONTAINER = `${DIALOG} .fusion-woocommerce-quick-view-container`;

const isOpen = (page: Page) => page.$eval(DIALOG, (d) => (d as HTMLDialogElement).open && d.matches(':modal')).catch(() => false);
const activeInfo = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    // Past the dialog's last control the browser's own UI takes focus (activeElement is then <body>): fine, as
    // long as no background control ever does.
    return {
      inDialog: !!a?.closest('dialog.sf-quick-view'),
      inBackground: !!a && a !== document.body && !a.closest('dialog.sf-quick-view'),
      className: a?.className ?? '',
      text: a?.textContent?.trim() ?? '',
      productId: a?.getAttribute('data-product-id') ?? null,
    };
  });

/** Open a product and wait until its own title holds focus (the content is in and the widgets are mounting). */
async function openProduct(page: Page, id: number, title: string): Promise<void> {
  await page.click(LINK(id));
  await page.waitForFunction(() => document.querySelector('dialog.sf-quick-view')?.matches(':modal'));
  await page.waitForFunction((t) => {
    const a = document.activeElement;
    return a?.matches('.fusion-wqv-content .product_title') && a.textContent?.trim() === t;
  }, title);
  await page.evaluate(() => window.StorefrontIslands!.ready());
}

async function waitClosed(page: Page, id: number): Promise<void> {
  await page.waitForFunction(() => !(document.querySelector('dialog.sf-quick-view') as HTMLDialogElement | null)?.open);
  await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), LINK(id));
}

describe.each(BUILD_TAGS)('quick view, %s tag', { timeout: 120_000 }, (tag) => {
  test('a modal dialog: labelled, focus in and back, Tab inside, background inert, scroll locked without shift; Escape closes', async () => {
    const { page, errors } = await openPage('/quick-view.html', { tag });
    const before = await page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      scrollable: document.documentElement.scrollHeight > innerHeight,
    }));
    expect(before.scrollable).toBe(true);
    // Full motion: record the widths the container is given, in order (not when).
    await page.evaluate(() => {
      const widths: string[] = [];
      (window as unknown as { qvWidths: string[] }).qvWidths = widths;
      new MutationObserver((records) => {
        for (const r of records) {
          const w =
            r.target instanceof HTMLElement && r.target.matches('.fusion-woocommerce-quick-view-container')
              ? r.target.style.getPropertyValue('--sf-qv-width')
              : '';
          if (w && widths.at(-1) !== w) widths.push(w);
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['style'] });
    });
    await page.click(LINK(512));
    await page.waitForFunction(() => document.querySelector('dialog.sf-quick-view')?.matches(':modal'));
    await page.waitForFunction(
      () =>
        Math.round(
          document.querySelector('dialog.sf-quick-view .fusion-woocommerce-quick-view-container.complete')?.getBoundingClientRect().width ??
            0,
        ) === 900,
    );
    // From the card image's box, to the 400 px preview, to preview + 500.
    const widths = await page.evaluate(() => (window as unknown as { qvWidths: string[] }).qvWidths);
    expect(widths.slice(-2)).toEqual(['400px', '900px']);
    expect(widths.length).toBeGreaterThanOrEqual(1);
    await page.waitForFunction(() => document.activeElement?.matches('.fusion-wqv-content .product_title'));
    await page.evaluate(() => window.StorefrontIslands!.ready());
    // Clicking scrolled the link into view: wherever that is, the page must stay there.
    const scrollY = await page.evaluate(() => window.scrollY);
    const labelled = await page.$eval(DIALOG, (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent?.trim());
    expect(labelled).toBe('Rain jacket');
    expect(await page.$eval(CONTAINER, (c) => c.className)).toMatch(
      /fusion-woocommerce-quick-view-container quick-view woocommerce .*complete.*fusion-quick-view-loaded/,
    );
    expect(await page.evaluate(() => document.body.classList.contains('fusion-wqv-open'))).toBe(true);

    // Scroll locked, and the page behind does not move sideways (the scrollbar's gutter stays).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(before.width);
    await page.mouse.move(20, 20);
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

    // The background is inert: a point outside the container hits the overlay, nothing behind it.
    const hit = await page.evaluate(() => document.elementFromPoint(5, 5)?.className);
    expect(hit).toContain('fusion-woocommerce-quick-view-overlay');
    expect(await page.evaluate(() => (document.querySelector('a.fusion-quick-view') as HTMLElement).matches(':modal, dialog :scope'))).toBe(
      false,
    );

    // Tab and Shift+Tab never reach the page behind; they do reach the dialog's controls.
    const reached = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const info = await activeInfo(page);
      expect(info.inBackground).toBe(false);
      if (info.inDialog) reached.add(info.className);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await activeInfo(page)).inBackground).toBe(false);
    }
    expect(reached.size).toBeGreaterThan(3);
    await expectAxeClean(page);

    await page.keyboard.press('Escape');
    await waitClosed(page, 512);
    expect(await page.evaluate(() => document.body.classList.contains('fusion-wqv-open'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(await page.$$eval('.fusion-faded-out', (els) => els.length)).toBe(0);
    expect(await page.$eval(`${DIALOG} .fusion-wqv-content`, (c) => c.children.length)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('the zoom moves the container by transform and opacity only: it is laid out once per step, not at every frame', async () => {
    const { page, errors } = await openPage('/quick-view.html', { tag });
    // Every frame from the click until the close button shows (the zoom's end): what animates the container or its
    // surface, and the box it is laid out at (a transform does not change the layout box).
    await page.evaluate(() => {
      const seen = { properties: new Set<string>(), boxes: new Set<string>(), transforms: new Set<string>() };
      (window as unknown as { qvZoom: typeof seen }).qvZoom = seen;
      const frame = () => {
        const c = document.querySelector<HTMLElement>('dialog.sf-quick-view[open] .fusion-woocommerce-quick-view-container');
        if (c) {
          for (const a of c.getAnimations({ subtree: true })) {
            if (a.playState !== 'running' || a.effect?.getComputedTiming().progress === null) continue;
            const target = (a.effect as KeyframeEffect).target;
            if (target !== c && !(target === null && (a.effect as KeyframeEffect).pseudoElement)) continue;
            if ('transitionProperty' in a) seen.properties.add((a as CSSTransition).transitionProperty);
            else for (const key of Object.keys((a.effect as KeyframeEffect).getKeyframes()[0] ?? {})) seen.properties.add(key);
          }
          seen.boxes.add([c.offsetLeft, c.offsetTop, c.offsetWidth, c.offsetHeight].join());
          seen.transforms.add(getComputedStyle(c).transform);
          if (c.querySelector('.fusion-wqv-close.sf-qv-shown')) return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.click(LINK(512));
    await page.waitForFunction(() => document.querySelector('dialog.sf-quick-view[open] .fusion-wqv-close.sf-qv-shown'));
    const seen = await page.evaluate(() => {
      const { properties, boxes, transforms } = (
        window as unknown as { qvZoom: Record<'properties' | 'boxes' | 'transforms', Set<string>> }
      ).qvZoom;
      return { properties: [...properties], boxes: [...boxes], transforms: transforms.size };
    });
    for (const property of seen.properties)
      expect(['transform', 'opacity', 'offset', 'composite', 'easing', 'computedOffset']).toContain(property);
    expect(seen.properties).toContain('transform');
    // The card's box, the preview's and the final one: three layouts, while the transform took many values.
    expect(seen.boxes.length).toBeLessThanOrEqual(3);
    expect(seen.transforms).toBeGreaterThan(3);
    await page.keyboard.press('Escape');
    await waitClosed(page, 512);
    expectNoConsoleErrors(errors);
  });

  test("the card's children fade to 0 while it is open, by our CSS alone, and come back on close", async () => {
    const { page, errors } = await openPage('/quick-view.html', { tag });
    // Without the fixture theme's .fusion-faded-out rules: the contract's fade is ours to do.
    await page.evaluate(() => {
      for (const sheet of document.styleSheets) {
        const rules = sheet.cssRules;
        for (let i = rules.length - 1; i >= 0; i--) if (rules[i]!.cssText.includes('fusion-faded-out')) sheet.deleteRule(i);
      }
    });
    const card = () =>
      page.$eval(LINK(318), (a) => {
        const c = a.closest('.product')!;
        return { marked: c.classList.contains('fusion-faded-out'), opacity: [...c.children].map((x) => getComputedStyle(x).opacity) };
      });
    await openProduct(page, 318, 'Canvas tote');
    await page.waitForFunction(
      (sel) => [...document.querySelector(sel)!.closest('.product')!.children].every((x) => getComputedStyle(x).opacity === '0'),
      LINK(318),
    );
    expect((await card()).marked).toBe(true);
    await page.keyboard.press('Escape');
    await waitClosed(page, 318);
    await page.waitForFunction(
      (sel) => [...document.querySelector(sel)!.closest('.product')!.children].every((x) => getComputedStyle(x).opacity === '1'),
      LINK(318),
    );
    expect(await card()).toEqual({ marked: false, opacity: ['1'] });
    expect(await page.$$eval('.fusion-faded-out', (els) => els.length)).toBe(0);
    expectNoConsoleErrors(errors);
  });

  test('its code and the framework load at idle once a card is in view, with no request to the shop and nothing mounted; a pointer on a link asks nothing either; the click opens at once', async () => {
    const { page, requests, errors } = await openPage('/quick-view.html', { tag });
    const loads = () =>
      page.evaluate(() => window.__mock!.state.log.filter((e) => e.endpoint === 'fusion_quick_view_load').map((e) => e.body.product));
    const chunk = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/chunks\/quick-view\.widget-[\w-]+\.js$/.test(r.name)));
    // The cards are below the fold: nothing of the quick view loads until they come near the viewport (not even
    // once the page has been idle, when code near the viewport is fetched).
    await afterIdle(page);
    expect(await chunk()).toBe(false);
    expect(requests.some((u) => /\/chunks\/quick-view\.widget-[\w-]+\.js$/.test(new URL(u).pathname))).toBe(false);
    await page.$eval(LINK(318), (a) => a.scrollIntoView({ block: 'center' }));
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').some((r) => /\/chunks\/quick-view\.widget-[\w-]+\.js$/.test(r.name)),
      null,
      { timeout: 20_000 },
    );
    expect(requests.some((u) => FRAMEWORK_CHUNK.test(new URL(u).pathname))).toBe(true);
    expect(await page.$(DIALOG)).toBeNull(); // loaded, not mounted: no dialog, the printed container in place
    expect(await page.$$eval('.fusion-woocommerce-quick-view-container', (c) => c.length)).toBe(1);
    expect(await page.$eval(LINK(318), (a) => a.hasAttribute('aria-haspopup'))).toBe(false);
    // A pointer on the link mounts it and prepares the dialog: still no request.
    await page.hover(LINK(318));
    await page.waitForFunction(
      () => document.querySelector('dialog.sf-quick-view .fusion-wqv-loader .product_title')?.textContent === 'Canvas tote',
    );
    await page.waitForTimeout(300);
    expect(await loads()).toEqual([]);
    expect(await isOpen(page)).toBe(false);
    await openProduct(page, 318, 'Canvas tote');
    expect(await loads()).toEqual(['318']);
    expectNoConsoleErrors(errors);
  });

  test('closes by the close button and an overlay click; a second product opens; quick-view-displayed fires; failures show a message', async () => {
    const { page, errors, messages } = await openPage('/quick-view.html', { tag, jquery: true });
    await page.evaluate(() => {
      const w = window as unknown as { displayed: number; jQuery: (t: unknown) => { on: (n: string, f: () => void) => void } };
      w.displayed = 0;
      w.jQuery(document.body).on('quick-view-displayed', () => void (w.displayed += 1));
    });
    await openProduct(page, 318, 'Canvas tote');
    await page.waitForFunction(() => (window as unknown as { displayed: number }).displayed === 1);
    // The simple product's widgets: quantity buttons inside the dialog.
    await page.waitForSelector(`${DIALOG} .quantity.buttons_added`);
    await page.click(`${DIALOG} .fusion-wqv-close button`);
    await waitClosed(page, 318);

    await openProduct(page, 512, 'Rain jacket');
    await page.waitForFunction(() => (window as unknown as { displayed: number }).displayed === 2);
    expect(await page.$$eval(`${DIALOG} .fusion-wqv-content .product_title`, (t) => t.map((x) => x.textContent))).toEqual(['Rain jacket']);
    await page.mouse.click(8, 400);
    await waitClosed(page, 512);

    // Failures show a message in the dialog, and the next open still works.
    const message = () => page.$eval(`${DIALOG} .sf-quick-view__message[role=alert]`, (m) => m.textContent);
    for (const [failure, text] of [
      ['http500', 'The shop could not show this product right now. Please try again.'],
      ['offline', 'You are probably offline.'],
      ['not-json', 'The product could not be shown. Please open its page instead.'],
    ] as const) {
      await page.evaluate(
        (f) => (window as unknown as { __mock: { failNext(e: string, f: string): void } }).__mock.failNext('fusion_quick_view_load', f),
        failure,
      );
      await page.click(LINK(318));
      await page.waitForFunction((t) => document.querySelector('dialog.sf-quick-view .sf-quick-view__message')?.textContent === t, text);
      expect(await message()).toBe(text);
      expect(await isOpen(page)).toBe(true);
      expect((await activeInfo(page)).inDialog).toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      await waitClosed(page, 318);
    }
    // The cached page gave exactly one warning naming the widget and what it got.
    await consoleSettled(page);
    expect(messages.filter((m) => m.type === 'warning' && m.text.includes('quick-view: fusion_quick_view_load'))).toHaveLength(1);
    await openProduct(page, 318, 'Canvas tote');
    expectNoConsoleErrors(errors.filter((e) => !/Failed to load resource|ERR_FAILED|status of 500/.test(e)));
  });

  test('the answer goes in through the sanitizer: nothing runs, nothing navigates, nothing posts off-site, the YouTube frame waits', async () => {
    const { page, errors, requests } = await openPage('/quick-view.html', { tag, initScript: gateYouTube });
    // A card for product 666, as infinite scroll would add one.
    await page.evaluate(() => {
      const card = document.querySelector('a.fusion-quick-view[data-product-id="318"]')!.closest('li')!;
      const copy = card.cloneNode(true) as HTMLElement;
      copy.querySelector('a.fusion-quick-view')!.setAttribute('data-product-id', '666');
      card.after(copy);
    });
    await openProduct(page, 666, 'Hostile sampler');
    const content = `${DIALOG} .fusion-wqv-content`;
    await page.waitForSelector(`${content} form.cart`);
    expect(await page.$(`${content} [onerror], ${content} [ontoggle], ${content} [srcdoc], ${content} meta, ${content} script`)).toBeNull();
    expect(await page.$(`${content} #qv-offsite`)).toBeNull();
    expect(await page.getAttribute(`${content} #qv-js`, 'href')).toBeNull();
    expect(await page.getAttribute(`${content} #qv-player`, 'src')).toBeNull();
    expect(await page.getAttribute(`${content} #qv-player`, 'data-privacy-type')).toBe('youtube');
    // The shop's own form stays.
    expect(await page.getAttribute(`${content} form.cart`, 'action')).toBe('/product/hostile-sampler/');
    await page.click(`${content} #qv-js`);
    await page.click(`${content} #qv-toggle summary`);
    expect(await page.evaluate(() => (window as { __qvInjected?: unknown }).__qvInjected)).toBeUndefined();
    expect(await page.evaluate(() => location.pathname)).toBe('/quick-view.html');
    expect(requests.filter((u) => /youtube|collector\.example/.test(u))).toEqual([]);
    expectNoConsoleErrors(errors.filter((e) => !/missing-qv-vector\.png/.test(e)));
  });

  test('the variation form inside the dialog posts the chosen variation to the cart', async () => {
    const { page, errors } = await openPage('/quick-view.html', { tag });
    await openProduct(page, 512, 'Rain jacket');
    await page.waitForSelector(`${DIALOG} .single_add_to_cart_button.wc-variation-selection-needed`);
    await page.selectOption(`${DIALOG} select[name="attribute_pa_colour"]`, 'rust');
    await page.selectOption(`${DIALOG} select[name="attribute_pa_size"]`, 's');
    await page.selectOption(`${DIALOG} select[name="attribute_lining"]`, 'Fleece');
    await page.waitForFunction(
      () => (document.querySelector('dialog.sf-quick-view input.variation_id') as HTMLInputElement).value === '513',
    );
    await expectAxeClean(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/product/rain-jacket/'),
      page.click(`${DIALOG} .single_add_to_cart_button`),
    ]);
    const body = request.postData() ?? '';
    expect(body).toMatch(/name="variation_id"\r\n\r\n513\r\n/);
    expect(body).toMatch(/name="attribute_pa_colour"\r\n\r\nrust\r\n/);
    expect(body).toMatch(/name="add-to-cart"\r\n\r\n512\r\n/);
    await page.waitForURL((url) => url.pathname === '/product/rain-jacket/');
    await page.waitForFunction(() => window.StorefrontIslands !== undefined);
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expectNoConsoleErrors(errors);
  });

  test('a contact form in the product text works inside the dialog, keeps what was typed on an error, and leaves with it', async () => {
    const { page, errors, requests } = await openPage('/quick-view.html', { tag });
    await openProduct(page, 318, 'Canvas tote');
    const FORM = `${DIALOG} .wpcf7`;
    await page.waitForSelector(`${FORM}.js`);
    // Sent empty: the shop's validation answer marks both fields, the dialog stays open and clean.
    await page.click(`${FORM} .wpcf7-submit`);
    await page.waitForSelector(`${FORM} [data-name="enquiry-question"] .wpcf7-not-valid-tip`);
    expect(await page.getAttribute(`${FORM} textarea[name="enquiry-question"]`, 'aria-invalid')).toBe('true');
    expect(await isOpen(page)).toBe(true);
    await expectAxeClean(page);
    // One field typed, one still wrong: what was typed stays.
    await page.fill(`${FORM} textarea[name="enquiry-question"]`, 'Does the strap fit over a winter coat?');
    await page.fill(`${FORM} input[name="enquiry-email"]`, 'not-an-email');
    await page.click(`${FORM} .wpcf7-submit`);
    await page.waitForFunction(
      () => document.querySelector('dialog.sf-quick-view form.wpcf7-form')?.getAttribute('data-status') === 'invalid',
    );
    expect(await page.inputValue(`${FORM} textarea[name="enquiry-question"]`)).toBe('Does the strap fit over a winter coat?');
    await page.fill(`${FORM} input[name="enquiry-email"]`, 'ada@example.com');
    await page.click(`${FORM} .wpcf7-submit`);
    await page.waitForFunction(
      () => document.querySelector('dialog.sf-quick-view form.wpcf7-form')?.getAttribute('data-status') === 'sent',
    );
    expect(await page.textContent(`${FORM} .wpcf7-response-output`)).toContain('Thank you for your message. It has been sent.');
    expect(
      requests.filter((u) => new URL(u).pathname.endsWith('/contact-form-7/v1/contact-forms/214/feedback')).length,
    ).toBeGreaterThanOrEqual(1);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await waitClosed(page, 318);
    expect(await page.$('.wpcf7')).toBeNull();
    expectNoConsoleErrors(errors);
  });

  test('reduced motion: no zoom, the dialog opens at its final size; the countdown forms on the page tick', async () => {
    const { page, errors } = await openPage('/quick-view.html', { tag, reducedMotion: true });
    // Avada's data-end wrapper (printed with digits, printed empty, written by a script) and data-timer.
    for (const id of ['fusion-countdown-2', 'fusion-countdown-3', 'fusion-countdown-4', 'fusion-countdown-5']) {
      await page.waitForSelector(`#${id} time[role=group]`);
    }
    expect(await page.getAttribute('#fusion-countdown-2 time', 'datetime')).toBe('2030-12-31T23:59:59.000Z');
    expect(await page.getAttribute('#fusion-countdown-3 time', 'datetime')).toBe('2030-12-31T23:59:59.000Z');
    expect(await page.getAttribute('#fusion-countdown-4 time', 'datetime')).toBe('2031-03-20T08:00:00.000Z');
    expect(await page.$$eval('#fusion-countdown-2 .fusion-dash-title', (t) => t.map((x) => x.textContent))).toEqual([
      'Days',
      'Hrs',
      'Min',
      'Sec',
    ]);
    expect(await page.$$eval('#fusion-countdown-3 .fusion-dash-title', (t) => t.map((x) => x.textContent))).toEqual([
      'Days',
      'Hours',
      'Minutes',
      'Seconds',
    ]);
    const flash = () => page.$$eval('#fusion-countdown-5 .fusion-digit', (d) => d.map((x) => x.textContent).join(''));
    // Written as now + 2 h 2 min 5 s by the page's script.
    const hours = await page.$$eval('#fusion-countdown-5 .fusion-hours-dash .fusion-digit', (d) => d.map((x) => x.textContent).join(''));
    expect(hours).toBe('02');
    const before = await flash();
    await page.waitForFunction(
      (b) => [...document.querySelectorAll('#fusion-countdown-5 .fusion-digit')].map((x) => x.textContent).join('') !== b,
      before,
      { timeout: 2500 },
    );
    const s2 = await page.$$eval('#fusion-countdown-3 .fusion-seconds-dash .fusion-digit', (d) => d.map((x) => x.textContent).join(''));
    await page.waitForFunction(
      (b) =>
        [...document.querySelectorAll('#fusion-countdown-3 .fusion-seconds-dash .fusion-digit')].map((x) => x.textContent).join('') !== b,
      s2,
      { timeout: 2500 },
    );
    await expectAxeClean(page);

    // The container as it is when the dialog opens (the very mutation that opens it): already at its final size.
    await page.evaluate(() => {
      const w = window as unknown as { atOpen?: { className: string; width: number } };
      new MutationObserver(() => {
        const c = document.querySelector('dialog.sf-quick-view[open] .fusion-woocommerce-quick-view-container');
        if (c && !w.atOpen) w.atOpen = { className: c.className, width: Math.round(c.getBoundingClientRect().width) };
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    });
    await page.click(LINK(512));
    await page.waitForFunction(() => document.querySelector('dialog.sf-quick-view')?.matches(':modal'));
    const atOpen = await page.evaluate(() => (window as unknown as { atOpen?: { className: string; width: number } }).atOpen);
    expect(atOpen?.className).toContain('complete');
    expect(atOpen?.width).toBe(900);
    const first = await page.$eval(CONTAINER, (c) => ({
      className: c.className,
      width: c.getBoundingClientRect().width,
      transition: getComputedStyle(c).transitionDuration,
    }));
    // Opened straight at preview (400) + 500, with no transition to run.
    expect(first.className).toContain('complete');
    expect(Math.round(first.width)).toBe(900);
    expect(first.transition.split(',').every((d) => parseFloat(d) === 0)).toBe(true);
    await page.waitForFunction(() => document.activeElement?.matches('.fusion-wqv-content .product_title'));
    await page.keyboard.press('Escape');
    await waitClosed(page, 512);
    expectNoConsoleErrors(errors);
  });
});
