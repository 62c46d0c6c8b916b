#!/usr/bin/env node
/**
 * Main-thread tasks at load, measured by THREAD CPU time (the trace's `tdur`), which a busy machine does not
 * inflate the way it inflates wall-clock long tasks: a task using 12.5 ms of CPU or more would be a long task
 * (over 50 ms) at 4x CPU throttling. For each page and configuration (without the bundle, React build, compact
 * build), from navigation to load + 3 s, unthrottled, a Chromium trace: every task of the page's main thread at
 * or above 12.5 ms CPU, and whether our code ran in it (a script, function call or module evaluation from the
 * bundle's folder, or a microtask run of 2 ms or more on a page with the bundle: the fixture pages run no promise-based
 * script of their own).
 *
 *   node test/bench/tasks.bench.mjs [--runs 3] [--page name.html]... [--json]
 *
 * Default pages: the panels (off-canvas), the privacy bar, the split test, the beacon, the variable product and
 * the shop with quick view. `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { loadMock, routeToMock } from './bench.mjs';

const LONG_AT_4X = 12.5; // ms of CPU
const PAGES = ['off-canvas.html', 'privacy.html', 'split-test.html', 'beacon.html', 'product-variable.html', 'quick-view.html'];
const CONFIGS = [
  ['without the bundle', 'none'],
  ['React build', 'module'],
  ['compact build', 'compact'],
];
const OURS = /\/storefront-islands\//;

function parseArgs(argv) {
  const o = { runs: 3, pages: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') o.runs = Math.max(1, Number(argv[++i]) || 3);
    else if (argv[i] === '--page') o.pages.push(argv[++i]);
    else if (argv[i] === '--json') o.json = true;
    else throw new Error(`unknown option ${argv[i]} (use --runs N, --page name.html, --json)`);
  }
  if (!o.pages.length) o.pages = PAGES;
  return o;
}

/** The tasks of one load: [{ cpu, wall, ours, what }] for tasks at or above the threshold. */
async function traceLoad(browser, base, mock, path, withBundle) {
  mock.reset();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await routeToMock(context, mock);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: TASK_CATEGORIES });
  await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(3000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const file = path.split('?')[0].slice(1);
  const parse = events.find((e) => e.name === 'ParseHTML' && JSON.stringify(e.args ?? {}).includes(file));
  if (!parse) throw new Error(`no main thread found for ${path}`);
  return cpuTasks(events, parse, withBundle);
}

/**
 * The tasks of a trace's main thread (the thread of `marker`, an event known to run there) that used at least
 * `threshold` ms of thread time: [{ cpu, wall, ours, what }]. Unthrottled, 12.5 ms of CPU is a long task at 4x;
 * under CDP's CPU throttling the thread time grows with it, so pass 50 there.
 */
export function cpuTasks(events, marker, withBundle = true, threshold = LONG_AT_4X) {
  const main = events.filter((e) => e.pid === marker.pid && e.tid === marker.tid && e.ph === 'X');
  const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.tdur ?? 0) / 1000 >= threshold);
  return tasks.map((t) => {
    const inside = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur);
    const urls = inside.map((e) => e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '').filter(Boolean);
    // Our widgets mount in promise continuations, which the trace shows without a URL: with the bundle on the
    // page (the fixture pages run no promise-based script of their own), long microtask runs count as ours.
    const ours =
      urls.some((u) => OURS.test(u)) ||
      inside.some((e) => e.name === 'v8.evaluateModule') ||
      (withBundle && inside.some((e) => e.name === 'RunMicrotasks' && (e.tdur ?? e.dur) >= 2000));
    const top = inside
      .filter((e) => (e.tdur ?? e.dur) >= 2000 && e.name !== 'ThreadControllerImpl::RunTask')
      .map(
        (e) => `${e.name}${e.args?.data?.url ? `(${String(e.args.data.url).replace(/.*\//, '').replace(/\?.*/, '').slice(0, 32)})` : ''}`,
      );
    return { cpu: t.tdur / 1000, wall: t.dur / 1000, ours, what: [...new Set(top)].slice(0, 4).join(' | ') };
  });
}

/** Trace categories for cpuTasks. */
export const TASK_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'];

export async function runTasksBench(options = {}) {
  const { runs = 3, pages = PAGES } = options;
  const server = await startServer({ port: 0 });
  const mock = await loadMock();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const page of pages) {
      for (const [label, tag] of CONFIGS) {
        const loads = [];
        for (let i = 0; i < runs; i++)
          loads.push(await traceLoad(browser, server.url, mock, `/${page}?tag=${tag}&mock=off`, tag !== 'none'));
        results.push({ page, config: label, loads });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

const median = (xs) => {
  const s = xs.toSorted((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function print(results) {
  console.log(
    `\nTasks at load (to load + 3 s) using >= ${LONG_AT_4X} ms of main-thread CPU (long tasks at 4x throttling), unthrottled, median of runs`,
  );
  console.log(
    `${'page'.padEnd(24)}${'configuration'.padEnd(20)}${'tasks'.padStart(6)}${'ours'.padStart(6)}  largest of ours (ms CPU, what ran)`,
  );
  for (const r of results) {
    const all = median(r.loads.map((l) => l.length));
    const ours = median(r.loads.map((l) => l.filter((t) => t.ours).length));
    const worst = r.loads
      .flat()
      .filter((t) => t.ours)
      .toSorted((a, b) => b.cpu - a.cpu)[0];
    console.log(
      `${r.page.padEnd(24)}${r.config.padEnd(20)}${String(all).padStart(6)}${String(ours).padStart(6)}  ${worst ? `${worst.cpu.toFixed(1)} ${worst.what}` : '-'}`,
    );
  }
  console.log('  tasks = all such tasks of the page (its own parsing, layout and paint included); ours = those in which');
  console.log('  the bundle\'s code ran. "Added by the bundle" is ours, and the difference to the page without it.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = parseArgs(process.argv.slice(2));
  const results = await runTasksBench(options);
  if (options.json) console.log(JSON.stringify(results, null, 2));
  else print(results);
}
