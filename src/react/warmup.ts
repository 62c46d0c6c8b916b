import { env } from '../env';
import { LIFE_EVENTS } from '../env/intent';

/*
 * The framework ahead of the first interaction (issue 29, goals 1 and 2), for the registry's `warm` entries. Plain
 * code, no React, in the runtime's own chunk (it imports the event list, not src/react/intent.ts's deferral code).
 *
 * A visitor who does nothing loads no framework: nothing is requested until the shopper shows a first sign of life
 * on the page (a scroll, a pointer move, a touch, a key) while the entry's markup is near the viewport. Then, in
 * the next idle period, the framework is requested (and evaluated as it arrives, in a task of its own), then the
 * widget's chunk: the first focus, click or tap on the island pays for neither, and the island still mounts only
 * on its trigger.
 */

/**
 * Call `warm` in an idle period once `element` is within 200 px of the viewport and the shopper has shown a sign
 * of life on the page (in either order). Returns a cancel (the markup left, or warming is no longer wanted).
 */
export function warmWhenAlive(element: Element, warm: () => void): () => void {
  const e = env();
  const life = new AbortController();
  let near = false;
  let alive = false;
  let cancelIdle: (() => void) | undefined;
  const ready = () => {
    if (near && alive && !cancelIdle) cancelIdle = e.idle(warm);
  };
  const onLife = () => {
    life.abort();
    alive = true;
    ready();
  };
  // Capture on the window: a scroll inside an overflow container does not bubble.
  for (const type of LIFE_EVENTS) addEventListener(type, onLife, { capture: true, passive: true, signal: life.signal });
  const cancelVisible = e.visible(element, () => {
    near = true;
    ready();
  });
  return () => {
    life.abort();
    cancelVisible();
    cancelIdle?.();
  };
}
