import type { WidgetContext } from '../../src/widget';
import { safeRedirect } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';

/** Any failure of a remove follows the link (a full page remove), same-site only. */
export function followRemoveLink(link: HTMLAnchorElement, ctx: Pick<WidgetContext, 'warn'>): void {
  const href = safeRedirect(link.getAttribute('href'), location.href);
  if (href) navigation.go(href);
  else ctx.warn('href', 'the remove link has no same-site URL to fall back to');
}

/** The link a click or Space activated, if it is a remove link inside the box. */
export function removeLinkOf(event: Event, box: Element, selector: string): HTMLAnchorElement | null {
  if (event.type === 'keydown' && (event as KeyboardEvent).key !== ' ') return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
  return link && box.contains(link) ? link : null;
}
