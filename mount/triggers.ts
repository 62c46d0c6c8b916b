import { env } from '../src/env';
import type { WidgetEntry } from './types';

/** Events that count as the first interaction with a widget's markup. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

export interface Replay {
  /** Re-dispatch what was held back while the widget loaded. */
  run(mounted: boolean): void;
}

/**
 * Wait for an entry's trigger on an element. `start` receives a Replay for the interaction trigger.
 * Returns a function that cancels the wait.
 */
export function waitForTrigger(entry: WidgetEntry, element: Element, start: (replay?: Replay) => void): () => void {
  const e = env();
  switch (entry.trigger) {
    case 'load':
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
      return waitForInteraction(element, start);
  }
}

function isNativeControl(el: Element): boolean {
  return el.matches('button, input, select, textarea, summary, [contenteditable=""], [contenteditable="true"]');
}

function waitForInteraction(element: Element, start: (replay: Replay) => void): () => void {
  let held: { type: 'click' | 'keydown'; target: Element; event: Event } | undefined;
  let started = false;
  let focusTarget: Element | undefined;
  const controller = new AbortController();

  const onEvent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : element;
    if (event.type === 'click') {
      // The widget is not there yet: hold the first click and replay it once it is (or once loading failed, so
      // the server markup's own behaviour still happens). Further clicks while loading are swallowed: a
      // double click must not both navigate and act.
      event.preventDefault();
      event.stopImmediatePropagation();
      held ??= { type: 'click', target, event };
    } else if (event.type === 'keydown' && !held && (event as KeyboardEvent).key === ' ' && !isNativeControl(target)) {
      // Space on a link with role=button would scroll the page instead of activating the widget.
      event.preventDefault();
      held = { type: 'keydown', target, event };
    } else if (event.type === 'focusin') {
      focusTarget = target;
    }
    if (started) return;
    started = true;
    start({
      run(mounted) {
        controller.abort();
        if (held?.type === 'click' && held.target.isConnected) {
          (held.target as HTMLElement).click();
        } else if (held?.type === 'keydown' && mounted && held.target.isConnected) {
          const k = held.event as KeyboardEvent;
          held.target.dispatchEvent(new KeyboardEvent('keydown', { key: k.key, code: k.code, shiftKey: k.shiftKey, ctrlKey: k.ctrlKey, altKey: k.altKey, metaKey: k.metaKey, bubbles: true, cancelable: true }));
        }
        if (mounted && focusTarget && focusTarget.isConnected && document.activeElement === focusTarget) {
          focusTarget.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        }
      },
    });
  };
  // Capture: the held click must not reach the server markup's default action before the widget decides.
  for (const type of INTENT_EVENTS) element.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' && type !== 'keydown', signal: controller.signal });
  return () => controller.abort();
}
