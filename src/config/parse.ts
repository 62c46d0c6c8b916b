/**
 * WordPress prints most scalars as strings ("1", "", "5000", "yes"), and Avada prints the same flag as "1", 1,
 * true or "true". These readers accept every spelling, once, at the boundary.
 */
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'off']);

/** A flag as WordPress or Avada prints it; undefined when the value is not a recognisable flag. */
export function parseFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (value === null) return false;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** A finite number from a number or a numeric string ("5000", " 2.5 "); undefined otherwise. */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A string; numbers are accepted as their decimal text. */
export function parseString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** JSON that must not throw: undefined when the text is not JSON. */
export function parseJson(text: string | null | undefined): unknown {
  if (text == null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
