/**
 * The shapes of a send's answers (the feedback object, WordPress's error JSON), checked with zod/mini. Loaded by
 * api.ts when a form is sent, while the request is in flight: zod's core (about 7.9 kB gzip) is not part of the
 * form's load, where only the schema and the refill are read (by hand, in shapes.ts).
 */
import * as z from 'zod/mini';

const invalidField = z.object({
  field: z.string(),
  message: z.catch(z.string(), ''),
  idref: z.catch(z.optional(z.nullable(z.string())), null),
  error_id: z.catch(z.optional(z.string()), undefined),
});

const quizRefill = z.record(z.string(), z.tuple([z.string(), z.string()]));
const captchaRefill = z.record(z.string(), z.string());

/** The feedback object; extra keys (stripe, demo_mode, plugins' own) are kept for listeners. */
export const feedbackSchema = z.looseObject({
  status: z.string(),
  message: z.catch(z.string(), ''),
  invalid_fields: z.catch(z.array(invalidField), []),
  posted_data_hash: z.catch(z.optional(z.string()), undefined),
  into: z.catch(z.optional(z.string()), undefined),
  quiz: z.catch(z.optional(quizRefill), undefined),
  captcha: z.catch(z.optional(captchaRefill), undefined),
});

export type Feedback = z.infer<typeof feedbackSchema> & Record<string, unknown>;

export const wpError = z.looseObject({ code: z.optional(z.string()), message: z.string() });
