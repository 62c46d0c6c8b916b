/**
 * The one sanitizer's two engines (src/dom/sanitize.ts), in both builds: the browser's own HTML Sanitizer where
 * Chromium has it, and DOMPurify where it does not (`Element.prototype.setHTML` and `Document.parseHTML` removed
 * before the page's first script, as in Safari). The same answers with the review's vectors (issue 27) go through
 * each, and what a shopper could see or trigger is the same: nothing runs or navigates, nothing reaches a gated
 * host before consent, off-site forms are gone, the shop's field names stay, inline scripts' values are read.
 * DOMPurify's chunk is requested only where the browser has no sanitizer.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIXTURE_CART, freshCheckout } from '../../fixtures/mock/checkout';
import { baseURL, expectAxeClean, expectNoConsoleErrors, gateYouTube, openPage, recorded, BUILD_TAGS } from './harness';

const ENGINES = ['native', 'DOMPurify'] as const;
type Engine = (typeof ENGINES)[number];

/** As a browser without the HTML Sanitizer API (Safari): runs before any page script. */
function withoutNativeSanitizer() {
  delete (Document as unknown as { parseHTML?: unknown }).parseHTML;
  delete (Element.prototype as unknown as { setHTML?: unknown }).setHTML;
}

/**
 * The bundle's files the page requested that hold DOMPurify (its configuration keys survive minification), read
 * from the server: by content, not by chunk name, so a build that folds it into another chunk is caught too.
 */
async function purifyFiles(requests: string[]): Promise<string[]> {
  const scripts = [...new Set(requests.filter((u) => u.startsWith(baseURL()) && new URL(u).pathname.endsWith('.js')))];
  const held = await Promise.all(scripts.map(async (u) => ((await (await fetch(u)).text()).includes('ALLOWED_ATTR') ? u : null)));
  return held.filter((u): u is string => u !== null);
}
const injected = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name);

/**
 * Every host but the fixture server's answers a stand-in page (a request to one is recorded, never run); for the
 * DOMPurify engine, the API is gone before the page's first script.
 */
const setup = (engine: Engine) => ({
  beforeGoto: async (context: BrowserContext, page: Page) => {
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Stand-in</title></html>' }),
    );
    if (engine === 'DOMPurify') await page.addInitScript(withoutNativeSanitizer);
  },
});
const thirdParty = (requests: string[]) =>
  requests.filter((u) => /^https?:/.test(u) && !u.startsWith(baseURL()) && /youtube|ytimg|collector\.example|evil\.example/.test(u));

describe.each(BUILD_TAGS)('the one sanitizer, %s tag', (tag) => {
  describe.each(ENGINES)('%s engine', (engine: Engine) => {
    const engineChunks = async (requests: string[]) => expect(await purifyFiles(requests)).toHaveLength(engine === 'DOMPurify' ? 1 : 0);

    test("a lightbox ajax answer with the review's vectors: nothing runs, navigates or reaches YouTube", async () => {
      const DIALOG = 'dialog.sf-ilightbox';
      const { page, errors, requests } = await openPage('/lightbox.html', { tag, ...setup(engine) });
      expect(await page.evaluate(() => typeof (Element.prototype as { setHTML?: unknown }).setHTML)).toBe(
        engine === 'native' ? 'function' : 'undefined',
      );
      await page.click('.ajax-video');
      await page.waitForSelector(`${DIALOG} #video-notes-heading`);
      const found = await page.evaluate((d) => {
        const at = (sel: string, attr: string) => document.querySelector(`${d} ${sel}`)?.getAttribute(attr) ?? null;
        return {
          player: [at('#notes-player', 'src'), at('#notes-player', 'data-privacy-src'), at('#notes-player', 'data-privacy-type')],
          playerTitle: at('#notes-player', 'title'),
          still: at('#notes-still', 'src'),
          vectorFrame: [at('#notes-vector', 'src'), !!document.querySelector(`${d} #notes-vector`)],
          srcdoc: at('#notes-srcdoc', 'srcdoc'),
          links: [at('#notes-tab', 'href'), at('#notes-ctl', 'href')],
          acting: document.querySelectorAll(
            `${d} animate, ${d} set, ${d} meta, ${d} script, ${d} [ontoggle], ${d} [onerror], ${d} form, ${d} [name="card"]`,
          ).length,
          svgText: document.querySelector(`${d} #notes-svg text`)?.textContent ?? null,
          // A declarative shadow root never forms (a closed one is out of any walk's reach): a plain template.
          shadowVector: !!document.querySelector(`${d} #notes-dsd > template`),
          frames: [...document.querySelectorAll(`${d} iframe`)].map((f) => f.id),
        };
      }, DIALOG);
      expect(found).toEqual({
        player: [null, 'https://www.youtube.com/embed/aqz-KE-bpKQ', 'youtube'],
        playerTitle: 'The weaver at work',
        still: null,
        vectorFrame: [null, true],
        srcdoc: null,
        links: [null, null],
        acting: 0,
        svgText: 'SVG vector',
        shadowVector: true,
        frames: ['notes-player', 'notes-vector', 'notes-srcdoc'],
      });
      await page.click(`${DIALOG} #notes-tab`);
      await page.click(`${DIALOG} #notes-ctl`);
      await page.click(`${DIALOG} #notes-toggle summary`);
      await page.click(`${DIALOG} #notes-svg text`);
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#notes-onerror')?.complete);
      expect(await injected(page, '__lightboxInjected')).toBeUndefined();
      expect(await page.evaluate(() => location.pathname)).toBe('/lightbox.html');
      expect(thirdParty(requests)).toEqual([]);
      await engineChunks(requests);
      expect((await recorded(page)).csp).toEqual([]);
      expectNoConsoleErrors(errors.filter((e) => !/missing-vector\.png|status of 404/.test(e)));
    });

    test("quick view: inline scripts' values read, never run; the hostile product inert, its shop form whole", async () => {
      const { page, errors, requests } = await openPage('/quick-view.html', {
        tag,
        initScript: gateYouTube,
        ...setup(engine),
      });
      const DIALOG = 'dialog.sf-quick-view';
      const content = `${DIALOG} .fusion-wqv-content`;
      const openProduct = async (id: number, title: string) => {
        await page.click(`a.fusion-quick-view[data-product-id="${id}"]`);
        await page.waitForFunction(({ sel, t }) => document.querySelector(`${sel} .product_title`)?.textContent?.trim() === t, {
          sel: content,
          t: title,
        });
        await page.evaluate(() => window.StorefrontIslands!.ready());
      };
      // The answer's `var productQuickViewSingleURL = '…'` (a script the sanitizer removed) gives the review link.
      await openProduct(318, 'Canvas tote');
      expect(await page.getAttribute(`${content} .woocommerce-review-link`, 'href')).toBe(`${baseURL()}/product/canvas-tote/#reviews`);
      await page.keyboard.press('Escape');
      await page.waitForFunction((d) => !(document.querySelector(d) as HTMLDialogElement | null)?.open, DIALOG);

      await page.evaluate(() => {
        const card = document.querySelector('a.fusion-quick-view[data-product-id="318"]')!.closest('li')!;
        const copy = card.cloneNode(true) as HTMLElement;
        copy.querySelector('a.fusion-quick-view')!.setAttribute('data-product-id', '666');
        card.after(copy);
      });
      await openProduct(666, 'Hostile sampler');
      await page.waitForSelector(`${content} form.cart`);
      const found = await page.evaluate((c) => {
        const at = (sel: string, attr: string) => document.querySelector(`${c} ${sel}`)?.getAttribute(attr) ?? null;
        return {
          acting: document.querySelectorAll(`${c} [onerror], ${c} [ontoggle], ${c} [srcdoc], ${c} meta, ${c} script`).length,
          offsite: !!document.querySelector(`${c} #qv-offsite, ${c} [name="email"]`),
          link: at('#qv-js', 'href'),
          player: [at('#qv-player', 'src'), at('#qv-player', 'data-privacy-type')],
          shopForm: [at('form.cart', 'action'), at('form.cart [name="add-to-cart"]', 'value')],
        };
      }, content);
      expect(found).toEqual({
        acting: 0,
        offsite: false,
        link: null,
        player: [null, 'youtube'],
        shopForm: ['/product/hostile-sampler/', '666'],
      });
      await page.click(`${content} #qv-js`);
      await page.click(`${content} #qv-toggle summary`);
      expect(await injected(page, '__qvInjected')).toBeUndefined();
      expect(await page.evaluate(() => location.pathname)).toBe('/quick-view.html');
      expect(thirdParty(requests)).toEqual([]);
      await engineChunks(requests);
      expectNoConsoleErrors(errors.filter((e) => !/missing-qv-vector\.png|status of 404/.test(e)));
    });

    test('checkout: the hostile review answer inert, the order’s fields as printed; DOMPurify requested only without the API', async () => {
      const storage = {
        local: {
          __storefront_islands_mock__: JSON.stringify({ cart: FIXTURE_CART, checkout: { ...freshCheckout(), reviewAnswer: 'hostile' } }),
        },
      };
      const { page, errors, requests } = await openPage('/checkout-onepage.html', { tag, storage, ...setup(engine) });
      await page.waitForSelector('#payment .hostile-img', { state: 'attached' });
      await page.waitForFunction(() => !document.querySelector('.processing, .blockOverlay'));
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#payment .hostile-img')!.complete);
      const found = await page.evaluate(() => ({
        handlers: document.querySelectorAll('#order_review [onerror]').length,
        linkHref: document.querySelector('#payment .hostile-link')?.getAttribute('href') ?? null,
        frames: [...document.querySelectorAll('#payment iframe')].map((f) => [f.getAttribute('srcdoc'), f.getAttribute('title')]),
        metas: document.querySelectorAll('body meta').length,
        reviewScripts: document.querySelectorAll('.woocommerce-checkout-review-order-table script').length,
        reviewRow: !!document.querySelector('.woocommerce-checkout-review-order-table tr.hostile-row'),
        methods: [...document.querySelectorAll('#payment input.input-radio')].map((i) => `${i.getAttribute('name')}|${i.id}`),
        nonce: document.querySelector('#woocommerce-process-checkout-nonce')?.getAttribute('value') ?? null,
        pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      }));
      expect(found).toEqual({
        handlers: 0,
        linkHref: null,
        frames: [[null, 'Hostile']],
        metas: 0,
        reviewScripts: 0,
        reviewRow: true,
        methods: expect.arrayContaining(['payment_method|payment_method_bacs']),
        nonce: 'c0ffee1234',
        pwned: null,
      });
      await expectAxeClean(page, { include: '#order_review' });
      await page.click('#payment .hostile-link');
      expect(await injected(page, '__pwned')).toBeUndefined();
      await engineChunks(requests);
      expect((await recorded(page)).csp).toEqual([]);
      expectNoConsoleErrors(errors.filter((e) => !/status of 404/.test(e)));
    });
  });
});
