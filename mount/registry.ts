import { ANCHOR_LINKS } from '../widgets/anchors/links';
import viewport from '../widgets/viewport/viewport.widget';
import type { WidgetEntry } from '../src/widget';

/**
 * A visitor with a cart (WooCommerce's cart cookies) has its stored fragments applied, or the cart refreshed, at
 * load: that code (the cart's change chunk, otherwise loaded on the first cart event) is requested in the same
 * wave as the mini-cart's. A visitor without one does not load it.
 */
function withCartChanges<T>(widget: Promise<T>): Promise<T> {
  // Read here rather than through core's getCookie and the cart's cookie-name constants: the entry calling into
  // core for them costs every page 40-110 B at load (measured), for two names the contract fixes.
  let cookies = '';
  try {
    cookies = document.cookie;
  } catch {
    // A sandboxed document has no cookies to read: the cart core decides without them.
  }
  if (/(?:^|;\s*)woocommerce_(?:items_in_cart|cart_hash)=/.test(cookies)) import('../src/cart/changes').catch(() => {});
  return widget;
}

/**
 * The one list of widgets. A new widget is one folder in widgets/ and one line here. Plain-TypeScript widgets
 * never import React; React widgets share one React chunk.
 */
export const registry: readonly WidgetEntry[] = [
  {
    name: 'store-notice',
    selector: '.woocommerce-store-notice',
    trigger: 'load',
    load: () => import('../widgets/store-notice/store-notice.widget'),
  },
  { name: 'cf7', selector: '.wpcf7', trigger: 'idle', load: () => import('../widgets/cf7/cf7.widget') },
  // Swatches and the reset link are `href="#"` links: a click while the form's code loads is held and replayed.
  {
    name: 'variation-form',
    selector: 'form.variations_form',
    trigger: 'load',
    clicks: '.avada-color-select, .avada-image-select, .avada-button-select, .reset_variations',
    view: 'intent',
    load: () => import('../widgets/variation-form/variation-form.widget'),
  },
  { name: 'quantity', selector: 'div.quantity, td.quantity', trigger: 'load', load: () => import('../widgets/quantity/quantity.widget') },
  // The stars sit in the reviews tab, hidden until it opens (or the page arrives on #reviews).
  {
    name: 'review-rating',
    selector: 'select#rating',
    trigger: 'visible',
    load: () => import('../widgets/review-rating/review-rating.widget'),
  },
  {
    name: 'product-gallery',
    selector: '.woocommerce-product-gallery',
    trigger: 'load',
    view: 'intent',
    load: () => import('../widgets/product-gallery/product-gallery.widget'),
    // The chunk paints the gallery; its rest (controls, zoom, lightbox opening, slider start) is wired on intent,
    // and evaluated ahead of it at an idle moment once the gallery is near the viewport and the shopper shows a
    // sign of life, so the first press does not pay for it.
    // (Through the widget's chunk: imported from here, the rest would share its modules with it in a third chunk.)
    warm: { first: () => import('../widgets/product-gallery/product-gallery.widget').then((m) => m.loadRest()) },
  },
  // Shows only once the page is scrolled 200 px: loads on the first scroll.
  {
    name: 'sticky-add-to-cart',
    selector: '.product form.cart',
    trigger: 'scroll',
    load: () => import('../widgets/sticky-add-to-cart/sticky-add-to-cart.widget'),
  },
  {
    name: 'add-to-cart',
    selector: '.add_to_cart_button.ajax_add_to_cart[data-product_id]:not(.wc-interactive), .fusion-post-card-cart',
    trigger: 'interaction',
    load: () => import('../widgets/add-to-cart/add-to-cart.widget'),
  },
  {
    name: 'mini-cart',
    selector:
      '.widget_shopping_cart_content, .widget_shopping_cart, .fusion-widget-cart-number, #wc-cart-fragments-data, .remove_from_cart_button',
    trigger: 'load',
    view: 'intent',
    load: () => withCartChanges(import('../widgets/mini-cart/mini-cart.widget')),
  },
  {
    name: 'store-lists',
    selector: '.woocommerce-ordering, .woocommerce-result-count, .catalog-ordering, .related.products > h2, .upsells.products > h2',
    trigger: 'load',
    load: () => import('../widgets/store-lists/store-lists.widget'),
  },
  {
    name: 'product-tabs',
    selector: '.wc-tabs-wrapper, .woocommerce-tabs',
    trigger: 'load',
    load: () => import('../widgets/product-tabs/product-tabs.widget'),
  },
  { name: 'fusion-tabs', selector: '.fusion-tabs', trigger: 'load', load: () => import('../widgets/fusion-tabs/fusion-tabs.widget') },
  // On every page: its few lines travel in the entry instead of a request of their own.
  { name: 'viewport', selector: 'body', trigger: 'load', load: () => Promise.resolve({ default: viewport }) },
  // Only in-page links and an address with a hash need it: the first such click is held and replayed.
  { name: 'anchors', selector: 'body', trigger: 'click', clicks: ANCHOR_LINKS, load: () => import('../widgets/anchors/anchors.widget') },
  { name: 'back-to-top', selector: '#toTop', trigger: 'scroll', load: () => import('../widgets/back-to-top/back-to-top.widget') },
  // The field is a combobox from the first paint (a few attributes); the results and React on the first interaction.
  {
    name: 'live-search-field',
    selector: 'form.fusion-live-search',
    trigger: 'load',
    load: () => import('../widgets/live-search/field.widget'),
  },
  {
    name: 'live-search',
    selector: 'form.fusion-live-search',
    trigger: 'interaction',
    // The framework and this chunk at idle after the shopper's first sign of life (src/react/warmup.ts): the
    // first focus pays for neither.
    warm: { first: () => import('../src/react/render') },
    load: () => import('../widgets/live-search/live-search.widget'),
  },
  {
    name: 'countdown',
    selector: '.fusion-countdown-counter-wrapper:not(.sf-countdown__counter), .sf-countdown',
    trigger: 'visible',
    load: () => import('../widgets/countdown/countdown.widget'),
  },
  // Its code (and React) is evaluated at idle once a card is near the viewport: the first click opens at once.
  {
    name: 'quick-view',
    selector: 'a.fusion-quick-view[data-product-id]',
    trigger: 'interaction',
    warm: { first: () => import('../src/react/render') },
    load: () => import('../widgets/quick-view/quick-view.widget'),
  },
  { name: 'notices', selector: '.woocommerce-notices-wrapper', trigger: 'load', load: () => import('../widgets/notices/notices.widget') },
  {
    name: 'cart-page',
    selector: '.woocommerce-cart-form, .wc-empty-cart-message',
    trigger: 'load',
    load: () => import('../widgets/cart-page/cart-page.widget'),
  },
  {
    name: 'checkout',
    selector: 'form.checkout.woocommerce-checkout',
    trigger: 'load',
    load: () => import('../widgets/checkout/checkout.widget'),
  },
  {
    name: 'privacy',
    selector: '.fusion-privacy-bar, [data-privacy-type], lite-youtube, lite-vimeo, a[href="#privacy-settings"], .fusion-privacy-settings',
    trigger: 'load',
    load: () => import('../widgets/privacy/privacy.widget'),
  },
  {
    name: 'off-canvas',
    selector: '.awb-off-canvas-wrap[data-id]',
    trigger: 'load',
    view: 'opened',
    load: () => import('../widgets/off-canvas/off-canvas.widget'),
  },
  {
    name: 'orders-table',
    selector: 'table.woocommerce-orders-table',
    trigger: 'load',
    load: () => import('../widgets/orders-table/orders-table.widget'),
  },
  { name: 'split-test', selector: '[woob-stest-name]', trigger: 'load', load: () => import('../widgets/split-test/split-test.widget') },
  // Keyed on a page global, not markup (WP Rocket's tag may be gone): pages without it load no beacon code.
  {
    name: 'wp-rocket-beacon',
    selector: 'body',
    trigger: 'idle',
    global: 'rocket_beacon_data',
    load: () => import('../widgets/wp-rocket-beacon/wp-rocket-beacon.widget'),
  },
  // A popup link outside any review widget is wired on its own (inside one, the widget wires it).
  {
    name: 'reviews',
    selector:
      'section.sf-reviews:not(.sf-reviews--slider), div.sf-review-badge--floating, a.sf-review-popup:not(.sf-reviews a, .sf-review-badge--floating a)',
    trigger: 'load',
    load: () => import('../widgets/reviews/reviews.widget'),
  },
  {
    name: 'flexslider',
    selector: '.fusion-flexslider.fusion-flexslider-loading, .flexslider.fusion-flexslider-loading:not(.tfs-slider)',
    trigger: 'visible',
    load: () => import('../widgets/flexslider/flexslider.widget'),
  },
  { name: 'carousel', selector: '.awb-carousel', trigger: 'visible', load: () => import('../widgets/carousel/carousel.widget') },
  {
    name: 'review-slider',
    selector: 'section.sf-reviews.sf-reviews--slider',
    trigger: 'visible',
    load: () => import('../widgets/reviews/review-slider.widget'),
  },
  // `load`: the likely LCP image is among them and must never wait for idle.
  {
    name: 'lazy-images',
    selector: 'img.lazyload, .lazyload[data-bg]',
    trigger: 'load',
    load: () => import('../widgets/lazy-images/lazy-images.widget'),
  },
  {
    name: 'animated-titles',
    selector: '.fusion-title.fusion-title-rotating, .fusion-title.fusion-title-highlight',
    trigger: 'visible',
    load: () => import('../widgets/animated-titles/animated-titles.widget'),
  },
  // Keyed on a page global, as the beacon: pages without it load no typography code.
  {
    name: 'typography',
    selector: 'body',
    trigger: 'load',
    global: 'fusionTypographyVars',
    load: () => import('../widgets/typography/typography.widget'),
  },
  { name: 'menu', selector: 'nav.awb-menu', trigger: 'load', load: () => import('../widgets/menu/menu.widget') },
  { name: 'header', selector: '.fusion-header-wrapper', trigger: 'load', load: () => import('../widgets/menu/header.widget') },
  // Its own line: the cart fragments may replace the item, and the runtime then mounts it again on the new one.
  { name: 'header-cart', selector: 'li.fusion-menu-cart', trigger: 'load', load: () => import('../widgets/menu/header-cart.widget') },
  // The v6 header's flyout toggles: apart from the header's code, which every other header design loads.
  {
    name: 'flyout-header',
    selector: '.fusion-header-wrapper .fusion-flyout-menu-icons',
    trigger: 'load',
    load: () => import('../widgets/menu/flyout.widget'),
  },
  {
    name: 'sticky-header',
    selector: '.fusion-header-wrapper, .fusion-sticky-container',
    trigger: 'load',
    load: () => import('../widgets/sticky-header/sticky-header.widget'),
  },
  {
    name: 'vertical-menu',
    selector: '.fusion-vertical-menu-widget',
    trigger: 'load',
    load: () => import('../widgets/vertical-menu/vertical-menu.widget'),
  },
  // Applies the target rule and holds one delegated click listener; PhotoSwipe's core loads on the first open.
  {
    name: 'lightbox',
    selector:
      '[data-rel^="iLightbox["], [rel^="iLightbox["], [data-rel^="prettyPhoto["], [rel^="prettyPhoto["], a[data-rel="iLightbox"], #lightbox-link, .lightbox-link, .fusion-lightbox-link, .type-post .post-content a[href]',
    trigger: 'load',
    load: () => import('../widgets/lightbox/lightbox.widget'),
  },
];
