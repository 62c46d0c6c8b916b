import { CORE_FRAGMENT } from './logic';

/** Pure rules for the fragments of a cart answer or of storage: which keys to trust, the items they show. */

/**
 * Fragment keys the mini-cart knows without a server answer: WooCommerce's core key and Avada's header count.
 * Stored fragments may use only these or the keys of the shop's last answer on this page: storage is writable
 * by any script of the origin, and a key is a selector for any element (`#login`, `html`).
 */
export const KNOWN_FRAGMENT_KEYS: readonly string[] = [CORE_FRAGMENT, 'span.fusion-widget-cart-number'];

/**
 * Split stored fragments into the ones whose key is allowed (or, for another key, that `harmless` accepts: a
 * theme's header count or cart dropdown) and the keys that are not.
 */
export function trustedFragments(
  fragments: Record<string, string>,
  allowed: ReadonlySet<string>,
  harmless: (key: string, html: string) => boolean = () => false,
): { kept: Record<string, string>; refused: string[] } {
  const kept: Record<string, string> = {};
  const refused: string[] = [];
  for (const [key, html] of Object.entries(fragments)) {
    if (allowed.has(key) || harmless(key, html)) kept[key] = html;
    else refused.push(key);
  }
  return { kept, refused };
}

/** Sum of the quantities shown in mini-cart lines ("2 × €24.00"). */
export function sumQuantities(texts: readonly string[]): number {
  let sum = 0;
  for (const text of texts) {
    const n = Number.parseInt(text.trim(), 10);
    if (Number.isFinite(n) && n > 0) sum += n;
  }
  return sum;
}
