import { cssString } from '../../src/dom/selector';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { checkedSrcset, httpUrlText } from '../../src/net/url-attrs';
import type { Variation } from './logic';

export { variationHtml } from './template';
export { GallerySwapper } from './gallery-swapper';

const OWNER = 'variation-form';

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
