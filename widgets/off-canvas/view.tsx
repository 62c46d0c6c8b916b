import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type SyntheticEvent,
} from 'react';
import { env } from '../../src/env';
import type { WidgetContext } from '../../src/widget';
import { attachIsland } from '../../src/react/island';
import type { CloseReason } from './panel';

/**
 * The open panel, as a React island: a popup is a native modal `<dialog>` holding the theme's own
 * `.awb-off-canvas` (labelled by its heading, focus moved in, kept there, returned to the opener); a sliding bar
 * stays where it is, a non-modal region. Both get the auto-close timer (paused while the pointer is over the
 * panel) and the delayed close button. Loaded only when a panel opens.
 */
export interface ViewOptions {
  wrap: HTMLElement;
  panel: HTMLElement;
  popup: boolean;
  closeOnEscape: boolean;
  closeOnOverlay: boolean;
  autoCloseMs: number;
  closeButtonDelayMs: number;
  requestClose(reason: CloseReason): void;
}

export interface PanelView {
  setOpen(open: boolean, opener: HTMLElement | null): void;
}

interface ViewProps extends ViewOptions {
  open: boolean;
  opener: HTMLElement | null;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]:not([tabindex="-1"])';

function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hidden && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

function heading(panel: HTMLElement): HTMLElement | null {
  return panel.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]');
}

let labelCount = 0;
/** The panel's heading gets an id to label the dialog or region by; without one, a generic name. */
function labelFor(panel: HTMLElement, fallback: string): { labelledBy?: string; label?: string } {
  const h = heading(panel);
  if (h && h.textContent?.trim()) {
    if (!h.id) h.id = `sf-oc-label-${++labelCount}`;
    return { labelledBy: h.id };
  }
  return { label: fallback };
}

/** The auto-close timer, paused while the pointer is over the panel and started afresh when it leaves. */
function useAutoClose(open: boolean, panel: HTMLElement, ms: number, requestClose: (reason: CloseReason) => void): void {
  useEffect(() => {
    if (!open || ms <= 0) return;
    let timer: number | undefined;
    const start = () => {
      stop();
      timer = env().setTimeout(() => requestClose('timer'), ms);
    };
    const stop = () => {
      if (timer !== undefined) env().clearTimeout(timer);
      timer = undefined;
    };
    start();
    panel.addEventListener('pointerenter', stop);
    panel.addEventListener('pointerleave', start);
    return () => {
      stop();
      panel.removeEventListener('pointerenter', stop);
      panel.removeEventListener('pointerleave', start);
    };
  }, [open, panel, ms, requestClose]);
}

/** A close button the theme printed `hidden` appears after the delay, on every open. */
function useDelayedCloseButton(open: boolean, panel: HTMLElement, ms: number): void {
  const buttonRef = useRef<HTMLElement | null>(null);
  buttonRef.current ??= panel.querySelector<HTMLElement>('.off-canvas-close');
  useEffect(() => {
    const button = buttonRef.current;
    if (!open || ms <= 0 || !button) return;
    button.hidden = true;
    const timer = env().setTimeout(() => (button.hidden = false), ms);
    return () => {
      env().clearTimeout(timer);
      button.hidden = true;
    };
  }, [open, ms]);
}

type MovingParent = ParentNode & { moveBefore?: (node: Node, child: Node | null) => void };
/** Where the browser can (moveBefore), an embedded video or form keeps its state while the panel moves. */
function move(parent: ParentNode, node: Node, before: Node | null): void {
  const p = parent as MovingParent;
  if (typeof p.moveBefore === 'function') {
    try {
      p.moveBefore(node, before);
      return;
    } catch {
      /* not movable atomically: insert */
    }
  }
  parent.insertBefore(node, before);
}

function PopupDialog(props: ViewProps) {
  const { panel, wrap, open, opener, closeOnEscape, closeOnOverlay, requestClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const { labelledBy, label } = labelFor(panel, 'Popup');

  // The theme's panel moves into the dialog and back out when the view goes.
  useLayoutEffect(() => {
    const d = dialog.current!;
    const home = panel.parentNode;
    const next = panel.nextSibling;
    move(d, panel, null);
    return () => {
      if (home?.isConnected) move(home, panel, next && next.parentNode === home ? next : null);
      else move(wrap, panel, wrap.firstChild);
    };
  }, [panel, wrap]);

  useEffect(() => {
    const d = dialog.current!;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      panel.focus({ preventScroll: true });
    } else if (!open && d.open) {
      d.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    }
  }, [open, opener, panel]);

  // Escape and the browser's close requests go through `cancel`: the panel closes with its exit animation.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    if (closeOnEscape) requestClose('escape');
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (closeOnEscape) requestClose('escape');
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(event.currentTarget);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      panel.focus();
    } else if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  // The dialog fills the viewport like the wrap: a click on it (not on the panel) is a click on the overlay.
  const onClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && closeOnOverlay) requestClose('overlay');
  };
  // If the browser closed the dialog on its own (a forced close request), the panel follows.
  const onClose = () => {
    if (open) requestClose('escape');
  };

  return (
    <dialog
      ref={dialog}
      className="sf-oc-dialog"
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onClose={onClose}
    />
  );
}

function OffCanvasView(props: ViewProps) {
  useAutoClose(props.open, props.panel, props.autoCloseMs, props.requestClose);
  useDelayedCloseButton(props.open, props.panel, props.closeButtonDelayMs);
  return props.popup ? <PopupDialog {...props} /> : null;
}

/** Mounted into a host of its own beside the panel; unmounted and removed with the panel's context. */
export function mountView(options: ViewOptions, context: WidgetContext): PanelView {
  const host = document.createElement('div');
  host.className = 'sf-oc-host';
  options.wrap.appendChild(host);
  // Registered first, so it runs after the view has unmounted.
  context.onCleanup(() => host.remove());
  const view = attachIsland<ViewProps>('off-canvas', host, OffCanvasView, { ...options, open: false, opener: null }, context);
  return { setOpen: (open, opener) => view.update((props) => ({ ...props, open, opener })) };
}
