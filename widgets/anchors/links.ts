/**
 * Links handled: inside (or being) one of these. The contract's list, plus Avada 7's menu element
 * (`.awb-menu`), which one-page sites built with the Layout Builder use for the same menu links.
 */
export const ANCHOR_SCOPES = [
  '.fusion-menu',
  '.fusion-widget-menu',
  '.fusion-secondary-menu',
  '.fusion-mobile-nav-item',
  '.fusion-button',
  '.fusion-one-page-text-link',
  '.fusion-content-boxes .fusion-read-more',
  '.fusion-content-boxes .fusion-read-more-button',
  '.fusion-content-boxes .heading-link',
  '.woocommerce-review-link',
  '.awb-toc-el__item-anchor',
  '.awb-menu',
].join(', ');

/**
 * The clicks that load the widget (the registry's `click` trigger): a link with a hash, inside or being one of
 * the scopes. Everything else on the page is clicked without waiting for it.
 */
export const ANCHOR_LINKS = `:is(${ANCHOR_SCOPES}) a[href*="#"], a[href*="#"]:is(${ANCHOR_SCOPES})`;
