import type { Chunks, Display } from './loaders';

/**
 * What shows a variation waits for display.ts, and everything the form does after that waits behind it. Until it
 * is loaded a found variation is held (`withDisplay`); its events, and every event and change of the form's own
 * state after it (`inOrder`), follow in their order once it is in, or failed: then the form shows what it owns
 * (README "What loads when"). Options, swatches and requests are worked out at once, outside the queue. Hiding
 * needs no module before anything was shown, so nothing is held until a variation is.
 */
export interface DisplayQueue {
  /** Run now, or after what is held (in the order asked). */
  inOrder(fn: () => void): void;
  /** Run with display.ts loaded (or failed); holds every `inOrder` after it until then. */
  withDisplay(fn: () => void): void;
  /** Ask for display.ts (once for the form: the warning of a failure is said once). */
  load(): Promise<void>;
  /** display.ts, once here. */
  display(): Display | undefined;
}

export function createDisplayQueue(chunks: Chunks, warn: (field: string, message: string) => void, signal: AbortSignal): DisplayQueue {
  let held: (() => void)[] | undefined;
  let asked: Promise<void> | undefined;
  const load = () =>
    (asked ??= chunks.displayReady().then(() => {
      const failed = chunks.displayFailed();
      if (failed !== undefined)
        warn('display', `${failed}; the form still chooses and posts, without the variation's price, stock, SKU or image`);
      const queue = held ?? [];
      held = undefined;
      if (!signal.aborted) for (const fn of queue) fn();
    }));
  return {
    inOrder: (fn) => void (held ? held.push(fn) : fn()),
    withDisplay(fn) {
      if (!held && (chunks.display() || chunks.displayFailed() !== undefined)) return fn();
      (held ??= []).push(fn);
      void load();
    },
    load,
    display: chunks.display,
  };
}
