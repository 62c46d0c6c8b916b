import { afterPaint } from '../../src/dom/announce';

/**
 * A shopper's change paints first: the select (or swatch) shows the new value in the interaction's own frame,
 * and what follows from it (options, events, price, image, button) runs right after that paint, so choosing
 * costs the shopper no more than the browser's own select. Changes made by code (`$select.val(x).trigger('change')`,
 * dispatchEvent, a swatch's .click()) are handled at once: scripts read the form's state right after them.
 * Anything that reads or acts on the form's state first (the button, the reset, a submit, another change,
 * check_variations, a reload) applies a pending change before it goes on (tests: paint-first.test.ts).
 */
export interface PendingChange {
  /** A select changed: `onChange` runs now, or after the next paint for the shopper's own change. */
  changed(byShopper: boolean): void;
  /** Run a shopper's change still waiting for its paint, now. */
  apply(): void;
}

export function pendingChange(onChange: () => void, signal: AbortSignal, onCleanup: (fn: () => void) => void): PendingChange {
  let cancel: (() => void) | undefined;
  onCleanup(() => cancel?.());
  const apply = () => {
    if (!cancel) return;
    cancel();
    cancel = undefined;
    onChange();
  };
  return {
    apply,
    changed(byShopper) {
      // Another of the shopper's changes before that paint (a held arrow key on a busy phone): the pending one
      // reads every select when it runs, so only the final choice is worked out.
      if (byShopper && cancel) return;
      apply();
      if (!byShopper) return onChange();
      cancel = afterPaint(() => {
        cancel = undefined;
        if (!signal.aborted) onChange();
      });
    },
  };
}
