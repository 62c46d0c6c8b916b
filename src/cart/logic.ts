import { sameOriginUrl } from '../net/url';
/** Pure cart rules: no DOM, no storage, no network. */

export const DAY_MS = 86_400_000;
export const CORE_FRAGMENT = 'div.widget_shopping_cart_content';
export interface StoredCart {
  /** Whether the `wc` probe succeeded on session storage. */
  storageWorks: boolean;
  fragments: unknown;
  /** sessionStorage[cart_hash_key]; null when never written. */
  hash: string | null;
  /** sessionStorage.wc_cart_created, as stored (a ms timestamp string). */
  created: string | null;
}

export type InitialDecision =
  | { action: 'reuse'; fragments: Record<string, string>; refreshIn: number | null }
  | { action: 'refresh'; reason: string }
  /** Ours: nothing stored and the cookies say the cart is empty, so the server markup is already right. */
  | { action: 'skip' };

/**
 * What to do on page load, as WooCommerce's cart-fragments script decides, plus one better rule: no request when
 * the cookies say the cart is empty and nothing is stored.
 */
export function decideInitial(
  stored: StoredCart,
  cookieHash: string | undefined,
  itemsInCart: string | undefined,
  now: number,
): InitialDecision {
  const cookie = cookieHash ?? '';
  const nothingStored = stored.fragments == null && stored.hash === null;
  if (nothingStored && cookie === '' && !hasItems(itemsInCart)) return { action: 'skip' };
  if (!stored.storageWorks) return { action: 'refresh', reason: 'storage unavailable' };
  const hash = stored.hash ?? '';
  if (hash !== '' && !stored.created) return { action: 'refresh', reason: 'no wc_cart_created' };
  let refreshIn: number | null = null;
  if (stored.created) {
    const created = Number(stored.created);
    if (!Number.isFinite(created)) return { action: 'refresh', reason: 'malformed wc_cart_created' };
    // A time still to come was not written by a cart change: it would keep the stored fragments for ever.
    if (created > now) return { action: 'refresh', reason: 'wc_cart_created in the future' };
    const expires = created + DAY_MS;
    if (expires < now) return { action: 'refresh', reason: 'fragments expired' };
    refreshIn = expires - now;
  }
  const fragments = asFragments(stored.fragments);
  // WooCommerce tests the core key's value, not its presence: an empty one is no stored cart.
  if (!fragments?.[CORE_FRAGMENT]) return { action: 'refresh', reason: 'no stored fragments' };
  if (hash !== cookie) return { action: 'refresh', reason: 'cart changed on the server' };
  return { action: 'reuse', fragments, refreshIn };
}

/** `woocommerce_items_in_cart` is "1" when the cart has items; anything numeric above 0 counts. */
export function hasItems(itemsInCart: string | undefined): boolean {
  const n = Number(itemsInCart);
  return Number.isFinite(n) && n > 0;
}

/** A fragments object keeps only string values: anything else cannot replace markup. */
export function asFragments(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, html] of Object.entries(value as Record<string, unknown>)) if (typeof html === 'string') out[key] = html;
  return out;
}

/** Redirect targets from JSON: same-origin http(s) only, else null (the caller shows an inline error). */
export function safeRedirect(url: unknown, base: string): string | null {
  return sameOriginUrl(url, base)?.href ?? null;
}
