import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installJQueryStandIn } from '../../test/helpers/cart';
import { fixtureBody, mountPage as mountWith, only } from '../../test/helpers/mount';
import { galleryWidget } from './product-gallery.widget';
import * as rest from './rest';

// The rest of the gallery handed in already loaded (wired at mount, as after the shopper reached for it): these
// tests are about what it does; waiting for it is test/e2e/product-gallery.e2e.ts's.
const entry = only('product-gallery').map((e) => ({ ...e, load: async () => ({ default: galleryWidget({ rest }) }) }));
const mountPage = (html: string) => mountWith(html, entry);

/** PhotoSwipe stands in here (happy-dom has no layout); the real one is tested in Chromium. */
const pswp = vi.hoisted(() => ({ created: [] as FakePhotoSwipe[] }));
interface FakePhotoSwipe {
  options: Record<string, unknown> & {
    dataSource: { src: string; width: number; height: number; alt: string; caption: string }[];
    index: number;
    appendToEl: HTMLElement;
  };
  filters: Record<string, (el: HTMLElement, content: { data: { src: string } }) => HTMLElement>;
  element: HTMLElement | undefined;
  currIndex: number;
  close(): void;
}
vi.mock('photoswipe', () => ({
  default: class {
    options: FakePhotoSwipe['options'];
    listeners: Record<string, (() => void)[]> = {};
    filters: FakePhotoSwipe['filters'] = {};
    element: HTMLElement | undefined;
    scrollWrap: HTMLElement | undefined;
    currIndex: number;
    isDestroying = false;
    ui = {
      registerElement: (d: { name: string; tagName?: string; onInit: (el: HTMLElement, p: unknown) => void }) => {
        const el = document.createElement(d.tagName ?? 'div');
        el.className = `pswp__${d.name}`;
        this.element!.append(el);
        d.onInit(el, this);
      },
    };
    constructor(options: FakePhotoSwipe['options']) {
      this.options = options;
      this.currIndex = options.index;
      pswp.created.push(this as unknown as FakePhotoSwipe);
    }
    get currSlide() {
      return { data: this.options.dataSource[this.currIndex] };
    }
    on(name: string, fn: () => void) {
      (this.listeners[name] ??= []).push(fn);
    }
    addFilter(name: string, fn: FakePhotoSwipe['filters'][string]) {
      this.filters[name] = fn;
    }
    dispatch(name: string) {
      for (const fn of this.listeners[name] ?? []) fn();
    }
    init() {
      this.element = document.createElement('div');
      this.element.className = 'pswp';
      this.element.tabIndex = -1;
      this.element.setAttribute('role', 'dialog');
      this.options.appendToEl.append(this.element);
      this.dispatch('uiRegister');
    }
    close() {
      this.isDestroying = true;
      this.dispatch('destroy');
    }
    destroy() {
      this.close();
    }
  },
}));

const PARAMS = {
  i18n_product_gallery_trigger_text: 'View full-screen image gallery',
  flexslider: {
    rtl: false,
    animation: 'slide',
    smoothHeight: true,
    directionNav: false,
    controlNav: 'thumbnails',
    slideshow: false,
    animationSpeed: 500,
    animationLoop: false,
    allowOneSlide: false,
  },
  zoom_enabled: '1',
  zoom_options: [],
  photoswipe_enabled: '1',
  photoswipe_options: { shareEl: false, closeOnScroll: false, history: false, hideAnimationDuration: 0, showAnimationDuration: 0 },
  flexslider_enabled: '1',
};

/** A shop that turned FlexSlider's arrows on (WooCommerce prints `directionNav: false`). */
const WITH_ARROWS = { ...PARAMS, flexslider: { ...PARAMS.flexslider, directionNav: true } };

const gallery = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
/** Our lightbox draws in a shadow root in the dialog (the page's PhotoSwipe 4 rules must not reach it). */
const lightboxRoot = (dialog: Element) => dialog.querySelector('.sf-lightbox__root')!.shadowRoot!;
const slides = () => [...document.querySelectorAll<HTMLElement>('.woocommerce-product-gallery__image')];
const thumbs = () => [...document.querySelectorAll<HTMLImageElement>('ol.flex-control-nav.flex-control-thumbs > li > img')];
const trigger = () => document.querySelector<HTMLAnchorElement>('.woocommerce-product-gallery__trigger')!;
const active = () => slides().findIndex((s) => s.classList.contains('flex-active-slide'));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const flush = () => new Promise((r) => setTimeout(r, 30));
/** Wait for the n-th lightbox: the chunk's first import can take a while on a busy machine. */
const opened = (n = 1) => vi.waitFor(() => expect(pswp.created.length).toBeGreaterThanOrEqual(n), { timeout: 10_000 });

async function mount(params: unknown = PARAMS, mutate: (html: string) => string = (h) => h) {
  vi.stubGlobal('wc_single_product_params', params);
  return mountPage(mutate(await fixtureBody('product-gallery.html')));
}

beforeEach(() => {
  pswp.created.length = 0;
});
afterEach(() => {
  for (const d of document.querySelectorAll('dialog')) d.remove();
});

// The slider island's first import is transformed on the fly (React, Embla): once, before the tests, not inside one
// test's time limit on a busy machine.
beforeAll(() => import('./slider'), 60_000);

describe('product gallery: slider', () => {
  it('shows the gallery and marks it up as a carousel of "n of m" slides', async () => {
    const events: unknown[][] = [];
    document.addEventListener('wc-product-gallery-before-init', (e) => events.push(['before', ...(e as CustomEvent).detail]));
    document.addEventListener('wc-product-gallery-after-init', (e) => events.push(['after', ...(e as CustomEvent).detail]));
    await mount();
    const g = gallery();
    expect(g.style.opacity).toBe('1');
    expect(g.getAttribute('role')).toBe('region');
    expect(g.getAttribute('aria-roledescription')).toBe('carousel');
    expect(g.getAttribute('aria-label')).toBe('Linen apron');
    expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(slides().every((s) => s.getAttribute('role') === 'group' && s.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(g.querySelector('.flex-viewport > .woocommerce-product-gallery__wrapper')).not.toBeNull();
    expect(active()).toBe(0);
    expect(slides()[1]!.hasAttribute('inert')).toBe(true);
    expect(slides()[0]!.hasAttribute('inert')).toBe(false);
    // directionNav: false (WooCommerce's default): no arrows, as FlexSlider draws none.
    expect(g.querySelector('.sf-gallery__nav, .flex-direction-nav')).toBeNull();
    expect(events.map((e) => e[0])).toEqual(['before', 'after']);
    expect(events[0]![1]).toBe(g);
    expect(events[0]![2]).toMatchObject({ zoom_enabled: '1' });
  });

  it("with jQuery, the init events reach jQuery handlers with the gallery element itself, as WooCommerce's [this, params]", async () => {
    await installJQueryStandIn();
    const $ = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: (...a: unknown[]) => unknown) => void } }).jQuery;
    const got: unknown[][] = [];
    for (const name of ['wc-product-gallery-before-init', 'wc-product-gallery-after-init'])
      $(document).on(name, (_e: unknown, ...args: unknown[]) => void got.push([name, ...args]));
    await mount();
    const g = gallery();
    expect(got.map((e) => e[0])).toEqual(['wc-product-gallery-before-init', 'wc-product-gallery-after-init']);
    expect(got[0]![1]).toBe(g);
    expect(got[1]![1]).toBe(g);
    expect(got[0]![2]).toMatchObject({ zoom_enabled: '1' });
  });

  it('builds the thumbnails from data-thumb as buttons, with the active one marked', async () => {
    await mount();
    const t = thumbs();
    expect(t).toHaveLength(4);
    expect(t[0]!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-front-100x100.jpg');
    expect(t[0]!.getAttribute('srcset')).toContain('apron-front-200x200.jpg 200w');
    expect(t[1]!.getAttribute('role')).toBe('button');
    expect(t[1]!.getAttribute('tabindex')).toBe('0');
    expect(t[1]!.getAttribute('aria-label')).toBe('Linen apron, back, 2 of 4');
    expect(t[0]!.classList.contains('flex-active')).toBe(true);
    expect(t[0]!.getAttribute('aria-current')).toBe('true');
  });

  it('follows the shop\'s flexslider settings: arrows with directionNav, no strip without controlNav, a fade for animation "fade"', async () => {
    await mount(WITH_ARROWS);
    expect(gallery().querySelector('.sf-gallery__nav--prev')!.getAttribute('aria-disabled')).toBe('true');
    expect(gallery().querySelector('.sf-gallery__nav--next')!.getAttribute('aria-disabled')).toBe('false');
    expect(gallery().classList.contains('sf-gallery--fade')).toBe(false);
    await mount({ ...PARAMS, flexslider: { ...PARAMS.flexslider, controlNav: false, animation: 'fade' } });
    expect(gallery().querySelector('.flex-control-nav')).toBeNull();
    expect(gallery().classList.contains('sf-gallery--fade')).toBe(true);
    key(slides()[0]!.querySelector('a')!, 'ArrowRight');
    expect(active()).toBe(1);
  });

  it('ends each row of thumbnails (data-columns) with the class our fallback layout needs', async () => {
    await mount(PARAMS, (html) => html.replace('data-columns="4"', 'data-columns="3"'));
    expect(thumbs().map((t) => t.parentElement!.classList.contains('sf-gallery__row-end'))).toEqual([false, false, true, false]);
  });

  it('navigates with thumbnails (click, Enter, Space) and previous/next buttons', async () => {
    await mount(WITH_ARROWS);
    thumbs()[2]!.click();
    expect(active()).toBe(2);
    expect(thumbs()[2]!.getAttribute('aria-current')).toBe('true');
    expect(thumbs()[0]!.hasAttribute('aria-current')).toBe(false);
    expect(slides()[2]!.hasAttribute('inert')).toBe(false);
    expect(slides()[0]!.getAttribute('aria-hidden')).toBe('true');
    key(thumbs()[3]!, 'Enter');
    expect(active()).toBe(3);
    expect(gallery().querySelector('.sf-gallery__nav--next')!.getAttribute('aria-disabled')).toBe('true');
    key(thumbs()[1]!, ' ');
    expect(active()).toBe(1);
    gallery().querySelector<HTMLButtonElement>('.sf-gallery__nav--prev')!.click();
    expect(active()).toBe(0);
    gallery().querySelector<HTMLButtonElement>('.sf-gallery__nav--prev')!.click();
    expect(active()).toBe(0);
  });

  it('moves with the arrow keys, Home and End, and keeps focus on the active thumbnail', async () => {
    await mount();
    thumbs()[0]!.focus();
    key(thumbs()[0]!, 'ArrowRight');
    expect(active()).toBe(1);
    expect(document.activeElement).toBe(thumbs()[1]);
    key(thumbs()[1]!, 'End');
    expect(active()).toBe(3);
    expect(document.activeElement).toBe(thumbs()[3]);
    key(thumbs()[3]!, 'ArrowLeft');
    expect(active()).toBe(2);
    key(thumbs()[2]!, 'Home');
    expect(active()).toBe(0);
  });

  it('moves focus to the new slide when the arrows are used on the image link', async () => {
    await mount();
    const link = slides()[0]!.querySelector('a')!;
    link.focus();
    key(link, 'ArrowRight');
    expect(active()).toBe(1);
    expect(document.activeElement).toBe(slides()[1]!.querySelector('a'));
  });

  it('goes back to the first slide on woocommerce_gallery_reset_slide_position and follows flexslider-click', async () => {
    await mount();
    thumbs()[2]!.click();
    gallery().dispatchEvent(new CustomEvent('woocommerce_gallery_reset_slide_position', { bubbles: true, detail: [] }));
    expect(active()).toBe(0);
    thumbs()[3]!.dispatchEvent(new CustomEvent('flexslider-click', { bubbles: true, detail: [] }));
    expect(active()).toBe(3);
  });

  it('puts the markup back on unmount and says so with wc-product-gallery-before-destroy', async () => {
    const destroyed: unknown[] = [];
    const runtime = await mount();
    gallery().addEventListener('wc-product-gallery-before-destroy', (e) => destroyed.push((e as CustomEvent).detail[0]));
    runtime.unmount(document);
    const g = gallery();
    expect(destroyed).toEqual([g]);
    expect(g.querySelector('.flex-viewport, .flex-control-nav, .sf-gallery__nav, .woocommerce-product-gallery__trigger')).toBeNull();
    expect(g.querySelector(':scope > .woocommerce-product-gallery__wrapper')).not.toBeNull();
    expect(g.hasAttribute('role')).toBe(false);
    expect(slides().some((s) => s.hasAttribute('inert') || s.hasAttribute('role'))).toBe(false);
  });
});

describe('product gallery: lightbox', () => {
  it('prepends the magnifier as a button that controls the full-screen dialog', async () => {
    await mount();
    const t = trigger();
    expect(t.parentElement).toBe(gallery());
    expect(t.getAttribute('role')).toBe('button');
    expect(t.getAttribute('aria-haspopup')).toBe('dialog');
    expect(t.getAttribute('aria-label')).toBe('View full-screen image gallery');
    const dialog = document.getElementById(t.getAttribute('aria-controls')!);
    expect(dialog?.tagName).toBe('DIALOG');
    expect(dialog?.getAttribute('aria-label')).toBe('Full screen image');
    // The PhotoSwipe 4 footer root WooCommerce printed under the same id made way.
    expect(document.querySelectorAll('#photoswipe-fullscreen-dialog')).toHaveLength(1);
  });

  it('the one dialog goes with the last gallery, and the PhotoSwipe 4 footer root it replaced comes back', async () => {
    const runtime = await mount();
    const dialog = document.getElementById(trigger().getAttribute('aria-controls')!);
    expect(dialog?.tagName).toBe('DIALOG');
    runtime.unmount(document);
    expect(dialog?.isConnected).toBe(false);
    const roots = document.querySelectorAll('#photoswipe-fullscreen-dialog');
    expect(roots).toHaveLength(1);
    expect(roots[0]!.tagName).not.toBe('DIALOG');
  });

  it('loads PhotoSwipe on the first open only, at the active slide, with captions and sizes from the image data', async () => {
    await mount();
    expect(pswp.created).toHaveLength(0);
    thumbs()[1]!.click();
    trigger().click();
    await opened();
    expect(pswp.created).toHaveLength(1);
    const { options } = pswp.created[0]!;
    expect(options.index).toBe(1);
    expect(options.dataSource.map((d) => d.caption)).toEqual([
      'Front view: natural linen with a long neck strap',
      'Back view: crossed straps',
      'Pocket detail',
      'Folded for gifting',
    ]);
    expect(options.dataSource[0]).toMatchObject({
      src: '/wp-content/uploads/2025/03/apron-front-1500x1800.jpg',
      width: 1500,
      height: 1800,
      alt: 'Linen apron, front',
    });
    expect(options.errorMsg).toBe('The image could not be loaded.');
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sf-lightbox')!;
    expect(dialog.open).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(lightboxRoot(dialog).querySelector('.pswp__sf-caption')!.textContent).toBe('Back view: crossed straps');
    expect(lightboxRoot(dialog).querySelector('.pswp')!.hasAttribute('role')).toBe(false);
  });

  it('shows "The image could not be loaded." with a link to the image when it fails', async () => {
    await mount();
    trigger().click();
    await opened();
    const el = pswp.created[0]!.filters.contentErrorElement!(document.createElement('div'), {
      data: { src: '/wp-content/uploads/missing.jpg' },
    });
    expect(el.textContent).toBe('The image could not be loaded.');
    expect(el.querySelector('a')!.getAttribute('href')).toBe('/wp-content/uploads/missing.jpg');
  });

  it('returns focus to the opener on close, closes on the dialog cancel (Escape) and on Back', async () => {
    await mount();
    trigger().focus();
    trigger().click();
    await opened();
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sf-lightbox')!;
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(trigger());

    trigger().click();
    await opened(2);
    expect(history.state).toMatchObject({ sfLightbox: expect.any(String) });
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(trigger());
  });

  it('with the magnifier and the slider, an image click opens nothing and the image links leave the tab order', async () => {
    await mount();
    const link = slides()[0]!.querySelector('a')!;
    expect(link.getAttribute('tabindex')).toBe('-1');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    // Neither the link (the full-size file) nor the lightbox: WooCommerce opens it from the magnifier only.
    expect(click.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(pswp.created).toHaveLength(0);
  });

  it('opens from an image click at that slide without the magnifier, and follows the lightbox to the slide it closed on', async () => {
    await mount({ ...PARAMS, zoom_enabled: '' });
    expect(document.querySelector('.woocommerce-product-gallery__trigger')).toBeNull();
    const link = slides()[0]!.querySelector('a')!;
    expect(link.hasAttribute('tabindex')).toBe(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await opened();
    const instance = pswp.created[0]!;
    expect(instance.options.index).toBe(0);
    instance.currIndex = 2;
    instance.close();
    expect(active()).toBe(2);
    expect(document.activeElement).toBe(slides()[2]!.querySelector('a'));
  });

  it('opens each image at its own slide when the slider is off, and lets modified clicks through', async () => {
    await mount({ ...PARAMS, flexslider_enabled: '' });
    expect(thumbs()).toHaveLength(0);
    expect(gallery().hasAttribute('aria-roledescription')).toBe(false);
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    slides()[1]!.querySelector('a')!.dispatchEvent(ctrl);
    expect(ctrl.defaultPrevented).toBe(false);
    slides()[2]!.querySelector('img')!.click();
    await opened();
    expect(pswp.created[0]!.options.index).toBe(2);
  });

  it('has no trigger and no lightbox when photoswipe is off: the links open the image', async () => {
    await mount({ ...PARAMS, photoswipe_enabled: '' });
    expect(document.querySelector('.woocommerce-product-gallery__trigger')).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    slides()[0]!.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});

describe('product gallery: zoom', () => {
  const hover = (el: Element) =>
    el.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: 100, clientY: 100 }));

  it('zooms a slide whose large image is wider than the gallery, and not one that is narrower', async () => {
    await mount();
    vi.spyOn(gallery(), 'getBoundingClientRect').mockReturnValue({
      width: 560,
      height: 672,
      top: 0,
      left: 0,
      right: 560,
      bottom: 672,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    hover(slides()[0]!.querySelector('img')!);
    // The zoom's code is a chunk of its own, asked for by this first hover: the zoom shows once it is here.
    const zoom = await vi.waitFor(
      () => slides()[0]!.querySelector<HTMLImageElement>('img.zoomImg.sf-zoom--on') ?? Promise.reject(new Error('no zoom yet')),
      { timeout: 10_000 },
    );
    expect(zoom.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-front-1500x1800.jpg');
    expect(zoom.getAttribute('aria-hidden')).toBe('true');
    expect(zoom.alt).toBe('');
    thumbs()[3]!.click();
    hover(slides()[3]!.querySelector('img')!);
    expect(slides()[3]!.querySelector('img.zoomImg')).toBeNull();
    expect(document.querySelectorAll('img.zoomImg')).toHaveLength(0);
  });

  it("when the zoom's chunk cannot load: one console warning naming the widget, and the gallery works without zoom", async () => {
    vi.doMock('./zoom', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await mount();
      vi.spyOn(gallery(), 'getBoundingClientRect').mockReturnValue({
        width: 560,
        height: 672,
        top: 0,
        left: 0,
        right: 560,
        bottom: 672,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      });
      hover(slides()[0]!.querySelector('img')!);
      await vi.waitFor(() => expect(warn.mock.calls.some(([m]) => /zoom/.test(String(m)))).toBe(true), { timeout: 10_000 });
      hover(slides()[0]!.querySelector('img')!);
      await flush();
      const said = warn.mock.calls.map(([m]) => String(m)).filter((m) => /zoom/.test(m));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^\[storefront-islands\] product-gallery: zoom: the zoom could not load .*; the gallery works without it$/);
      expect(document.querySelector('img.zoomImg')).toBeNull();
      thumbs()[1]!.click();
      expect(active()).toBe(1);
      key(thumbs()[1]!, 'ArrowRight');
      expect(active()).toBe(2);
    } finally {
      vi.doUnmock('./zoom');
      warn.mockRestore();
    }
  });

  it('never zooms when zoom_enabled is off', async () => {
    await mount({ ...PARAMS, zoom_enabled: '' });
    vi.spyOn(gallery(), 'getBoundingClientRect').mockReturnValue({
      width: 560,
      height: 672,
      top: 0,
      left: 0,
      right: 560,
      bottom: 672,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    hover(slides()[0]!.querySelector('img')!);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    await flush();
    expect(document.querySelector('img.zoomImg')).toBeNull();
  });
});

describe('product gallery: following the variation form', () => {
  it('re-reads the first slide after the image swap: thumbnail and lightbox follow', async () => {
    await mount();
    const first = slides()[0]!;
    const img = first.querySelector('img')!;
    first.setAttribute('data-thumb', '/wp-content/uploads/2025/03/apron-rust-600x720.jpg');
    img.setAttribute('data-large_image', '/wp-content/uploads/2025/03/apron-rust-1200x1440.jpg');
    img.setAttribute('data-large_image_width', '1200');
    img.setAttribute('data-large_image_height', '1440');
    img.setAttribute('data-caption', 'Rust');
    thumbs()[2]!.click();
    document.body.dispatchEvent(new CustomEvent('found_variation', { bubbles: true, detail: [{ variation_id: 1 }] }));
    gallery().dispatchEvent(new CustomEvent('woocommerce_gallery_reset_slide_position', { bubbles: true, detail: [] }));
    await flush();
    expect(active()).toBe(0);
    // Drawn by the plain strip at once, or by the slider island's next render once it took the strip over.
    await vi.waitFor(() => expect(thumbs()[0]!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-rust-600x720.jpg'));
    trigger().click();
    await opened();
    expect(pswp.created[0]!.options.dataSource[0]).toMatchObject({
      src: '/wp-content/uploads/2025/03/apron-rust-1200x1440.jpg',
      width: 1200,
      caption: 'Rust',
    });
  });

  it('leaves a thumbnail the form updated itself alone', async () => {
    await mount();
    thumbs()[0]!.src = '/wp-content/uploads/2025/03/apron-rust-100x100.jpg';
    slides()[0]!.setAttribute('data-thumb', '/wp-content/uploads/2025/03/apron-rust-600x720.jpg');
    await flush();
    expect(thumbs()[0]!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-rust-100x100.jpg');
  });
});

describe('product gallery: bad input', () => {
  it('works with malformed data-thumb and missing large sizes, with one warning per attribute', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(PARAMS, (html) =>
      html
        .replace('data-thumb="/wp-content/uploads/2025/03/apron-back-100x100.jpg"', 'data-thumb="javascript:alert(1)"')
        .replace('data-thumb="/wp-content/uploads/2025/03/apron-pocket-100x100.jpg"', 'data-thumb=""')
        .replaceAll(/data-large_image_width="1800"|data-large_image_height="1800"/g, '')
        .replace(
          'data-large_image_width="1500" data-large_image_height="1800" decoding="async" srcset="/wp-content/uploads/2025/03/apron-back',
          'data-large_image_width="wide" data-large_image_height="" decoding="async" srcset="/wp-content/uploads/2025/03/apron-back',
        ),
    );
    expect(gallery().style.opacity).toBe('1');
    expect(thumbs()).toHaveLength(4);
    expect(thumbs()[1]!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-back-600x720.jpg');
    const texts = warn.mock.calls.map((c) => String(c[0]));
    expect(texts.filter((t) => t.includes('product-gallery: data-thumb'))).toHaveLength(1);
    expect(texts.find((t) => t.includes('data-thumb'))).toContain('slides 2, 3');
    expect(texts.filter((t) => t.includes('product-gallery: data-large_image_width'))).toHaveLength(1);
    expect(texts).toHaveLength(2);
  });

  it('runs on defaults with one clear warning when wc_single_product_params is broken', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount('{"zoom_enabled":');
    expect(gallery().style.opacity).toBe('1');
    expect(thumbs()).toHaveLength(4);
    expect(trigger()).not.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('product-gallery: wc_single_product_params');
  });

  it('warns per malformed field and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount({ ...PARAMS, flexslider_enabled: 'maybe' });
    expect(thumbs()).toHaveLength(4);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('wc_single_product_params.flexslider_enabled');
  });
});
