import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readRefill, readRule } from './shapes';

/*
 * The zod/mini schemas these readers replaced (the form read them at load): what a theme's wpcf7reset listener
 * receives and which schema rules are kept must stay the same, key order included.
 */
const scalar = z.union([z.number(), z.string()]);
const ruleShape = z.looseObject({
  rule: z.string(),
  field: z.optional(z.string()),
  error: z.optional(z.string()),
  threshold: z.optional(scalar),
  accept: z.optional(z.array(scalar)),
  base: z.optional(scalar),
  interval: z.optional(scalar),
  rules: z.optional(z.array(z.unknown())),
});
const quizRefill = z.record(z.string(), z.tuple([z.string(), z.string()]));
const captchaRefill = z.record(z.string(), z.string());
const refillSchema = z.union([
  z.array(z.unknown()),
  z.looseObject({ quiz: z.catch(z.optional(quizRefill), undefined), captcha: z.catch(z.optional(captchaRefill), undefined) }),
]);

const shared: unknown[] = [null, undefined, 0, 1, '', 'x', true, [], [1, 'a'], {}, { a: 1 }, [{ rule: 'required' }]];

const rules: unknown[] = [
  ...shared,
  { rule: 'required', field: 'your-name', error: 'Please fill out this field.' },
  { rule: 'minlength', field: 'm', threshold: 3, error: 'short' },
  { rule: 'minlength', field: 'm', threshold: '3' },
  { rule: 'file', field: 'f', accept: ['.pdf', 2], error: 'e' },
  { rule: 'file', field: 'f', accept: ['.pdf', null] },
  { rule: 'file', field: 'f', accept: '.pdf' },
  { rule: 'stepnumber', field: 's', base: 0, interval: '0.5' },
  { rule: 'stepnumber', field: 's', base: true },
  { rule: 'stepnumber', field: 's', interval: {} },
  { rule: 'all', rules: [{ rule: 'email' }] },
  { rule: 'all', rules: {} },
  { rule: 3, field: 'x' },
  { field: 'x' },
  { rule: 'required', field: null },
  { rule: 'required', field: 5 },
  { rule: 'required', error: ['e'] },
  { rule: 'required', threshold: null },
  { rule: 'required', field: 'x', extra: { kept: true } },
];

const refills: unknown[] = [
  ...shared,
  { quiz: { 'quiz-1': ['1+1?', 'hash'] } },
  { quiz: { 'quiz-1': ['1+1?', 'hash', 'more'] } },
  { quiz: { 'quiz-1': ['1+1?'] } },
  { quiz: { 'quiz-1': ['1+1?', 2] } },
  { quiz: { a: ['q', 'h'], b: 'no' } },
  { quiz: [] },
  { quiz: null },
  { quiz: {} },
  { captcha: { 'captcha-1': '/img.png' } },
  { captcha: { 'captcha-1': 1 } },
  { captcha: [] },
  { other: 1, captcha: { c: 'x' }, quiz: { q: ['a', 'b'] }, last: [1] },
  { quiz: 'x', captcha: 'y', plugin: { deep: true } },
];

describe('cf7 answer shapes read by hand', () => {
  it.each(rules.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'a schema rule %s is kept or dropped as before',
    (_, value) => {
      const reference = ruleShape.safeParse(value);
      const ours = readRule(value);
      expect(ours !== undefined).toBe(reference.success);
      if (reference.success) expect(ours).toEqual(reference.data);
    },
  );

  it.each(refills.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'a refill answer %s reaches wpcf7reset as before',
    (_, value) => {
      const reference = refillSchema.safeParse(value);
      const ours = readRefill(value);
      expect(ours !== undefined).toBe(reference.success);
      if (!reference.success) return;
      expect(ours).toStrictEqual(reference.data);
      expect(Object.keys(ours as object)).toEqual(Object.keys(reference.data));
    },
  );
});
