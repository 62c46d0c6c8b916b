import { setAttr } from '../../src/dom/announce';
import { env } from '../../src/env';
import { AnswerCache, buildIndex, parseVariationData, type Variation, type VariationIndex } from './logic';
import type { FormParts } from './settings';
import { readVariations } from './source';
import { SWATCH } from './swatches';

type Read = ReturnType<typeof parseVariationData>;

/**
 * Hold a form while its data is still being read: its button takes the classes and aria-disabled the form uses
 * for "make a selection", a submit is refused, and a click on a swatch (wired once the data is in) is kept.
 * Returns the undo, which gives back the kept swatch clicks in order.
 */
function holdForm(form: HTMLFormElement, button: HTMLElement | null): () => HTMLElement[] {
  const added = button ? ['disabled', 'wc-variation-selection-needed'].filter((c) => !button.classList.contains(c)) : [];
  const hadAria = button?.getAttribute('aria-disabled') ?? null;
  if (button) {
    button.classList.add(...added);
    button.setAttribute('aria-disabled', 'true');
  }
  const refuseSubmit = (event: Event) => event.preventDefault();
  const swatchClicks: HTMLElement[] = [];
  const keepSwatchClick = (event: MouseEvent) => {
    const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
    if (!swatch || !form.contains(swatch)) return;
    event.preventDefault();
    event.stopPropagation();
    swatchClicks.push(swatch);
  };
  form.addEventListener('submit', refuseSubmit);
  form.addEventListener('click', keepSwatchClick, true);
  return () => {
    form.removeEventListener('submit', refuseSubmit);
    form.removeEventListener('click', keepSwatchClick, true);
    if (button) {
      button.classList.remove(...added);
      setAttr(button, 'aria-disabled', hadAria);
    }
    return swatchClicks;
  };
}

/**
 * The printed data, read as the page loads it: large data is read off the main thread, and until it arrives the
 * button must not offer a submit the form cannot honour yet; the shopper's choices meanwhile stay in the selects
 * and count at init, swatch clicks are given back to be replayed (`clicks`). `read` is undefined when the data
 * must be read again (a script replaced it meanwhile), `null` when the form went away.
 */
export async function readPrinted(
  { form, button, lazy }: FormParts,
  signal: AbortSignal,
): Promise<{ read: Read | undefined; clicks: HTMLElement[] } | null> {
  const printed = form.getAttribute('data-product_variations');
  const reading = readVariations(printed, lazy, signal);
  if (!(reading instanceof Promise)) return { read: reading, clicks: [] };
  const release = holdForm(form, button);
  let read: Read | undefined;
  let clicks: HTMLElement[];
  try {
    read = await reading;
    // The worker's answer was turned into variations in a task of its own; the index and the form's first state
    // get another (on a cheap phone each is tens of milliseconds for a thousand variations). Still held.
    await env().yieldTask();
  } finally {
    clicks = release();
  }
  if (signal.aborted || !form.isConnected) return null;
  // A script that replaced the data meanwhile (reload_product_variations cannot reach us yet) wins.
  return { read: form.getAttribute('data-product_variations') === printed ? read : undefined, clicks };
}

/** The variations the form chooses from: an index of the printed data, or get_variation (ajax mode). */
export interface Variations {
  readonly index: VariationIndex | undefined;
  readonly useAjax: boolean;
  /** Ajax mode: the server's answers by choice. */
  readonly cache: AnswerCache;
  /** Full objects fetched for lazy stubs, by variation id. */
  readonly loaded: Map<number, Variation | null>;
  /** Read `data-product_variations` (or take what was read already); false when the form must post natively. */
  read(read?: Read): boolean;
}

/** `prefetchNet`: a form that will ask the server starts loading the request code at once. */
export function createData(parts: FormParts, warn: (field: string, message: string) => void, prefetchNet: () => void): Variations {
  const { form, names, lazy, productId } = parts;
  let index: VariationIndex | undefined;
  let useAjax = false;
  let cache = new AnswerCache(names);
  return {
    get index() {
      return index;
    },
    get useAjax() {
      return useAjax;
    },
    get cache() {
      return cache;
    },
    loaded: new Map(),
    read(read) {
      const data = read ?? parseVariationData(form.getAttribute('data-product_variations'), lazy);
      index = undefined;
      useAjax = false;
      cache = new AnswerCache(names);
      if (data.mode === 'inline') {
        if (data.dropped) warn('data-product_variations', `${data.dropped} entries are not variation objects and were skipped`);
        index = buildIndex(data.variations);
        if (lazy) prefetchNet(); // stubs are completed by get_variation
        return true;
      }
      if (data.mode === 'ajax') {
        useAjax = true;
        prefetchNet();
        return true;
      }
      if (data.mode === 'empty') return false; // all out of stock: WooCommerce prints a notice instead of the table
      if (/^\d+$/.test(productId) && productId !== '0') {
        warn('data-product_variations', `${data.reason}; asking the server (get_variation) for each combination instead`);
        useAjax = true;
        prefetchNet();
        return true;
      }
      warn('data-product_variations', `${data.reason} and data-product_id is missing; the form posts to the server as printed`);
      return false;
    },
  };
}
