import { idFromHash } from '../../src/tabs/logic';

/** WooCommerce's panel ids for the two tabs its routing knows by name. */
export const REVIEWS_PANEL = 'tab-reviews';
export const ADDITIONAL_INFORMATION_PANEL = 'tab-additional_information';

/**
 * A hash that points into the reviews: a comment (`#comment-12`), `#reviews` or `#tab-reviews`, in any case
 * (WooCommerce lower-cases the hash before comparing).
 */
export function isReviewsHash(hash: string): boolean {
  const h = hash.toLowerCase();
  return h.includes('comment-') || h === '#reviews' || h === `#${REVIEWS_PANEL}`;
}

/** Paginated reviews (`/product/x/comment-page-2/`, `?cpage=2`) arrive with the reviews open. */
export function isReviewsUrl(url: string): boolean {
  return url.includes('comment-page-') || url.includes('cpage=');
}

/**
 * The panel to open first, by WooCommerce's order: reviews for a comment or reviews hash, or a comment-page URL;
 * a hash naming a panel opens that panel (WooCommerce knows only `#tab-additional_information`; any panel id is
 * the same rule, generalised); otherwise undefined, which means the first tab.
 */
export function initialPanelId(hash: string, url: string, panelIds: readonly string[]): string | undefined {
  if (isReviewsHash(hash) || isReviewsUrl(url)) return REVIEWS_PANEL;
  return hashPanelId(hash, panelIds);
}

/** After load, only the hash routes: a reviews hash, or one naming a panel. */
export function hashPanelId(hash: string, panelIds: readonly string[]): string | undefined {
  if (isReviewsHash(hash)) return REVIEWS_PANEL;
  const id = idFromHash(hash);
  return id !== undefined && panelIds.includes(id) ? id : undefined;
}
