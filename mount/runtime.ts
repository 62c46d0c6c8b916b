import { emit } from '../src/events/bus';
import { env } from '../src/env';
import { debugLog, errorOnce } from '../src/log';
import { islandHost, setIslandHost } from '../src/host';
import { warmWhenAlive } from '../src/react/warmup';
import { createContext, createPageServices, type PageServices } from './context';
import { createHolds, waitForTrigger, type Replay } from './triggers';
import type { OwnedContext, WidgetEntry, WidgetModule } from '../src/widget';

/** Milliseconds of a task spent starting imports before the rest wait for the next task (a start costs 2-5 ms at
 * 4x CPU throttling: a product page's dozen chunks start in one or two tasks, each well under a long task). */
const START_BUDGET = 30;

type State = 'waiting' | 'loading' | 'mounted' | 'failed' | 'unmounted';

interface Instance {
  entry: WidgetEntry;
  element: Element;
  state: State;
  cancelTrigger: () => void;
  /** Created when the widget mounts (its signal, cleanups, page services), disposed when it unmounts. */
  context?: OwnedContext;
}

export interface Runtime {
  scan(root?: ParentNode): void;
  unmount(root?: ParentNode): void;
  /** Stop observing the document and dispose every page service, kept ones too (tests: the one reset of a page). */
  stop(): void;
  /** Settles when every widget currently loading has mounted or failed (tests, theme code). */
  settled(): Promise<void>;
  /** A page service for code without a widget context, kept until `stop()` (src/host.ts pageService). */
  keep<T>(key: string, create: () => T): T;
  /** The page services alive now and how many widget instances hold each (see WidgetContext.page). */
  readonly services: PageServices['held'];
  readonly instances: ReadonlyMap<Element, ReadonlyMap<string, { state: State }>>;
}

export interface RuntimeOptions {
  /** Log mounts; a function is asked once, at the first mount (it may read storage, which is slow the first time). */
  debug?: boolean | (() => boolean);
  observe?: boolean;
}

/**
 * Run each `start` (which starts an import) in a later task, together with as many other waiting starts as fit
 * in START_BUDGET ms of it: the chunks a scan found, with the chunks they import, are requested together (one
 * request wave, not one per widget), and no task starts so many that it runs long.
 */
function createStarter(): (start: () => void) => void {
  const starts: Array<() => void> = [];
  let starting = false;
  return (start) => {
    starts.push(start);
    if (starting) return;
    starting = true;
    void (async () => {
      try {
        while (starts.length) {
          await env().yieldTask();
          const until = performance.now() + START_BUDGET;
          do starts.shift()!();
          while (starts.length && performance.now() < until);
        }
      } finally {
        starting = false;
      }
    })();
  };
}

interface Loader {
  load(entry: WidgetEntry): Promise<WidgetModule>;
  loaded(entry: WidgetEntry): boolean;
  /** Entries whose chunk was evaluated in an earlier task (mounted once, or warmed): a held click mounts at once. */
  readonly evaluated: Set<string>;
  /** Wait for the markup to be in view and the shopper's first sign of life, then an idle moment, then warm the entry. */
  waitToWarm(entry: WidgetEntry, element: Element): () => void;
}

/** Each entry's chunk, loaded once (retried once), and warmed ahead of its trigger where the entry asks. */
function createLoader(debug: () => boolean): Loader {
  const modules = new Map<string, Promise<WidgetModule>>();
  const evaluated = new Set<string>();
  /** Entries warming or warmed once already (another of their elements coming into view warms nothing more). */
  const warmed = new Set<string>();

  function load(entry: WidgetEntry): Promise<WidgetModule> {
    let promise = modules.get(entry.name);
    if (!promise) {
      // A chunk that fails (a deploy replaced it, the network blinked) is tried once more before giving up.
      promise = entry
        .load()
        .catch(() => new Promise<void>((r) => env().setTimeout(r, 300)).then(() => entry.load()))
        .then((m) => {
          if (!m?.default || typeof m.default.mount !== 'function') throw new Error(`${entry.name}: the chunk has no widget`);
          return m.default;
        });
      promise.catch(() => modules.delete(entry.name));
      modules.set(entry.name, promise);
    }
    return promise;
  }

  /** Load an entry's code ahead of its trigger: the framework first, then the chunk, each evaluated in its own task. */
  function warm(entry: WidgetEntry): void {
    // A chunk loaded by its trigger may still want its framework warmed (a view it imports on intent).
    if ((modules.has(entry.name) && !entry.warm?.first) || warmed.has(entry.name)) return;
    warmed.add(entry.name);
    void (async () => {
      try {
        await entry.warm?.first?.();
      } catch {
        // The mount loads it again and reports a failure there.
      }
      await env().yieldTask();
      // A failure here is forgotten (load drops it): the trigger loads the chunk again and reports it.
      if (modules.has(entry.name)) return;
      const widget = await load(entry).catch(() => undefined);
      if (widget) evaluated.add(entry.name);
      if (!widget?.warm) return;
      await env().yieldTask();
      try {
        widget.warm();
      } catch (error) {
        // Harmless: the first interaction runs the same code and reports a failure there.
        if (debug()) debugLog(`${entry.name}: warming failed`, error);
      }
    })();
  }

  return {
    load,
    loaded: (entry) => modules.has(entry.name),
    evaluated,
    waitToWarm: (entry, element) => warmWhenAlive(element, () => warm(entry)),
  };
}

/**
 * Markup inserted or removed later (popups, quick view, fragments, infinite scroll) is handed over in one batch
 * per animation frame: `flush` gets the added roots still in the document (none inside another) and whether
 * anything was removed.
 */
function watchMutations(flush: (roots: Element[], removed: boolean) => void): { stop(): void; flushNow(): boolean } {
  let added: Node[] = [];
  let removedAny = false;
  let scheduled = false;
  const run = (): void => {
    scheduled = false;
    const removed = removedAny;
    removedAny = false;
    const roots = added.filter((n): n is Element => n instanceof Element && n.isConnected);
    added = [];
    flush(
      roots.filter((root) => !roots.some((other) => other !== root && other.contains(root))),
      removed,
    );
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.addedNodes.length) added.push(...record.addedNodes);
      if (record.removedNodes.length) removedAny = true;
    }
    if (!scheduled && (added.length || removedAny)) {
      scheduled = true;
      env().frame(run);
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return {
    stop: () => observer.disconnect(),
    flushNow() {
      if (!scheduled) return false;
      run();
      return true;
    },
  };
}

type Report = (entry: WidgetEntry, element: Element | null, error: unknown, phase: 'load' | 'mount' | 'unmount') => void;

interface MounterDeps {
  loader: Loader;
  startSoon: (start: () => void) => void;
  services: PageServices;
  report: Report;
  debug: () => boolean;
  /** Undo an instance unmounted while its mount ran (the runtime's own teardown). */
  teardown: (instance: Instance) => void;
}

/** Loading an instance's chunk and calling its mount with a fresh context; disposing that context again. */
function createMounter({ loader, startSoon, services, report, debug, teardown }: MounterDeps) {
  /** The entry's module, its import started in a later task with others (see createStarter) unless a shopper waits. */
  function loadFor(instance: Instance, replay?: Replay): Promise<WidgetModule | undefined> {
    if (replay?.byShopper) return loader.load(instance.entry);
    return new Promise<WidgetModule | undefined>((resolve, reject) =>
      startSoon(() => {
        if (instance.state !== 'loading' || !instance.element.isConnected) return resolve(undefined); // unmounted meanwhile
        try {
          loader.load(instance.entry).then(resolve, reject);
        } catch (error) {
          reject(error); // a loader that throws before its promise
        }
      }),
    );
  }

  async function mountInstance(instance: Instance, replay?: Replay): Promise<void> {
    const { entry, element } = instance;
    if (entry.global && !(entry.global in window)) {
      instance.state = 'unmounted';
      replay?.run(false);
      return;
    }
    instance.state = 'loading';
    // Starting a chunk's import (and its dependencies') costs a few milliseconds; a scan that started every
    // widget of a page at once was one long task. Imports start in later tasks, a few to a task, and each widget
    // mounts in a task of its own, so input and paint get in between. A load the shopper started (a held click)
    // goes straight on: its replay must follow in its task.
    let widget: WidgetModule | undefined;
    try {
      widget = await loadFor(instance, replay);
      if (!widget) return;
    } catch (error) {
      instance.state = 'failed';
      report(entry, element, error, 'load');
      replay?.run(false);
      return;
    }
    if (instance.state !== 'loading' || !element.isConnected) return; // unmounted while loading
    // Chunks that arrive together would otherwise mount in one (long) task; and a chunk just evaluated (the
    // framework's, on a first island) would hold its widget's first render in the same task. A held click waits
    // that one task too: it is replayed right after the mount, and input and paint get in before.
    if (!replay || !loader.evaluated.has(entry.name)) {
      await env().yieldTask();
      if (instance.state !== 'loading' || !element.isConnected) return;
    }
    loader.evaluated.add(entry.name);
    const outcome = await runMount(instance, widget);
    // Outside the mount's try: a replay that went wrong is not a widget that failed to mount.
    if (outcome !== 'gone') replay?.run(outcome === 'mounted', true);
  }

  /** Call the widget's mount with a fresh context: mounted, failed (reported, undone), or gone (unmounted meanwhile). */
  async function runMount(instance: Instance, widget: WidgetModule): Promise<'mounted' | 'failed' | 'gone'> {
    const { entry, element } = instance;
    const started = performance.now();
    const context = (instance.context = createContext(entry.name, services));
    try {
      const cleanup = await widget.mount(element, context);
      if (typeof cleanup === 'function') context.onCleanup(cleanup);
      if (instance.state !== 'loading') {
        // Unmounted during an async mount: undo what it did.
        teardown(instance);
        return 'gone';
      }
      instance.state = 'mounted';
      const ms = performance.now() - started;
      if (debug()) debugLog(`mounted ${entry.name} in ${ms.toFixed(1)} ms (${entry.trigger})`, element);
      emit('storefront:mount', { widget: entry.name, element, ms });
      return 'mounted';
    } catch (error) {
      instance.state = 'failed';
      runCleanups(instance);
      report(entry, element, error, 'mount');
      return 'failed';
    }
  }

  function runCleanups(instance: Instance): void {
    instance.context?.dispose((error) => report(instance.entry, instance.element, error, 'unmount'));
  }

  return { mount: mountInstance, dispose: runCleanups };
}

/**
 * The island runtime: finds each registry entry's markup, waits for its trigger, loads its chunk, mounts it
 * once, and undoes all of it when the markup leaves the document. Every call into widget code is wrapped: a
 * widget that throws, or whose chunk fails to load, is reported and leaves its server markup and every other
 * widget working.
 */
export function createRuntime(registry: readonly WidgetEntry[], options: RuntimeOptions = {}): Runtime {
  const instances = new Map<Element, Map<string, Instance>>();
  const pending = new Set<Promise<unknown>>();
  const combined = registry.map((e) => e.selector).join(',');
  let debugging = typeof options.debug === 'boolean' ? options.debug : undefined;
  const debug = (): boolean => (debugging ??= typeof options.debug === 'function' ? options.debug() : false);
  const loader = createLoader(debug);
  const startSoon = createStarter();
  // The clicks held while widgets load, in the order they were made, with each chunk's one stall.
  const holds = createHolds();
  const services = createPageServices((key, error) => errorOnce(key, 'failed to close; the page goes on.', error));

  function report(entry: WidgetEntry, element: Element | null, error: unknown, phase: 'load' | 'mount' | 'unmount'): void {
    const what = phase === 'load' ? 'could not load its code' : phase === 'mount' ? 'failed to mount' : 'failed to unmount';
    errorOnce(entry.name, `${what}; the page's own markup stays in place.`, error);
    emit('storefront:error', { widget: entry.name, element, error, phase });
  }

  const mounter = createMounter({ loader, startSoon, services, report, debug, teardown: (instance) => teardown(instance) });
  const runCleanups = mounter.dispose;
  const mountInstance = mounter.mount;

  function teardown(instance: Instance): void {
    instance.cancelTrigger();
    runCleanups(instance);
    instance.state = 'unmounted';
    const byName = instances.get(instance.element);
    byName?.delete(instance.entry.name);
    if (byName?.size === 0) instances.delete(instance.element);
    if (debug()) debugLog(`unmounted ${instance.entry.name}`, instance.element);
  }

  function ensure(entry: WidgetEntry, element: Element): void {
    let byName = instances.get(element);
    if (byName?.has(entry.name)) return; // idempotent: one instance per widget and element
    if (!byName) {
      byName = new Map();
      instances.set(element, byName);
    }
    const instance: Instance = { entry, element, state: 'waiting', cancelTrigger: () => {} };
    byName.set(entry.name, instance);
    let cancelWarm = entry.warm && (entry.warm.first || !loader.loaded(entry)) ? loader.waitToWarm(entry, element) : undefined;
    const cancelTrigger = waitForTrigger(
      entry,
      element,
      (replay) => {
        // The framework is still warmed when the trigger comes first: the view the widget imports on intent needs it.
        if (!entry.warm?.first) {
          cancelWarm?.();
          cancelWarm = undefined;
        }
        const p = mountInstance(instance, replay);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      },
      holds,
    );
    instance.cancelTrigger = () => {
      cancelWarm?.();
      cancelTrigger();
    };
  }

  function scan(root: ParentNode = document): void {
    if (!combined) return;
    const candidates: Element[] = [];
    if (root instanceof Element && root.matches(combined)) candidates.push(root);
    candidates.push(...root.querySelectorAll(combined));
    for (const element of candidates) {
      for (const entry of registry) {
        try {
          if (element.matches(entry.selector)) ensure(entry, element);
        } catch (error) {
          report(entry, element, error, 'mount');
        }
      }
    }
  }

  function unmount(root: ParentNode = document): void {
    // Snapshots: teardown deletes from these maps while we walk them.
    for (const [element, byName] of Array.from(instances)) {
      if (root === element || root.contains(element)) for (const instance of Array.from(byName.values())) teardown(instance);
    }
  }

  const watcher =
    options.observe !== false && typeof MutationObserver === 'function'
      ? watchMutations((roots, removed) => {
          if (removed)
            for (const [element, byName] of Array.from(instances))
              if (!element.isConnected) for (const instance of Array.from(byName.values())) teardown(instance);
          for (const root of roots) scan(root);
        })
      : undefined;

  const runtime: Runtime = {
    scan,
    unmount,
    stop() {
      watcher?.stop();
      services.disposeAll();
      if (islandHost() === runtime) setIslandHost(undefined);
    },
    async settled() {
      // Mutation batches run on the next frame, and mounting can reveal more markup: loop until quiet.
      for (let i = 0; i < 10; i++) {
        await new Promise<void>((r) => env().frame(() => r()));
        watcher?.flushNow();
        if (pending.size === 0) return;
        await Promise.allSettled(pending);
      }
    },
    keep: (key, create) => services.acquire(key, create, 'runtime', true)[0],
    instances,
    services: services.held,
  };
  setIslandHost(runtime);
  return runtime;
}
