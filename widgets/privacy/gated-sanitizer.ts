import { sanitizeFragment as sanitizeCore } from '../../src/dom/sanitize';
import { blockedBy } from './consent';
import type { GatedOptions } from './sanitizer';

/** The one sanitizer with this widget's consent gate (a chunk of its own, with DOMPurify, loaded on demand). */
export function sanitizeFragment(html: string, options: GatedOptions = {}): DocumentFragment {
  return sanitizeCore(html, { ...options, blockedBy });
}
