import { announceIn, statusRegion } from '../dom/announce';

/** WooCommerce's one status region for cart changes (`.widget_shopping_cart_live_region`), created on mount. */
export function liveRegion(): HTMLElement {
  return statusRegion('widget_shopping_cart_live_region');
}

/** Emptied when a request starts, so the same message twice is still announced. */
export function clearAnnouncement(): void {
  announceIn(liveRegion(), '');
}

/** Clear, then set on the next frame: a changed text node is what screen readers announce. */
export function announce(message: string): void {
  announceIn(liveRegion(), message);
}
