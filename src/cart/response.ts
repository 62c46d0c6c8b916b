/** The answer of add_to_cart, remove_from_cart and get_refreshed_fragments, as validated by ./schema. */
export interface CartResponse {
  fragments?: Record<string, unknown> | null;
  cart_hash?: string | number | boolean | null;
  error?: unknown;
  product_url?: unknown;
  success?: unknown;
  [key: string]: unknown;
}

export { cartResponseSchema } from './schema';

/** The hash as a string: WooCommerce sends "" for an empty cart; null, false or missing mean the same. */
export function hashOf(response: CartResponse): string {
  const h = response.cart_hash;
  return typeof h === 'string' ? h : typeof h === 'number' ? String(h) : '';
}
