import type { WidgetContext } from '../widget';

/*
 * The one way a plain widget defers its view: "plain first, view on intent". Plain code, no React: the widget's
 * chunk imports this at load and keeps the view (and the framework with it) behind `load`, an `import()`. When
 * the view is wanted is the widget's rule, said with ./intent.ts (`onIntent` on the one list or a stated
 * difference, `onceInViewAndAlive`) calling `want`; kept apart so a widget that shows its view by its own rule
 * (the privacy bar, an off-canvas panel) does not carry the intent code (a few hundred bytes at load).
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
  /** Whether `want` was called. */
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
  return {
    want,
    get wanted() {
      return loading !== undefined;
    },
  };
}
