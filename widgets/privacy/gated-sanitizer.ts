import { sanitizeFragment as sanitizeCore } from '../../src/dom/sanitize';
import { blockedBy } from './consent';
import type { GatedOptions } from './sanitizer';

export { sanitizerReady } from '../../src/dom/sanitize';

/**
 * The one sanitizer with this widget's consent gate (a chunk of its own, loaded on demand; DOMPurify's comes
 * behind it only where the browser has no sanitizer of its own).
 */
export function sanitizeFragment(html: string, options: GatedOptions = {}): DocumentFragment {
  return sanitizeCore(html, { ...options, blockedBy });
}

/**
 * The shop's own answers (cart page, checkout fragments, notices): every field keeps the name and id WooCommerce
 * printed, or the order would go without it.
 */
export function sanitizeShopHtml(html: string): DocumentFragment {
  return sanitizeFragment(html, { shopForms: true });
}

/**
 * One element of a parsed answer (a cart form, totals, a notice), cleaned on its own: a whole page through
 * the sanitizer costs its header and footer too. Null when nothing of it may stay (a form posting off-site).
 */
export function sanitizeShopElement(element: Element): Element | null {
  return sanitizeShopHtml(element.outerHTML).firstElementChild;
}
