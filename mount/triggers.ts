import { scrollTopNow } from '../src/dom/scroll';
import { env } from '../src/env';
import { warnOnce } from '../src/log';
// The events that count as the first interaction with a widget's markup: one list, shared with deferred views.
import { INTENT_EVENTS } from '../src/env/intent';
import type { WidgetEntry } from '../src/widget';

export interface Replay {
  /**
   * Re-dispatch what was held back while the widget loaded: to the widget when it mounted, else natively.
   * `codeLoaded` (default: `mounted`): the chunk is in, though this instance's mount failed.
   */
  run(mounted: boolean, codeLoaded?: boolean): void;
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
export function waitForTrigger(entry: WidgetEntry, element: Element, start: (replay?: Replay) => void, holds: Holds): () => void {
  const e = env();
  switch (entry.trigger) {
    case 'load':
      // Markup whose links act on the server's page before the code is in (Avada's swatches, `href="#"`): those
      // clicks are held while it loads and replayed once it is mounted, as for the interaction trigger.
      if (entry.clicks) return waitForInteraction(entry, element, start, holds, entry.clicks, true);
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
      return waitForInteraction(entry, element, start, holds);
    case 'scroll':
      return waitForScroll(start);
    case 'click':
      if (location.hash.length > 1) {
        start();
        return () => {};
      }
      return waitForInteraction(entry, element, start, holds, entry.clicks ?? '*');
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

/**
 * A held click: `go` is unset while its widget loads, then `replay` (to the mounted widget), `native` (to the
 * server markup, the widget not there) or `drop`.
 */
interface Held {
  target: Element;
  /** Where the click lands if the icon that was clicked is gone by then: the widget's element. */
  fallback: Element;
  init: MouseEventInit;
  go?: 'replay' | 'native' | 'drop';
}

/** The held clicks waiting for one chunk (every instance of an entry), with that chunk's one stall timer. */
interface ChunkWait {
  held: Held[];
  cancelStall?: () => void;
  /** A held click went ahead natively (the page is leaving with it): no other may, or its navigation replaces it. */
  leaving: boolean;
  /** The code is in: the instances mount within a few tasks, no stall. */
  loaded: boolean;
}

/**
 * The clicks held on one page, owned by its runtime. `queue` has every loading widget's clicks in the order they
 * were made: each button is its own widget instance, and a click must not overtake an earlier click on another
 * button whose widget mounts later.
 */
export interface Holds {
  readonly queue: Held[];
  /** The held clicks of the widget that held the last click: a repeat on it is a double click. */
  lastHolder?: Held[];
  /** What is being dispatched now: a replay to a widget (held at the front by a wrapper still loading) or a native one. */
  dispatching?: 'replay' | 'native';
  readonly chunks: Map<string, ChunkWait>;
}

export function createHolds(): Holds {
  return { queue: [], chunks: new Map() };
}

function chunkWait(holds: Holds, entry: WidgetEntry): ChunkWait {
  let wait = holds.chunks.get(entry.name);
  if (!wait) holds.chunks.set(entry.name, (wait = { held: [], leaving: false, loaded: false }));
  return wait;
}

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

function flush(holds: Holds): void {
  const { queue } = holds;
  for (let h: Held | undefined; (h = queue[0]) && h.go !== undefined;) {
    queue.shift();
    if (h.go === 'drop') continue;
    holds.dispatching = h.go;
    try {
      replayClick(h);
    } catch (error) {
      // One click that cannot be replayed must not strand the clicks behind it, nor the dispatching flag.
      warnOnce('runtime', 'click', `a held click could not be replayed: ${String(error)}`);
    } finally {
      holds.dispatching = undefined;
    }
  }
}

/**
 * The first held click of a chunk with something to do natively goes ahead without the widget (the link's
 * navigation, the form's submit), once per page: the page leaves with it, and a second would replace it (three
 * adds followed at once are one add). The chunk's other clicks stay held for its code.
 */
function goNative(holds: Holds, wait: ChunkWait): boolean {
  const first = wait.leaving ? undefined : wait.held.find((h) => !h.go && hasNativeAction(h.target));
  if (!first) return false;
  first.go = 'native';
  wait.leaving = true;
  flush(holds);
  return true;
}

/** One stall per chunk, from the first click held for it: see HELD_CLICK_TIMEOUT. */
function watchStall(holds: Holds, wait: ChunkWait, entry: WidgetEntry): void {
  if (wait.cancelStall || wait.leaving || wait.loaded) return;
  const e = env();
  const id = e.setTimeout(() => {
    wait.cancelStall = undefined;
    wait.held = wait.held.filter((h) => !h.go);
    if (!wait.held.length || wait.loaded) return;
    // A click with nothing of its own to do (a swatch's href="#", a bare button) would only jump to the top
    // and lose the shopper's choice: it keeps waiting for the code (or its failure) instead.
    if (!wait.held.some((h) => hasNativeAction(h.target))) {
      warnOnce(entry.name, '', `its code did not load within ${HELD_CLICK_TIMEOUT / 1000} s; the click waits for it.`);
      return;
    }
    warnOnce(entry.name, '', `its code did not load within ${HELD_CLICK_TIMEOUT / 1000} s; the click goes ahead without it.`);
    goNative(holds, wait);
  }, HELD_CLICK_TIMEOUT);
  wait.cancelStall = () => e.clearTimeout(id);
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

/** Decide an instance's clicks still held when its widget mounted, or could not. */
function decide(holds: Holds, wait: ChunkWait, mine: Held[], mounted: boolean, codeLoaded: boolean): void {
  if (codeLoaded) {
    wait.loaded = true;
    wait.cancelStall?.();
    wait.cancelStall = undefined;
  }
  // The chunk could not load: every instance waiting for it fails, and the first click made goes natively.
  else goNative(holds, wait);
  // Mounted: every held click reaches the widget, which tells a double click from a new request. Not mounted:
  // only the first, natively (the link's own action, once), unless the page is already leaving with another.
  let first = true;
  for (const h of mine) {
    if (h.go) continue;
    if (mounted) h.go = 'replay';
    else if (first && !(wait.leaving && hasNativeAction(h.target))) {
      h.go = 'native';
      wait.leaving ||= hasNativeAction(h.target);
    } else h.go = 'drop';
    first = false;
  }
  wait.held = wait.held.filter((h) => !h.go);
}

/**
 * `clicks`: only a click on a matching element counts (the `click` trigger); pointer, focus and keys, and other
 * clicks, pass untouched.
 */
function waitForInteraction(
  entry: WidgetEntry,
  element: Element,
  start: (replay: Replay) => void,
  holds: Holds,
  clicks?: string,
  eager = false,
): () => void {
  const mine: Held[] = [];
  const wait = chunkWait(holds, entry);
  let unmarkHeld: (() => void) | undefined;
  let key: { target: Element; event: KeyboardEvent } | undefined;
  let started = false;
  let ran = false;
  let focusTarget: Element | undefined;
  const controller = new AbortController();
  const drop = () => {
    unmarkHeld?.();
    unmarkHeld = undefined;
    controller.abort();
    for (const h of mine) h.go ??= 'drop';
    flush(holds);
  };

  const onEvent = (event: Event) => {
    // A click going ahead natively passes every widget still loading: it is the server markup's now.
    if (holds.dispatching === 'native') return;
    const target = event.target instanceof Element ? event.target : element;
    if (clicks && !clickCounts(event, target, clicks)) return;
    if (event.type === 'click') {
      // The widget is not there yet: hold the click and replay it once it is (or once loading failed, so the
      // server markup's own behaviour still happens). A repeat with no other click held in between is a double
      // click and is swallowed: it must not both navigate and act. A click on another button in between makes
      // the repeat a new request, held too. A click we replay (a wrapper widget's) is held at the front.
      event.preventDefault();
      event.stopImmediatePropagation();
      const replaying = holds.dispatching === 'replay';
      if (replaying || holds.lastHolder !== mine) {
        const h: Held = { target, fallback: element, init: mouseInit(event) };
        mine.push(h);
        wait.held.push(h);
        holds.queue.splice(replaying ? 0 : holds.queue.length, 0, h);
        holds.lastHolder = mine;
        // The `click` trigger's markup is the whole page: what shows the click was taken is the link clicked.
        unmarkHeld ??= markHeld((clicks && closest(target, clicks)) || element);
        watchStall(holds, wait, entry);
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
      run(mounted, codeLoaded = mounted) {
        if (ran) return;
        ran = true;
        decide(holds, wait, mine, mounted, codeLoaded);
        drop();
        if (!mounted) return;
        if (key && key.target.isConnected) {
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
        if (focusTarget && focusTarget.isConnected && document.activeElement === focusTarget) {
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
