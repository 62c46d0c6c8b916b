/**
 * Where the variation form's data comes from. A product prints every variation as JSON in one attribute; with
 * hundreds of variations that is megabytes, and parsing it on the main thread is a long task on a cheap phone
 * (1.5 MB: ~25 ms at 4x CPU throttling, before the index is built). Large data is therefore parsed in a worker
 * that returns a small stub per variation plus its JSON text; the full object is parsed on the main thread only
 * when a choice matches it. Small data, a page that cannot run our worker (no Worker, the bundle served from
 * another origin, a CSP without it) or a worker that fails or is slow falls back to the inline reader, with the
 * same result.
 */
import { env } from '../../src/env';
import { parseVariationData, toVariation, type Variation, type VariationData } from './logic';
import type { SplitResult } from './split';

/** Below this many characters the main thread parses faster than a worker starts. */
export const WORKER_THRESHOLD = 100_000;
/** A worker that has not answered by then is given up for the main thread's own parse. */
export const WORKER_TIMEOUT_MS = 4000;

/** Where a stub's full JSON lies: the worker's one string and this entry's boundaries in it. */
interface Source {
  text: string;
  start: number;
  end: number;
}
const sources = new WeakMap<Variation, Source>();
const full = new WeakMap<Variation, Variation>();

/**
 * The whole variation object for a stub from the worker (parsed once, then the same object every time); any
 * other variation is returned as it is.
 */
export function hydrate(variation: Variation): Variation {
  const done = full.get(variation);
  if (done) return done;
  const source = sources.get(variation);
  if (!source) return variation;
  let whole: Variation | undefined;
  try {
    whole = toVariation(JSON.parse(source.text.slice(source.start, source.end)));
  } catch {
    whole = undefined; // cannot happen for text the worker wrote; keep the stub rather than fail
  }
  const result = whole ?? variation;
  full.set(variation, result);
  return result;
}

/** The worker's answer as the inline reader would have given it. */
export function fromSplit(split: SplitResult, lazy: boolean): VariationData & { dropped?: number } {
  if (split.kind === 'false') return { mode: 'ajax' };
  if (split.kind === 'invalid') return { mode: 'invalid', reason: 'is not valid JSON' };
  if (split.kind === 'other') return { mode: 'invalid', reason: 'is not an array or false' };
  const stubs = JSON.parse(split.stubs) as unknown[];
  if (stubs.length === 0) return { mode: 'empty' };
  const variations: Variation[] = [];
  stubs.forEach((stub, i) => {
    const v = stub ? toVariation(stub) : undefined;
    if (!v) return;
    sources.set(v, { text: split.text, start: split.offsets[i]!, end: split.offsets[i + 1]! });
    variations.push(v);
  });
  if (variations.length === 0) return { mode: 'invalid', reason: 'holds no variation objects' };
  return { mode: 'inline', variations, lazy, dropped: stubs.length - variations.length };
}

export type WorkerFactory = () => Worker | undefined;

/**
 * The built worker beside the entry (dist/variations-worker.js), relative to this chunk in dist/chunks/. A
 * constant, not a literal inside `new URL(…)`, so the bundler leaves it to be resolved at run time.
 */
const WORKER_PATH: string = '../variations-worker.js';

/** Our worker, when this page may run it: module workers must come from the page's own origin. */
export const defaultWorker: WorkerFactory = () => {
  if (typeof Worker !== 'function') return undefined;
  const url = new URL(WORKER_PATH, import.meta.url);
  if (url.origin !== location.origin) return undefined;
  return new Worker(url, { type: 'module', name: 'storefront-islands variations' });
};

let currentFactory: WorkerFactory = defaultWorker;

/** Tests: start a stand-in worker instead of the built file (happy-dom has none). Returns the undo. */
export function setVariationWorker(factory: WorkerFactory): () => void {
  currentFactory = factory;
  return () => void (currentFactory = defaultWorker);
}

/**
 * Read `data-product_variations`: synchronously when small, else through the worker. Never rejects; an aborted
 * read resolves with the inline reader's answer too (the caller checks its signal).
 */
export function readVariations(
  raw: string | null,
  lazy: boolean,
  signal: AbortSignal,
  createWorker: WorkerFactory = currentFactory,
): (VariationData & { dropped?: number }) | Promise<VariationData & { dropped?: number }> {
  if (raw === null || raw.length < WORKER_THRESHOLD) return parseVariationData(raw, lazy);
  let worker: Worker | undefined;
  try {
    worker = createWorker();
  } catch {
    worker = undefined; // a CSP or an old browser said no
  }
  if (!worker) return parseVariationData(raw, lazy);
  const w = worker;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: () => VariationData & { dropped?: number }) => {
      if (settled) return;
      settled = true;
      env().clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      w.terminate();
      resolve(answer());
    };
    const fallback = () => finish(() => parseVariationData(raw, lazy));
    const onAbort = () => finish(() => ({ mode: 'invalid', reason: 'was not read (unmounted)' }));
    const timer = env().setTimeout(fallback, WORKER_TIMEOUT_MS);
    signal.addEventListener('abort', onAbort, { once: true });
    w.onmessage = (event: MessageEvent<SplitResult>) => {
      const split = event.data;
      if (!split || typeof split !== 'object' || !('kind' in split)) fallback();
      // Turned into variations in a task after the message's own: the message's task (structured clone of the
      // data) and the parse of a thousand stubs do not add up to one long task.
      else
        void env()
          .yieldTask()
          .then(() => finish(() => fromSplit(split, lazy)));
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      fallback();
    };
    w.onmessageerror = fallback;
    try {
      w.postMessage(raw);
    } catch {
      fallback();
    }
  });
}
