import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { httpUrl } from '../../src/net/url';
import { decide, problems, unreported } from './decide';
import { impressionBody } from './logic';

type Warn = (field: string, message: string) => void;

let flushScheduled = false;

function restApiUrl(warn: Warn): URL | null {
  const config = (window as { wbkSplitTesting?: unknown }).wbkSplitTesting;
  const raw = config && typeof config === 'object' ? (config as { restApiUrl?: unknown }).restApiUrl : undefined;
  const url = httpUrl(raw);
  if (!url) warn('wbkSplitTesting.restApiUrl', 'is missing or not an http(s) URL; impressions are not reported.');
  return url;
}

/** One impression per product id for everything assigned so far (the entry's early pass and every mount of this task). */
function flush(warn: Warn): void {
  flushScheduled = false;
  const batch = new Map(unreported);
  unreported.clear();
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
 * Show one variant of a WooBuilder split test (decide.ts; usually already done by the entry's first task) and
 * report the new assignments, one impression per product id.
 */
export default defineWidget({
  mount(element, { warn }) {
    decide(element);
    for (const [kind, subject] of problems.splice(0)) {
      if (kind === 'name') warn('woob-stest-name', `"${subject}" is not {productId}--{testName}; every variant stays visible.`);
      else if (kind === 'variants') warn('woob-stest-id', `the test "${subject}" has no variants.`);
      else warn(`cookie ${subject}`, 'is not a JSON object; it counts as empty.');
    }
    if (unreported.size === 0 || flushScheduled) return;
    flushScheduled = true;
    env().setTimeout(() => flush(warn), 0);
  },
});
