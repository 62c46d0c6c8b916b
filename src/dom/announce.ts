import { env } from '../env';

const pending = new WeakMap<HTMLElement, () => void>();

/**
 * A page-wide `role="status"` region at the end of body, found by its class or created once. It must exist before
 * any text is put in it, or screen readers miss the first message: widgets call this when they mount.
 */
export function statusRegion(className: string): HTMLElement {
  let region = document.querySelector<HTMLElement>(`.${className}`);
  if (!region) {
    region = document.createElement('div');
    region.className = `${className} screen-reader-text`;
    region.setAttribute('role', 'status');
    document.body.appendChild(region);
  }
  return region;
}

/**
 * Put a message in a live region so screen readers say it: clear now, set on the next frame (a changed text node
 * is what they announce, and the same message twice must be said twice). A newer message replaces a pending one.
 */
export function announceIn(region: HTMLElement, message: string): void {
  pending.get(region)?.();
  region.textContent = '';
  if (!message) {
    pending.delete(region);
    return;
  }
  pending.set(
    region,
    env().frame(() => {
      pending.delete(region);
      region.textContent = message;
    }),
  );
}

/**
 * Show a message the shopper must see at once (an inline error, a reason a button is blocked) in an element that
 * is also a live region. The text is set now; on the next frame the same text goes in again as a new text node,
 * which is the change screen readers announce (a region unhidden in this frame is not one they watch yet, and
 * the same message twice is said twice). Unlike announceIn, the visible text never blinks out. Clearing the
 * region's text before that frame cancels the announcement.
 */
export function showAndAnnounce(region: HTMLElement, message: string): void {
  pending.get(region)?.();
  pending.delete(region);
  region.textContent = message;
  if (!message) return;
  pending.set(
    region,
    env().frame(() => {
      pending.delete(region);
      if (region.textContent === message) region.replaceChildren(region.ownerDocument.createTextNode(message));
    }),
  );
}

/** Whether a region still has an announcement to make on the next frame. */
export function announcing(region: HTMLElement): boolean {
  return pending.has(region);
}

let uid = 0;
/** A document-unique id for elements we add (descriptions, messages). */
export function uniqueId(prefix: string): string {
  let id: string;
  do id = `${prefix}-${++uid}`;
  while (document.getElementById(id));
  return id;
}

/**
 * Set (or with null remove) an attribute only when it changes: an unchanged write still invalidates style for
 * attribute selectors, which adds up on pages with many controls.
 */
export function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Run after the next paint: work the shopper need not wait for stays out of an interaction's frame. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelFrame = env().frame(() => {
    timer = env().setTimeout(fn, 0) as unknown as ReturnType<typeof setTimeout>;
  });
  return () => {
    cancelFrame();
    if (timer !== undefined) env().clearTimeout(timer as unknown as number);
  };
}
