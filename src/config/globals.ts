import { warnOnce } from '../log';
import { parseFlag, parseNumber, parseString } from './parse';

/** One field of a page global: how to read it and what to use when it is missing or malformed. */
export interface FieldSpec<T> {
  read: (value: unknown) => T | undefined;
  fallback: T;
  /** What the field should look like, for the warning. */
  expected: string;
}

export type Spec<T> = { [K in keyof T]: FieldSpec<T[K]> };

export const flag = (fallback: boolean): FieldSpec<boolean> => ({
  read: parseFlag,
  fallback,
  expected: 'a flag ("1", "", "yes", "no", true, false)',
});
export const num = (fallback: number): FieldSpec<number> => ({ read: parseNumber, fallback, expected: 'a number' });
export const str = (fallback: string): FieldSpec<string> => ({ read: parseString, fallback, expected: 'a string' });
export const strList = (fallback: string[]): FieldSpec<string[]> => ({
  read: (v) =>
    Array.isArray(v) && v.every((x) => typeof x === 'string')
      ? (v as string[])
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
  fallback,
  expected: 'a list of strings',
});

/**
 * Read an object of settings field by field: a malformed field gets one warning naming the owner and the field,
 * and takes its default; the other fields keep their values. Unknown keys are ignored (filters add them).
 */
export function readSettings<T>(raw: unknown, spec: Spec<T>, owner: string, source: string): T {
  const record = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : undefined;
  if (raw !== undefined && record === undefined) warnOnce(owner, source, 'is not an object; using defaults');
  const out = {} as T;
  for (const key of Object.keys(spec) as (keyof T & string)[]) {
    const field = spec[key];
    const value = record?.[key];
    if (value === undefined) {
      out[key] = field.fallback;
      continue;
    }
    const parsed = field.read(value);
    if (parsed === undefined) {
      warnOnce(
        owner,
        `${source}.${key}`,
        `expected ${field.expected}, got ${JSON.stringify(value)}; using ${JSON.stringify(field.fallback)}`,
      );
      out[key] = field.fallback;
    } else {
      out[key] = parsed;
    }
  }
  return out;
}

/** A page global as the CMS printed it, or undefined when the page has none. */
export function pageGlobal(name: string): unknown {
  return (globalThis as unknown as Record<string, unknown>)[name];
}

/** Read a page global by a spec; a page without the global gets the defaults silently. */
export function readGlobal<T>(name: string, spec: Spec<T>, owner: string): T {
  return readSettings(pageGlobal(name), spec, owner, name);
}
