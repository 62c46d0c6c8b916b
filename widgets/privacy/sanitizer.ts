import type { SanitizeOptions } from '../../src/dom/sanitize';

export type GatedOptions = Omit<SanitizeOptions, 'blockedBy'>;

/**
 * The one sanitizer (src/dom/sanitize.ts) bound to this widget's consent gate, so whatever inserts server HTML
 * holds a gated host's frame or image until the visitor consents. Its chunk (DOMPurify with it) is requested on
 * demand, best beside the request whose answer it will clean; the core stays free of widgets.
 */
export const loadSanitizer = (): Promise<typeof import('./gated-sanitizer')> => import('./gated-sanitizer');
