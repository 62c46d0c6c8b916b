#!/usr/bin/env node
/**
 * Scrolling a lazy-image page, in Chromium at 4x CPU throttling, on fixtures/pages/lazy-images.html: the page is
 * scrolled to the bottom in wheel steps of 400 px (one scroll each, 150 ms apart). For the whole scroll: the scroll
 * events; the FORCED layouts and style recalcs (a Chromium trace, test/bench/forced-layout.mjs: a Layout /
 * UpdateLayoutTree nested in script); all layouts and style recalcs (DevTools Performance metrics; images arriving
 * lay out the frame, which is rendering, not forced); the long tasks (PerformanceObserver 'longtask', observer from
 * variation.bench) and, from the trace, what filled each. Without the bundle (placeholders only, nothing
 * unveiled) the same scroll gives the baseline. No mock: the page calls no endpoint.
 *
 * Run after `npm run build`: `node test/bench/lazy-images.bench.mjs [--json]`. `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { bundleTaskSummary, culpritLines, longTaskLine, startForcedLayoutTrace } from './forced-layout.mjs';
import { fmt, observe } from './variation.bench.mjs';

const THROTTLE = 4;
const PAGE = '/lazy-images.html';
const STEP = 400;
const JSON_OUT = process.argv.includes('--json');

const metric = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { layouts: get('LayoutCount'), styles: get('RecalcStyleCount') };
};

async function run(browser, base, withBundle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Performance.enable');
  await page.goto(`${base}${PAGE}?tag=${withBundle ? 'module' : 'none'}&mock=off`, { waitUntil: 'load', timeout: 120_000 });
  if (withBundle) await page.waitForFunction(() => window.StorefrontIslands?.ready?.(), null, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  await page.evaluate(() => (window.__bench.longtasks = []));
  await page.evaluate(() => {
    window.benchScrolls = 0;
    addEventListener('scroll', () => (window.benchScrolls += 1), { passive: true });
  });
  const before = await metric(cdp);
  // A listener, as a theme's would be: the trace then shows each dispatch of the event in its task.
  await page.evaluate(() => document.addEventListener('lazybeforeunveil', () => {}));
  const trace = await startForcedLayoutTrace(browser, page, { events: ['lazybeforeunveil'] });
  const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  let steps = 0;
  await page.mouse.move(640, 400);
  for (let y = 0; y < height; y += STEP) {
    await page.mouse.wheel(0, STEP);
    await page.waitForTimeout(150);
    steps++;
  }
  await page.waitForTimeout(1000);
  const after = await metric(cdp);
  const traced = await trace.stop();
  const scrolls = await page.evaluate(() => window.benchScrolls);
  const longTasks = (await page.evaluate(() => window.__bench.longtasks)).map((t) => t.duration);
  const unveiled = await page.evaluate(() => document.querySelectorAll('.lazyloaded, .lazyerror').length);
  await context.close();
  return {
    steps,
    scrolls,
    layouts: after.layouts - before.layouts,
    styles: after.styles - before.styles,
    forcedLayouts: traced.forcedLayouts,
    forcedStyles: traced.forcedStyles,
    culprits: traced.culprits,
    tracedLongTasks: traced.longTasks,
    bundleTasks: bundleTaskSummary(traced.bundleTasks, 'lazybeforeunveil'),
    longTasks,
    unveiled,
  };
}

export async function runLazyImagesBench() {
  // BENCH_DIST: another build's dist/ (a before/after comparison in the same conditions).
  const server = await startServer({ port: 0, ...(process.env.BENCH_DIST ? { dist: process.env.BENCH_DIST } : {}) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    return { throttle: THROTTLE, withBundle: await run(browser, server.url, true), without: await run(browser, server.url, false) };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  console.log(
    `\nLazy images: scrolling ${PAGE} in ${STEP} px wheel steps, Chromium, ${r.throttle}x CPU throttling. Forced = a Layout / UpdateLayoutTree traced ` +
      `inside script (test/bench/forced-layout.mjs); all = CDP LayoutCount / RecalcStyleCount (images arriving lay out the frame: not forced)`,
  );
  for (const [label, x] of [
    ['with the bundle', r.withBundle],
    ['without the bundle', r.without],
  ]) {
    const per = (n) => (x.scrolls ? (n / x.scrolls).toFixed(2) : 'n/a');
    console.log(
      `${label.padEnd(20)} ${x.steps} wheel steps, ${x.scrolls} scroll events; forced layouts ${x.forcedLayouts} (${per(x.forcedLayouts)} per event), forced style recalcs ${x.forcedStyles}; ` +
        `all layouts ${x.layouts} (${per(x.layouts)} per event), all style recalcs ${x.styles}; ` +
        `long tasks: ${x.longTasks.length ? x.longTasks.map((t) => fmt(t)).join(', ') : 'none'}; images unveiled ${x.unveiled}`,
    );
    const b = x.bundleTasks;
    if (b.tasks) {
      console.log(
        `    tasks running the bundle: ${b.tasks}, CPU (thread time) median ${b.cpuMedian.toFixed(1)} ms, worst ${b.cpuMax.toFixed(1)} ms, ${b.over50} of 50 ms or more; ` +
          `images unveiled (lazybeforeunveil) in ${b.withEvent} tasks, at most ${b.mostPerTask} in one; the costliest: ${b.worst.join(', ')}`,
      );
    }
    for (const culprit of culpritLines(x.culprits)) console.log(culprit);
    for (const task of x.tracedLongTasks) console.log(longTaskLine(task));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runLazyImagesBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
