import { flag, num, readGlobal, str } from '../config/globals';

/** `wc_cart_fragments_params`: the storage keys are read, never computed (they carry a per-site hash). */
export interface FragmentsParams {
  cart_hash_key: string;
  fragment_name: string;
  request_timeout: number;
}

/** `wc_add_to_cart_params`. */
export interface AddToCartParams {
  i18n_view_cart: string;
  cart_url: string;
  is_cart: boolean;
  cart_redirect_after_add: boolean;
}

export function fragmentsParams(): FragmentsParams {
  const p = readGlobal<FragmentsParams>(
    'wc_cart_fragments_params',
    { cart_hash_key: str('wc_cart_hash'), fragment_name: str('wc_fragments'), request_timeout: num(5000) },
    'cart',
  );
  // A zero or negative timeout would abandon every refresh at once.
  if (p.request_timeout <= 0) p.request_timeout = 5000;
  return p;
}

export function addToCartParams(): AddToCartParams {
  return readGlobal<AddToCartParams>(
    'wc_add_to_cart_params',
    { i18n_view_cart: str('View cart'), cart_url: str('/cart/'), is_cart: flag(false), cart_redirect_after_add: flag(false) },
    'add-to-cart',
  );
}

/**
 * Add and remove have no timeout in WooCommerce; ours is twice the fragments timeout (10 s by default), long
 * enough for a slow host, short enough that a shopper is never left with a spinning button.
 */
export function cartCallTimeout(): number {
  return fragmentsParams().request_timeout * 2;
}
