import { scrollTopNow } from '../src/dom/scroll';
import { env } from '../src/env';
import { warnOnce } from '../src/log';
// The events that count as the first interaction with a widget's markup: one list, shared with deferred views.
import { INTENT_EVENTS } from '../src/env/intent';
import type { WidgetEntry } from '../src/widget';

export interface Replay {
  /** Re-dispatch what was held back while the widget loaded. */
  run(mounted: boolean): void;
  /**
   * Whether the shopper's input started the load (held, to replay): its import goes straight on. A load started
   * with the page (the `load` trigger with `clicks`) queues its import with the page's other load imports.
   */
  byShopper: boolean;
}

/**
 * Wait for an entry's trigger on an element. `start` receives a Replay for the interaction trigger.
 * Returns a function that cancels the wait.
 */
export function waitForTrigger(entry: WidgetEntry, element: Element, start: (replay?: Replay) => void): () => void {
  const e = env();
  switch (entry.trigger) {
    case 'load':
      // Markup whose links act on the server's page before the code is in (Avada's swatches, `href="#"`): those
      // clicks are held while it loads and replayed once it is mounted, as for the interaction trigger.
      if (entry.clicks) return waitForInteraction(entry, element, start, entry.clicks, true);
      start();
      return () => {};
    case 'idle':
      return e.idle(() => start());
    case 'visible':
      return e.visible(element, () => start());
    case 'media': {
      const mql = e.matchMedia(entry.media ?? 'all');
      if (!mql || mql.matches) {
        start();
        return () => {};
      }
      const onChange = () => {
        if (!mql.matches) return;
        mql.removeEventListener('change', onChange);
        start();
      };
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    }
    case 'interaction':
      return waitForInteraction(entry, element, start);
    case 'scroll':
      return waitForScroll(start);
    case 'click':
      if (location.hash.length > 1) {
        start();
        return () => {};
      }
      return waitForInteraction(entry, element, start, entry.clicks ?? '*');
  }
}

/**
 * The page's first scroll. A page that arrives scrolled (a reload, the back button, an anchor) counts at once;
 * one whose position the browser restores after load fires a scroll then.
 */
function waitForScroll(start: () => void): () => void {
  if (scrollTopNow() > 0) {
    start();
    return () => {};
  }
  const controller = new AbortController();
  const onScroll = () => {
    controller.abort();
    start();
  };
  addEventListener('scroll', onScroll, { passive: true, signal: controller.signal });
  return () => controller.abort();
}

/**
 * Whether a click is one the `click` trigger waits for: a plain primary click on a matching element (a modified
 * click opens a tab or a window, the browser's own business). A selector this browser rejects counts every click.
 */
function clickCounts(event: Event, target: Element, selector: string): boolean {
  const m = event as MouseEvent;
  if (event.type !== 'click' || m.button || m.ctrlKey || m.metaKey || m.shiftKey || m.altKey) return false;
  return closest(target, selector) !== null;
}

/** `closest`, where a selector this browser rejects matches the target itself. */
function closest(target: Element, selector: string): Element | null {
  try {
    return target.closest(selector);
  } catch {
    return target;
  }
}

function isNativeControl(el: Element): boolean {
  return el.matches('button, input, select, textarea, summary, [contenteditable=""], [contenteditable="true"]');
}

/**
 * How long a held click waits for its widget's code. After that the shopper's click goes ahead without us (the
 * link or form does what the CMS made it do) rather than waiting on a stalled chunk for ever.
 */
export const HELD_CLICK_TIMEOUT = 3000;

/** A held click; `go` is unset while its widget loads, then true (replay) or false (drop). */
interface Held {
  target: Element;
  /** Where the click lands if the icon that was clicked is gone by then: the widget's element. */
  fallback: Element;
  init: MouseEventInit;
  go?: boolean;
}

/**
 * Clicks held by every loading widget, in the order they were made: each button is its own widget instance, and
 * a click must not overtake an earlier click on another button whose widget mounts later.
 */
const queue: Held[] = [];
/** The held clicks of the widget that held the last click: a repeat on it is a double click. */
let lastHolder: Held[] | undefined;
let replaying = false;

const MOUSE_FIELDS = ['clientX', 'clientY', 'screenX', 'screenY', 'button', 'buttons', 'ctrlKey', 'shiftKey', 'altKey', 'metaKey'] as const;

function mouseInit(event: Event): MouseEventInit {
  const m = event as MouseEvent;
  const init: Record<string, unknown> = { bubbles: true, cancelable: true, composed: true, view: window, detail: m.detail || 1 };
  for (const field of MOUSE_FIELDS) init[field] = m[field];
  return init;
}

/**
 * A real click event on what the shopper clicked: `click()` exists only on HTML elements, and themes put SVG
 * icons (`<svg><path>`) inside buttons. Dispatched on the original target, the browser's own activation (the
 * link's navigation, the form's submit) runs for its nearest activatable ancestor, as for the shopper's click.
 */
function replayClick(h: Held): void {
  const target = h.target.isConnected ? h.target : h.fallback.isConnected ? h.fallback : undefined;
  target?.dispatchEvent(new MouseEvent('click', h.init));
}

function flush(): void {
  for (let h: Held | undefined; (h = queue[0]) && h.go !== undefined;) {
    queue.shift();
    if (!h.go) continue;
    replaying = true;
    try {
      replayClick(h);
    } catch (error) {
      // One click that cannot be replayed must not strand the clicks behind it, nor the replaying flag.
      warnOnce('runtime', 'click', `a held click could not be replayed: ${String(error)}`);
    } finally {
      replaying = false;
    }
  }
}

/**
 * A held click shows at once that it was taken (the shopper must not think it was lost while the widget's code,
 * and perhaps React, load): the element is aria-busy and, for WooCommerce's buttons, takes their own `loading`
 * class (the theme's spinner). Returns the undo, run before the click is replayed (the widget sets its own state).
 */
function markHeld(element: Element): () => void {
  const busy = element.getAttribute('aria-busy');
  const addsLoading = element.classList.contains('button') && !element.classList.contains('loading');
  element.setAttribute('aria-busy', 'true');
  if (addsLoading) element.classList.add('loading');
  return () => {
    if (busy === null) element.removeAttribute('aria-busy');
    else element.setAttribute('aria-busy', busy);
    if (addsLoading) element.classList.remove('loading');
  };
}

/**
 * Whether a click on `target` does something without any script: follows a link to another place, or submits a
 * form. A link to "#" (or to nothing) and a button outside a form only jump or do nothing.
 */
function hasNativeAction(target: Element): boolean {
  const link = target.closest('a[href], area[href]');
  if (link) {
    const href = (link.getAttribute('href') ?? '').trim();
    return href !== '' && href !== '#';
  }
  const control = target.closest('button, input');
  if (!control) return false;
  const type = (control.getAttribute('type') ?? (control.localName === 'button' ? 'submit' : 'text')).toLowerCase();
  return (type === 'submit' || type === 'image') && !!(control as HTMLButtonElement).form;
}

/**
 * `clicks`: only a click on a matching element counts (the `click` trigger); pointer, focus and keys, and other
 * clicks, pass untouched.
 */
function waitForInteraction(
  entry: WidgetEntry,
  element: Element,
  start: (replay: Replay) => void,
  clicks?: string,
  eager = false,
): () => void {
  const mine: Held[] = [];
  let unmarkHeld: (() => void) | undefined;
  const releaseMark = () => {
    unmarkHeld?.();
    unmarkHeld = undefined;
  };
  let key: { target: Element; event: KeyboardEvent } | undefined;
  let started = false;
  let resolved = false;
  let focusTarget: Element | undefined;
  let cancelStall: (() => void) | undefined;
  const controller = new AbortController();
  const drop = () => {
    releaseMark();
    controller.abort();
    cancelStall?.();
    cancelStall = undefined;
    for (const h of mine) h.go ??= false;
    flush();
  };
  const watchStall = () => {
    if (cancelStall) return;
    const e = env();
    const id = e.setTimeout(() => {
      cancelStall = undefined;
      if (resolved) return;
      // A click with nothing of its own to do (a swatch's href="#", a bare button) would only jump to the top
      // and lose the shopper's choice: it keeps waiting for the code (or its failure) instead.
      if (!mine.some((h) => hasNativeAction(h.target))) {
        warnOnce(entry.name, '', `its code did not load within ${HELD_CLICK_TIMEOUT / 1000} s; the click waits for it.`);
        return;
      }
      warnOnce(entry.name, '', `its code did not load within ${HELD_CLICK_TIMEOUT / 1000} s; the click goes ahead without it.`);
      // As when the chunk fails: the first held click goes to the server markup, natively.
      resolved = true;
      mine.forEach((h, i) => (h.go ??= !i));
      drop();
    }, HELD_CLICK_TIMEOUT);
    cancelStall = () => e.clearTimeout(id);
  };

  const onEvent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : element;
    if (clicks && !clickCounts(event, target, clicks)) return;
    if (event.type === 'click') {
      // The widget is not there yet: hold the click and replay it once it is (or once loading failed, so the
      // server markup's own behaviour still happens). A repeat with no other click held in between is a double
      // click and is swallowed: it must not both navigate and act. A click on another button in between makes
      // the repeat a new request, held too. A click we replay (a wrapper widget's) is held at the front.
      event.preventDefault();
      event.stopImmediatePropagation();
      if (replaying || lastHolder !== mine) {
        const h: Held = { target, fallback: element, init: mouseInit(event) };
        mine.push(h);
        queue.splice(replaying ? 0 : queue.length, 0, h);
        lastHolder = mine;
        // The `click` trigger's markup is the whole page: what shows the click was taken is the link clicked.
        unmarkHeld ??= markHeld((clicks && closest(target, clicks)) || element);
        watchStall();
      }
    } else if (event.type === 'keydown' && !key && !mine.length && (event as KeyboardEvent).key === ' ' && !isNativeControl(target)) {
      // Space on a link with role=button would scroll the page instead of activating the widget.
      event.preventDefault();
      key = { target, event: event as KeyboardEvent };
    } else if (event.type === 'focusin') {
      focusTarget = target;
    }
    begin();
  };
  const begin = (byShopper = true) => {
    if (started) return;
    started = true;
    start({
      byShopper,
      run(mounted) {
        // Too late: the held click already went ahead natively.
        if (resolved) return;
        resolved = true;
        // Mounted: every held click reaches the widget, which tells a double click from a new request. Not
        // mounted: only the first, natively (the link's own action, once).
        mine.forEach((h, i) => (h.go = mounted || !i));
        drop();
        if (key && mounted && key.target.isConnected) {
          const k = key.event;
          key.target.dispatchEvent(
            new KeyboardEvent('keydown', {
              key: k.key,
              code: k.code,
              shiftKey: k.shiftKey,
              ctrlKey: k.ctrlKey,
              altKey: k.altKey,
              metaKey: k.metaKey,
              bubbles: true,
              cancelable: true,
            }),
          );
        }
        if (mounted && focusTarget && focusTarget.isConnected && document.activeElement === focusTarget) {
          focusTarget.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        }
      },
    });
  };
  // Capture: the held click must not reach the server markup's default action before the widget decides.
  for (const type of clicks ? (['click'] as const) : INTENT_EVENTS)
    element.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' && type !== 'keydown', signal: controller.signal });
  if (eager) begin(false);
  return drop;
}
