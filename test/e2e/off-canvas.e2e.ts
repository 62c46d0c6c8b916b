/**
 * Off-canvas popups and sliding bars in real Chromium, both tags. Page: fixtures/pages/off-canvas.html (a popup
 * per trigger family, gated by rules so a plain visit stays calm, and sliding bars on every edge).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, expectAxeClean, expectNoConsoleErrors, openPage, pageURL, BUILD_TAGS, waitForIslands, type Tag } from './harness';

const PAGE = '/off-canvas.html';
const wrap = (id: number) => `.awb-off-canvas-wrap[data-id="${id}"]`;
const isShown = (page: Page, id: number) => page.$eval(wrap(id), (el) => el.classList.contains('awb-show'));
const waitShown = (page: Page, id: number, shown = true) =>
  page.waitForFunction(([sel, want]) => document.querySelector(sel as string)?.classList.contains('awb-show') === want, [
    wrap(id),
    shown,
  ] as const);
/** A popup counts as open once its modal dialog holds the focus (the view arrives with the first open). */
const waitOpen = async (page: Page, id: number) => {
  await waitShown(page, id);
  await page.waitForFunction((sel) => {
    const d = document.querySelector(`${sel} dialog`);
    return !!d?.matches(':modal') && d.contains(document.activeElement);
  }, wrap(id));
};
const modalId = (page: Page) =>
  page.evaluate(() => document.querySelector('dialog:modal')?.closest('.awb-off-canvas-wrap')?.getAttribute('data-id') ?? null);
const activeInModal = (page: Page) => page.evaluate(() => !!document.querySelector('dialog:modal')?.contains(document.activeElement));
const stored = (page: Page, id: number) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Record<string, unknown> | null, `off_canvas_${id}`);
/** Record, from now on, every class an element of the panel ever had (animations come and go quickly). */
const watchClasses = (page: Page, id: number) =>
  page.evaluate((sel) => {
    const panel = document.querySelector(`${sel} .awb-off-canvas`)!;
    const seen = new Set<string>();
    (window as unknown as { seenClasses: Set<string> }).seenClasses = seen;
    new MutationObserver(() => panel.classList.forEach((c) => seen.add(c))).observe(panel, {
      attributes: true,
      attributeFilter: ['class'],
    });
  }, wrap(id));
const seenClasses = (page: Page) => page.evaluate(() => [...(window as unknown as { seenClasses: Set<string> }).seenClasses]);

/** Opened with a short default wait, so a failure names the step instead of the test timing out. */
async function open(options: Parameters<typeof openPage>[1]) {
  const opened = await openPage(PAGE, options);
  opened.page.setDefaultTimeout(12_000);
  return opened;
}

async function visitFrom(page: Page, tag: Tag, referer: string): Promise<void> {
  await page.goto(pageURL(PAGE, { tag }), { referer, waitUntil: 'load' });
  await waitForIslands(page);
}

describe.each(BUILD_TAGS)('off-canvas, %s tag', (tag) => {
  test('display rules: none on a direct visit; page load when arriving from search', async () => {
    const { page, errors } = await open({ tag });
    await page.waitForTimeout(500);
    expect(await page.$$eval('.awb-off-canvas-wrap.awb-show', (els) => els.map((e) => e.getAttribute('data-id')))).toEqual(['203']);
    expect(await stored(page, 101)).toBeNull();

    await visitFrom(page, tag, 'https://www.google.com/search?q=canvas+tote');
    await waitOpen(page, 101);
    expect(await modalId(page)).toBe('101');
    expect(await stored(page, 101)).toMatchObject({ open_count: 1, closed: false });
    await page.keyboard.press('Escape');
    await waitShown(page, 101, false);
    expect(await stored(page, 101)).toMatchObject({ open_count: 1, close_count: 1, closed: true });
    expectNoConsoleErrors(errors);
  }, 90_000);

  test('display rules: time on page, then inactivity on top (closing itself), from external sites only', async () => {
    const { page, errors } = await open({ tag });
    await visitFrom(page, tag, 'https://news.example.org/gift-guide');
    // The inactivity popup may already be on top (and hold the focus) on a slow machine: only the class here.
    await waitShown(page, 103);
    expect(await isShown(page, 101)).toBe(false);
    // No mouse, key, touch or scroll activity for 3 s: the inactivity popup, which closes itself after 3 s.
    await waitShown(page, 104);
    await waitShown(page, 104, false);
    expect(await modalId(page)).toBe('103');
    await page.keyboard.press('Escape');
    await waitShown(page, 103, false);
    expect(await stored(page, 103)).toMatchObject({ open_count: 1, closed: true });
    expectNoConsoleErrors(errors);
  }, 90_000);

  test('keyboard: click trigger opens a labelled modal dialog, focus moves in and stays, Escape closes, focus returns', async () => {
    const { page, errors } = await open({ tag });
    const widthBefore = await page.$eval('#main', (el) => el.getBoundingClientRect().width);
    await watchClasses(page, 108);
    await page.focus('.open-size-guide');
    await page.keyboard.press('Enter');
    await waitOpen(page, 108);
    expect(await modalId(page)).toBe('108');
    expect(await page.$eval('dialog:modal', (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent)).toBe(
      'Size guide',
    );
    expect(await activeInModal(page)).toBe(true);
    // The close button is printed hidden and shows after 1 s.
    await page.waitForSelector(`${wrap(108)} .off-canvas-close`, { state: 'visible' });

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInModal(page)).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInModal(page)).toBe(true);
    }

    // Scroll locked without layout shift.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.$eval('#main', (el) => el.getBoundingClientRect().width)).toBe(widthBefore);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Axe with the popup and the printed-open top bar.
    await expectAxeClean(page);
    expect(await seenClasses(page)).toEqual(expect.arrayContaining(['fusion-animated', 'fadeIn']));

    await page.keyboard.press('Escape');
    await waitShown(page, 108, false);
    // The dialog closes after the exit animation that follows the class: on a loaded machine not yet here.
    await expect.poll(() => modalId(page), { timeout: 12_000 }).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('open-size-guide');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(await stored(page, 108)).toMatchObject({ open_count: 0, close_count: 1, closed: true });

    // The click trigger fires once per page.
    await page.click('.open-size-guide');
    await page.waitForTimeout(300);
    expect(await isShown(page, 108)).toBe(false);
    expectNoConsoleErrors(errors);
  });

  test('exit intent opens a popup whose Escape is disabled; the overlay and the close button close it', async () => {
    const { page, errors } = await open({ tag });
    await page.mouse.move(640, 300);
    await page.mouse.move(640, 5, { steps: 2 });
    await page.mouse.move(640, -20);
    await waitOpen(page, 102);
    expect(await activeInModal(page)).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await isShown(page, 102)).toBe(true);
    expect(await modalId(page)).toBe('102');
    // The session flag keeps it from coming back in this session.
    expect(await page.evaluate(() => sessionStorage.getItem('off_canvas_102_opened'))).not.toBeNull();
    await page.click(`${wrap(102)} .off-canvas-close`);
    await waitShown(page, 102, false);
    expectNoConsoleErrors(errors);
  });

  test('hash links and sliding bars: toggle, open, push, close all, the printed-open bar, a hash on arrival', async () => {
    const { page, errors } = await open({ tag });
    // The printed-open top bar is a labelled region and needs no React.
    expect(
      await page.$eval(`${wrap(203)} .awb-off-canvas`, (el) => [
        el.getAttribute('role'),
        document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent,
      ]),
    ).toEqual(['region', 'Free shipping']);

    await page.click(`${wrap(203)} .off-canvas-close`);
    await waitShown(page, 203, false);
    expect(await stored(page, 203)).toMatchObject({ close_count: 1, closed: true });

    await page.focus('a.menu-browse');
    await page.keyboard.press('Enter');
    await waitShown(page, 201);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-browse'))).toBe(true);
    expect(await page.$eval('a.menu-browse', (a) => a.classList.contains('awb-oc-active'))).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog:modal'))).toBeNull();
    expect(await page.evaluate(() => location.hash)).toBe('');
    // Overlay with the page scrollbar hidden: scroll locked, gutter kept.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expectAxeClean(page);
    await page.keyboard.press('Enter');
    await waitShown(page, 201, false);
    expect(await page.$eval('a.menu-browse', (a) => a.classList.contains('awb-oc-active'))).toBe(false);

    await page.focus('a.menu-account');
    await page.keyboard.press('Enter');
    await waitShown(page, 202);
    await page.waitForFunction(() => getComputedStyle(document.getElementById('wrapper')!).transform === 'matrix(1, 0, 0, 1, -300, 0)');
    await page.focus('a.content-close-all');
    await page.keyboard.press('Enter');
    await waitShown(page, 202, false);
    await page.waitForFunction(() => getComputedStyle(document.getElementById('wrapper')!).transform === 'none');

    // A link that brought the visitor here opens the panel (not counted); closing removes the hash.
    await page.goto(pageURL(`${PAGE}?from=newsletter#awb-open-oc__108`, { tag }), { waitUntil: 'load' });
    await waitForIslands(page);
    await waitOpen(page, 108);
    expect(await stored(page, 108)).toMatchObject({ open_count: 0 });
    await page.keyboard.press('Escape');
    await waitShown(page, 108, false);
    expect(await page.evaluate(() => location.hash)).toBe('');
    expectNoConsoleErrors(errors);
  });

  test('scroll triggers: down to 55 %, any upward scroll, down to an element', async () => {
    const { page, errors } = await open({ tag });
    const scrollTo = async (fraction: number) => {
      await page.evaluate((f) => window.scrollTo(0, Math.round(document.documentElement.scrollHeight * f)), fraction);
      await page.waitForTimeout(150);
    };
    await scrollTo(0.3);
    expect(await isShown(page, 105)).toBe(false);
    await scrollTo(0.56);
    await waitOpen(page, 105);
    await page.keyboard.press('Escape');
    await waitShown(page, 105, false);
    expect(await isShown(page, 107)).toBe(false);
    await scrollTo(0.5);
    await waitOpen(page, 107);
    await page.keyboard.press('Escape');
    await waitShown(page, 107, false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await waitShown(page, 204);
    expect(await page.evaluate(() => document.querySelector('dialog:modal'))).toBeNull();
    expectNoConsoleErrors(errors);
  });

  test('after add to cart, with the events through jQuery only', async () => {
    const { page, errors } = await open({ tag, jquery: true });
    await page.evaluate(() => {
      const got: string[] = [];
      (window as unknown as { got: string[] }).got = got;
      const $ = (window as unknown as { jQuery: (t: unknown) => { on(n: string, h: (e: unknown, ...a: unknown[]) => void): void } }).jQuery;
      $(document.body).on('awb-oc-opened awb-oc-closed', (e, ...args) =>
        got.push(`jquery ${(e as { type: string }).type} ${JSON.stringify(args)}`),
      );
      for (const name of ['awb-oc-opened', 'awb-oc-closed']) document.addEventListener(name, () => got.push(`native ${name}`));
    });
    await page.click('a.add_to_cart_button[data-product_id="318"]');
    await waitOpen(page, 109);
    expect(await stored(page, 109)).toMatchObject({ open_count: 1 });
    await page.keyboard.press('Escape');
    await waitShown(page, 109, false);
    expect(await page.evaluate(() => (window as unknown as { got: string[] }).got)).toEqual([
      'jquery awb-oc-opened [109]',
      'jquery awb-oc-closed [109]',
    ]);
    expectNoConsoleErrors(errors);
  });

  test('a popup over an open sliding bar (no exit animation): Escape closes only the popup, and the bar keeps its scroll lock', async () => {
    const { page, errors } = await open({ tag, reducedMotion: true });
    const locked = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
    await page.focus('a.menu-browse');
    await page.keyboard.press('Enter');
    await waitShown(page, 201);
    expect(await locked()).toBe(true);
    // The bar's overlay covers the trigger: the theme's own script (or a link inside the bar) would open it.
    await page.evaluate(() => document.querySelector<HTMLElement>('.open-size-guide')!.click());
    await waitOpen(page, 108);

    await page.keyboard.press('Escape');
    await waitShown(page, 108, false);
    await expect.poll(() => modalId(page)).toBeNull();
    expect(await isShown(page, 201)).toBe(true);
    expect(await locked()).toBe(true);
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The bar's own Escape still closes it, and then the page scrolls again.
    await page.keyboard.press('Escape');
    await waitShown(page, 201, false);
    expect(await locked()).toBe(false);
    expectNoConsoleErrors(errors);
  });

  test('reduced motion: no animation classes; garbage in storage: one warning, the panel stays closed', async () => {
    const { page, errors, messages } = await open({ tag, reducedMotion: true });
    await watchClasses(page, 108);
    await page.click('.open-size-guide');
    await waitOpen(page, 108);
    await page.keyboard.press('Escape');
    await waitShown(page, 108, false);
    expect((await seenClasses(page)).filter((c) => c !== 'awb-off-canvas')).toEqual([]);

    await page.evaluate(() => localStorage.setItem('off_canvas_101', '{"open_count":'));
    await visitFrom(page, tag, 'https://www.bing.com/search?q=linen');
    await page.waitForTimeout(500);
    expect(await isShown(page, 101)).toBe(false);
    await consoleSettled(page);
    const warnings = messages.filter((m) => m.type === 'warning' && m.text.includes('off-canvas'));
    expect(warnings.map((m) => m.text)).toEqual([expect.stringMatching(/off-canvas: localStorage\.off_canvas_101: is not JSON/)]);
    expectNoConsoleErrors(errors);
  });
});
