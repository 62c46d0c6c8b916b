/**
 * Values as Contact Form 7's rules see them. Pure: no DOM. A value is a string or a file (anything with a name
 * and a size, so the same code runs on browser Files and on the mock server's multipart parts).
 */
export interface FileLike {
  readonly name: string;
  readonly size: number;
}

export type FieldValue = string | FileLike;

/** field name (the part before any `[...]`) → every value posted for it, flattened, in order. */
export type ValueTree = Map<string, FieldValue[]>;

export const isFile = (value: FieldValue): value is FileLike => typeof value !== 'string';

/**
 * Unicode White_Space plus U+FEFF, as the server strips them: JS `trim()` alone misses U+0085 (NEL), which the
 * server treats as a space. U+200B (zero width space) and U+180E are not white space in either.
 */
const WS = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const EDGES = new RegExp(`^[${WS}]+|[${WS}]+$`, 'g');

export function trimValue(text: string): string {
  return text.replace(EDGES, '');
}

/** The values a rule judges: strings trimmed and blanks dropped; files kept as they are. */
export function effectiveValues(values: readonly FieldValue[] | undefined): FieldValue[] {
  const out: FieldValue[] = [];
  for (const value of values ?? []) {
    if (isFile(value)) out.push(value);
    else {
      const trimmed = trimValue(value);
      if (trimmed !== '') out.push(trimmed);
    }
  }
  return out;
}

/** Only the string values (format rules ignore files). */
export function textValues(values: readonly FieldValue[] | undefined): string[] {
  return effectiveValues(values).filter((v): v is string => typeof v === 'string');
}

export function fileValues(values: readonly FieldValue[] | undefined): FileLike[] {
  return (values ?? []).filter(isFile);
}

type Node = FieldValue | NodeMap;
interface NodeMap {
  kind: 'map';
  entries: Map<string, Node>;
  next: number;
}

const BASE_NAME = /^[a-z][-a-z0-9_:]*$/i;

/**
 * Split a posted name as PHP does: `a.b[x][]` → base `a_b`, keys `['x', '']`. PHP turns spaces and dots of the
 * base name into underscores, and a `[` without its `]` ends the key list (and is kept as `_` in the base when it
 * is the first one). Returns undefined for names Contact Form 7 never validates (`_wpcf7…`, digits first).
 */
export function parseFieldName(name: string): { base: string; keys: string[] } | undefined {
  const trimmed = name.replace(/^ +/, '');
  const open = trimmed.indexOf('[');
  let base = open < 0 ? trimmed : trimmed.slice(0, open);
  const keys: string[] = [];
  if (open >= 0) {
    let rest = trimmed.slice(open);
    let first = true;
    while (rest.startsWith('[')) {
      const close = rest.indexOf(']');
      if (close < 0) {
        if (first) base += `_${rest.slice(1)}`;
        break;
      }
      keys.push(rest.slice(1, close));
      rest = rest.slice(close + 1);
      first = false;
    }
  }
  base = base.replace(/[ .]/g, '_');
  if (!BASE_NAME.test(base)) return undefined;
  return { base, keys };
}

function flatten(node: Node | undefined, out: FieldValue[]): FieldValue[] {
  if (node === undefined) return out;
  if (typeof node === 'string' || !('kind' in node)) out.push(node as FieldValue);
  else for (const child of node.entries.values()) flatten(child, out);
  return out;
}

/**
 * Build the value tree from posted entries with PHP's array rules: `x[]` appends, `x[k]` sets key k, and a
 * repeated plain name keeps only the last value. Names rules never see are dropped.
 */
export function buildValueTree(entries: Iterable<readonly [string, FieldValue]>): ValueTree {
  const roots = new Map<string, Node>();
  for (const [name, value] of entries) {
    const parsed = parseFieldName(name);
    if (!parsed) continue;
    if (parsed.keys.length === 0) {
      roots.set(parsed.base, value);
      continue;
    }
    let parent: NodeMap;
    const existing = roots.get(parsed.base);
    if (existing && typeof existing !== 'string' && 'kind' in existing) parent = existing;
    else {
      parent = { kind: 'map', entries: new Map(), next: 0 };
      roots.set(parsed.base, parent);
    }
    parsed.keys.forEach((rawKey, i) => {
      const last = i === parsed.keys.length - 1;
      let key = rawKey;
      if (key === '') key = String(parent.next++);
      else if (/^(0|[1-9][0-9]*)$/.test(key)) parent.next = Math.max(parent.next, Number(key) + 1);
      if (last) {
        parent.entries.set(key, value);
        return;
      }
      const child = parent.entries.get(key);
      if (child && typeof child !== 'string' && 'kind' in child) parent = child;
      else {
        const created: NodeMap = { kind: 'map', entries: new Map(), next: 0 };
        parent.entries.set(key, created);
        parent = created;
      }
    });
  }
  const tree: ValueTree = new Map();
  for (const [base, node] of roots) tree.set(base, flatten(node, []));
  return tree;
}
