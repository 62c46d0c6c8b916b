import { pageJQuery } from './jquery';

/**
 * The contract's event rule (contract/README.md), in one module:
 * - WooCommerce and theme events go through the page's jQuery when it exists, and only through it: a native
 *   event of the same name would run every jQuery handler a second time, with no arguments. Elements in the
 *   arguments are wrapped as jQuery collections, as the originals pass `$button`.
 * - Without jQuery they are native CustomEvents whose `detail` is the argument list.
 * - Contact Form 7 events are native only (fireNative).
 */
export type EventTarget_ = Element | Document | Window;

function wrapArgs(args: readonly unknown[]): unknown[] {
  const jq = pageJQuery();
  if (!jq) return [...args];
  return args.map((a) => (a instanceof Element ? jq(a) : a));
}

/** Fire a WooCommerce/theme event (jQuery's trigger). Bubbles. */
export function fireLegacy(target: EventTarget_, name: string, args: readonly unknown[] = []): void {
  const jq = pageJQuery();
  if (jq) {
    jq(target).trigger(name, wrapArgs(args));
    return;
  }
  target.dispatchEvent(new CustomEvent(name, { bubbles: true, cancelable: false, detail: [...args] }));
}

/**
 * Ask listeners (jQuery's triggerHandler): returns false when a handler returned `false` or, without jQuery,
 * called preventDefault() on the cancelable native event. Does not bubble with jQuery, as triggerHandler.
 */
export function askLegacy(target: EventTarget_, name: string, args: readonly unknown[] = []): boolean {
  const jq = pageJQuery();
  if (jq) return jq(target).triggerHandler(name, wrapArgs(args)) !== false;
  return target.dispatchEvent(new CustomEvent(name, { bubbles: true, cancelable: true, detail: [...args] }));
}

/**
 * Listen for a WooCommerce/theme event fired by anyone: through jQuery when present (it also sees native events),
 * else natively, with the extra arguments (jQuery) or `detail` (native) as the argument list.
 */
export function listenLegacy(
  target: EventTarget_,
  name: string,
  handler: (args: unknown[], event: Event | undefined, eventTarget: EventTarget | null) => void,
  signal?: AbortSignal,
): () => void {
  const jq = pageJQuery();
  if (jq) {
    const jqHandler = (event: unknown, ...args: unknown[]) => {
      const jqEvent = event as { originalEvent?: Event; target?: EventTarget };
      const original = jqEvent.originalEvent;
      const detail = original instanceof CustomEvent && args.length === 0 && Array.isArray(original.detail) ? (original.detail as unknown[]) : args;
      // jQuery-triggered events have no originalEvent: the element they were triggered on is the jQuery event's.
      handler(detail, original, jqEvent.target ?? original?.target ?? null);
    };
    jq(target).on(name, jqHandler);
    const off = () => void jq(target).off(name, jqHandler);
    signal?.addEventListener('abort', off, { once: true });
    return off;
  }
  const listener = (event: Event) => {
    const detail = (event as CustomEvent).detail;
    handler(Array.isArray(detail) ? (detail as unknown[]) : detail === undefined || detail === null ? [] : [detail], event, event.target);
  };
  target.addEventListener(name, listener, { signal });
  return () => target.removeEventListener(name, listener);
}

/** A native CustomEvent (Contact Form 7, and our own `storefront:*` events). */
export function fireNative<T>(target: EventTarget_, name: string, detail: T, options: { bubbles?: boolean; cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent(name, { bubbles: options.bubbles ?? true, cancelable: options.cancelable ?? false, detail }));
}

/** Our own events, documented in the README: always native, on document, prefixed `storefront:`. */
export interface StorefrontEvents {
  'storefront:error': { widget: string; element: Element | null; error: unknown; phase: 'load' | 'mount' | 'unmount' | 'request' };
  'storefront:mount': { widget: string; element: Element; ms: number };
  'storefront:viewport': { mode: 'desktop' | 'tablet' | 'mobile'; previous: 'desktop' | 'tablet' | 'mobile' | null };
}

export function emit<K extends keyof StorefrontEvents>(name: K, detail: StorefrontEvents[K]): void {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}
