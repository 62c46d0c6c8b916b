import { afterEach, beforeAll, beforeEach } from 'vitest';
import { setEnvironment } from '../../src/env';
import type { WidgetEntry } from '../../src/widget';
import { only } from '../../test/helpers/mount';
import type { Chunks, Loaders } from './loaders';

/** What the pages print for the variation form, as `window` globals (tests set them; pages print them inline). */
export const VARIATION_PARAMS = {
  wc_ajax_url: '/?wc-ajax=%%endpoint%%',
  i18n_no_matching_variations_text: 'Sorry, no products matched your selection. Please choose a different combination.',
  i18n_make_a_selection_text: 'Please select some product options before adding this product to your cart.',
  i18n_unavailable_text: 'Sorry, this product is unavailable. Please choose a different combination.',
  i18n_reset_alert_text: 'Your selection has been reset. Please select some product options before adding this product to your cart.',
};

type Globals = Record<string, unknown>;

/** Put page globals on window for one test; returns the undo. */
export function setGlobals(globals: Globals): () => void {
  const w = window as unknown as Globals;
  for (const [k, v] of Object.entries(globals)) w[k] = v;
  return () => {
    for (const k of Object.keys(globals)) delete w[k];
  };
}

/** Instant slides and a frame that is a macrotask, so tests see final states. */
export function quickEnvironment(): () => void {
  return setEnvironment({
    prefersReducedMotion: () => true,
    frame: (fn) => {
      const id = setTimeout(fn, 0);
      return () => clearTimeout(id);
    },
  });
}

/**
 * Each test of the file gets the form's page globals (plus `globals`) and the quick environment, undone after it;
 * `push` adds more to undo (last in, first undone).
 */
export function useVariationPage(globals: Globals = {}, { preload = true } = {}): { push(fn: () => unknown): void } {
  let undo: (() => unknown)[] = [];
  // The widget renders through React: transforming react-dom once, before the first test, keeps that cost out
  // of the first test's own time limits on a loaded machine. The modules the form loads on demand are loaded
  // here too, as on a page the shopper has reached: a choice shows its variation at once, and a test's first
  // get_variation shows the overlay within a few ms. Tests of their late arrival pass preload: false.
  beforeAll(async () => {
    // The widget's modules are transformed here too, not inside a test's own time limit.
    const [{ chunks }] = await Promise.all([import('./loaders'), import('./variation-form.widget')]);
    if (preload) await Promise.all([chunks.displayReady(), import('../../src/dom/block')]);
  }, 60_000);
  beforeEach(() => {
    undo = [setGlobals({ wc_add_to_cart_variation_params: VARIATION_PARAMS, ...globals }), quickEnvironment()];
  });
  afterEach(() => {
    for (const u of undo.reverse()) u();
  });
  return { push: (fn) => void undo.push(fn) };
}

/**
 * Chunks the form loads on demand, held back as a slow network would hold them until the test calls `open()`:
 * `hold('display', () => import('./display'))` as a loader. `requested` says which were asked for, in order.
 */
export function createGate(): { requested: string[]; open(): void; hold<T>(name: string, load: () => Promise<T>): Promise<T> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const requested: string[] = [];
  return {
    requested,
    open: () => open(),
    async hold(name, load) {
      requested.push(name);
      await opened;
      return load();
    },
  };
}

/**
 * The variation form's registry entry over chunks of the test's own (the real imports unless replaced), plus any
 * other entries by name: for mountPage. `chunks` is the form's loaded state, fresh for each call.
 */
export async function withLoaders(loaders: Partial<Loaders>, ...others: string[]): Promise<{ chunks: Chunks; entries: WidgetEntry[] }> {
  const { createChunks, IMPORTS } = await import('./loaders');
  const { variationForm } = await import('./variation-form.widget');
  const chunks = createChunks({ ...IMPORTS, ...loaders });
  const module = variationForm(chunks);
  const entries = only('variation-form', ...others).map((entry) =>
    entry.name === 'variation-form' ? { ...entry, load: () => Promise.resolve({ default: module }) } : entry,
  );
  return { chunks, entries };
}

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The form initialises 100 ms after mounting (after the gallery), as WooCommerce does. */
export const afterInit = () => wait(130);

export function choose(select: string | HTMLSelectElement, value: string): void {
  const el = typeof select === 'string' ? (document.getElementById(select) as HTMLSelectElement) : select;
  el.value = value;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Record every event of these names that reaches the document natively, with its detail. */
export function recordNative(names: string[]): { name: string; target: EventTarget | null; detail: unknown }[] {
  const seen: { name: string; target: EventTarget | null; detail: unknown }[] = [];
  for (const name of names)
    document.addEventListener(name, (e) => seen.push({ name, target: e.target, detail: (e as CustomEvent).detail }));
  return seen;
}

/**
 * A jQuery stand-in that records trigger calls (what WooCommerce's listeners would receive); `.on` keeps
 * handlers per element and type and runs them for triggers, as jQuery does.
 */
export function fakeJQuery(): { calls: { target: unknown; name: string; args: unknown[] }[]; restore: () => void } {
  const calls: { target: unknown; name: string; args: unknown[] }[] = [];
  const handlers = new Map<unknown, Map<string, ((e: unknown, ...a: unknown[]) => void)[]>>();
  const jq = ((target: unknown) => {
    // Like jQuery: an element, or an array of them (as `$(elements)`), becomes a collection.
    const els = (Array.isArray(target) ? target : [target]) as Element[];
    const el = els[0]!;
    const collection = {
      ...els,
      length: els.length,
      jquery: 'fake',
      trigger(name: string, args: unknown[] = []) {
        calls.push({ target: el, name, args });
        const type = name.split('.')[0]!;
        let node: unknown = el;
        while (node) {
          for (const h of handlers.get(node)?.get(type) ?? []) h({ type, target: el }, ...args);
          node = (node as Node).parentNode ?? (node === document ? window : null);
          if (node === window) break;
        }
        return collection;
      },
      triggerHandler(name: string, args: unknown[] = []) {
        calls.push({ target: el, name, args });
        return undefined;
      },
      on(name: string, h: (e: unknown, ...a: unknown[]) => void) {
        const type = name.split('.')[0]!;
        const byType = handlers.get(el) ?? new Map();
        byType.set(type, [...(byType.get(type) ?? []), h]);
        handlers.set(el, byType);
        return collection;
      },
      off() {
        return collection;
      },
    };
    return collection;
  }) as unknown as { fn: Record<string, unknown> };
  jq.fn = {};
  (window as unknown as { jQuery?: unknown }).jQuery = jq;
  return { calls, restore: () => delete (window as unknown as { jQuery?: unknown }).jQuery };
}

/** A fixture page's body as the browser sees it before our bundle: the shared reader. */
export { fixtureBody as pageBody } from '../../test/helpers/mount';
