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
 * Links with a hash that the widget leaves alone (see `anchorAction` in logic.ts): a bare `#` (menu, search and
 * toggle icons other widgets own), hash-bang and hash routes, off-canvas hashes, the hashes other scripts own and
 * tab links. One simple selector per `:not()`, which every browser with modules reads. (`avada-noscroll` items
 * are held and replayed: the widget then leaves them to the browser.)
 */
const LEFT_ALONE = [
  '[href="#"]',
  '[href*="#!"]',
  '[href*="#/"]',
  '[href*="-oc__"]',
  '[href$="#hubspot-open-chat"]',
  '[href$="#previousStep"]',
  '[href$="#nextStep"]',
  '[role="tab"]',
  '[data-toggle="tab"]',
  '.tab-link',
]
  .map((s) => `:not(${s})`)
  .join('');

/**
 * The clicks that load the widget (the registry's `click` trigger): a link with a hash it may act on, inside or
 * being one of the scopes. Any other click on the page is never held for it (a held click waits for the chunk).
 */
export const ANCHOR_LINKS = `:is(${ANCHOR_SCOPES}) a[href*="#"]${LEFT_ALONE}, a[href*="#"]${LEFT_ALONE}:is(${ANCHOR_SCOPES})`;
