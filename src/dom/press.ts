import { env } from '../env';

/**
 * A view that replaces printed markup must not do it under a pressed mouse button: a click goes to the node that
 * was pressed and released, and one replaced in between gets none, so the shopper's click is lost. (A touch tap
 * is hit-tested where it ends: the new node gets it.) Follows presses that start inside `el`; the function it
 * returns runs `fn` at once, or, while such a press is down, in the task after its release (after the click).
 */
export function whenReleased(el: Element, signal: AbortSignal): (fn: () => void) => void {
  let pressed = false;
  let waiting: (() => void)[] = [];
  el.addEventListener('pointerdown', () => (pressed = true), { signal, capture: true });
  const release = () => {
    pressed = false;
    const run = waiting;
    waiting = [];
    if (run.length) env().setTimeout(() => signal.aborted || run.forEach((fn) => fn()), 0);
  };
  for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, release, { signal, capture: true });
  return (fn) => (pressed ? waiting.push(fn) : fn());
}
