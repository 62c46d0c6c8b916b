/**
 * The worker's half of reading a large `data-product_variations`: parse the JSON off the main thread and hand back
 * only what matching needs (a small stub per entry) plus each entry's own JSON text, so the page parses one full
 * variation object when the shopper's choice matches it, not 1,000 at load. No DOM, no imports: this module is the
 * whole worker (variations.worker.ts) and is unit-tested on its own.
 */

/** The keys matching and availability read; the rest of an entry stays in its text until it is shown. */
export const STUB_KEYS = [
  'attributes',
  'variation_id',
  'variation_is_active',
  'variation_is_visible',
  'is_purchasable',
  'is_in_stock',
  'variation_data_loaded',
] as const;

/**
 * What crosses back to the page, shaped to be cheap to receive there: the stubs as one JSON text (one fast parse)
 * and every entry's JSON in one string with its boundaries, instead of thousands of objects or strings for the
 * structured clone to rebuild. `offsets[i]..offsets[i + 1]` is entry i's text (empty for an entry that is not an
 * object, whose stub is null).
 */
export type SplitResult =
  | { kind: 'array'; stubs: string; text: string; offsets: Uint32Array }
  | { kind: 'false' }
  | { kind: 'other' }
  | { kind: 'invalid' };

export function splitVariations(text: string): SplitResult {
  const trimmed = text.trim();
  if (trimmed === 'false') return { kind: 'false' };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'invalid' };
  }
  if (value === false) return { kind: 'false' };
  if (!Array.isArray(value)) return { kind: 'other' };
  const stubs: (Record<string, unknown> | null)[] = [];
  const parts: string[] = [];
  const offsets = new Uint32Array(value.length + 1);
  let at = 0;
  value.forEach((entry: unknown, i) => {
    offsets[i] = at;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      // Not a variation object: the page counts and skips it, as the inline reader does.
      stubs.push(null);
      return;
    }
    const record = entry as Record<string, unknown>;
    const stub: Record<string, unknown> = {};
    for (const key of STUB_KEYS) if (key in record) stub[key] = record[key];
    stubs.push(stub);
    const part = JSON.stringify(record);
    parts.push(part);
    at += part.length;
  });
  offsets[value.length] = at;
  return { kind: 'array', stubs: JSON.stringify(stubs), text: parts.join(''), offsets };
}
