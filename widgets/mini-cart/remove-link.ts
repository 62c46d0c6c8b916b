/** The link a click or Space activated, if it is a remove link inside the box. */
export function removeLinkOf(event: Event, box: Element, selector: string): HTMLAnchorElement | null {
  if (event.type === 'keydown' && (event as KeyboardEvent).key !== ' ') return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
  return link && box.contains(link) ? link : null;
}
