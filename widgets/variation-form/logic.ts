import { decodeEntities } from '../../src/text/entities';

/**
 * The variation form's rules, with no DOM: reading `data-product_variations`, matching (first match in array order
 * wins, "" is a wildcard on either side), option availability per select, the ajax-mode answer cache, quantity
 * clamping (the two template forms are in template.ts). Matching and availability run on an index built once per product, so a
 * change costs a few bitset ANDs even with thousands of variations.
 */

/** A variation object as WooCommerce prints or answers it; unknown keys are kept and passed on. */
export interface Variation {
  attributes: Record<string, string>;
  variation_id: number;
  variation_is_active?: boolean;
  variation_is_visible?: boolean;
  is_purchasable?: boolean;
  is_in_stock?: boolean;
  /** `false` on the lazy stubs of newer WooCommerce versions: the full object comes from get_variation. */
  variation_data_loaded?: boolean;
  [key: string]: unknown;
}

export type Chosen = Record<string, string>;

export type VariationData =
  | { mode: 'inline'; variations: Variation[]; lazy: boolean }
  | { mode: 'ajax' }
  | { mode: 'empty' }
  | { mode: 'invalid'; reason: string };

// Moved to src/text (live search decodes titles too); still exported here for the form's callers.
export { decodeEntities };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keep a variation only when it has what matching needs; other keys pass through untouched. */
export function toVariation(value: unknown): Variation | undefined {
  if (!isRecord(value) || !isRecord(value.attributes)) return undefined;
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(value.attributes)) attributes[k] = v === null || v === undefined ? '' : String(v);
  const id = Number(value.variation_id);
  return { ...value, attributes, variation_id: Number.isFinite(id) ? id : 0 } as Variation;
}

/**
 * Read `data-product_variations` (already entity-decoded by the DOM). `false` → ajax mode, `[]` → all out of stock,
 * an array → inline. Anything else is invalid: the caller warns and leaves the form to post natively. Entries that
 * are not variation objects are dropped (counted in `dropped`).
 */
export function parseVariationData(raw: string | null | undefined, lazy = false): VariationData & { dropped?: number } {
  if (raw === null || raw === undefined) return { mode: 'invalid', reason: 'is missing' };
  const text = raw.trim();
  if (text === 'false') return { mode: 'ajax' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { mode: 'invalid', reason: 'is not valid JSON' };
  }
  if (value === false) return { mode: 'ajax' };
  if (!Array.isArray(value)) return { mode: 'invalid', reason: 'is not an array or false' };
  if (value.length === 0) return { mode: 'empty' };
  const variations: Variation[] = [];
  for (const entry of value) {
    const v = toVariation(entry);
    if (v) variations.push(v);
  }
  if (variations.length === 0) return { mode: 'invalid', reason: 'holds no variation objects' };
  return { mode: 'inline', variations, lazy, dropped: value.length - variations.length };
}

/** A variation object from get_variation: truthy and shaped like one, else a no-match. */
export function readVariationAnswer(value: unknown): Variation | null {
  if (!value) return null;
  return toVariation(value) ?? null;
}

/** Purchasable, as WooCommerce decides it for show_variation. */
export function isPurchasable(v: Variation): boolean {
  return Boolean(v.is_purchasable) && Boolean(v.is_in_stock) && Boolean(v.variation_is_visible);
}

// ---------------------------------------------------------------------------------------------------------------
// The index: one bitset per (attribute, value), one per attribute for "any", one for active variations.

type Bits = Uint32Array;

function newBits(words: number, fill = false): Bits {
  const b = new Uint32Array(words);
  if (fill) b.fill(0xffffffff);
  return b;
}

function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
}

function orOf(a: Bits, b: Bits | undefined): Bits {
  const out = new Uint32Array(a);
  if (b) for (let i = 0; i < out.length; i++) out[i]! |= b[i]!;
  return out;
}

function intersects(a: Bits, b: Bits, c?: Bits): boolean {
  for (let i = 0; i < a.length; i++) if ((c ? a[i]! & b[i]! & c[i]! : a[i]! & b[i]!) !== 0) return true;
  return false;
}

function firstBit(a: Bits): number {
  for (let i = 0; i < a.length; i++) {
    const w = a[i]!;
    if (w !== 0) return i * 32 + (31 - Math.clz32(w & -w));
  }
  return -1;
}

export type OptionState = 'enabled' | 'disabled' | 'detached';

export interface AttributeAvailability {
  /** True when some matching variation has "any" for this attribute: every option is attached. */
  any: boolean;
  /** Whether a value is attached to a matching variation, and whether one of those is active. */
  state(value: string): OptionState;
}

export interface VariationIndex {
  readonly variations: readonly Variation[];
  /** First match in array order for a complete or partial choice; undefined when none. */
  match(chosen: Chosen): Variation | undefined;
  /** Every variation matching the choice, in array order (tests, diagnostics). */
  matches(chosen: Chosen): Variation[];
  /** For each attribute, what its options can be given the other attributes' choices (§5.2 steps 2–3). */
  availability(chosen: Chosen, names: readonly string[]): Map<string, AttributeAvailability>;
}

/**
 * Build the index once per product. Attribute names come from the selects and from the variations, so a variation
 * that lacks a key counts as "any" for it, as WooCommerce's matcher treats a missing value.
 */
export function buildIndex(variations: readonly Variation[]): VariationIndex {
  const n = variations.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const all = newBits(words);
  for (let i = 0; i < n; i++) all[i >>> 5]! |= 1 << (i & 31);
  const active = newBits(words);
  const byValue = new Map<string, Map<string, Bits>>();
  const anyOf = new Map<string, Bits>();
  const namesSeen = new Set<string>();
  for (const v of variations) for (const name of Object.keys(v.attributes)) namesSeen.add(name);
  for (const name of namesSeen) {
    byValue.set(name, new Map());
    anyOf.set(name, newBits(words));
  }
  variations.forEach((v, i) => {
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    if (v.variation_is_active !== false) active[word]! |= bit;
    for (const name of namesSeen) {
      const value = decodeEntities(v.attributes[name] ?? '');
      if (value === '') {
        anyOf.get(name)![word]! |= bit;
        continue;
      }
      const values = byValue.get(name)!;
      let bits = values.get(value);
      if (!bits) values.set(value, (bits = newBits(words)));
      bits[word]! |= bit;
    }
  });

  /** Variations compatible with one attribute's chosen value (its value or "any"); undefined = unconstrained. */
  const candidates = (name: string, value: string | undefined): Bits | undefined => {
    if (!value) return undefined;
    const any = anyOf.get(name);
    if (!any) return undefined; // no variation names this attribute: it constrains nothing
    const exact = byValue.get(name)!.get(value);
    return exact ? orOf(exact, any) : any;
  };

  const matchBits = (chosen: Chosen, skip?: string): Bits => {
    const set = new Uint32Array(all);
    for (const [name, value] of Object.entries(chosen)) {
      if (name === skip) continue;
      const c = candidates(name, value);
      if (c) andInto(set, c);
    }
    return set;
  };

  return {
    variations,
    match(chosen) {
      const i = firstBit(matchBits(chosen));
      return i < 0 ? undefined : variations[i];
    },
    matches(chosen) {
      const set = matchBits(chosen);
      return variations.filter((_, i) => (set[i >>> 5]! & (1 << (i & 31))) !== 0);
    },
    availability(chosen, names) {
      const out = new Map<string, AttributeAvailability>();
      for (const name of names) {
        const set = matchBits(chosen, name);
        const any = anyOf.get(name);
        const values = byValue.get(name);
        if (!any || !values) {
          // No variation carries this attribute: every option matches as "any" would.
          const open = intersects(set, set);
          const openActive = intersects(set, active);
          out.set(name, { any: open, state: () => (openActive ? 'enabled' : open ? 'disabled' : 'detached') });
          continue;
        }
        const anyMatch = intersects(set, any);
        const anyActive = anyMatch && intersects(set, any, active);
        out.set(name, {
          any: anyMatch,
          state(value) {
            const exact = value === '' ? undefined : values.get(value);
            const attached = anyMatch || (exact !== undefined && intersects(set, exact));
            if (!attached) return 'detached';
            const enabled = anyActive || (exact !== undefined && intersects(set, exact, active));
            return enabled ? 'enabled' : 'disabled';
          },
        });
      }
      return out;
    },
  };
}

/** Chosen attributes are complete when every select has a value. */
export function isComplete(chosen: Chosen, names: readonly string[]): boolean {
  return names.length > 0 && names.every((n) => (chosen[n] ?? '') !== '');
}

export function chosenCount(chosen: Chosen, names: readonly string[]): number {
  return names.filter((n) => (chosen[n] ?? '') !== '').length;
}

// ---------------------------------------------------------------------------------------------------------------
// Ajax mode: answers cached per combination, and what they tell about options.

/** A stable key for a combination, independent of object key order. */
export function comboKey(chosen: Chosen, names: readonly string[]): string {
  return names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(chosen[n] ?? '')}`).join('&');
}

export type CachedAnswer = Variation | null;

export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  constructor(private readonly names: readonly string[]) {}
  get(chosen: Chosen): CachedAnswer | undefined {
    return this.answers.get(comboKey(chosen, this.names));
  }
  set(chosen: Chosen, answer: CachedAnswer): void {
    this.answers.set(comboKey(chosen, this.names), answer);
  }
  get size(): number {
    return this.answers.size;
  }
  /**
   * What the cache knows about choosing `value` for `name` with the other current choices: `nomatch` and
   * `unavailable` only when that full combination was answered; undefined while unknown.
   */
  known(chosen: Chosen, name: string, value: string): 'nomatch' | 'unavailable' | 'available' | undefined {
    const next = { ...chosen, [name]: value };
    if (!isComplete(next, this.names)) return undefined;
    const answer = this.get(next);
    if (answer === undefined) return undefined;
    if (answer === null) return 'nomatch';
    return isPurchasable(answer) ? 'available' : 'unavailable';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Quantity for a variation.

function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

export interface QuantityRule {
  value: string;
  min: string;
  max: string;
  hidden: boolean;
}

/**
 * Sold individually → 1, min 1, no max, box hidden. Otherwise the current value clamped to [min_qty, max_qty]
 * (an empty max_qty is unlimited), a non-numeric value becoming min_qty.
 */
export function quantityFor(variation: Variation, current: string): QuantityRule {
  if (variation.is_sold_individually === 'yes') return { value: '1', min: '1', max: '', hidden: true };
  const min = num(variation.min_qty);
  const max = num(variation.max_qty);
  const hasMin = Number.isFinite(min);
  const hasMax = Number.isFinite(max) && max > 0;
  let value = num(current);
  if (!Number.isFinite(value)) value = hasMin ? min : 1;
  if (hasMax && value > max) value = max;
  if (hasMin && value < min) value = min;
  return { value: String(value), min: hasMin ? String(min) : '', max: hasMax ? String(max) : '', hidden: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Request body for get_variation.

/**
 * `custom_data` as jQuery.param would post it: nested objects become `custom_data[key]`, arrays `custom_data[]`-style
 * indexes; scalars post as they are. Absent stays absent.
 */
export function flattenParam(
  prefix: string,
  value: unknown,
  out: Record<string, string | string[]> = {},
): Record<string, string | string[]> {
  if (value === undefined) return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => flattenParam(`${prefix}[${isRecord(v) || Array.isArray(v) ? i : ''}]`, v, out));
    return out;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) flattenParam(`${prefix}[${k}]`, v, out);
    return out;
  }
  const text = value === null ? '' : String(value);
  const prev = out[prefix];
  out[prefix] = prev === undefined ? text : Array.isArray(prev) ? [...prev, text] : [prev, text];
  return out;
}

/** `data-custom_data` as jQuery's .data() reads it: JSON when it parses, else the text. */
export function readCustomData(attr: string | null): unknown {
  if (attr === null) return undefined;
  const t = attr.trim();
  if (/^[[{]/.test(t) || t === 'true' || t === 'false' || t === 'null' || /^-?\d+(\.\d+)?$/.test(t)) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return attr;
    }
  }
  return attr;
}
