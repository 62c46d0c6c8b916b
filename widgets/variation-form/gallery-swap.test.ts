import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, fakeJQuery, pageBody, recordNative, setGlobals, useVariationPage } from './test-helpers';

/**
 * Per-variation galleries (contract §3.3, image swap, last bullet): a variation's `gallery_images_html` replaces
 * the whole `.woocommerce-product-gallery` (`wc-product-gallery-before-destroy` on the old one, `-before-init` and
 * `-after-init` on the new one, `data-product_gallery_active="yes"` on the form); reset, or a variation without
 * its own gallery, brings the default back from the form's `wc-product-gallery-default-template`, else
 * `wc_variation_gallery_defaults[product_id]`. The gallery widget runs on whatever gallery is in the page.
 */

const GALLERY_EVENTS = ['wc-product-gallery-before-destroy', 'wc-product-gallery-before-init', 'wc-product-gallery-after-init'];
const PRODUCT_PARAMS = { zoom_enabled: '1', photoswipe_enabled: '1', flexslider_enabled: '1', flexslider: { animationSpeed: 500 } };

function galleryHtml(name: string, images: string[]): string {
  const slides = images.map((image, i) => {
    const base = `/wp-content/uploads/${image}`;
    return `<div data-thumb="${base}-100x100.jpg" data-thumb-alt="${name} ${i + 1}" class="woocommerce-product-gallery__image"><a href="${base}-1500x1800.jpg"><img width="600" height="720" src="${base}-600x720.jpg" class="${i === 0 ? 'wp-post-image' : ''}" alt="${name} ${i + 1}" title="${image}" data-caption="${name} ${i + 1}" data-src="${base}-1500x1800.jpg" data-large_image="${base}-1500x1800.jpg" data-large_image_width="1500" data-large_image_height="1800" /></a></div>`;
  });
  return `<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;"><div class="woocommerce-product-gallery__wrapper">${slides.join('')}</div></div>`;
}

const OLIVE_GALLERY = galleryHtml('Olive jacket', ['jacket-olive', 'jacket-olive-back', 'jacket-olive-hood', 'jacket-olive-cuff']);
const RUST_GALLERY = galleryHtml('Rust jacket', ['jacket-rust', 'jacket-rust-back']);

let JACKET = '';
/** The gallery exactly as the page prints it, for the reset snapshots. */
let DEFAULT_GALLERY = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
  const parsed = document.createElement('template');
  parsed.innerHTML = JACKET;
  DEFAULT_GALLERY = parsed.content.querySelector('.woocommerce-product-gallery')!.outerHTML;
});

const undo = useVariationPage({ wc_single_product_params: PRODUCT_PARAMS });

/** The jacket page with galleries for some variations, and optionally the form's reset snapshot. */
function jacketPage(galleries: Record<number, unknown>, template?: string): string {
  const parsed = document.createElement('template');
  parsed.innerHTML = JACKET;
  const form = parsed.content.querySelector('form.variations_form')!;
  const variations = JSON.parse(form.getAttribute('data-product_variations')!) as { variation_id: number; gallery_images_html?: unknown }[];
  for (const v of variations) if (v.variation_id in galleries) v.gallery_images_html = galleries[v.variation_id];
  form.setAttribute('data-product_variations', JSON.stringify(variations));
  if (template !== undefined) {
    const script = document.createElement('script');
    script.type = 'text/template';
    script.className = 'wc-product-gallery-default-template';
    script.textContent = template;
    form.querySelector('.single_variation_wrap')!.before(script);
  }
  return parsed.innerHTML;
}

async function open(html: string) {
  const runtime = await mountPage(html, only('variation-form', 'product-gallery'));
  await afterInit();
  return runtime;
}

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const form = () => $<HTMLFormElement>('form.variations_form');
const galleries = () => [...document.querySelectorAll<HTMLElement>('.product .woocommerce-product-gallery')];
const gallery = () => galleries()[0]!;
const slideImages = (g: Element = gallery()) =>
  [...g.querySelectorAll('.woocommerce-product-gallery__image img:not(.zoomImg)')].map((i) => i.getAttribute('src'));
const thumbs = (g: Element = gallery()) => [...g.querySelectorAll<HTMLImageElement>('ol.flex-control-nav.flex-control-thumbs > li > img')];
const activeSlide = (g: Element = gallery()) =>
  [...g.querySelectorAll('.woocommerce-product-gallery__image')].findIndex((s) => s.classList.contains('flex-active-slide'));
/** The gallery widget ran on it: visible, a carousel with its thumbnails. */
const enhanced = (g: HTMLElement, slides: number) => {
  expect(g.style.opacity).toBe('1');
  expect(g.getAttribute('aria-roledescription')).toBe('carousel');
  expect(g.querySelectorAll('.flex-viewport')).toHaveLength(1);
  expect(g.querySelectorAll('ol.flex-control-nav')).toHaveLength(1);
  expect(thumbs(g)).toHaveLength(slides);
};
const olive = () => {
  choose('pa_colour', 'olive');
  choose('pa_size', 's');
  choose('lining', 'Fleece');
};
const names = (seen: { name: string }[]) => seen.map((s) => s.name.replace('wc-product-gallery-', ''));

describe('variation form: per-variation galleries', () => {
  it("replaces the gallery with the variation's own: events in order with [element, params], the form flagged", async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY));
    const printed = gallery();
    const seen = recordNative(GALLERY_EVENTS);
    olive();
    await vi.waitFor(() => expect(names(seen)).toEqual(['before-destroy', 'before-init', 'after-init']));

    const swapped = gallery();
    expect(galleries()).toHaveLength(1);
    expect(swapped).not.toBe(printed);
    expect(printed.isConnected).toBe(false);
    expect(slideImages(swapped)).toEqual([
      '/wp-content/uploads/jacket-olive-600x720.jpg',
      '/wp-content/uploads/jacket-olive-back-600x720.jpg',
      '/wp-content/uploads/jacket-olive-hood-600x720.jpg',
      '/wp-content/uploads/jacket-olive-cuff-600x720.jpg',
    ]);
    expect(form().getAttribute('data-product_gallery_active')).toBe('yes');

    // before-destroy reaches document listeners: it fires while the old gallery is still in the page.
    expect(seen[0]).toMatchObject({ target: printed, detail: [printed, PRODUCT_PARAMS] });
    expect(seen[1]).toMatchObject({ target: swapped, detail: [swapped, PRODUCT_PARAMS] });
    expect(seen[2]).toMatchObject({ target: swapped, detail: [swapped, PRODUCT_PARAMS] });
    // The variation's gallery is shown as printed: the first slide's image is not swapped for the variation's.
    expect(swapped.querySelector('.wp-post-image')!.hasAttribute('data-o_src')).toBe(false);
  });

  it('runs the gallery on the new markup: thumbnails, navigation, one viewport', async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    enhanced(gallery(), 4);
    expect(thumbs()[1]!.getAttribute('aria-label')).toBe('Olive jacket 2, 2 of 4');
    // The gallery wires its navigation on the first intent (the split): the click is held and replayed.
    thumbs()[2]!.click();
    await vi.waitFor(() => expect(activeSlide()).toBe(2));
    expect(thumbs()[2]!.getAttribute('aria-current')).toBe('true');
  });

  it('fires before-destroy once per gallery, also for a listener on the gallery itself', async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY, 513: RUST_GALLERY }, DEFAULT_GALLERY));
    const printed = gallery();
    const onPrinted: unknown[] = [];
    printed.addEventListener('wc-product-gallery-before-destroy', (e) => onPrinted.push((e as CustomEvent).detail[0]));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    const oliveGallery = gallery();
    const onOlive: unknown[] = [];
    oliveGallery.addEventListener('wc-product-gallery-before-destroy', (e) => onOlive.push((e as CustomEvent).detail[0]));
    const seen = recordNative(GALLERY_EVENTS);

    // Another variation with its own gallery: the variation gallery makes way for the next.
    choose('pa_colour', 'rust');
    await vi.waitFor(() => expect(names(seen)).toEqual(['before-destroy', 'before-init', 'after-init']));
    await vi.waitFor(() => expect(thumbs()).toHaveLength(2));
    expect(slideImages()).toEqual(['/wp-content/uploads/jacket-rust-600x720.jpg', '/wp-content/uploads/jacket-rust-back-600x720.jpg']);
    expect(seen[0]!.target).toBe(oliveGallery);
    expect(onPrinted).toEqual([printed]);
    expect(onOlive).toEqual([oliveGallery]);
    expect(form().getAttribute('data-product_gallery_active')).toBe('yes');
  });

  it("brings the default gallery back from the form's template on Clear, and the widget runs on it", async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    const oliveGallery = gallery();
    const seen = recordNative(GALLERY_EVENTS);

    $('.reset_variations').click();
    await vi.waitFor(() => expect(names(seen)).toEqual(['before-destroy', 'before-init', 'after-init']));
    expect(seen[0]!.target).toBe(oliveGallery);
    expect(galleries()).toHaveLength(1);
    expect(slideImages()).toEqual([
      '/wp-content/uploads/jacket-600x720.jpg',
      '/wp-content/uploads/jacket-back-600x720.jpg',
      '/wp-content/uploads/jacket-detail-600x720.jpg',
    ]);
    await vi.waitFor(() => expect(thumbs()).toHaveLength(3));
    enhanced(gallery(), 3);
    expect(seen[1]!.detail).toEqual([gallery(), PRODUCT_PARAMS]);
    // No variation gallery is shown any more.
    expect(form().hasAttribute('data-product_gallery_active')).toBe(false);
  });

  it("brings the default back for a variation without its own gallery, then shows that variation's image in it", async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    // Navy (any size, any lining) has an image but no gallery.
    choose('pa_colour', 'navy');
    await vi.waitFor(() => expect(slideImages()[0]).toBe('/wp-content/uploads/jacket-navy-600x720.jpg'));
    expect(slideImages().slice(1)).toEqual([
      '/wp-content/uploads/jacket-back-600x720.jpg',
      '/wp-content/uploads/jacket-detail-600x720.jpg',
    ]);
    await vi.waitFor(() => expect(thumbs()).toHaveLength(3));
    enhanced(gallery(), 3);
    expect(form().hasAttribute('data-product_gallery_active')).toBe(false);
    // Clear restores the printed image in the default gallery.
    $('.reset_variations').click();
    await vi.waitFor(() => expect(slideImages()[0]).toBe('/wp-content/uploads/jacket-600x720.jpg'));
  });

  it('uses wc_variation_gallery_defaults[product_id] when the form has no template', async () => {
    const fromGlobal = DEFAULT_GALLERY.replace('data-caption="Front view"', 'data-caption="Front view (defaults)"');
    undo.push(setGlobals({ wc_variation_gallery_defaults: { 512: fromGlobal } }));
    await open(jacketPage({ 518: OLIVE_GALLERY }));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    $('.reset_variations').click();
    await vi.waitFor(() => expect(gallery().querySelector('.wp-post-image')!.getAttribute('data-caption')).toBe('Front view (defaults)'));
    await vi.waitFor(() => expect(thumbs()).toHaveLength(3));
    enhanced(gallery(), 3);
  });

  it('without template or defaults, brings back the gallery the page printed, enhanced once', async () => {
    await open(jacketPage({ 518: OLIVE_GALLERY }));
    const printed = gallery();
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    $('.reset_variations').click();
    await vi.waitFor(() =>
      expect(slideImages()).toEqual([
        '/wp-content/uploads/jacket-600x720.jpg',
        '/wp-content/uploads/jacket-back-600x720.jpg',
        '/wp-content/uploads/jacket-detail-600x720.jpg',
      ]),
    );
    await vi.waitFor(() => expect(thumbs()).toHaveLength(3));
    expect(gallery()).toBe(printed);
    enhanced(gallery(), 3);
    thumbs()[1]!.click();
    await vi.waitFor(() => expect(activeSlide()).toBe(1));
  });

  it("goes through jQuery when the page has it: each event once, with the gallery element itself (WooCommerce's [this, params])", async () => {
    const jq = fakeJQuery();
    undo.push(jq.restore);
    await open(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY));
    const printed = gallery();
    jq.calls.length = 0;
    olive();
    await vi.waitFor(() => expect(jq.calls.filter((c) => c.name === 'wc-product-gallery-after-init')).toHaveLength(1));
    const calls = jq.calls.filter((c) => GALLERY_EVENTS.includes(c.name));
    expect(calls.map((c) => c.name.replace('wc-product-gallery-', ''))).toEqual(['before-destroy', 'before-init', 'after-init']);
    expect(calls[0]!.target).toBe(printed);
    expect(calls[0]!.args[0]).toBe(printed);
    expect(calls[0]!.args[1]).toBe(PRODUCT_PARAMS);
    expect(calls[1]!.target).toBe(gallery());
    expect(calls[2]!.args[0]).toBe(gallery());
  });
});

describe('variation form: per-variation galleries without the gallery widget', () => {
  it('with jQuery, the form itself says before-destroy for a gallery nothing ran on, with the element itself', async () => {
    const jq = fakeJQuery();
    undo.push(jq.restore);
    await mountPage(jacketPage({ 518: OLIVE_GALLERY }, DEFAULT_GALLERY), only('variation-form'));
    await afterInit();
    const printed = gallery();
    jq.calls.length = 0;
    olive();
    await vi.waitFor(() => expect(gallery()).not.toBe(printed));
    const destroyed = jq.calls.filter((c) => c.name === 'wc-product-gallery-before-destroy');
    expect(destroyed).toHaveLength(1);
    expect(destroyed[0]!.target).toBe(printed);
    expect(destroyed[0]!.args[0]).toBe(printed);
    expect(destroyed[0]!.args[1]).toBe(PRODUCT_PARAMS);
  });
});

describe('variation form: per-variation galleries, bad input', () => {
  it("markup that is not a gallery leaves the gallery working, swaps the variation's image, and warns once", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notAGallery =
      '<div class="woocommerce-product-gallery__image"><img src="/wp-content/uploads/jacket-olive-600x720.jpg" alt=""></div>';
    await open(jacketPage({ 518: notAGallery, 519: notAGallery }, DEFAULT_GALLERY));
    const printed = gallery();
    const seen = recordNative(GALLERY_EVENTS);
    olive();
    await vi.waitFor(() => expect(slideImages()[0]).toBe('/wp-content/uploads/jacket-olive-600x720.jpg'));
    choose('pa_size', 'm');
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('519'));
    expect(gallery()).toBe(printed);
    expect(seen).toEqual([]);
    expect(form().hasAttribute('data-product_gallery_active')).toBe(false);
    enhanced(printed, 3);
    thumbs()[2]!.click();
    await vi.waitFor(() => expect(activeSlide()).toBe(2));
    const said = warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes('gallery_images_html'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('variation-form');
  });

  it('an empty or blank gallery_images_html is no gallery: the image swap as usual, no events', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open(jacketPage({ 518: '   ', 519: null }, DEFAULT_GALLERY));
    const printed = gallery();
    const seen = recordNative(GALLERY_EVENTS);
    olive();
    await vi.waitFor(() => expect(slideImages()[0]).toBe('/wp-content/uploads/jacket-olive-600x720.jpg'));
    choose('pa_size', 'm');
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('519'));
    expect(gallery()).toBe(printed);
    expect(seen).toEqual([]);
    expect(form().hasAttribute('data-product_gallery_active')).toBe(false);
    enhanced(printed, 3);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a broken reset template falls back to the printed gallery, with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open(jacketPage({ 518: OLIVE_GALLERY }, '<p>not a gallery</p>'));
    olive();
    await vi.waitFor(() => expect(thumbs()).toHaveLength(4));
    $('.reset_variations').click();
    await vi.waitFor(() =>
      expect(slideImages()).toEqual([
        '/wp-content/uploads/jacket-600x720.jpg',
        '/wp-content/uploads/jacket-back-600x720.jpg',
        '/wp-content/uploads/jacket-detail-600x720.jpg',
      ]),
    );
    await vi.waitFor(() => expect(thumbs()).toHaveLength(3));
    expect(galleries()).toHaveLength(1);
    const said = warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes('wc-product-gallery-default-template'));
    expect(said).toHaveLength(1);
  });
});
