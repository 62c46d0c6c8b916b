/**
 * Which notices take focus: WooCommerce moves focus to the first alert notice in a `.woocommerce-notices-wrapper`
 * (classic and block styles), 500 ms after load and after the classic cart replaced its content, so
 * screen-reader users hear it and keyboard users start from it. Info notices (`role="status"`) never take focus,
 * nor do alerts outside a wrapper (a checkout error group, a theme's own list): WooCommerce leaves those alone.
 */
export const ALERT_NOTICE = ['woocommerce-message', 'woocommerce-error', 'wc-block-components-notice-banner']
  .map((c) => `.woocommerce-notices-wrapper .${c}[role="alert"]`)
  .join(', ');

export const FOCUS_DELAY_MS = 500;

/** Events after which the cart page's notices were replaced. */
export const REFOCUS_EVENTS = ['item_removed_from_classic_cart', 'updated_wc_div'] as const;

/**
 * On a control while the cart puts focus back on it after its answer replaced it (widgets/cart-page/focus.ts writes
 * the same name): not a move of the shopper's, so the 500 ms notice focus still follows it, as WooCommerce's.
 */
export const RESTORING_FOCUS = 'data-sf-restoring-focus';
