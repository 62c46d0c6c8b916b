import { createStore } from 'zustand/vanilla';

export type CartStatus =
  /** Nothing loaded yet, or the cookies said the cart is empty and nothing was stored (no request made). */
  | 'idle'
  | 'loading'
  | 'ready'
  /** The last refresh failed; the server markup (or the last good fragments) stays. */
  | 'error';

export interface CartState {
  /** The last fragments applied to the page, by selector. */
  fragments: Record<string, string> | null;
  /** The cart hash of those fragments ("" = empty cart). */
  cartHash: string;
  /** Items in the cart from the mini-cart lines, or null when not known yet. */
  itemsCount: number | null;
  /** From the `woocommerce_items_in_cart` cookie. */
  itemsInCart: boolean;
  status: CartStatus;
}

/** The one cart store: widgets subscribe to it; src/cart is the only writer. */
export const cartStore = createStore<CartState>(() => ({
  fragments: null,
  cartHash: '',
  itemsCount: null,
  itemsInCart: false,
  status: 'idle',
}));

export function resetCartStore(): void {
  cartStore.setState({ fragments: null, cartHash: '', itemsCount: null, itemsInCart: false, status: 'idle' }, true);
}
