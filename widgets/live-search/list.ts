import { env } from '../../src/env';
import { HIDE_TRANSITION_MS, type SearchResult } from './logic';
import type { SearchState } from './search';

/**
 * One box's list as the view sees it: the state and its subscribers (the `{ state, subscribe }` shape every
 * view follows, src/react/defer.ts), with showing, hiding (the theme's fade) and a failure's short stay.
 */
export interface List {
  readonly state: SearchState;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<SearchState>): void;
  show(query: string, results: SearchResult[]): void;
  hide(): void;
  /** A failure shown in the list for `ms`, then hidden. */
  fail(error: string, ms: number): void;
  stopClosing(): void;
}

export function createList(initial: SearchState): List {
  let state = initial;
  const listeners = new Set<() => void>();
  let closeTimer: number | undefined;
  const set = (patch: Partial<SearchState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const stopClosing = () => {
    if (closeTimer !== undefined) env().clearTimeout(closeTimer);
    closeTimer = undefined;
  };
  const hide = () => {
    stopClosing();
    if (!state.open) return;
    const reduce = env().prefersReducedMotion();
    // The error text stays while the list fades out, so the fading option still has its name.
    set({ open: false, active: -1, closing: !reduce });
    if (reduce) return;
    closeTimer = env().setTimeout(() => {
      closeTimer = undefined;
      set({ closing: false });
    }, HIDE_TRANSITION_MS);
  };
  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    show(query, results) {
      stopClosing();
      set({ phase: 'results', query, results, open: true, closing: false, active: -1, error: '', loading: false });
    },
    hide,
    fail(error, ms) {
      stopClosing();
      set({ phase: 'error', loading: false, open: true, closing: false, active: -1, error });
      closeTimer = env().setTimeout(() => {
        closeTimer = undefined;
        if (state.phase === 'error') hide();
      }, ms);
    },
    stopClosing,
  };
}
