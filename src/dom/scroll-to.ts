import { env } from '../env';
import { swing } from './easing';
import { animateScroll, fixedAdminBarHeight } from './scroll';

/** The height covering the page's top: the admin bar and a stuck Avada header. */
export function fixedHeaderOffset(): number {
  let offset = fixedAdminBarHeight();
  const sticky = document.querySelector<HTMLElement>(
    'body.fusion-is-sticky .fusion-header, .fusion-sticky-container.fusion-container-stuck',
  );
  if (sticky) offset += sticky.offsetHeight;
  return offset;
}

export function elementTop(el: Element): number {
  return el.getBoundingClientRect().top + window.scrollY;
}

/** Scroll so the element's top sits `offset` px below the window's top; instant under reduced motion. */
export function scrollToElement(el: Element, duration: number, offset: number): Promise<boolean> {
  return animateScroll({
    to: () => Math.max(0, elementTop(el) - offset),
    duration: env().prefersReducedMotion() ? 0 : duration,
    easing: swing,
  });
}

/** WooCommerce's `$.scroll_to_notices`: the element's top minus 100 px, over 1000 ms. */
export function scrollToNotices(el: Element | null | undefined): void {
  if (el?.isConnected) void scrollToElement(el, 1000, 100);
}
