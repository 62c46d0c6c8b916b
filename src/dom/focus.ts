const FOCUSABLE =
  'a[href], area[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), iframe, summary, [tabindex], [contenteditable=""], [contenteditable="true"]';

/**
 * Move keyboard and screen-reader focus to an element the page has just scrolled to (an anchor target, the
 * top of the page), without a second jump. Elements that cannot take focus get `tabindex="-1"`, which keeps
 * them out of the Tab order.
 */
export function moveFocusTo(el: HTMLElement): void {
  if (!el.matches(FOCUSABLE)) el.setAttribute('tabindex', '-1');
  try {
    el.focus({ preventScroll: true });
  } catch {
    el.focus();
  }
}
