import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { httpUrl } from '../../src/net/url';
import { getCookie } from '../../src/storage/cookies';
import {
  assignmentCookie,
  conversionCookie,
  impressionBody,
  parseAssignments,
  parseTestKey,
  pickIndex,
  storedIndex,
  type Assignments,
} from './logic';

const NAME = 'woob-stest-name';
const CHOSEN = 'woob-stest';
const VARIANT = 'woob-stest-id';

type Warn = (field: string, message: string) => void;

/** New assignments of this page load waiting to be reported, by product id. */
let queued = new Map<string, Record<string, number>>();
let flushScheduled = false;

function readCookie(name: string, warn: Warn): Assignments {
  const { assignments, broken } = parseAssignments(getCookie(name));
  if (broken) warn(`cookie ${name}`, 'is not a JSON object; it counts as empty.');
  return assignments;
}

function restApiUrl(warn: Warn): URL | null {
  const config = (window as { wbkSplitTesting?: unknown }).wbkSplitTesting;
  const raw = config && typeof config === 'object' ? (config as { restApiUrl?: unknown }).restApiUrl : undefined;
  const url = httpUrl(raw);
  if (!url) warn('wbkSplitTesting.restApiUrl', 'is missing or not an http(s) URL; impressions are not reported.');
  return url;
}

/** One impression per product id for everything assigned in this task (every wrapper of the first scan). */
function flush(warn: Warn): void {
  flushScheduled = false;
  const batch = queued;
  queued = new Map();
  const url = restApiUrl(warn);
  if (!url) return;
  // The request code (src/net) loads with the first impression: a visitor whose variants are all stored sends none.
  void import('../../src/net/request').then(
    ({ requestText }) => {
      for (const [pid, tests] of batch) {
        // The response is not read and a failure is silent, as the original: the next page load reports again.
        requestText(url.href, { method: 'POST', body: impressionBody(pid, tests) }).catch(() => {});
      }
    },
    () => {},
  );
}

/**
 * Show one variant of a WooBuilder split test: the stored one (either server cookie) or a uniform pick, which
 * is then reported. Sets `woob-stest="{index}"` on the wrapper and `hidden` on every other variant. Writes no
 * cookie: the server does, from the impression.
 */
export default defineWidget({
  mount(element, { warn }) {
    if (element.hasAttribute(CHOSEN)) return;
    const key = parseTestKey(element.getAttribute(NAME));
    if (!key) {
      warn(NAME, `"${element.getAttribute(NAME)}" is not {productId}--{testName}; every variant stays visible.`);
      return;
    }
    const variants = Array.from(element.children).filter((child) => child.hasAttribute(VARIANT));
    if (variants.length === 0) {
      warn(VARIANT, `the test "${key.testName}" has no variants.`);
      return;
    }
    const cookies = [readCookie(assignmentCookie(key.pid), warn), readCookie(conversionCookie(key.pid), warn)];
    let index = storedIndex(key.testName, variants.length, cookies);
    if (index === undefined) {
      index = pickIndex(variants.length, env().random());
      const tests = queued.get(key.pid) ?? {};
      tests[key.testName] = index;
      queued.set(key.pid, tests);
      if (!flushScheduled) {
        flushScheduled = true;
        env().setTimeout(() => flush(warn), 0);
      }
    }
    variants.forEach((variant, i) => ((variant as HTMLElement).hidden = i !== index));
    element.setAttribute(CHOSEN, String(index));
  },
});
