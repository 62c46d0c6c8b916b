import { env } from '../src/env';
import { warnOnce } from '../src/log';
import type { Cleanup, OwnedContext, WidgetContext } from '../src/widget';

/**
 * The page's shared services (one dialog, one store, one document listener for every instance of a widget), kept
 * by the runtime rather than in module globals: each is created by the first context that asks for its key and
 * disposed (its own scope's cleanups run) when the last context holding it is disposed. A page without the
 * widget never creates it; a test that unmounts everything leaves nothing behind, so no module needs a reset.
 */
export interface PageServices {
  /** `keep`: not disposed when its last holder releases it, only by `disposeAll`. */
  acquire<T>(key: string, create: (scope: WidgetContext) => T, name: string, keep?: boolean): [value: T, release: () => void];
  /** Dispose every service at once (the runtime stops). */
  disposeAll(): void;
  /** The services alive now, by key, with how many contexts hold each (debugging and tests). */
  readonly held: ReadonlyMap<string, { readonly holders: number }>;
}

interface Held {
  value: unknown;
  holders: number;
  scope: OwnedContext;
  keep: boolean;
}

/** Where a cleanup that throws is reported (the runtime reports it as the widget's unmount failure). */
export type OnCleanupError = (error: unknown) => void;

export function createPageServices(onError: (key: string, error: unknown) => void = () => {}): PageServices {
  const held = new Map<string, Held>();
  const dispose = (key: string, entry: Held): void => {
    held.delete(key);
    entry.scope.dispose((error) => onError(key, error));
  };
  const self: PageServices = {
    acquire(key, create, name, keep = false) {
      let entry = held.get(key);
      if (!entry) {
        const scope = createContext(name, self);
        try {
          entry = { value: create(scope), holders: 0, scope, keep };
        } catch (error) {
          scope.dispose();
          throw error;
        }
        held.set(key, entry);
      }
      const mine = entry;
      mine.holders += 1;
      let released = false;
      return [
        mine.value as never,
        () => {
          if (released || held.get(key) !== mine) return;
          released = true;
          if (--mine.holders === 0 && !mine.keep) dispose(key, mine);
        },
      ];
    },
    disposeAll() {
      for (const [key, entry] of Array.from(held)) dispose(key, entry);
    },
    held,
  };
  return self;
}

/**
 * A widget's context: its abort signal, its cleanups and timers, its warnings, its page services and its
 * sub-scopes. Disposing it aborts the signal first (listeners go), then runs the cleanups newest first (what was
 * set up last is undone first, as a stack), each isolated: one that throws is reported and the rest still run.
 */
export function createContext(name: string, services: PageServices): OwnedContext {
  const controller = new AbortController();
  const cleanups: Cleanup[] = [];
  let disposed = false;
  const onCleanup = (fn: Cleanup): void => {
    if (disposed) {
      // Registered after the end (an async step finishing late): undo it at once rather than leak it.
      fn();
      return;
    }
    cleanups.push(fn);
  };
  const context: OwnedContext = {
    name,
    signal: controller.signal,
    onCleanup,
    timeout(fn, ms) {
      const id = env().setTimeout(fn, ms);
      onCleanup(() => env().clearTimeout(id));
    },
    interval(fn, ms) {
      const id = env().setInterval(fn, ms);
      onCleanup(() => env().clearInterval(id));
    },
    warn: (field, message) => warnOnce(name, field, message),
    page(key, create, options) {
      const [value, release] = services.acquire(key, create, name, options?.keep);
      // After the end (an async step finishing late) this releases it again at once.
      onCleanup(release);
      return value;
    },
    child() {
      const sub = createContext(name, services);
      const undo = (): void => sub.dispose();
      onCleanup(undo);
      // A sub-scope disposed early leaves its parent's list, so a widget opening and closing one many times
      // (a dialog per opening) does not grow it.
      sub.onCleanup(() => {
        const at = cleanups.indexOf(undo);
        if (at >= 0) cleanups.splice(at, 1);
      });
      return sub;
    },
    get disposed() {
      return disposed;
    },
    dispose(onError?: OnCleanupError) {
      if (disposed) return;
      disposed = true;
      controller.abort();
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          fn();
        } catch (error) {
          if (onError) onError(error);
          else
            queueMicrotask(() => {
              throw error;
            });
        }
      }
    },
  };
  return context;
}
