/**
 * The answers a form reads before anything is sent (the validation schema's rules, the refill), checked by hand
 * rather than with zod/mini: they are read when the form mounts, and zod's core would double the form's bytes at
 * load for two flat shapes. The results are the ones the zod schemas gave (shapes.test.ts holds them side by side).
 */

type Scalar = number | string;

export interface RuleShape {
  rule: string;
  field?: string;
  error?: string;
  threshold?: Scalar;
  accept?: Scalar[];
  base?: Scalar;
  interval?: Scalar;
  rules?: unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isScalar = (value: unknown): value is Scalar => isString(value) || (typeof value === 'number' && Number.isFinite(value));
const optional = (value: unknown, test: (v: unknown) => boolean) => value === undefined || test(value);
const arrayOf = (test: (v: unknown) => boolean) => (value: unknown) => Array.isArray(value) && value.every(test);

/** A rule as Contact Form 7 prints it: `rule` a string, the other known keys of their type when present. */
export function readRule(value: unknown): RuleShape | undefined {
  if (!isRecord(value) || !isString(value.rule)) return undefined;
  const { field, error, threshold, accept, base, interval, rules } = value;
  const valid =
    optional(field, isString) &&
    optional(error, isString) &&
    optional(threshold, isScalar) &&
    optional(accept, arrayOf(isScalar)) &&
    optional(base, isScalar) &&
    optional(interval, isScalar) &&
    optional(rules, Array.isArray);
  return valid ? (value as unknown as RuleShape) : undefined;
}

export type Refill = { quiz?: Record<string, [string, string]>; captcha?: Record<string, string> };

function recordOf<T>(value: unknown, test: (v: unknown) => v is T): Record<string, T> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, T> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!test(item)) return undefined;
    out[key] = item;
  }
  return out;
}

const isPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && isString(value[0]) && isString(value[1]);

/**
 * The refill answer: `[]` (or any array) when the form has nothing to refill, else an object whose `quiz` and
 * `captcha` are dropped to undefined when malformed; other keys are kept for wpcf7reset's listeners. Undefined
 * when it is neither.
 */
export function readRefill(value: unknown): (Refill & Record<string, unknown>) | unknown[] | undefined {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  if ('quiz' in value) out.quiz = recordOf(value.quiz, isPair);
  if ('captcha' in value) out.captcha = recordOf(value.captcha, isString);
  for (const [key, item] of Object.entries(value)) if (key !== 'quiz' && key !== 'captcha') out[key] = item;
  return out;
}
