import { checkedSrcset, httpUrlText, imageUrlText } from '../../src/net/url-attrs';

/**
 * The gallery's rules, free of the DOM: which slide is shown, when zoom is worth it, what a slide's data is
 * (with the problems found in the markup), captions, and how WooCommerce's timings map onto Embla.
 */

/** What the CMS printed for one slide, as raw attribute values (null when absent). */
export interface RawSlide {
  thumb: string | null;
  thumbAlt: string | null;
  thumbSrcset: string | null;
  thumbSizes: string | null;
  href: string | null;
  src: string | null;
  alt: string | null;
  title: string | null;
  caption: string | null;
  large: string | null;
  largeWidth: string | null;
  largeHeight: string | null;
  width: string | null;
  height: string | null;
}

export interface Slide {
  thumb: string;
  thumbAlt: string;
  thumbSrcset: string;
  thumbSizes: string;
  /** The full-size image for zoom and the lightbox. */
  large: string;
  /** 0 when unknown: no zoom, and the lightbox measures the image. */
  largeWidth: number;
  largeHeight: number;
  /** The displayed image's own size, a fallback for the lightbox. */
  width: number;
  height: number;
  alt: string;
  caption: string;
}

/** Markup problems by attribute, each with the 1-based slide numbers, so one warning can name them all. */
export type SlideIssues = Partial<Record<'data-thumb' | 'data-thumb-srcset' | 'data-large_image' | 'data-large_image_width', number[]>>;

const trimmed = (v: string | null | undefined): string => (v ?? '').trim();

/** A positive integer from an attribute, else 0. */
export function positiveSize(value: string | null | undefined): number {
  const text = trimmed(value);
  if (!/^\d+(\.\d+)?$/.test(text)) return 0;
  const n = Math.round(Number(text));
  return n > 0 && n < 100_000 ? n : 0;
}

/**
 * Whether a URL from the markup is usable as an image source: through the one http(s) check, or a data: image
 * (a lazy-load placeholder). `javascript:` and friends, values with spaces, and empty values are not.
 */
export function isImageUrl(value: string | null | undefined): boolean {
  const text = trimmed(value);
  return text !== '' && !/\s/.test(text) && imageUrlText(text) !== null;
}

/** The caption WooCommerce shows: the image's data-caption, else its title. */
export function captionFor(caption: string | null | undefined, title: string | null | undefined): string {
  return trimmed(caption) || trimmed(title);
}

/** Read one slide; problems are added to `issues` under the slide's number. */
export function readSlide(raw: RawSlide, number: number, issues: SlideIssues): Slide {
  const note = (field: keyof SlideIssues) => (issues[field] ??= []).push(number);
  const src = isImageUrl(raw.src) ? trimmed(raw.src) : '';
  let large = trimmed(raw.large);
  if (!isImageUrl(large)) {
    if (large || raw.large !== null) note('data-large_image');
    large = httpUrlText(raw.href) && !trimmed(raw.href).startsWith('#') ? trimmed(raw.href) : src;
  }
  let thumb = trimmed(raw.thumb);
  if (!isImageUrl(thumb)) {
    note('data-thumb');
    thumb = src || large;
  }
  const thumbSrcset = checkedSrcset(trimmed(raw.thumbSrcset));
  if (thumbSrcset?.refused) note('data-thumb-srcset');
  const largeWidth = positiveSize(raw.largeWidth);
  const largeHeight = positiveSize(raw.largeHeight);
  if (!largeWidth || !largeHeight) note('data-large_image_width');
  return {
    thumb,
    thumbAlt: trimmed(raw.thumbAlt),
    thumbSrcset: thumbSrcset?.srcset ?? '',
    thumbSizes: trimmed(raw.thumbSizes),
    large,
    largeWidth: largeWidth && largeHeight ? largeWidth : 0,
    largeHeight: largeWidth && largeHeight ? largeHeight : 0,
    width: positiveSize(raw.width),
    height: positiveSize(raw.height),
    alt: trimmed(raw.alt),
    caption: captionFor(raw.caption, raw.title),
  };
}

/** One sentence per problem, naming the slides, for a single console warning each. */
export function describeIssues(issues: SlideIssues): { field: string; message: string }[] {
  const list = (n: number[]) => `slide${n.length > 1 ? 's' : ''} ${n.join(', ')}`;
  const out: { field: string; message: string }[] = [];
  if (issues['data-thumb']?.length)
    out.push({
      field: 'data-thumb',
      message: `missing or not an image URL on ${list(issues['data-thumb'])}; the thumbnail shows the slide's image instead`,
    });
  if (issues['data-thumb-srcset']?.length)
    out.push({
      field: 'data-thumb-srcset',
      message: `holds URLs that are not http(s) on ${list(issues['data-thumb-srcset'])}; those candidates are left out`,
    });
  if (issues['data-large_image']?.length)
    out.push({
      field: 'data-large_image',
      message: `not an image URL on ${list(issues['data-large_image'])}; using the link or the image itself`,
    });
  if (issues['data-large_image_width']?.length)
    out.push({
      field: 'data-large_image_width',
      message: `data-large_image_width/height missing or not a number on ${list(issues['data-large_image_width'])}; no zoom there, and the lightbox measures the image`,
    });
  return out;
}

/** The slider runs with 2+ images when enabled (WooCommerce's allowOneSlide is false). */
export function sliderWanted(enabled: boolean, count: number, allowOneSlide = false): boolean {
  return enabled && (count >= 2 || (allowOneSlide && count === 1));
}

export function clampIndex(index: number, count: number, loop = false): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  const i = Math.trunc(index);
  if (loop) return ((i % count) + count) % count;
  return Math.min(Math.max(i, 0), count - 1);
}

export type Move = 'prev' | 'next' | 'first' | 'last';

/** Whether previous/next can do anything from here. */
export function canMove(current: number, count: number, loop = false): { prev: boolean; next: boolean } {
  if (count < 2) return { prev: false, next: false };
  if (loop) return { prev: true, next: true };
  return { prev: current > 0, next: current < count - 1 };
}

/** Arrow keys follow the reading direction: in RTL the left arrow goes forward. */
export function keyToMove(key: string, rtl: boolean): Move | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 'next' : 'prev';
    case 'ArrowRight':
      return rtl ? 'prev' : 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** The carousel pattern's slide label. */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/** The class of the thumbnail that ends a row of `data-columns` (our fallback layout; a theme's own rules win). */
export const ROW_END = 'sf-gallery__row-end';

/** Thumbnail columns from `data-columns` (WooCommerce prints 4), kept sane. */
export function thumbnailColumns(value: string | null | undefined): number {
  const n = positiveSize(value);
  return n >= 1 && n <= 12 ? n : 4;
}
