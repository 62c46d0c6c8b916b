import type { WidgetContext } from '../widget';
import { INTENT_EVENTS, onceInViewAndAlive, onIntent } from './intent';

/*
 * The one way a plain widget defers its view: "plain first, view on intent". Plain code, no React: the widget's
 * chunk imports this at load and keeps the view (and the framework with it) behind `load`, an `import()`.
 *
 * Views and state: a view renders what its plain controller holds. Whole-widget islands use `defineIsland`;
 * views a controller owns use `attachIsland` and are handed new props through the handle. State a view follows
 * on its own is one shape: `{ state, subscribe }` (live search's `SearchStore`, privacy's `ConsentStore`), read
 * with `useSyncExternalStore`; no other store shape in what this layer serves.
 */

export interface DeferOptions<V, R> {
  /** The view's chunk: one dynamic import. */
  load: () => Promise<V>;
  /** Mount the view from the loaded chunk, once (not called after the widget unmounted). Throwing warns as a failed load. */
  mount: (module: V) => R | Promise<R>;
  /** What the page keeps when the chunk cannot load (ends the one warning: "could not load (…); <fallback>"). */
  fallback: string;
  /**
   * Load when the shopper reaches for this element: `events` are the widget's deliberate difference from the
   * one list (cf7 adds input and change; the mini-cart leaves the click to its plain handler).
   */
  intent?: { element: Element; events?: readonly string[] };
  /** Load at an idle moment once this element is in view and the shopper shows a first sign of life. */
  inViewAndAlive?: Element;
  /**
   * Resolve only once a press that started inside this element is released: a view that replaces printed
   * markup under a held button would swallow the click (src/dom/press.ts; the caller passes its `whenReleased`).
   */
  afterRelease?: (fn: () => void) => void;
}

export interface DeferredView<R> {
  /**
   * Load and mount the view now (the first call does, later ones share it). Resolves to what `mount` returned,
   * or `undefined` when the widget unmounted or the chunk failed (warned once, the page keeps its plain behaviour).
   */
  want(): Promise<R | undefined>;
  /** Whether `want` was called (by the widget, by intent, or by being in view). */
  readonly wanted: boolean;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function deferView<V, R>(ctx: WidgetContext, options: DeferOptions<V, R>): DeferredView<R> {
  let loading: Promise<R | undefined> | undefined;
  const released = () => new Promise<void>((resume) => (options.afterRelease ?? ((fn: () => void) => fn()))(resume));
  const want = (): Promise<R | undefined> =>
    (loading ??= options
      .load()
      .then(async (module) => {
        await released();
        return ctx.signal.aborted ? undefined : await options.mount(module);
      })
      .catch((error: unknown) => {
        ctx.warn('view', `could not load (${reason(error)}); ${options.fallback}`);
        return undefined;
      }));
  const wantNow = () => void want();
  if (options.intent) onIntent(options.intent.element, wantNow, ctx.signal, options.intent.events ?? INTENT_EVENTS);
  if (options.inViewAndAlive) onceInViewAndAlive(options.inViewAndAlive, wantNow, ctx.signal);
  return {
    want,
    get wanted() {
      return loading !== undefined;
    },
  };
}
