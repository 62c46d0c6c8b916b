import { describeIssues, readSlide, type RawSlide, type Slide, type SlideIssues } from './logic';

/** The gallery's server markup, read: the slides and what names them. */
export const SLIDE_SELECTOR = '.woocommerce-product-gallery__image, .woocommerce-product-gallery__image--placeholder';
export const WATCHED = [
  'data-thumb',
  'data-thumb-alt',
  'data-thumb-srcset',
  'data-thumb-sizes',
  'href',
  'src',
  'srcset',
  'sizes',
  'alt',
  'title',
  'data-caption',
  'data-src',
  'data-large_image',
  'data-large_image_width',
  'data-large_image_height',
  'width',
  'height',
];

function rawSlide(slide: Element): RawSlide {
  const img = slide.querySelector('img:not(.zoomImg)');
  const link = slide.querySelector('a[href]');
  const attr = (el: Element | null, name: string) => el?.getAttribute(name) ?? null;
  return {
    thumb: attr(slide, 'data-thumb'),
    thumbAlt: attr(slide, 'data-thumb-alt'),
    thumbSrcset: attr(slide, 'data-thumb-srcset'),
    thumbSizes: attr(slide, 'data-thumb-sizes'),
    href: attr(link, 'href'),
    src: attr(img, 'src'),
    alt: attr(img, 'alt'),
    title: attr(img, 'title'),
    caption: attr(img, 'data-caption'),
    large: attr(img, 'data-large_image') ?? attr(img, 'data-src'),
    largeWidth: attr(img, 'data-large_image_width'),
    largeHeight: attr(img, 'data-large_image_height'),
    width: attr(img, 'width'),
    height: attr(img, 'height'),
  };
}

export const isPlaceholder = (slide: Element) =>
  slide.matches('.woocommerce-product-gallery__image--placeholder') || !slide.querySelector('img');

/** Read every slide; markup problems become one warning per attribute, naming the slides. */
export function readSlides(slideEls: readonly Element[], warn?: (field: string, message: string) => void): Slide[] {
  const issues: SlideIssues = {};
  const slides = slideEls.map((el, i) => readSlide(rawSlide(el), i + 1, isPlaceholder(el) ? {} : issues));
  if (warn) for (const { field, message } of describeIssues(issues)) warn(field, message);
  return slides;
}

export function directionAttribute(el: Element): string {
  return (el.closest('[dir]')?.getAttribute('dir') ?? '').trim().toLowerCase();
}

export function productTitle(gallery: Element): string {
  const scope = gallery.closest('.product') ?? document;
  return scope.querySelector('.product_title')?.textContent?.trim() ?? '';
}
