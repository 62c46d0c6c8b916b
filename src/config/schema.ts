import type { FieldSpec } from './globals';

/** Anything with zod's safeParse: lets zod/mini schemas serve as field readers without importing zod here. */
interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function fromSchema<T>(schema: SafeParser<T>, fallback: T, expected: string): FieldSpec<T> {
  return {
    read: (value) => {
      const result = schema.safeParse(value);
      return result.success ? result.data : undefined;
    },
    fallback,
    expected,
  };
}
