#!/usr/bin/env node
/**
 * Scrolling a page with the sticky header, in Chromium with 4x CPU throttling: fixtures/pages/header.html (legacy
 * header, sticky with shrinkage, admin bar) and menu-element.html (Layout Builder sticky container). The wheel
 * scrolls down past the trigger and back up in small steps. Per run: the scroll events the page saw; the FORCED
 * layouts and style recalcs (a Chromium trace: a Layout / UpdateLayoutTree nested in script, i.e. script read
 * geometry after a write; test/bench/forced-layout.mjs names the script); all layouts and style recalcs (CDP
 * Performance LayoutCount / RecalcStyleCount, the frames' own included: a stick or unstick restyles and lays out
 * once, and the shrinking header's 300 ms height transition lays out every frame it runs, which is rendering, not
 * forced); the long tasks (PerformanceObserver 'longtask') and, from the trace, what filled each and how much of it
 * was the renderer's CPU. header.html runs a third time under prefers-reduced-motion (no transition) to show
 * which layouts the transition accounts for. Without the bundle, the same scroll gives the baseline. The goal:
 * no forced layout per scroll event. Lazy images are another bench's.
 *
 * Run after `npm run build`: `node test/bench/header.bench.mjs [--json]`. `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { bundleTaskSummary, culpritLines, longTaskLine, startForcedLayoutTrace } from './forced-layout.mjs';

const THROTTLE = 4;
const PAGES = ['/header.html', '/menu-element.html'];
const STEPS = 40;
const STEP_PX = 60;
const JSON_OUT = process.argv.includes('--json');

function observe() {
  window.__bench = { longtasks: [], scrolls: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longtasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing */
  }
  addEventListener('scroll', () => (window.__bench.scrolls += 1), { passive: true });
}

async function run(browser, base, path, withBundle, reducedMotion = 'no-preference') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', reducedMotion });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${base}${path}?${withBundle ? 'tag=module' : 'tag=none'}&mock=off`, { waitUntil: 'load', timeout: 120_000 });
  if (withBundle) await page.waitForFunction(() => window.StorefrontIslands?.ready?.(), null, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.mouse.move(640, 500);
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.evaluate(() => {
    window.__bench.longtasks = [];
    window.__bench.scrolls = 0;
  });
  const before = await metrics();
  const trace = await startForcedLayoutTrace(browser, page);
  for (const direction of [1, -1]) {
    for (let i = 0; i < STEPS; i++) {
      await page.mouse.wheel(0, direction * STEP_PX);
      await page.waitForTimeout(30);
    }
  }
  await page.waitForTimeout(600);
  const after = await metrics();
  const traced = await trace.stop();
  const { longtasks, scrolls } = await page.evaluate(() => window.__bench);
  const stuckClass = await page.evaluate(
    () => document.body.classList.contains('fusion-is-sticky') || !!document.querySelector('.fusion-container-stuck'),
  );
  await context.close();
  const layouts = after.LayoutCount - before.LayoutCount;
  const styles = after.RecalcStyleCount - before.RecalcStyleCount;
  const per = (n) => (scrolls ? n / scrolls : 0);
  return {
    scrolls,
    layouts,
    styles,
    layoutsPerScroll: per(layouts),
    stylesPerScroll: per(styles),
    forcedLayouts: traced.forcedLayouts,
    forcedLayoutsPerScroll: per(traced.forcedLayouts),
    forcedStyles: traced.forcedStyles,
    tracedLayouts: traced.layouts,
    culprits: traced.culprits,
    tracedLongTasks: traced.longTasks,
    bundleTasks: bundleTaskSummary(traced.bundleTasks, 'scroll'),
    longTasks: longtasks,
    stuckAtTop: stuckClass,
  };
}

export async function runHeaderBench() {
  // BENCH_DIST: another build's dist/ (a before/after comparison in the same conditions).
  const server = await startServer({ port: 0, ...(process.env.BENCH_DIST ? { dist: process.env.BENCH_DIST } : {}) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const out = {};
    for (const path of PAGES) {
      out[path] = { withBundle: await run(browser, server.url, path, true), without: await run(browser, server.url, path, false) };
      // The shrinking header's height transition lays out every frame it runs; without it the stick itself is left.
      if (path === '/header.html') out[path].reducedMotion = await run(browser, server.url, path, true, 'reduce');
    }
    return { throttle: THROTTLE, steps: STEPS * 2, out };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  const fmt = (n) => n.toFixed(2);
  console.log(
    `\nSticky header scroll, Chromium, ${r.throttle}x CPU throttling, ${r.steps} wheel steps down and up. Forced = a Layout / UpdateLayoutTree ` +
      `traced inside script (test/bench/forced-layout.mjs); all = CDP LayoutCount / RecalcStyleCount, the frames' own included`,
  );
  for (const [path, { withBundle: w, without: b, reducedMotion: m }] of Object.entries(r.out)) {
    const line = (label, x) => {
      console.log(
        `${label.padEnd(34)} ${String(x.scrolls).padStart(3)} scroll events; forced layouts ${x.forcedLayouts} (${fmt(x.forcedLayoutsPerScroll)}/event), forced style recalcs ${x.forcedStyles}; ` +
          `all layouts ${x.layouts} (${fmt(x.layoutsPerScroll)}/event), all style recalcs ${x.styles} (${fmt(x.stylesPerScroll)}/event); long tasks: ${x.longTasks.length ? x.longTasks.map((t) => `${Math.round(t)} ms`).join(', ') : 'none'}`,
      );
      const t = x.bundleTasks;
      if (t.tasks)
        console.log(
          `    tasks running the bundle: ${t.tasks}, CPU (thread time) median ${t.cpuMedian.toFixed(1)} ms, worst ${t.cpuMax.toFixed(1)} ms, ${t.over50} of 50 ms or more; the costliest: ${t.worst.join(', ')}`,
        );
      for (const culprit of culpritLines(x.culprits)) console.log(culprit);
      for (const task of x.tracedLongTasks) console.log(longTaskLine(task));
    };
    line(`${path} with the bundle`, w);
    if (m) line(`${path} reduced motion`, m);
    line(`${path} without`, b);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runHeaderBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
