import type { SanitizeOptions } from '../../src/dom/sanitize';

export type GatedOptions = Omit<SanitizeOptions, 'blockedBy'>;
export type Sanitizer = typeof import('./gated-sanitizer');

let loaded: Sanitizer | undefined;

/**
 * The one sanitizer (src/dom/sanitize.ts) bound to this widget's consent gate, so whatever inserts server HTML
 * holds a gated host's frame or image until the visitor consents. Its chunk is requested on demand, best beside
 * the request whose answer it will clean, and resolves once its engine is ready (the browser's own sanitizer, or
 * DOMPurify's chunk where there is none); the core stays free of widgets. A chunk that fails to load rejects for
 * whoever awaits it, and is no unhandled rejection when the request beside it failed first.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  const loading = import('./gated-sanitizer').then(async (module) => {
    await module.sanitizerReady();
    return (loaded = module);
  });
  loading.catch(() => {});
  return loading;
}

/** The sanitizer when its chunk is already here: for markup a caller must show at once (or as text without it). */
export const loadedSanitizer = (): Sanitizer | undefined => loaded;
