/**
 * The cart core other widgets use: one store, fragments swapping, WooCommerce's storage and cookies, the status
 * region. Cart-changing calls go through `cartCall` (src/net/wc.ts), one at a time.
 */
export { cartStore, type CartState, type CartStatus } from './store';
export {
  applyHideIfEmpty,
  cartNotLoaded,
  connectCart,
  emptyMiniCarts,
  markOwn,
  refreshFragments,
  startCart,
  HASH_COOKIE,
  ITEMS_COOKIE,
} from './cart';
export { receiveCart } from './changes';
export { swapFragments } from './swap';
export { announce, clearAnnouncement, liveRegion } from './announce';
export { navigation } from './navigate';
export { safeRedirect, asFragments } from './logic';
export { cartResponseSchema, hashOf, type CartResponse } from './response';
export { addToCartParams, fragmentsParams, cartCallTimeout } from './config';
