import { parseSize, previewBox, type Box } from './logic';
import type { PreviewImage, QuickViewProps } from './QuickView';

const CARD_TITLE =
  '.woocommerce-loop-product__title, .product-title, .fusion-title-heading, .fusion-carousel-title, .product_title, h2, h3, h4';
const BADGES = '.onsale, .fusion-out-of-stock, .fusion-woo-badges-wrapper > *';

export interface Card {
  card: Element | null;
  image: HTMLImageElement | undefined;
  preview: Box;
  view: Pick<QuickViewProps, 'title' | 'priceRating' | 'badges' | 'image'>;
  /** The image's box in the viewport, read at the press (dialog.tsx `press`) while the page has not scrolled since. */
  pressed?: DOMRect;
}

/** What the dialog shows of a link's card before the product arrives. */
export function cardOf(link: HTMLElement): Card {
  const card = link.closest('.product, .fusion-carousel-item');
  // The featured image (Avada's `.wp-post-image`): a crossfade card prints its hover image before it.
  const images = card ? [...card.querySelectorAll('img')].filter((img) => !link.contains(img)) : [];
  const image = images.find((img) => img.classList.contains('wp-post-image')) ?? images[0];
  const preview = previewBox(imageBox(image, link));
  const title =
    link.getAttribute('data-product-title')?.trim() ||
    card?.querySelector(CARD_TITLE)?.textContent?.trim() ||
    link.textContent?.trim() ||
    'Quick view';
  // The loader's `.fusion-price-rating > .price + .star-rating`: the card's price, then its rating, one of each.
  const first = (selector: string) =>
    card ? [...card.querySelectorAll(selector)].find((el) => !el.parentElement?.closest('.price, .star-rating')) : undefined;
  const priceRating = [first('.price'), first('.star-rating')].filter((el) => el !== undefined);
  const badges = card ? [...card.querySelectorAll(BADGES)] : [];
  return { card, image, preview, view: { title, priceRating, badges, image: image ? previewImage(image) : undefined } };
}

/** The card image's size (its attributes or natural size), else the link's `data-image-width/height`. */
function imageBox(image: HTMLImageElement | undefined, link: Element): Box | undefined {
  const w = parseSize(image?.getAttribute('width') ?? null) ?? (image?.naturalWidth || undefined);
  const h = parseSize(image?.getAttribute('height') ?? null) ?? (image?.naturalHeight || undefined);
  if (w && h) return { width: w, height: h };
  const dw = parseSize(link.getAttribute('data-image-width'));
  const dh = parseSize(link.getAttribute('data-image-height'));
  return dw && dh ? { width: dw, height: dh } : undefined;
}

function previewImage(image: HTMLImageElement): PreviewImage | undefined {
  const src = image.currentSrc || image.getAttribute('src');
  if (!src) return undefined;
  return { src, srcset: image.getAttribute('srcset') ?? undefined, sizes: image.getAttribute('sizes') ?? undefined };
}
