import { env } from '../../src/env';
import { getCookie } from '../../src/storage/cookies';
import { assignmentCookie, conversionCookie, parseAssignments, parseTestKey, pickIndex, storedIndex } from './logic';

/**
 * The choice itself, in core: the entry runs it over the document in its first task (mount/start.ts), so the
 * variant is set before the first frame after our script runs, while the cloak still holds the variants. The
 * widget's chunk arrives later, reports the new assignments and words the problems found here (the messages
 * stay out of core: every page carries core).
 */

const NAME = 'woob-stest-name';
const CHOSEN = 'woob-stest';
const VARIANT = 'woob-stest-id';

/** New assignments of this page load not yet reported, by product id (the widget sends and empties them). */
export const unreported = new Map<string, Record<string, number>>();

/** What the widget warns about: a malformed name, a test without variants, a server cookie that is not JSON. */
export type Problem = readonly ['name' | 'variants' | 'cookie', string];
export const problems: Problem[] = [];

/**
 * Show one variant of a WooBuilder split test: the stored one (either server cookie) or a uniform pick, which
 * is queued for reporting. Sets `woob-stest="{index}"` on the wrapper and `hidden` on every other variant. Writes
 * no cookie: the server does, from the impression.
 */
export function decide(element: Element): void {
  if (element.hasAttribute(CHOSEN)) return;
  const name = element.getAttribute(NAME);
  const key = parseTestKey(name);
  if (!key) return void problems.push(['name', String(name)]);
  const variants = Array.from(element.children).filter((child) => child.hasAttribute(VARIANT));
  if (!variants.length) return void problems.push(['variants', key.testName]);
  const cookies = [assignmentCookie(key.pid), conversionCookie(key.pid)].map((cookie) => {
    const { assignments, broken } = parseAssignments(getCookie(cookie));
    if (broken) problems.push(['cookie', cookie]);
    return assignments;
  });
  let index = storedIndex(key.testName, variants.length, cookies);
  if (index === undefined) {
    index = pickIndex(variants.length, env().random());
    const tests = unreported.get(key.pid) ?? {};
    tests[key.testName] = index;
    unreported.set(key.pid, tests);
  }
  variants.forEach((variant, i) => ((variant as HTMLElement).hidden = i !== index));
  element.setAttribute(CHOSEN, String(index));
}

/** Every wrapper of the document, now (the entry's first task). Never throws: the widget's mount tries again. */
export function decideSplitTests(root: ParentNode = document): void {
  for (const element of root.querySelectorAll(`[${NAME}]`)) {
    try {
      decide(element);
    } catch {
      // The widget's mount decides this wrapper and reports what failed.
    }
  }
}
