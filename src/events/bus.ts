import { callThirdParty } from './guard';
import { pageJQuery } from './jquery';

/**
 * The contract's event rule (contract/README.md), in one module:
 * - WooCommerce and theme events go through the page's jQuery when it exists, and only through it: a native
 *   event of the same name would run every jQuery handler a second time, with no arguments. Elements in the
 *   arguments are wrapped as jQuery collections, as the originals pass `$button`.
 * - Without jQuery they are native CustomEvents whose `detail` is the argument list.
 * - Contact Form 7 events are native only (fireNative).
 * Every call into handlers goes through callThirdParty: a throwing handler is logged once (under `owner`, the
 * widget) and our flow goes on. Native listeners cannot throw into dispatchEvent: the browser reports them.
 */
export type EventTarget_ = Element | Document | Window;

function wrapArgs(args: readonly unknown[]): unknown[] {
  const jq = pageJQuery();
  if (!jq) return [...args];
  return args.map((a) => (a instanceof Element ? jq(a) : a));
}

/**
 * Fire a WooCommerce/theme event (jQuery's trigger). Bubbles. With jQuery, element arguments go in as jQuery
 * collections (WooCommerce's `$button`…); `wrap: false` passes them as they are, for the events whose script
 * passes the element itself (`wc-product-gallery-*`: `[this, params]`).
 */
export function fireLegacy(target: EventTarget_, name: string, args: readonly unknown[] = [], owner = 'events', wrap = true): void {
  const jq = pageJQuery();
  if (jq) {
    callThirdParty(owner, name, () => void jq(target).trigger(name, wrap ? wrapArgs(args) : [...args]), undefined);
    return;
  }
  // Browsers report a throwing native listener themselves and go on; some environments rethrow it to us.
  callThirdParty(
    owner,
    name,
    () => target.dispatchEvent(new CustomEvent(name, { bubbles: true, cancelable: false, detail: [...args] })),
    true,
  );
}

/**
 * Ask listeners (jQuery's triggerHandler): returns false when a handler returned `false` or, without jQuery,
 * called preventDefault() on the cancelable native event. Does not bubble with jQuery, as triggerHandler.
 * A handler that throws has not said no: WooCommerce's own script would stop dead there (jQuery rethrows),
 * leaving the shopper with a button that does nothing; we log it and go on as if it had returned nothing.
 */
export function askLegacy(target: EventTarget_, name: string, args: readonly unknown[] = [], owner = 'events'): boolean {
  const jq = pageJQuery();
  if (jq) return callThirdParty(owner, name, () => jq(target).triggerHandler(name, wrapArgs(args)), undefined) !== false;
  const event = new CustomEvent(name, { bubbles: true, cancelable: true, detail: [...args] });
  callThirdParty(owner, name, () => target.dispatchEvent(event), true);
  return !event.defaultPrevented;
}

/**
 * Listen for a WooCommerce/theme event fired by anyone: through jQuery when present (it also sees native events),
 * else natively, with the extra arguments (jQuery) or `detail` (native) as the argument list. Our handler runs
 * inside the theme's `trigger()`: if it throws, that must not break the theme's script (nor the handlers jQuery
 * would run after ours), so it is guarded too.
 */
export function listenLegacy(
  target: EventTarget_,
  name: string,
  ours: (args: unknown[], event: Event | undefined, eventTarget: EventTarget | null) => void,
  signal?: AbortSignal,
  owner = 'events',
): () => void {
  const handler: typeof ours = (...a) => callThirdParty(owner, name, () => ours(...a), undefined);
  const jq = pageJQuery();
  if (jq) {
    const jqHandler = (event: unknown, ...args: unknown[]) => {
      const jqEvent = event as { originalEvent?: Event; target?: EventTarget };
      const original = jqEvent.originalEvent;
      const detail =
        original instanceof CustomEvent && args.length === 0 && Array.isArray(original.detail) ? (original.detail as unknown[]) : args;
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
export function fireNative<T>(
  target: EventTarget_,
  name: string,
  detail: T,
  options: { bubbles?: boolean; cancelable?: boolean } = {},
): boolean {
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
