import { fireLegacy } from '../../src/events/bus';

/**
 * The form's events by the contract's rule (jQuery's `trigger` when the page has jQuery, else a CustomEvent), each
 * in the display queue's order, and never heard back by the form's own listeners while it fires them.
 */
export interface FormEvents {
  fire(target: Element | null, name: string, args?: unknown[]): void;
  /** A select's `change`, as a user's change would fire it (jQuery handlers see native events too). */
  nativeChange(el: Element): void;
  /** The form is firing this event itself: its listeners leave it alone. */
  firing(name: string): boolean;
}

export function createEvents(inOrder: (fn: () => void) => void): FormEvents {
  const firing = new Set<string>();
  const as = (name: string, fn: () => void) =>
    inOrder(() => {
      firing.add(name);
      try {
        fn();
      } finally {
        firing.delete(name);
      }
    });
  return {
    fire: (target, name, args = []) => target && as(name, () => fireLegacy(target, name, args)),
    nativeChange: (el) => as('change', () => el.dispatchEvent(new Event('change', { bubbles: true }))),
    firing: (name) => firing.has(name),
  };
}
