/**
 * WooBuilder split tests, the pure rules: the wrapper's name, the server's cookies, the choice, the impression.
 * No DOM here.
 */

/** `{productId}--{testName}`, split on the first `--`; undefined when either half is missing. */
export function parseTestKey(attribute: string | null): { pid: string; testName: string } | undefined {
  if (!attribute) return undefined;
  const at = attribute.indexOf('--');
  if (at <= 0) return undefined;
  const pid = attribute.slice(0, at).trim();
  const testName = attribute.slice(at + 2);
  return /^\d+$/.test(pid) && testName !== '' ? { pid, testName } : undefined;
}

export const assignmentCookie = (pid: string) => `woobk-stest-${pid}`;
export const conversionCookie = (pid: string) => `woobk-stest-conv-${pid}`;

/** The key a test has in the server's cookies: PHP urlencodes the JSON, so spaces come back as `+`. */
export const cookieKey = (testName: string) => testName.replace(/ /g, '+');

export type Assignments = Readonly<Record<string, unknown>>;

/**
 * A cookie's decoded text as the server's JSON object. `broken` is set when there was text that is not such an
 * object (it then counts as empty).
 */
export function parseAssignments(text: string | undefined): { assignments: Assignments; broken: boolean } {
  if (text === undefined || text === '') return { assignments: {}, broken: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { assignments: {}, broken: true };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { assignments: {}, broken: true };
  return { assignments: value as Assignments, broken: false };
}

/** A stored index that exists for `count` variants (PHP may store it as a number or a numeric string). */
function validIndex(value: unknown, count: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n < count ? n : undefined;
}

/** The stored variant of a test: the assignment cookie first, then the conversion cookie. */
export function storedIndex(testName: string, count: number, cookies: readonly Assignments[]): number | undefined {
  const keys = [cookieKey(testName), testName];
  for (const assignments of cookies) {
    for (const key of keys) {
      if (!Object.hasOwn(assignments, key)) continue;
      const index = validIndex(assignments[key], count);
      if (index !== undefined) return index;
    }
  }
  return undefined;
}

/** Uniform over `count` variants: floor(n × random), as the original. */
export function pickIndex(count: number, random: number): number {
  return Math.min(count - 1, Math.floor(count * random));
}

/** The impression body: `pid` and `tests_data` (the new assignments as JSON), form-encoded by URLSearchParams. */
export function impressionBody(pid: string, tests: Readonly<Record<string, number>>): URLSearchParams {
  return new URLSearchParams({ pid, tests_data: JSON.stringify(tests) });
}
