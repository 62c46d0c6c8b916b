#!/usr/bin/env node
/**
 * When a split test's variant is decided (issue 29 goal 4), on fixtures/pages/split-test.html, Chromium at 4x CPU
 * throttling, both builds: for each fresh visitor (a new context, no cookies), the time from DOMContentLoaded
 * (its event's start) to the moment every wrapper has `woob-stest` (a MutationObserver installed before the
 * page's scripts), and whether that came before the first animation frame after the entry started (the
 * entry's API published: see test/e2e/split-test.e2e.ts). Negative: decided before DOMContentLoaded (a module
 * script runs after parsing, before that event). Until the decision the cloak hides the tested content. The
 * impression endpoint is answered by the stateful mock in this Node process.
 *
 *   node test/bench/split-test.bench.mjs [--runs 7] [--json]       (after `npm run build`)
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { loadMock, routeToMock } from './bench.mjs';
import { fmt, median } from './variation.bench.mjs';

const THROTTLE = 4;
const PAGE = '/split-test.html';
const argAfter = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Math.max(1, Number(argAfter('--runs')) || 7);
const JSON_OUT = process.argv.includes('--json');

/** Before the page's scripts: when every wrapper was decided, and the first frame after the entry started. */
function watchDecision() {
  const bench = (window.splitBench = { decided: 0, firstFrame: 0 });
  new MutationObserver((_, observer) => {
    const wrappers = document.querySelectorAll('[woob-stest-name]');
    if (!wrappers.length || document.querySelectorAll('[woob-stest-name]:not([woob-stest])').length) return;
    bench.decided = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['woob-stest'] });
  let api;
  Object.defineProperty(window, 'StorefrontIslands', {
    configurable: true,
    get: () => api,
    set(value) {
      api = value;
      requestAnimationFrame(() => (bench.firstFrame = performance.now()));
    },
  });
}

async function once(browser, base, mock, tag) {
  mock.cart = undefined;
  mock.reset();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    await routeToMock(context, mock);
    const page = await context.newPage();
    await page.addInitScript(watchDecision);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(`${base}${PAGE}?tag=${tag}&mock=off`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => window.splitBench.decided > 0 && window.splitBench.firstFrame > 0, null, { timeout: 30_000 });
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const { decided, firstFrame } = window.splitBench;
      return { afterDcl: decided - nav.domContentLoadedEventStart, beforeFirstFrame: decided <= firstFrame };
    });
  } finally {
    await context.close();
  }
}

export async function runSplitTestBench({ runs = RUNS } = {}) {
  const server = await startServer({ port: 0 });
  const mock = await loadMock();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const results = {};
  try {
    for (const tag of ['module', 'compact']) {
      results[tag] = [];
      for (let i = 0; i < runs; i++) {
        // A load that times out (a busy machine) costs one sample, not the run.
        const r = await once(browser, server.url, mock, tag).catch((error) => ({ error: String(error.message ?? error).split('\n')[0] }));
        results[tag].push(r);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { throttle: THROTTLE, runs, results };
}

function print(r) {
  console.log(
    `\nSplit tests on ${PAGE}: DOMContentLoaded → every variant decided, Chromium at ${r.throttle}x, ${r.runs} fresh visitors per build`,
  );
  for (const [tag, all] of Object.entries(r.results)) {
    const loads = all.filter((l) => !l.error);
    const failed = all.length - loads.length;
    if (!loads.length) {
      console.log(`${tag}: every load failed (${all[0]?.error})`);
      continue;
    }
    const xs = loads.map((l) => l.afterDcl).toSorted((a, b) => a - b);
    const p90 = xs[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];
    const early = loads.filter((l) => l.beforeFirstFrame).length;
    console.log(
      `${(tag === 'module' ? 'React build' : 'compact build').padEnd(15)} median ${fmt(median(xs))}, p90 ${fmt(p90)}, range ${fmt(xs[0])} to ${fmt(xs.at(-1))}; ` +
        `decided before the first frame after the entry started: ${early} of ${loads.length}` +
        (failed ? `; ${failed} load(s) failed: ${all.find((l) => l.error).error}` : ''),
    );
  }
  console.log('  negative = decided before DOMContentLoaded (in the entry, which runs after parsing and before that event).');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runSplitTestBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
