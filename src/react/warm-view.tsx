import type { ComponentType } from 'react';
import { renderIsland } from './render';

/** Events React hears at its root that a view's first use brings (a pointer resting over it, focus, transitions). */
const ROOT_EVENTS = {
  pointer: ['pointerover', 'pointerout', 'mouseover', 'mouseout', 'pointermove'],
  focus: ['focusin', 'focusout'],
  other: ['transitionrun', 'transitionstart', 'transitionend', 'transitioncancel', 'animationstart', 'animationend', 'beforetoggle'],
} as const;

/**
 * A throwaway render of a view into a detached element, for a widget's `warm()` at idle before any interaction:
 * the engine compiles React's rendering code, this view's and React's event dispatch now instead of in the
 * shopper's first interaction. `next`: an update such as the first use makes (committed at once). `act`: the first
 * use's own event on the rendered view (a remove's click), dispatched before `next` is committed, so the update it
 * makes is rendered with it. Nothing is left behind: no node in the document, no request, no state.
 */
export function warmView<P extends object>(
  name: string,
  Component: ComponentType<P>,
  initial: P,
  next: P,
  act?: (host: Element) => void,
): void {
  const host = document.createElement('div');
  const island = renderIsland(name, host, <Component {...initial} />);
  try {
    act?.(host);
    island.flush(<Component {...next} />);
    const target = host.querySelector('button, a, input') ?? host.firstElementChild;
    if (!target) return;
    const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
    for (const type of ROOT_EVENTS.pointer) target.dispatchEvent(new Pointer(type, { bubbles: true }));
    for (const type of ROOT_EVENTS.focus) target.dispatchEvent(new FocusEvent(type, { bubbles: true }));
    for (const type of ROOT_EVENTS.other) target.dispatchEvent(new Event(type, { bubbles: true }));
  } finally {
    island.unmount();
  }
}
