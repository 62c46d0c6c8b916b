/**
 * When a widget's code loads, at the latest moment that still feels instant:
 * - `load`: as soon as the markup is found (needed for the first paint: notices, tabs);
 * - `idle`: when the main thread is idle;
 * - `visible`: when the markup comes within 200 px of the viewport;
 * - `interaction`: on the first pointer, focus or key on the markup; the triggering click is replayed;
 * - `media`: when the entry's media query matches;
 * - `scroll`: on the page's first scroll, or at once when it is already scrolled (what only shows after
 *   scrolling: a sticky bar, back to top);
 * - `click`: on the first click inside the markup on an element matching the entry's `clicks` (held and replayed
 *   as for `interaction`), or at once when the address has a hash (in-page links).
 */
export type Trigger = 'load' | 'idle' | 'visible' | 'interaction' | 'media' | 'scroll' | 'click';

export type Cleanup = () => void;

export interface WidgetContext {
  readonly name: string;
  /** Aborted when the widget unmounts: pass it to addEventListener and requests. */
  readonly signal: AbortSignal;
  /** Run on unmount (React roots, observers). */
  onCleanup(fn: Cleanup): void;
  /** Timers cleared on unmount. */
  timeout(fn: () => void, ms: number): void;
  interval(fn: () => void, ms: number): void;
  /** One console warning naming this widget and the field; for malformed input the widget survives. */
  warn(field: string, message: string): void;
  /**
   * A page-wide service shared by every context asking for `key` (one dialog for every quick-view link, one
   * store, one document listener): `create` runs for the first, with a scope of the service's own (its signal,
   * cleanups and timers); the service is disposed when the last context holding it unmounts. Keys are global to
   * the page: prefix them with the widget's name. Use this instead of module-level singletons. `keep`: the service
   * stays when its last holder unmounts, until the runtime stops (state that must outlive every instance leaving
   * at once, as when a cart fragment replaces every mini-cart box before the new ones mount).
   */
  page<T>(key: string, create: (scope: WidgetContext) => T, options?: { keep?: boolean }): T;
  /**
   * A sub-scope (an open dialog, one session of a controller): its own signal, cleanups, timers and page
   * services, undone by its `dispose()` or with this context, whichever comes first.
   */
  child(): OwnedContext;
}

/** A context its creator disposes: the runtime's for each widget instance, or a sub-scope from `child()`. */
export interface OwnedContext extends WidgetContext {
  readonly disposed: boolean;
  /** Abort the signal, then run the cleanups newest first; one that throws goes to `onError` and the rest still run. */
  dispose(onError?: (error: unknown) => void): void;
}

export interface WidgetModule {
  /** Mount on one element. Return (or register with onCleanup) whatever undoes it. Throwing is isolated. */
  mount(element: Element, context: WidgetContext): void | Cleanup | Promise<void | Cleanup>;
  /**
   * Called once, in a task of its own, when the registry entry's `warm` loaded the chunk ahead of its trigger:
   * run the code the first interaction will run (a throwaway render), so that the engine compiles it now. It
   * must leave no trace: nothing in the document, no request, no global state.
   */
  warm?(): void;
}

export interface WidgetEntry {
  name: string;
  /** CSS selector of the markup the CMS prints. */
  selector: string;
  trigger: Trigger;
  /** For the `media` trigger. */
  media?: string;
  /**
   * For the `click` trigger: a selector the click's target must be inside (`closest`). With the `load` trigger:
   * clicks on such elements while the code loads are held and replayed once it is mounted.
   */
  clicks?: string;
  /**
   * A page global the widget is keyed on (e.g. WP Rocket's `rocket_beacon_data`): checked when the trigger fires,
   * and a page without it loads none of the widget's code. The size tool reads the same field.
   */
  global?: string;
  /**
   * For a widget whose first use must not pay for evaluating its code: the chunk is loaded (and evaluated) when the
   * main thread is idle once the markup is in view and the shopper has shown a first sign of life (a visitor who
   * does nothing loads nothing; src/react/warmup.ts); mounting still waits for the trigger. `first` loads a module
   * to evaluate in a task of its own before the chunk (the framework chunk, the largest), also for a widget its
   * trigger already loaded (a view it imports on intent). Nothing the widget does (requests, markup) happens
   * before its trigger.
   */
  warm?: { first?: () => Promise<unknown> };
  /**
   * For a widget whose chunk is plain and imports a React view (and the framework with it) later: when that view
   * comes. `'intent'`: when the shopper reaches for the markup, its state changes, or it is in view once the
   * shopper shows a first sign of life (src/react/intent.ts), never by being on screen alone. `'opened'`: when
   * the widget opens by its owner's rule (an off-canvas panel's triggers). The size tool refuses an at-load widget
   * on a page that must load no framework at load whose chunk can import it without this.
   */
  view?: 'intent' | 'opened';
  /** Loads the widget's module: one dynamic import, so its code is in its own chunk. */
  load: () => Promise<{ default: WidgetModule }>;
}

export function defineWidget(module: WidgetModule): WidgetModule {
  return module;
}
