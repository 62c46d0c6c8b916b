/**
 * Quick view in happy-dom with the mock shop: the request, every endpoint outcome, what is inserted (and what is
 * not), the widgets mounted inside and unmounted on close, the event, focus, and the state behind the dialog.
 * happy-dom has no modal dialog behaviour: Escape, inertness and scroll locking are tested in Chromium
 * (test/e2e/quick-view.e2e.ts).
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { server } from '../../fixtures/mock/node';
import { QUICK_VIEW_NONCE } from '../../fixtures/mock/quick-view';
import { failNext, state } from '../../fixtures/mock/state';
import { setEnvironment } from '../../src/env';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';
import type { Runtime } from '../../mount/runtime';
import { MESSAGES } from './logic';

// The sanitizer's chunk (DOMPurify) is imported once up front: on a busy machine the first test would otherwise
// spend its time budget transforming it.
beforeAll(() => import('../../src/dom/sanitize').then((m) => m.sanitizerReady()), 60_000);

const WIDGETS = ['quick-view', 'quantity', 'variation-form', 'product-gallery'] as const;
const CONTAINER = '<div class="fusion-woocommerce-quick-view-container quick-view woocommerce">';

/** The fixture page as the CMS prints it; fixtureBody drops scripts, so the container's nonce script is put back as text. */
async function page(nonce: string | null = QUICK_VIEW_NONCE): Promise<string> {
  const body = await fixtureBody('quick-view.html');
  return nonce === null
    ? body
    : body.replace(CONTAINER, `${CONTAINER}<script type="text/javascript">var quickViewNonce = '${nonce}';</script>`);
}

const link = (id: number) => document.querySelector<HTMLAnchorElement>(`a.fusion-quick-view[data-product-id="${id}"]`)!;
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.sf-quick-view');
const container = () => dialog()!.querySelector('.fusion-woocommerce-quick-view-container')!;
const content = () => dialog()!.querySelector('.fusion-wqv-content')!;
const message = () => dialog()!.querySelector('.sf-quick-view__message[role=alert]')?.textContent ?? '';
const loads = () => state.log.filter((e) => e.endpoint === 'fusion_quick_view_load');

/**
 * Wait for what a step means (the dialog open, the product in, focus moved) up to near the test's own limit, not
 * vi.waitFor's 1 s: on a busy machine the request, the sanitizer and the widgets inside take longer than that.
 */
const until = <T,>(check: () => T) => vi.waitFor(check, { timeout: 25_000 });

let runtime: Runtime;
let restoreEnv: () => void;

async function open(id: number, html?: string): Promise<void> {
  if (html !== undefined || !runtime) runtime = await mountPage(html ?? (await page()), only(...WIDGETS));
  link(id).click();
  await runtime.settled();
  // React commits on its own schedule: the dialog is shown once it has.
  await until(() => expect(dialog()?.open).toBe(true));
}

/** Wait until the product is in, or a message is shown. */
const settledView = () => until(() => expect(content().querySelector('.product') ?? (message() || null)).not.toBeNull());

describe('quick view (reduced motion: the timeline runs at once)', { timeout: 40_000 }, () => {
  beforeEach(() => {
    usePageGlobals('quick-view.html');
    restoreEnv = setEnvironment({ prefersReducedMotion: () => true });
  });
  afterEach(() => {
    restoreEnv();
    runtime = undefined as unknown as Runtime;
  });

  it("posts action, the container's nonce and the product id to avadaWooCommerceVars.ajaxurl", async () => {
    const seen: string[] = [];
    const listener = ({ request }: { request: Request }) => void seen.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    await open(318, await page());
    await settledView();
    expect(loads()).toHaveLength(1);
    expect(loads()[0]!.body).toEqual({ action: 'fusion_quick_view_load', nonce: QUICK_VIEW_NONCE, product: '318' });
    expect(seen).toContain('/wp-admin/admin-ajax.php');
  });

  it('opens a modal dialog with the contract classes, labelled by the card title, focus on it, the card faded', async () => {
    await open(318);
    const d = dialog()!;
    expect(d.open).toBe(true);
    expect(container().className).toContain('fusion-woocommerce-quick-view-container quick-view woocommerce');
    expect(d.querySelector('.fusion-woocommerce-quick-view-overlay')).not.toBeNull();
    expect(d.querySelector('.fusion-wqv-close > button[type=button] .screen-reader-text')?.textContent).toBe('Close product quick view');
    const loaderTitle = d.querySelector('.fusion-wqv-loader.product h2.product_title.entry-title')!;
    expect(loaderTitle.textContent).toBe('Canvas tote');
    // The card's price and rating may be committed a render after the dialog shows (as the badges, below).
    await until(() => expect(d.querySelector('.fusion-price-rating .price')).not.toBeNull());
    expect(d.querySelector('.fusion-price-rating .price')?.textContent).toContain('24.00');
    expect(d.querySelector('.fusion-price-rating .star-rating')).not.toBeNull();
    expect(document.body.classList.contains('fusion-wqv-open')).toBe(true);
    expect([...link(318).closest('li.product')!.querySelector('.fusion-product-wrapper')!.classList]).toContain('fusion-faded-out');
    // Avada puts the class on the card itself too.
    expect(link(318).closest('li.product')!.classList.contains('fusion-faded-out')).toBe(true);
    // Only one container on the page: the printed one is replaced while we run.
    expect(document.querySelectorAll('.fusion-woocommerce-quick-view-container')).toHaveLength(1);
    await settledView();
    // The product's own title names the dialog and holds focus once it is in.
    const title = content().querySelector<HTMLElement>('.product_title')!;
    expect(title.textContent).toBe('Canvas tote');
    expect(d.getAttribute('aria-labelledby')).toBe(title.id);
    // Focus follows once the title is laid out (a frame after the piece that holds it went in).
    await until(() => expect(document.activeElement).toBe(title));
    expect(container().className).toContain('complete');
    expect(container().className).toContain('fusion-quick-view-loaded');
  });

  it('inserts the product without its scripts, rewrites the review link, mounts the widgets inside and fires quick-view-displayed', async () => {
    const displayed = vi.fn();
    document.body.addEventListener('quick-view-displayed', displayed);
    onTestFinished(() => document.body.removeEventListener('quick-view-displayed', displayed));
    await open(512);
    await settledView();
    await runtime.settled();
    expect(content().querySelector('.product > .woocommerce-product-gallery')).not.toBeNull();
    expect(content().querySelector('.product > .summary.entry-summary')).not.toBeNull();
    expect(content().querySelector('script')).toBeNull();
    const review = content().querySelector<HTMLAnchorElement>('a.woocommerce-review-link')!;
    expect(review.getAttribute('href')).toBe('http://127.0.0.1:5173/product/rain-jacket/#reviews');
    expect(review.classList.contains('avada-noscroll')).toBe(true);
    // The runtime's widgets: quantity buttons, the variation form's state, the gallery.
    await until(() => expect(content().querySelector('.quantity.buttons_added button.plus')).not.toBeNull());
    expect(content().querySelector('.single_add_to_cart_button')?.classList.contains('wc-variation-selection-needed')).toBe(true);
    const instancesInside = () => [...runtime.instances.keys()].filter((el) => content().contains(el)).length;
    expect(instancesInside()).toBeGreaterThanOrEqual(3);
    await until(() => expect(displayed).toHaveBeenCalledTimes(1));
    expect(container().className).not.toContain('fusion-animate-content');

    // Choosing a variation fills variation_id: the form posts the variation.
    const select = (name: string, value: string) => {
      const el = content().querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    };
    select('attribute_pa_colour', 'rust');
    select('attribute_pa_size', 's');
    select('attribute_lining', 'Fleece');
    await until(() => expect(content().querySelector<HTMLInputElement>('input.variation_id')!.value).toBe('513'));
  });

  it("puts each piece of the product in after the runtime's scan of the last one in that frame, so the scan reads a laid-out page", async () => {
    // Frames as a browser runs them: the callbacks asked for before the frame, in order, microtasks after each.
    let queue: (() => void)[] = [];
    let inFrame: number | undefined;
    let frames = 0;
    const runFrame = async () => {
      const batch = queue;
      queue = [];
      inFrame = ++frames;
      for (const fn of batch) {
        fn();
        for (let i = 0; i < 10; i++) await Promise.resolve();
      }
      inFrame = undefined;
    };
    const frame = (fn: () => void) => {
      if (!queue.length) setTimeout(() => void runFrame(), 4);
      queue.push(fn);
      return () => void (queue = queue.filter((f) => f !== fn));
    };
    // A read of the scroll position lays the page out (the sticky add-to-cart's scroll trigger reads it at the scan).
    const log: { what: 'append' | 'read'; frame: number | undefined }[] = [];
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => (log.push({ what: 'read', frame: inFrame }), 0) });
    const appends = new MutationObserver((records) => {
      if (records.some((r) => r.addedNodes.length && r.target instanceof Element && r.target.closest('.fusion-wqv-content')))
        log.push({ what: 'append', frame: inFrame });
    });
    const restoreFrames = setEnvironment({ frame });
    try {
      runtime = await mountPage(await page(), only(...WIDGETS, 'sticky-add-to-cart'));
      appends.observe(document.body, { subtree: true, childList: true });
      link(512).click();
      await until(() => expect(content().querySelector('.product form.cart')).not.toBeNull());
      await runtime.settled();
    } finally {
      appends.disconnect();
      restoreFrames();
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
    // Pieces went in over several frames, and the scan read the scroll position in one of them.
    expect(new Set(log.filter((e) => e.what === 'append' && e.frame).map((e) => e.frame)).size).toBeGreaterThan(1);
    expect(log.some((e) => e.what === 'read' && e.frame)).toBe(true);
    const readAfterAppend = log.filter(
      (e, i) => e.what === 'read' && e.frame && log.slice(0, i).some((p) => p.what === 'append' && p.frame === e.frame),
    );
    expect(readAfterAppend).toEqual([]);
  });

  it('closes by the close button: unmounts the widgets inside, restores the card and gives focus back to the link', async () => {
    await open(512);
    await settledView();
    await runtime.settled();
    const inside = [...runtime.instances.keys()].filter((el) => content().contains(el));
    expect(inside.length).toBeGreaterThan(0);
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await until(() => expect(dialog()!.open).toBe(false));
    expect(inside.every((el) => !runtime.instances.has(el))).toBe(true);
    expect(content().children).toHaveLength(0);
    expect(document.body.classList.contains('fusion-wqv-open')).toBe(false);
    expect(document.querySelectorAll('.fusion-faded-out')).toHaveLength(0);
    expect(document.activeElement).toBe(link(512));
  });

  it('closes on an overlay click and on cancel (Escape), then opens another product', async () => {
    await open(318);
    await settledView();
    dialog()!.querySelector<HTMLElement>('.fusion-woocommerce-quick-view-overlay')!.click();
    await until(() => expect(dialog()!.open).toBe(false));

    link(512).click();
    await settledView();
    expect(content().querySelector('.product_title')?.textContent).toBe('Rain jacket');
    const cancel = new Event('cancel', { cancelable: true });
    dialog()!.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true); // our close runs instead, the same way for every means
    await until(() => expect(dialog()!.open).toBe(false));
    expect(document.activeElement).toBe(link(512));
    expect(loads().map((l) => l.body.product)).toEqual(['318', '512']);
  });

  it('a pointer on a link puts its card into the closed dialog and asks the shop nothing; the click then loads the product once', async () => {
    runtime = await mountPage(await page(), only(...WIDGETS));
    link(318).dispatchEvent(new Event('pointerover', { bubbles: true }));
    await runtime.settled();
    link(318).dispatchEvent(new Event('pointerenter'));
    await until(() => expect(dialog()?.querySelector('.fusion-wqv-loader .product_title')?.textContent).toBe('Canvas tote'));
    expect(dialog()!.open).toBe(false);
    expect(dialog()!.querySelector('.fusion-price-rating .price')?.textContent).toContain('24.00');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads()).toHaveLength(0);
    expect(document.body.classList.contains('fusion-wqv-open')).toBe(false);
    // Another card under the pointer, then the click on the first: the first card's view is shown.
    link(512).dispatchEvent(new Event('pointerover', { bubbles: true }));
    await runtime.settled();
    link(512).dispatchEvent(new Event('pointerenter'));
    await until(() => expect(dialog()!.querySelector('.fusion-wqv-loader .product_title')?.textContent).toBe('Rain jacket'));
    link(318).click();
    await until(() => expect(dialog()!.open).toBe(true));
    expect(dialog()!.querySelector('.fusion-wqv-loader .product_title')?.textContent).toBe('Canvas tote');
    await settledView();
    expect(loads().map((l) => l.body.product)).toEqual(['318']);
    expect(content().querySelector('.product_title')?.textContent).toBe('Canvas tote');
  });

  it('the pointer that mounts a link does not also build the dialog in its task: the dialog comes in a task after, the card in it', async () => {
    runtime = await mountPage(await page(), only(...WIDGETS));
    // The moment the link's widget mounted (it marks the link), within the pointer's task: was the dialog there?
    let dialogAtMount: boolean | undefined;
    const observer = new MutationObserver(() => {
      if (dialogAtMount === undefined && link(318).getAttribute('aria-haspopup') === 'dialog')
        dialogAtMount = !!document.querySelector('.sf-quick-view-root');
    });
    observer.observe(link(318), { attributes: true, attributeFilter: ['aria-haspopup'] });
    onTestFinished(() => observer.disconnect());
    link(318).focus();
    link(318).dispatchEvent(new Event('pointerover', { bubbles: true }));
    await runtime.settled();
    await until(() => expect(dialogAtMount).toBe(false));
    // The focused card goes into the closed dialog once it is built.
    await until(() => expect(dialog()?.querySelector('.fusion-wqv-loader .product_title')?.textContent).toBe('Canvas tote'));
    expect(dialog()!.open).toBe(false);
    link(318).click();
    await until(() => expect(dialog()!.open).toBe(true));
  });

  it('closing while the product is still going in, then opening another, shows only the other', async () => {
    runtime = await mountPage(await page(), only(...WIDGETS));
    for (const id of [512, 318]) link(id).dispatchEvent(new Event('pointerover', { bubbles: true }));
    await runtime.settled();
    // Frames held: the jacket's first piece goes in, the rest waits.
    const held: Array<() => void> = [];
    const restoreFrames = setEnvironment({ frame: (fn) => (held.push(fn), () => {}) });
    link(512).click();
    await until(() => expect(content().querySelector('.product_title')?.textContent).toBe('Rain jacket'));
    expect(content().querySelector('form.variations_form')).toBeNull();
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await until(() => expect(dialog()!.open).toBe(false));
    expect(content().children).toHaveLength(0);
    restoreFrames();
    for (const fn of held.splice(0)) fn();

    const displayed = vi.fn();
    document.body.addEventListener('quick-view-displayed', displayed);
    onTestFinished(() => document.body.removeEventListener('quick-view-displayed', displayed));
    link(318).click();
    await until(() => expect(displayed).toHaveBeenCalledTimes(1));
    expect(content().querySelectorAll('.product')).toHaveLength(1);
    expect(content().querySelector('.product_title')?.textContent).toBe('Canvas tote');
    expect(content().querySelector('form.variations_form')).toBeNull();
    expect(content().querySelector('form.cart .quantity')).not.toBeNull();
    expect(dialog()!.getAttribute('aria-labelledby')).toBe(content().querySelector('.product_title')!.id);
    expect(loads().map((l) => l.body.product)).toEqual(['512', '318']);
  });

  it("names the dialog after a product carousel card's h4.fusion-carousel-title when the link has no data-product-title", async () => {
    const carousel =
      '<div class="fusion-carousel"><ul class="fusion-carousel-holder"><li class="fusion-carousel-item"><div class="fusion-carousel-item-wrapper">' +
      '<div class="fusion-image-wrapper"><img src="/wp-content/uploads/mug-400x600.jpg" width="400" height="600" alt=""></div>' +
      '<div class="fusion-carousel-meta"><h4 class="fusion-carousel-title"><a href="/product/enamel-mug/">Enamel mug</a></h4></div>' +
      '<a href="#fusion-quick-view" class="fusion-quick-view" id="carousel-qv" data-product-id="318">Quick view</a></div></li></ul></div>';
    runtime = await mountPage((await page()) + carousel, only(...WIDGETS));
    document.querySelector<HTMLAnchorElement>('#carousel-qv')!.click();
    await runtime.settled();
    await until(() => expect(dialog()?.open).toBe(true));
    // The loader's title names the dialog until the product's own title is in.
    expect(dialog()!.querySelector('.fusion-wqv-loader h2.product_title')?.textContent).toBe('Enamel mug');
  });

  it("zooms from the card's featured image (.wp-post-image), not a crossfade hover image printed before it", async () => {
    const hover = '<img width="300" height="900" src="/wp-content/uploads/canvas-tote-back-300x900.jpg" class="hover-image" alt="" />';
    const html = (await page()).replace(
      /(<li class="product[^"]*post-318[\s\S]*?<div class="fusion-image-wrapper[^"]*">)/,
      `$1<div class="crossfade-images">${hover}`,
    );
    expect(html).toContain('crossfade-images');
    await open(318, html);
    const preview = dialog()!.querySelector<HTMLImageElement>('.fusion-wqv-preview-image img');
    expect(preview?.getAttribute('src')).toMatch(/\/canvas-tote-300x300\.jpg$/);
    // The featured image is square: the 400 px preview (the tall hover image would have given 300).
    expect(container().getAttribute('style')).toContain('--sf-qv-preview-width: 400px');
  });

  it('under reduced motion the dialog is shown already at its final size and place (never a frame at the card)', async () => {
    const seen: string[] = [];
    const showModal = HTMLDialogElement.prototype.showModal;
    const spy = vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
      const c = this.querySelector('.fusion-woocommerce-quick-view-container')!;
      seen.push(`${this.className} | ${c.className} | ${c.getAttribute('style')}`);
      showModal.call(this);
    });
    onTestFinished(() => spy.mockRestore());
    await open(318);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('sf-qv-in');
    expect(seen[0]).toContain('quick-view woocommerce complete');
    expect(seen[0]).toContain(`--sf-qv-width: ${innerWidth - 400 < 500 ? innerWidth - 20 : 900}px`);
  });

  it("copies the card's sold-out and sale badges into .fusion-woo-badges-wrapper in the dialog", async () => {
    const badges =
      '<span class="onsale">Sale!</span><div class="fusion-out-of-stock"><div class="fusion-position-text">Out of stock</div></div>';
    const html = (await page()).replace(/(<li class="product[^"]*post-318[\s\S]*?<div class="fusion-image-wrapper[^"]*">)/, `$1${badges}`);
    await open(318, html);
    // The card's preview (badges included) may be committed a render after the dialog shows: wait for it.
    await until(() =>
      expect(dialog()!.querySelector('.fusion-woocommerce-quick-view-container .fusion-woo-badges-wrapper .onsale')?.textContent).toBe(
        'Sale!',
      ),
    );
    const wrapper = dialog()!.querySelector('.fusion-woocommerce-quick-view-container .fusion-woo-badges-wrapper');
    expect(wrapper?.querySelector('.onsale')?.textContent).toBe('Sale!');
    expect(wrapper?.querySelector('.fusion-out-of-stock')?.textContent).toBe('Out of stock');
    expect(wrapper?.children).toHaveLength(2);
  });

  it('opens a card added to the page after load (infinite scroll, filters) with its own product id', async () => {
    runtime = await mountPage(await page(), only(...WIDGETS));
    const list = link(318).closest('ul')!;
    list.insertAdjacentHTML(
      'beforeend',
      '<li class="product"><img src="/wp-content/uploads/new-300x300.jpg" width="300" height="300" alt=""><h2 class="woocommerce-loop-product__title">Added later</h2><a href="#fusion-quick-view" class="fusion-quick-view" data-product-id="512">Quick view</a></li>',
    );
    const added = list.lastElementChild!.querySelector<HTMLAnchorElement>('a.fusion-quick-view')!;
    // The runtime sees the new link (its MutationObserver, scanned on the next frame); the first click on it mounts it.
    await runtime.settled();
    added.click();
    await runtime.settled();
    await until(() => expect(dialog()?.open).toBe(true));
    await settledView();
    expect(loads().map((l) => l.body.product)).toEqual(['512']);
    expect(dialog()!.querySelector('.fusion-wqv-loader h2.product_title')?.textContent).toBe('Added later');
  });

  it('falls back to window.quickViewNonce when the container prints none', async () => {
    (window as { quickViewNonce?: string }).quickViewNonce = QUICK_VIEW_NONCE;
    onTestFinished(() => void delete (window as { quickViewNonce?: string }).quickViewNonce);
    await open(318, await page(null));
    await settledView();
    expect(loads()[0]!.body.nonce).toBe(QUICK_VIEW_NONCE);
    expect(content().querySelector('.product_title')).not.toBeNull();
  });

  it.each([
    ['a refused nonce (403, -1)', async () => page('expired0000'), MESSAGES.nonce, 'quick-view: quickViewNonce'],
    ['an HTTP 500', async () => (failNext('fusion_quick_view_load', 'http500'), page()), MESSAGES.http, null],
    ['no connection', async () => (failNext('fusion_quick_view_load', 'offline'), page()), 'You are probably offline.', null],
    [
      'a cached page instead of the product',
      async () => (failNext('fusion_quick_view_load', 'not-json'), page()),
      MESSAGES['not-html'],
      'quick-view: fusion_quick_view_load',
    ],
  ])('shows a message in the dialog for %s and the page stays usable', async (_what, html, text, warning) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    await open(318, await html());
    await settledView();
    expect(message()).toBe(text);
    expect(content().children).toHaveLength(0);
    expect(dialog()!.querySelector('.fusion-wqv-close')!.className).toContain('sf-qv-shown');
    if (warning) {
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain(warning);
    } else expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    // Closing works and the next product opens normally.
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await until(() => expect(dialog()!.open).toBe(false));
    link(512).click();
    await until(() => expect(dialog()!.open).toBe(true));
    await until(() => expect(content().querySelector('.product_title')?.textContent ?? message()).toBeTruthy());
  });

  it("the answer's productBackgroundColor colours this product's container (light close button on a dark one), until it closes", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = (colour: string, lightness: string) =>
      `<div class="product"><div class="summary entry-summary"><h2 class="product_title entry-title">Dark hoodie</h2></div></div><script>var productQuickViewSingleURL = '/product/dark-hoodie/'; var productBackgroundColor = '${colour}'; var productBackgroundColorLightness = ${lightness};</script>`;
    let next = answer('#1a1a2e', '12');
    server.use(http.post('*/wp-admin/admin-ajax.php', () => new HttpResponse(next, { headers: { 'Content-Type': 'text/html' } })));
    await open(318);
    await settledView();
    const bg = () => container().getAttribute('style') ?? '';
    await until(() => expect(bg()).toContain('--sf-qv-bg: #1a1a2e'));
    expect(dialog()!.querySelector('.fusion-wqv-close')!.classList.contains('light')).toBe(true);
    // Avada marks the button itself (`.fusion-wqv-close button.light`): the theme's CSS colours that one.
    expect(dialog()!.querySelector('.fusion-wqv-close > button')!.classList.contains('light')).toBe(true);
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await until(() => expect(dialog()!.open).toBe(false));
    expect(bg()).not.toContain('#1a1a2e');
    expect(dialog()!.querySelector('.fusion-wqv-close')!.classList.contains('light')).toBe(false);
    expect(dialog()!.querySelector('.fusion-wqv-close > button')!.classList.contains('light')).toBe(false);
    // A colour that is not one is not put into a style: one warning, the shop's colour stays.
    next = answer('red;background-image:url(https://evil.example/x)', '80');
    link(318).click();
    await until(() => expect(dialog()!.open).toBe(true));
    await settledView();
    expect(bg()).not.toContain('evil');
    expect(warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes('quick-view: productBackgroundColor'))).toHaveLength(1);
  });

  it('an answer that is JSON, or empty for an unknown product, is never inserted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.post('*/wp-admin/admin-ajax.php', () =>
        HttpResponse.json({ success: true, data: '<div class="product"><img src=x onerror=alert(1)></div>' }),
      ),
    );
    await open(318);
    await settledView();
    expect(message()).toBe(MESSAGES['not-html']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('quick-view: fusion_quick_view_load');
  });

  it('gives up after the timeout with a message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    failNext('fusion_quick_view_load', 'slow');
    await open(318);
    await vi.advanceTimersByTimeAsync(15_000);
    await until(() => expect(message()).toBe(MESSAGES.timeout));
  });

  it('refuses an ajaxurl of another site and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    usePageGlobals('quick-view.html', { avadaWooCommerceVars: { ajaxurl: 'https://evil.example/wp-admin/admin-ajax.php' } });
    await open(318);
    await settledView();
    expect(content().querySelector('.product_title')).not.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('quick-view: avadaWooCommerceVars.ajaxurl');
  });

  it("the page's dark shop background gives a light close button; post_title_font_size caps the loader title, with or without px", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    usePageGlobals('quick-view.html', {
      avadaWooCommerceVars: {
        ajaxurl: '/wp-admin/admin-ajax.php',
        shop_page_bg_color: '#141414',
        shop_page_bg_color_lightness: '8',
        post_title_font_size: '22px',
      },
    });
    // An answer without a colour of its own: the page's stays.
    server.use(
      http.post(
        '*/wp-admin/admin-ajax.php',
        () =>
          new HttpResponse(
            '<div class="product"><div class="summary entry-summary"><h2 class="product_title entry-title">Canvas tote</h2></div></div>',
            { headers: { 'Content-Type': 'text/html' } },
          ),
      ),
    );
    await open(318);
    await settledView();
    expect(dialog()!.querySelector('.fusion-wqv-close > button')!.classList.contains('light')).toBe(true);
    expect(container().getAttribute('style')).toContain('--sf-qv-bg: #141414');
    expect(container().getAttribute('style')).toContain('--sf-qv-title-max: 22px');
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once about a malformed data-product-id and leaves that link alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = (await page()).replace('data-product-id="320"', 'data-product-id="apron"');
    runtime = await mountPage(html, only(...WIDGETS));
    const bad = document.querySelector<HTMLAnchorElement>('a.fusion-quick-view[data-product-id="apron"]')!;
    bad.click();
    await runtime.settled();
    expect(dialog()).toBeNull();
    expect(loads()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('quick-view: data-product-id');
  });

  it('puts the printed container back when the last link leaves', async () => {
    await open(318);
    await settledView();
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await until(() => expect(dialog()!.open).toBe(false));
    runtime.unmount(document);
    expect(dialog()).toBeNull();
    expect(document.querySelectorAll('.fusion-woocommerce-quick-view-container')).toHaveLength(1);
    expect(document.querySelector('.fusion-woocommerce-quick-view-container script')?.textContent).toContain('quickViewNonce');
  });
});

describe('quick view timeline (full motion)', { timeout: 40_000 }, () => {
  beforeEach(() => {
    usePageGlobals('quick-view.html');
  });

  /** Mount the page and the link's widget (a pointer over it), then take over the clock. */
  async function ready(id: number): Promise<void> {
    runtime = await mountPage(await page(), only(...WIDGETS));
    link(id).dispatchEvent(new Event('pointerover', { bubbles: true }));
    await runtime.settled();
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  }
  afterEach(() => {
    vi.useRealTimers();
    runtime = undefined as unknown as Runtime;
  });

  /** Let the opening's task hops run (real macrotasks), advance the fake clock, then let React commit (its scheduler runs on a real macrotask). */
  const tick = async (ms: number) => {
    for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(ms);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
  };

  /** A 1280 × 800 window for this test (happy-dom's own size otherwise). */
  const desktopWindow = () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    onTestFinished(() => {
      delete (window as { innerWidth?: number }).innerWidth;
      delete (window as { innerHeight?: number }).innerHeight;
    });
  };

  const vars = () => {
    const style = (container() as HTMLElement).style;
    return {
      width: style.getPropertyValue('--sf-qv-width'),
      height: style.getPropertyValue('--sf-qv-height'),
      duration: style.getPropertyValue('--sf-qv-duration'),
    };
  };

  it('zooms to the 400 px preview, widens to preview + 500 at 1000 ms, shows the close button at 1600 ms, then reveals', async () => {
    const displayed = vi.fn();
    document.body.addEventListener('quick-view-displayed', displayed);
    onTestFinished(() => document.body.removeEventListener('quick-view-displayed', displayed));
    desktopWindow();
    await ready(512);
    link(512).click();
    await tick(200);
    // The jacket's card image is 600×720: a 400 × 480 preview.
    expect(vars()).toEqual({ width: '400px', height: '480px', duration: '800ms' });
    expect(container().className).not.toContain('complete');
    await tick(800);
    expect(vars()).toEqual({ width: '900px', height: '480px', duration: '600ms' });
    expect(container().className).toContain('complete');
    expect(dialog()!.querySelector('.fusion-wqv-close')!.className).not.toContain('sf-qv-shown');
    // The answer is in, but nothing is inserted before the container stopped growing.
    expect(content().children).toHaveLength(0);
    await tick(600);
    expect(dialog()!.querySelector('.fusion-wqv-close')!.className).toContain('sf-qv-shown');
    // The content has arrived: no loader at 1600 ms (it is for a slow answer only).
    expect(dialog()!.querySelector('.fusion-wqv-loader')!.className).not.toContain('sf-qv-shown');
    expect(container().className).toContain('fusion-quick-view-loaded fusion-animate-content');
    await tick(400);
    expect(content().querySelector('.product_title')?.textContent).toBe('Rain jacket');
    expect(displayed).not.toHaveBeenCalled();
    await tick(500);
    expect(displayed).toHaveBeenCalledTimes(1);
    expect(container().className).not.toContain('fusion-animate-content');
    expect(container().className).toContain('sf-qv-details');

    // Close: shrink and fade, then the dialog closes after the overlay's 400 ms.
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await tick(0);
    expect(dialog()!.className).toContain('sf-qv-closing');
    await tick(399);
    expect(dialog()!.open).toBe(true);
    await tick(1);
    expect(dialog()!.open).toBe(false);
  });

  it('a resize while the container widens ends the zoom there: the new box is drawn where it is laid out', async () => {
    desktopWindow();
    await ready(512);
    link(512).click();
    await tick(1000);
    expect(vars()).toEqual({ width: '900px', height: '480px', duration: '600ms' });
    const running = () =>
      container()
        .getAnimations()
        .filter((a) => a.playState === 'running');
    expect(running()).not.toHaveLength(0);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1000 });
    window.dispatchEvent(new Event('resize'));
    await tick(0);
    expect(vars()).toEqual({ width: '900px', height: '480px', duration: '0ms' });
    expect(running()).toHaveLength(0);
  });

  it("reads the card image's box at the pointer's press, so that the click reads no layout; again after a scroll or for a key's click", async () => {
    await ready(512);
    await tick(0);
    const image = link(512).closest('li.product')!.querySelector<HTMLImageElement>('img.wp-post-image')!;
    const reads = vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 50, 300, 360));
    // A pointer's click counts its presses (`detail`); a key's click has none.
    const press = () => link(512).dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    const click = () => link(512).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    press();
    expect(reads).toHaveBeenCalledTimes(1);
    click();
    expect(reads).toHaveBeenCalledTimes(1);
    await tick(0);
    // The zoom starts from that box.
    const style = (container() as HTMLElement).style;
    expect(['--sf-qv-left', '--sf-qv-top', '--sf-qv-width', '--sf-qv-height'].map((p) => style.getPropertyValue(p))).toEqual([
      '100px',
      '50px',
      '300px',
      '360px',
    ]);
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await tick(400);
    expect(dialog()!.open).toBe(false);

    // The page scrolled between the press and the click: the image moved, the click reads its box again.
    reads.mockClear();
    press();
    window.dispatchEvent(new Event('scroll'));
    click();
    expect(reads).toHaveBeenCalledTimes(2);
    dialog()!.querySelector<HTMLButtonElement>('.fusion-wqv-close button')!.click();
    await tick(400);
    expect(dialog()!.open).toBe(false);

    // A key's click after an earlier press (the pointer left without clicking): the box is read at the click.
    reads.mockClear();
    press();
    link(512).click();
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('shows the loader with the card title, price and rating when the answer is slow', async () => {
    state.latency.set('fusion_quick_view_load', 5000);
    await ready(318);
    link(318).click();
    const loader = () => dialog()!.querySelector('.fusion-wqv-loader')!;
    await tick(1500);
    expect(loader().className).not.toContain('sf-qv-shown');
    await tick(100);
    expect(loader().className).toContain('sf-qv-shown');
    expect(loader().querySelector('.product_title')?.textContent).toBe('Canvas tote');
    expect(loader().querySelector('.fusion-slider-loading')).not.toBeNull();
    expect(loader().querySelector('.price')?.textContent).toContain('24.00');
    expect(loader().querySelector('.star-rating')?.getAttribute('aria-label')).toBe('Rated 4.50 out of 5');
    // The contract's loader: `.fusion-price-rating > .price + .star-rating`, whatever order the card prints them in
    // (this card has its rating first), one of each.
    expect(loader().querySelectorAll('.fusion-price-rating > .price + .star-rating')).toHaveLength(1);
    expect(loader().querySelector('.fusion-price-rating')!.children).toHaveLength(2);
  });
});
