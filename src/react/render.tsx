import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';

/** Islands that render into several places of the server markup (tips in each field, an output) use portals. */
export { createPortal } from 'react-dom';
import { emit } from '../events/bus';
import { errorOnce } from '../log';

/**
 * The only place that imports react-dom. An island renders into the CMS's own element (same classes, so no
 * layout shift). If rendering throws, the root is unmounted and the server markup is put back as it was.
 */
interface BoundaryProps {
  name: string;
  onError: (error: unknown) => void;
  children: ReactNode;
}

class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export interface Island {
  update(node: ReactNode): void;
  /** Render and commit before returning (plain code reads the DOM or fires an event right after). */
  flush(node: ReactNode): void;
  unmount(): void;
}

/** The element indices from `container` down to the focused element, when the focus is inside it. */
function focusPath(container: Element): number[] | undefined {
  const path: number[] = [];
  let at = document.activeElement;
  if (!at || at === container || !container.contains(at)) return undefined;
  while (at && at !== container) {
    const parent: Element | null = at.parentElement;
    if (!parent) return undefined;
    path.unshift([...parent.children].indexOf(at));
    at = parent;
  }
  return path;
}

/**
 * The first render replaces the server markup: a focused link or field inside it is removed, and the browser
 * drops the focus to the body. The island renders the same markup element for element, so the focus goes to
 * the element at the same place, when it is one of the same kind.
 */
function keepFocus(container: Element, path: number[] | undefined, tag: string | undefined): void {
  if (!path || (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected)) return;
  let at: Element | undefined = container;
  for (const index of path) at = at?.children[index];
  if (at instanceof HTMLElement && at.tagName === tag) at.focus({ preventScroll: true });
}

export function renderIsland(name: string, container: Element, node: ReactNode): Island {
  const original = [...container.childNodes].map((n) => n.cloneNode(true));
  const focused = focusPath(container);
  const focusedTag = document.activeElement?.tagName;
  let root: Root | undefined = createRoot(container);
  const restore = (error: unknown) => {
    errorOnce(name, "failed while rendering; the page's own markup is back in place.", error);
    emit('storefront:error', { widget: name, element: container, error, phase: 'mount' });
    // Unmount after React has finished this commit, then put the server markup back.
    queueMicrotask(() => {
      root?.unmount();
      root = undefined;
      container.replaceChildren(...original);
    });
  };
  const wrap = (n: ReactNode) => (
    <IslandBoundary name={name} onError={restore}>
      {n}
    </IslandBoundary>
  );
  // Synchronous first render: the island replaces the server markup in the same task, with no flash.
  flushSync(() => root?.render(wrap(node)));
  keepFocus(container, focused, focusedTag);
  return {
    update(next) {
      root?.render(wrap(next));
    },
    flush(next) {
      flushSync(() => root?.render(wrap(next)));
    },
    unmount() {
      root?.unmount();
      root = undefined;
    },
  };
}

/**
 * Commit a store change to the DOM before returning (React: flushSync; preact/compat renders on its next
 * microtask). For islands whose plain code reads back what it just showed (focus the field it marked invalid).
 */
export function commitNow(change: () => void): void {
  flushSync(change);
}
