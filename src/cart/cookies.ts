/**
 * WooCommerce's cart cookies: set by the shop once a visitor has a cart. Apart from the cart core so the
 * runtime's registry can read them too (this module travels in the core chunk, not the cart's).
 */
export const HASH_COOKIE = 'woocommerce_cart_hash';
export const ITEMS_COOKIE = 'woocommerce_items_in_cart';
