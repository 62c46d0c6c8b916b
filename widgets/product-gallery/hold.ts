import { keyToMove } from './logic';
import type { GalleryState } from './state';

/** The move a key on the gallery asks for; none in a field or on the magnifier. */
export function galleryKey(event: KeyboardEvent, rtl: boolean) {
  const target = event.target as Element | null;
  if (!target || target.closest('input, select, textarea, [contenteditable]') || target.closest('.woocommerce-product-gallery__trigger'))
    return null;
  return keyToMove(event.key, rtl);
}

interface Held {
  target: Element;
  make: () => Event;
  /** Only the latest hover and focus are kept: where the pointer and focus are now is what matters. */
  kind?: 'hover' | 'focus';
  /** Replayed when the rest could not load too (the page's own behaviour: a link's navigation). */
  native?: boolean;
}

const POINTER_FIELDS = ['pointerId', 'pointerType', 'isPrimary', 'width', 'height', 'pressure'] as const;
const MOUSE_FIELDS = ['clientX', 'clientY', 'screenX', 'screenY', 'button', 'buttons', 'ctrlKey', 'shiftKey', 'altKey', 'metaKey'] as const;

function copy(event: Event, fields: readonly string[]): Record<string, unknown> {
  const init: Record<string, unknown> = { bubbles: true, cancelable: true, composed: true, view: window };
  for (const field of fields) init[field] = (event as unknown as Record<string, unknown>)[field];
  return init;
}

/**
 * While the rest of the gallery (rest.ts) is on its way, what the shopper does on the gallery is held and replayed
 * once it is wired, in the order it came: a press on an arrow, a thumbnail, the image or the magnifier (its click
 * held back, so a link does not navigate meanwhile), the touches that make a tap or a swipe, a key that moves, and
 * the latest hover and focus (the zoom follows them). If the rest cannot load, held clicks get the page's own
 * behaviour: an image link opens the full image, the magnifier opens the shown slide's.
 * `reach` is called on each: the first asks for the rest.
 */
export function holdInput(state: GalleryState, reach: () => void): (wired: boolean) => void {
  const { gallery, wrapper } = state;
  const held: Held[] = [];
  const controller = new AbortController();
  state.signal.addEventListener('abort', () => controller.abort(), { once: true });
  const options = { capture: true, signal: controller.signal };
  const drop = (kind: Held['kind']) => {
    const at = held.findIndex((h) => h.kind === kind);
    if (at >= 0) held.splice(at, 1);
  };
  const latest = (kind: Held['kind'], target: Element, make: () => Event) => {
    drop(kind);
    held.push({ target, make, kind });
  };
  const on = (type: string, fn: (event: Event, target: Element) => void) =>
    gallery.addEventListener(
      type,
      (event) => {
        reach();
        if (event.target instanceof Element) fn(event, event.target);
      },
      options,
    );

  on('pointerover', (event, target) => follow(event as PointerEvent, target));
  on('pointermove', (event, target) => follow(event as PointerEvent, target));
  function follow(event: PointerEvent, target: Element) {
    if (event.pointerType === 'touch' || !wrapper?.contains(target)) return;
    const init = copy(event, [...MOUSE_FIELDS, ...POINTER_FIELDS]);
    latest('hover', target, () => new PointerEvent('pointermove', init));
  }
  wrapper?.addEventListener('pointerleave', (event) => event.target === wrapper && drop('hover'), { signal: controller.signal });
  on('focusin', (_, target) => latest('focus', target, () => new FocusEvent('focusin', { bubbles: true })));
  for (const type of ['pointerdown', 'pointerup', 'pointercancel'])
    on(type, (event, target) => {
      if (!(event as PointerEvent).isPrimary) return;
      const init = copy(event, [...MOUSE_FIELDS, ...POINTER_FIELDS]);
      held.push({ target, make: () => new PointerEvent(type, init) });
    });
  on('touchstart', () => {});
  on('click', (event, target) => {
    const m = event as MouseEvent;
    // A click that opens a new tab or window stays the browser's, as with the rest here.
    if (m.button !== 0 || m.ctrlKey || m.metaKey || m.shiftKey || m.altKey) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const init = copy(event, MOUSE_FIELDS);
    held.push({ target, make: () => new MouseEvent('click', { ...init, detail: m.detail || 1 }), native: true });
  });
  on('keydown', (event, target) => {
    const k = event as KeyboardEvent;
    if (k.defaultPrevented || k.altKey || k.ctrlKey || k.metaKey) return;
    const activates = (k.key === 'Enter' || k.key === ' ') && !!state.list?.contains(target) && target.matches('li > img');
    const spaceOnTrigger = k.key === ' ' && target.matches('a.woocommerce-product-gallery__trigger');
    if (!activates && !spaceOnTrigger && !galleryKey(k, state.rtl)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const init = { bubbles: true, cancelable: true, key: k.key, code: k.code, shiftKey: k.shiftKey };
    held.push({ target, make: () => new KeyboardEvent('keydown', init) });
  });
  // The browser's own image drag would take the pointer away from the swipe the rest replays.
  on('dragstart', (event) => event.preventDefault());

  return (wired) => {
    controller.abort();
    for (const h of held.splice(0)) {
      if (!h.target.isConnected || state.signal.aborted) continue;
      if (wired) {
        if (h.kind !== 'focus' || h.target === document.activeElement) h.target.dispatchEvent(h.make());
      } else if (h.native) {
        // Our magnifier is a `#` link: without the rest, it opens the shown image as its link would.
        const link = h.target.closest('.woocommerce-product-gallery__trigger')
          ? state.slideEls[state.index]?.querySelector('a[href]')
          : h.target;
        link?.dispatchEvent(h.make());
      }
    }
  };
}
