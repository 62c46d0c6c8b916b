import { env } from '../env';
import { INTENT_EVENTS, LIFE_EVENTS } from '../env/intent';

/*
 * When a view (and the framework with it) may load: "plain first, view on intent". Plain code, no React: the
 * runtime and the plain half of a widget import it at load, the view stays behind an `import()`.
 */

export { INTENT_EVENTS, LIFE_EVENTS };

/**
 * Call `fn` once, the first time the shopper reaches for `element` (until `signal` aborts). `events`: a widget's
 * deliberate difference from the list (the mini-cart leaves the click to its plain handler).
 */
export function onIntent(element: Element, fn: () => void, signal: AbortSignal, events: readonly string[] = INTENT_EVENTS): void {
  const controller = new AbortController();
  const once = () => {
    controller.abort();
    fn();
  };
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  // Capture: a handler inside the markup that stops the event must not hide the intent from us.
  for (const type of events) element.addEventListener(type, once, { capture: true, passive: true, signal: controller.signal });
}

/**
 * Call `fn` at an idle moment once `element` is in view (margin 0: a closed dropdown is not) and the shopper has
 * shown a sign of life on the page: a view on screen is ready, evaluated, before the first hover or click on it
 * (its evaluation lands in an idle period, not inside that interaction), while a visitor who does nothing never
 * loads it. Being visible alone is not intent. Returns a cancel, also run when `signal` aborts.
 */
export function onceInViewAndAlive(element: Element, fn: () => void, signal: AbortSignal): () => void {
  const e = env();
  const life = new AbortController();
  let inView = false;
  let alive = false;
  let cancelIdle: (() => void) | undefined;
  let cancelVisible: () => void = () => {};
  const cancel = () => {
    life.abort();
    cancelVisible();
    cancelIdle?.();
  };
  const check = () => {
    if (!inView || !alive || cancelIdle || signal.aborted) return;
    cancelIdle = e.idle(() => {
      cancel();
      if (!signal.aborted) fn();
    });
  };
  const onLife = () => {
    life.abort();
    alive = true;
    check();
  };
  // Capture on the window: a scroll inside an overflow container does not bubble.
  for (const type of LIFE_EVENTS) addEventListener(type, onLife, { capture: true, passive: true, signal: life.signal });
  cancelVisible = e.visible(
    element,
    () => {
      inView = true;
      check();
    },
    '0px',
  );
  signal.addEventListener('abort', cancel, { once: true });
  return cancel;
}
