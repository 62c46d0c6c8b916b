import { islandHost } from '../../src/host';
import { pageGlobal } from '../../src/config/globals';
import { cssString } from '../../src/dom/selector';
import { env } from '../../src/env';
import { fireLegacy, listenLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { checkedSrcset, httpUrlText } from '../../src/net/url-attrs';
import type { Variation } from './logic';

export { variationHtml } from './template';

/**
 * What a chosen variation changes outside the form, in the closest `.product`: SKU, weight, dimensions and the
 * first gallery image. Every original is kept once in `data-o_*` (plugins read those names) and restored on reset.
 */

function setContent(el: Element, text: string): void {
  if (!el.hasAttribute('data-o_content')) el.setAttribute('data-o_content', el.textContent ?? '');
  el.textContent = text;
}

function resetContent(el: Element): void {
  const original = el.getAttribute('data-o_content');
  if (original !== null) el.textContent = original;
}

/** Set an attribute, keeping its first value in `data-o_<attr>`; `false`/undefined removes it. */
export function setVariationAttr(el: Element | null | undefined, attr: string, value: unknown): void {
  if (!el) return;
  if (!el.hasAttribute(`data-o_${attr}`)) el.setAttribute(`data-o_${attr}`, el.getAttribute(attr) ?? '');
  // Rewriting an unchanged src would restart the image's loading.
  if (value === false || value === undefined || value === null) el.removeAttribute(attr);
  else if (el.getAttribute(attr) !== String(value)) el.setAttribute(attr, String(value));
}

/** Restore from `data-o_<attr>`; an attribute that was absent is removed rather than set empty (an empty src refetches the page). */
export function resetVariationAttr(el: Element | null | undefined, attr: string): void {
  if (!el) return;
  const original = el.getAttribute(`data-o_${attr}`);
  if (original === null) return;
  if (original === '' && attr !== 'alt') el.removeAttribute(attr);
  else if (el.getAttribute(attr) !== original) el.setAttribute(attr, original);
}

function decodeHtmlText(html: string): string {
  // A textarea parses entities without running or loading anything.
  const t = document.createElement('textarea');
  t.innerHTML = html;
  return t.value;
}

const WEIGHT = '.product_weight, .woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value';
const DIMENSIONS = '.product_dimensions, .woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value';

export function showDetails(product: Element | null, variation: Variation | null): void {
  if (!product) return;
  const sku = product.querySelectorAll('.product_meta .sku');
  const weight = product.querySelectorAll(WEIGHT);
  const dims = product.querySelectorAll(DIMENSIONS);
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const apply = (els: Iterable<Element>, text: string | undefined) => {
    for (const el of els) {
      if (text === undefined) resetContent(el);
      else setContent(el, text);
    }
  };
  apply(sku, variation?.sku ? str(variation.sku) : undefined);
  apply(weight, variation?.weight ? str(variation.weight_html) : undefined);
  apply(dims, variation?.dimensions ? decodeHtmlText(str(variation.dimensions_html)) : undefined);
}

const IMAGE_ATTRS = [
  'src',
  'width',
  'height',
  'srcset',
  'sizes',
  'title',
  'data-caption',
  'alt',
  'data-src',
  'data-large_image',
  'data-large_image_width',
  'data-large_image_height',
] as const;

interface GalleryParts {
  gallery: Element | null;
  nav: Element | null;
  slide: Element | null;
  img: Element | null;
  link: Element | null;
  thumb: Element | null;
}

function galleryParts(product: Element | null): GalleryParts {
  const gallery = product?.querySelector('.images') ?? null;
  const nav = product?.querySelector('.flex-control-nav') ?? null;
  const first = gallery?.querySelector('.woocommerce-product-gallery__image, .woocommerce-product-gallery__image--placeholder') ?? null;
  return {
    gallery,
    nav,
    slide: first,
    img: first?.querySelector('.wp-post-image') ?? null,
    link: first?.querySelector('a') ?? null,
    thumb: nav?.querySelector('li img') ?? null,
  };
}

function resetImage(parts: GalleryParts): void {
  for (const attr of IMAGE_ATTRS) resetVariationAttr(parts.img, attr);
  resetVariationAttr(parts.slide, 'data-thumb');
  resetVariationAttr(parts.thumb, 'src');
  resetVariationAttr(parts.link, 'href');
}

interface ImageData {
  src?: unknown;
  src_w?: unknown;
  src_h?: unknown;
  srcset?: unknown;
  sizes?: unknown;
  title?: unknown;
  caption?: unknown;
  alt?: unknown;
  full_src?: unknown;
  full_src_w?: unknown;
  full_src_h?: unknown;
  gallery_thumbnail_src?: unknown;
}

interface ImageUrls {
  src: string;
  /** The full-size image for the link and the zoom; the displayed image when full_src is refused. */
  full: string | undefined;
  /** `false` removes the attribute, as WooCommerce does for a variation without one. */
  srcset: string | false | undefined;
  thumb: string;
}

/**
 * Every URL of a variation's image through the one http(s) check before it reaches `src`, `srcset` or `href`: a
 * `javascript:` full_src in the gallery link would run on click on a page without CSP. A refused value is one
 * warning naming the field, and the image falls back as if the value were absent.
 */
function imageUrls(image: ImageData, variationId: number): ImageUrls {
  const refuse = (field: string, fallback: string) =>
    warnOnce(OWNER, `image.${field}`, `of variation ${variationId} is not an http(s) URL; ${fallback}`);
  const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  const src = httpUrlText(image.src) ?? '';
  // A src of one character is WooCommerce's "no image" (the product image stays): not worth a warning.
  if (!src && present(image.src) && String(image.src).trim().length > 1) refuse('src', 'the product image stays');
  let full = httpUrlText(image.full_src) ?? undefined;
  if (!full && present(image.full_src)) {
    refuse('full_src', 'the link and zoom use the displayed image');
    full = src || undefined;
  }
  let srcset: string | false | undefined = image.srcset === false ? false : undefined;
  const checked = checkedSrcset(image.srcset);
  if (checked) {
    if (checked.refused) refuse('srcset', `${checked.refused} of its candidates left out`);
    srcset = checked.srcset || false;
  }
  const thumb = httpUrlText(image.gallery_thumbnail_src) ?? '';
  if (!thumb && present(image.gallery_thumbnail_src)) refuse('gallery_thumbnail_src', 'the thumbnail keeps its image');
  return { src, full, srcset, thumb };
}

/**
 * After a swap the gallery re-measures (the controller calls this 20 ms after the next paint: window `resize`,
 * `woocommerce_gallery_init_zoom`); with an image id, `current-image` becomes it and a changed one puts the slider
 * back on slide one. The controller owns it: the form's init hides a variation before this module is loaded.
 */
export type Settle = (imageId?: string) => void;

/**
 * Swap the first gallery image for the variation's, or restore it (variation null or without an image). A
 * thumbnail already showing the variation's image is clicked instead (`flexslider-click`), then the gallery settles.
 */
export function updateImage(form: HTMLFormElement, product: Element | null, variation: Variation | null, settle: Settle): void {
  const parts = galleryParts(product);
  const image = (variation?.image && typeof variation.image === 'object' ? variation.image : undefined) as ImageData | undefined;
  const urls = image && variation ? imageUrls(image, variation.variation_id) : undefined;
  const src = urls?.src ?? '';
  const id = variation?.image_id ? String(variation.image_id) : '';

  if (!variation || !image || src.length <= 1) {
    resetImage(parts);
    settle(id);
    return;
  }
  const thumbSrc = urls?.thumb ?? '';
  if (parts.nav && thumbSrc) {
    if (parts.nav.querySelector(`li img[data-o_src=${cssString(thumbSrc)}]`)) resetImage(parts);
    const slideTo = parts.nav.querySelector(`li img[src=${cssString(thumbSrc)}]`);
    if (slideTo) {
      fireLegacy(slideTo, 'flexslider-click');
      form.setAttribute('current-image', id);
      settle();
      return;
    }
  }
  const img = parts.img;
  setVariationAttr(img, 'src', src);
  setVariationAttr(img, 'height', image.src_h);
  setVariationAttr(img, 'width', image.src_w);
  setVariationAttr(img, 'srcset', urls?.srcset);
  setVariationAttr(img, 'sizes', image.sizes);
  setVariationAttr(img, 'title', image.title);
  setVariationAttr(img, 'data-caption', image.caption);
  setVariationAttr(img, 'alt', image.alt);
  setVariationAttr(img, 'data-src', urls?.full);
  setVariationAttr(img, 'data-large_image', urls?.full);
  setVariationAttr(img, 'data-large_image_width', image.full_src_w);
  setVariationAttr(img, 'data-large_image_height', image.full_src_h);
  setVariationAttr(parts.slide, 'data-thumb', src);
  setVariationAttr(parts.thumb, 'src', thumbSrc || false);
  setVariationAttr(parts.link, 'href', urls?.full);
  settle(id);
}

/**
 * Per-variation galleries: `gallery_images_html` replaces the whole gallery; the default comes back on reset (or for
 * a variation without one) from the form's `wc-product-gallery-default-template`, `wc_variation_gallery_defaults
 * [product_id]`, or the gallery the page printed. The replaced gallery is unmounted while still in the page, so its
 * `wc-product-gallery-before-destroy` reaches document listeners once; the new one is scanned at once, and the
 * gallery widget fires `-before-init` / `-after-init` on it.
 */
export class GallerySwapper {
  private swapped = false;
  /** The gallery the page printed, kept while a variation's gallery is shown: the last fallback for the reset. */
  private printed: Element | undefined;
  constructor(
    private readonly form: HTMLFormElement,
    private readonly product: Element | null,
  ) {}

  /** True when the variation brought its own gallery (the single-image swap is then skipped). */
  show(variation: Variation | null): boolean {
    const html = typeof variation?.gallery_images_html === 'string' ? variation.gallery_images_html.trim() : '';
    if (html) {
      const fresh = parseGallery(html);
      if (!fresh) {
        warnOnce(
          OWNER,
          'gallery_images_html',
          "is not a .woocommerce-product-gallery; the current gallery stays and shows the variation's image",
        );
      } else if (this.replace(fresh)) {
        this.swapped = true;
        this.form.setAttribute('data-product_gallery_active', 'yes');
        this.form.setAttribute('current-image', variation?.image_id ? String(variation.image_id) : '');
        return true;
      }
    }
    if (this.swapped) this.restore();
    return false;
  }

  private restore(): void {
    const defaults = (window as unknown as { wc_variation_gallery_defaults?: Record<string, unknown> }).wc_variation_gallery_defaults;
    const template = this.form.querySelector('script.wc-product-gallery-default-template');
    const fromGlobal = defaults && typeof defaults === 'object' ? defaults[this.form.getAttribute('data-product_id') ?? ''] : undefined;
    let fresh: Element | undefined;
    if (template?.textContent?.trim()) {
      fresh = parseGallery(template.textContent);
      if (!fresh)
        warnOnce(
          OWNER,
          'wc-product-gallery-default-template',
          'is not a .woocommerce-product-gallery; using wc_variation_gallery_defaults or the gallery the page printed',
        );
    }
    if (!fresh && typeof fromGlobal === 'string' && fromGlobal.trim()) {
      fresh = parseGallery(fromGlobal);
      if (!fresh)
        warnOnce(OWNER, 'wc_variation_gallery_defaults', 'is not a .woocommerce-product-gallery; using the gallery the page printed');
    }
    fresh ??= this.printed;
    if (fresh) this.replace(fresh);
    this.swapped = false;
    this.form.removeAttribute('data-product_gallery_active');
    this.form.setAttribute('current-image', '');
  }

  private replace(fresh: Element): boolean {
    const current = this.product?.querySelector('.woocommerce-product-gallery');
    if (!current || current === fresh) return false;
    if (!this.swapped) this.printed = current;
    const host = islandHost();
    // The gallery widget says before-destroy itself when it unmounts; say it here only when nothing ran on it.
    let said = false;
    const off = listenLegacy(current, 'wc-product-gallery-before-destroy', () => (said = true));
    try {
      host?.unmount(current);
    } catch {
      /* the runtime reports its own failures */
    }
    off();
    // The element itself, as the gallery widget (and WooCommerce's `[this, params]`).
    if (!said)
      fireLegacy(current, 'wc-product-gallery-before-destroy', [current, pageGlobal('wc_single_product_params') ?? {}], OWNER, false);
    current.replaceWith(fresh);
    host?.scan(fresh);
    return true;
  }
}

const OWNER = 'variation-form';

/** The `.woocommerce-product-gallery` in server HTML (parsed inert: nothing runs or loads until inserted). */
function parseGallery(html: string): Element | undefined {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.querySelector('.woocommerce-product-gallery') ?? undefined;
}

/**
 * The variation template's markup (price, stock, description: HTML from the shop's own data, inserted as
 * WooCommerce does), parsed inert first. What would act on the whole page from inside a price is dropped before
 * it is inserted: `<base>` (re-points every relative URL and form), `<meta>` (refresh), `<link>` and scripts.
 */
export function variationFragment(html: string): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  for (const el of t.content.querySelectorAll('base, meta, link, script')) el.remove();
  return t.content;
}

/** The slide running on an element (ours only: asking the element for its animations would restyle the page). */
const slides = new WeakMap<HTMLElement, Animation>();

/** jQuery's slideDown/slideUp, instant under reduced motion. */
export function slide(el: HTMLElement, show: boolean, ms = 200): void {
  slides.get(el)?.cancel();
  slides.delete(el);
  const hidden = el.style.display === 'none';
  if (show) el.style.display = '';
  else if (hidden) return;
  if (env().prefersReducedMotion() || typeof el.animate !== 'function') {
    if (!show) el.style.display = 'none';
    return;
  }
  if (show && !hidden) return;
  const height = `${el.scrollHeight}px`;
  const frames = show
    ? [
        { height: '0px', overflow: 'hidden' },
        { height, overflow: 'hidden' },
      ]
    : [
        { height, overflow: 'hidden' },
        { height: '0px', overflow: 'hidden' },
      ];
  const animation = el.animate(frames, { duration: ms, easing: 'ease' });
  slides.set(el, animation);
  animation.onfinish = () => {
    if (slides.get(el) === animation) slides.delete(el);
    if (!show) el.style.display = 'none';
  };
}
