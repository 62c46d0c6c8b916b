import { env } from '../../src/env';
import { isNetError, shopperMessage } from '../../src/net/errors';
import { requestJson } from '../../src/net/request';
import { createList, type List } from './list';
import {
  answerSchema,
  cacheKey,
  DEBOUNCE_MS,
  moveActive,
  parseAnswer,
  requestBody,
  searchable,
  type LiveSearchSettings,
  type SearchResult,
} from './logic';

/**
 * One search box's state and its requests, framework-free: the view renders `state`, the widget feeds it input
 * and keys. Every request is the only one in flight for its box (the previous is aborted) and carries a sequence
 * number; an answer that is not the latest is dropped, so an older, slower answer can never replace a newer one.
 */
export type Phase = 'closed' | 'loading' | 'results' | 'error';

export interface SearchState {
  phase: Phase;
  /** The list shown (kept while a newer query loads, cleared below the minimum length). */
  results: SearchResult[];
  /** The query `results` answer ("" when none). */
  query: string;
  /** Whether the list is on screen (results or a message). */
  open: boolean;
  /** The 300 ms after closing while the theme fades the list out. */
  closing: boolean;
  /** Index of the active option, -1 for none. */
  active: number;
  /** The failure shown in the list, briefly. */
  error: string;
  /** A request is in flight for the current input. */
  loading: boolean;
}

export interface SearchOptions {
  settings: LiveSearchSettings;
  /** Base for relative links in answers (the page URL). */
  base: string;
  /** Request timeout in ms. */
  timeout: number;
  /** How long a failure stays in the list before it closes. */
  errorMs: number;
  warn(field: string, message: string): void;
  /** Aborted when the widget unmounts. */
  signal: AbortSignal;
}

/** Answers for the page's life, shared by every search box on the page (keyed by what was asked). */
const answers = new Map<string, SearchResult[]>();

/** Tests start with no cached answers. */
export function clearAnswerCache(): void {
  answers.clear();
}

const INITIAL: SearchState = {
  phase: 'closed',
  results: [],
  query: '',
  open: false,
  closing: false,
  active: -1,
  error: '',
  loading: false,
};

export interface Search {
  readonly state: SearchState;
  subscribe(listener: () => void): () => void;
  /** The input's value changed. */
  input(value: string): void;
  /** A key in the input; returns true when it was ours (the caller prevents its default). */
  key(key: string): boolean;
  /** The result Enter should follow, if an option is active. */
  activeResult(): SearchResult | undefined;
  /** Focus came back to the input: show the list again if it answers what is typed. */
  reopen(value: string): void;
  /** The shopper left the form: close; an answer still on its way then waits for focus or ↓. */
  close(): void;
  /** Escape: close when open (as `close`), else report that the text should be cleared (true). */
  escape(): boolean;
  activate(index: number): void;
}

/** What the request and the shopper's keys share: the query waited for, and whether the list was dismissed. */
interface Session {
  /** The query being waited for (debounce or request), so a key that leaves the query as it was costs nothing. */
  wanted: string | undefined;
  /**
   * The shopper closed the list (Escape) or left the form: an answer that arrives now is kept for when they come
   * back (focus, ArrowDown) but does not open the list behind their back; a failure is not shown at all.
   */
  dismissed: boolean;
}

/**
 * The requests of one box: each the only one in flight (the previous is aborted), numbered; an answer that is
 * not the latest is dropped.
 */
function createRequests(options: SearchOptions, list: List, session: Session) {
  const { settings } = options;
  let seq = 0;
  let inFlight: AbortController | undefined;
  const cancel = () => {
    seq += 1;
    inFlight?.abort();
    inFlight = undefined;
  };
  /** An answer for the text in the field: shown, or kept for later while the list is dismissed. */
  const answered = (query: string, results: SearchResult[]) => {
    if (session.dismissed) list.set({ phase: 'results', query, results, loading: false });
    else list.show(query, results);
  };
  const failed = (error: unknown) => {
    session.wanted = undefined;
    // Nobody is looking: say nothing; typing in the field again asks again.
    if (session.dismissed) list.set({ phase: 'closed', query: '', loading: false });
    else list.fail(failureText(error), options.errorMs);
  };
  const run = async (query: string) => {
    const key = cacheKey(query, settings);
    const cached = answers.get(key);
    cancel();
    if (cached) {
      session.wanted = undefined;
      answered(query, cached);
      return;
    }
    session.wanted = query;
    const mine = seq;
    const controller = new AbortController();
    inFlight = controller;
    const onUnmount = () => controller.abort();
    options.signal.addEventListener('abort', onUnmount, { once: true });
    // A failure message is not a list to keep showing while the next answer loads.
    if (list.state.phase === 'error') {
      list.stopClosing();
      list.set({ open: false, closing: false, error: '' });
    }
    list.set({ loading: true, phase: 'loading' });
    try {
      const data = await requestJson(settings.ajaxurl, {
        method: 'POST',
        body: requestBody(query, settings),
        signal: controller.signal,
        timeout: options.timeout,
        schema: answerSchema,
      });
      if (mine !== seq) return;
      session.wanted = undefined;
      const { results, dropped } = parseAnswer(data, options.base);
      if (dropped) options.warn('answer', `${dropped} result(s) without a title or an http(s) post_url were left out`);
      answers.set(key, results);
      answered(query, results);
    } catch (error) {
      if (mine !== seq || (isNetError(error) && error.code === 'aborted')) return;
      failed(error);
    } finally {
      options.signal.removeEventListener('abort', onUnmount);
      if (inFlight === controller) inFlight = undefined;
    }
  };
  return { run, cancel };
}

export function createSearch(options: SearchOptions): Search {
  const { settings } = options;
  const list = createList(INITIAL);
  const session: Session = { wanted: undefined, dismissed: false };
  const requests = createRequests(options, list, session);
  let debounce: number | undefined;
  const clearDebounce = () => {
    if (debounce !== undefined) env().clearTimeout(debounce);
    debounce = undefined;
  };
  const { show, hide, set } = list;

  options.signal.addEventListener('abort', () => {
    clearDebounce();
    list.stopClosing();
    requests.cancel();
  });

  return {
    get state() {
      return list.state;
    },
    subscribe: list.subscribe,
    input(value) {
      session.dismissed = false;
      const { state } = list;
      const query = searchable(value, settings.minChars);
      if (query !== undefined && query === session.wanted) return;
      if (query !== undefined && session.wanted === undefined && state.phase === 'results' && query === state.query) {
        if (!state.open) show(query, state.results);
        return;
      }
      clearDebounce();
      session.wanted = query;
      // Whatever is in flight answers a text that is no longer there.
      requests.cancel();
      if (list.state.loading) set({ loading: false });
      if (query === undefined) {
        hide();
        // The results stay drawn while the list fades out; nothing can reopen them for this text.
        if (list.state.phase !== 'closed') set({ query: '', phase: 'closed' });
        return;
      }
      if (list.state.active >= 0) set({ active: -1 });
      debounce = env().setTimeout(() => {
        debounce = undefined;
        void requests.run(query);
      }, DEBOUNCE_MS);
    },
    key(key) {
      const { state } = list;
      if (!state.open || state.phase === 'error') {
        if (key === 'ArrowDown' && state.results.length && state.phase === 'results') {
          session.dismissed = false;
          show(state.query, state.results);
          set({ active: 0 });
          return true;
        }
        return false;
      }
      const next = moveActive(key, state.active, state.results.length);
      if (next === undefined) return false;
      set({ active: next });
      return true;
    },
    activeResult() {
      return list.state.open ? list.state.results[list.state.active] : undefined;
    },
    reopen(value) {
      session.dismissed = false;
      const { state } = list;
      if (state.open || state.phase !== 'results') return;
      if (searchable(value, settings.minChars) === state.query) show(state.query, state.results);
    },
    close() {
      session.dismissed = true;
      hide();
    },
    escape() {
      if (list.state.open) {
        session.dismissed = true;
        hide();
        return false;
      }
      clearDebounce();
      session.wanted = undefined;
      requests.cancel();
      set({ ...INITIAL, closing: list.state.closing });
      return true;
    },
    activate(index) {
      if (list.state.open && index >= 0 && index < list.state.results.length) set({ active: index });
    },
  };
}

/** The failure, said in a way that also tells the shopper the search button still works. */
function failureText(error: unknown): string {
  return `${shopperMessage(error)} Press Enter to see all results.`;
}
