import { safeRedirect } from '../../src/cart/logic';

/** Avada shows the in-cart check no earlier than this after the click. */
export const CHECK_DELAY_MS = 2000;

export const BUTTON = '.add_to_cart_button.ajax_add_to_cart[data-product_id]';

/** What to do with an add_to_cart answer, in WooCommerce's order: error → product page; redirect option; success. */
export type Outcome =
  | { kind: 'navigate'; url: string }
  | { kind: 'unsafe-redirect'; target: 'product_url' | 'cart_url' }
  | { kind: 'failed' }
  | { kind: 'added'; fragments: Record<string, unknown>; hash: string };

export interface AddResponse {
  fragments?: Record<string, unknown> | null;
  cart_hash?: unknown;
  error?: unknown;
  product_url?: unknown;
}

export function decideOutcome(response: AddResponse, options: { cartRedirect: boolean; cartUrl: string; base: string }): Outcome {
  if (response.error) {
    if (response.product_url === undefined || response.product_url === null || response.product_url === '') return { kind: 'failed' };
    const url = safeRedirect(response.product_url, options.base);
    return url ? { kind: 'navigate', url } : { kind: 'unsafe-redirect', target: 'product_url' };
  }
  if (!response.fragments || typeof response.fragments !== 'object') return { kind: 'failed' };
  if (options.cartRedirect) {
    const url = safeRedirect(options.cartUrl, options.base);
    return url ? { kind: 'navigate', url } : { kind: 'unsafe-redirect', target: 'cart_url' };
  }
  const hash = typeof response.cart_hash === 'string' ? response.cart_hash : '';
  return { kind: 'added', fragments: response.fragments, hash };
}

/**
 * A checked same-origin URL as a link's href. WooCommerce writes `cart_url` as printed: so do we whenever the
 * printed text leads the link exactly where the check said (resolved against the document's base, which the
 * browser uses for the link); otherwise origin-relative when the document's base is on that origin, absolute
 * when it is not (a `<base href>` elsewhere would carry a relative link off-site).
 */
export function linkHref(url: URL, baseURI: string, printed?: string): string {
  if (printed && !/\s/.test(printed)) {
    try {
      if (new URL(printed, baseURI).href === url.href) return printed;
    } catch {
      /* not resolvable against the base: the checked form below */
    }
  }
  let baseOrigin: string | null = null;
  try {
    baseOrigin = new URL(baseURI).origin;
  } catch {
    /* no usable base: absolute */
  }
  return baseOrigin === url.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** Milliseconds to wait before showing the check: never before 2 s after the click. */
export function checkDelay(clickedAt: number, now: number): number {
  return Math.max(0, clickedAt + CHECK_DELAY_MS - now);
}

/** The shopper-facing failure text. */
export function failureText(productName: string | null, reason: string): string {
  const what = productName ? `“${productName}” could not be added to your cart.` : 'The product could not be added to your cart.';
  return reason ? `${what} ${reason}` : what;
}

/** The name from WooCommerce's aria-label ("Add to cart: “Canvas tote”") when the card has no title. */
export function nameFromLabel(label: string | null): string | null {
  if (!label) return null;
  const quoted = /[“"]([^”"]+)[”"]/.exec(label);
  return quoted?.[1]?.trim() || null;
}

/** A quantity typed into a post card: a positive number as text, else null (the old value stays). */
export function quantityValue(value: string): string | null {
  const n = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(n) && n > 0 ? value.trim() : null;
}

/** The name `element.dataset` gives a `data-*` attribute: `data-product_id` → `product_id`, `data-foo-bar` → `fooBar`. */
export function datasetKey(attribute: string): string | null {
  if (!attribute.toLowerCase().startsWith('data-')) return null;
  return attribute
    .slice(5)
    .toLowerCase()
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Every `data-*` attribute as WooCommerce posts them: dataset keys, string values, in attribute order. */
export function collectData(attributes: readonly (readonly [string, string])[]): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [name, value] of attributes) {
    const key = datasetKey(name);
    if (key) data[key] = value;
  }
  return data;
}
