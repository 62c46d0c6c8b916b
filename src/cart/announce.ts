import { env } from '../env';

const REGION = '.widget_shopping_cart_live_region';

/**
 * WooCommerce's one status region for cart changes, at the end of body. It must exist before any text is put in
 * it, or screen readers miss the first message: widgets call this when they mount.
 */
export function liveRegion(): HTMLElement {
  let region = document.querySelector<HTMLElement>(REGION);
  if (!region) {
    region = document.createElement('div');
    region.className = 'widget_shopping_cart_live_region screen-reader-text';
    region.setAttribute('role', 'status');
    document.body.appendChild(region);
  }
  return region;
}

let pending: (() => void) | undefined;

/** Emptied when a request starts, so the same message twice is still announced. */
export function clearAnnouncement(): void {
  pending?.();
  pending = undefined;
  liveRegion().textContent = '';
}

/** Clear, then set on the next frame: a changed text node is what screen readers announce. */
export function announce(message: string): void {
  const region = liveRegion();
  pending?.();
  region.textContent = '';
  pending = env().frame(() => {
    pending = undefined;
    region.textContent = message;
  });
}
