import { env } from '../env';
import { animateScroll } from './scroll';

/** jQuery's default `swing` easing, which WooCommerce's and Avada's scroll animations use. */
const swing = (t: number) => 0.5 - Math.cos(Math.min(1, Math.max(0, t)) * Math.PI) / 2;

/** The height covering the page's top: the admin bar and a stuck Avada header. */
export function fixedHeaderOffset(): number {
  let offset = 0;
  const adminBar = document.getElementById('wpadminbar');
  if (adminBar && getComputedStyle(adminBar).position === 'fixed') offset += adminBar.offsetHeight;
  const sticky = document.querySelector<HTMLElement>('body.fusion-is-sticky .fusion-header, .fusion-sticky-container.fusion-container-stuck');
  if (sticky) offset += sticky.offsetHeight;
  return offset;
}

export function elementTop(el: Element): number {
  return el.getBoundingClientRect().top + window.scrollY;
}

/** Scroll so the element's top sits `offset` px below the window's top; instant under reduced motion. */
export function scrollToElement(el: Element, duration: number, offset: number): Promise<boolean> {
  return animateScroll({ to: () => Math.max(0, elementTop(el) - offset), duration: env().prefersReducedMotion() ? 0 : duration, easing: swing });
}

/** WooCommerce's `$.scroll_to_notices`: the element's top minus 100 px, over 1000 ms. */
export function scrollToNotices(el: Element | null | undefined): void {
  if (el?.isConnected) void scrollToElement(el, 1000, 100);
}
