#!/usr/bin/env node
/**
 * The product page under load, in Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), on the
 * 1,000-variation product (fixtures/pages/product-1000.html):
 *
 * - interaction latency of an attribute change, as INP measures it: the Event Timing duration (PerformanceObserver
 *   'event', durationThreshold 16) of each interaction (entries grouped by interactionId, the longest counts),
 *   median over the interactions, for ArrowDown/ArrowUp on the focused material select and for swatch clicks.
 *   Interactions faster than the 16 ms threshold report no entry; they count as 16 ms (an upper bound).
 * - long tasks at load (PerformanceObserver 'longtask'): total and blocking time (the part over 50 ms of each),
 *   with the bundle (`?tag=module`) and without (`?tag=none`), the median of several loads, and the difference;
 * - the JS the page loads: each script's bytes (Resource Timing) and gzip size.
 *
 * Run after `npm run build`: `node test/bench/variation.bench.mjs [--runs 3] [--json]`. Needs Chromium
 * (CHROMIUM_PATH or /usr/bin/chromium). The mock stays off: the page needs no endpoint, and the mock's own
 * worker would count as load work.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer, PLUGIN_PATH } from '../server/serve.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5;
const JSON_OUT = args.includes('--json');
const THROTTLE = 4;
const PAGE = '/product-1000.html';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const fmt = (n, unit = 'ms') => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ${unit}` : 'n/a');

/** Installed before any page script: buffers long tasks and event timings where the bench can read them. */
export function observe() {
  window.__bench = { longtasks: [], events: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task API */
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__bench.events.push({
          name: e.name,
          duration: e.duration,
          processing: e.processingEnd - e.processingStart,
          interactionId: e.interactionId ?? 0,
        });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    /* no event timing */
  }
}

async function open(browser, base, query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${base}${PAGE}?${query}`, { waitUntil: 'load', timeout: 120_000 });
  return { context, page };
}

async function settleWithBundle(page) {
  await page.waitForFunction(() => typeof window.StorefrontIslands?.ready === 'function', null, { timeout: 60_000 });
  await page.evaluate(() => window.StorefrontIslands.ready());
  // The form initialises 100 ms after mounting; then let trailing work finish.
  await page.waitForSelector('.single_add_to_cart_button.wc-variation-selection-needed', { timeout: 60_000 });
  await page.waitForTimeout(1500);
}

function blocking(tasks) {
  return {
    total: tasks.reduce((s, t) => s + t.duration, 0),
    tbt: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
    count: tasks.length,
  };
}

async function loadRun(browser, base, withBundle) {
  const { context, page } = await open(browser, base, withBundle ? 'tag=module&mock=off' : 'tag=none&mock=off');
  if (withBundle) await settleWithBundle(page);
  else await page.waitForTimeout(1500);
  const tasks = await page.evaluate(() => window.__bench.longtasks);
  const scripts = withBundle
    ? await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name))
          .map((e) => ({ url: e.name, bytes: e.decodedBodySize || e.encodedBodySize })),
      )
    : [];
  await context.close();
  return { ...blocking(tasks), scripts };
}

/** Group entries into interactions and keep, per interaction, the longest entry: what INP counts. */
export function interactionDurations(events, count) {
  const byId = new Map();
  for (const e of events) {
    if (!e.interactionId) continue;
    const prev = byId.get(e.interactionId);
    if (!prev || e.duration > prev.duration) byId.set(e.interactionId, e);
  }
  const measured = [...byId.values()];
  const below = Math.max(0, count - measured.length);
  return {
    all: [...measured.map((e) => e.duration), ...Array(below).fill(16)],
    processing: [...measured.map((e) => e.processing), ...Array(below).fill(0)],
    measured: measured.length,
  };
}

const KEYS = [...Array(8).fill('ArrowDown'), ...Array(8).fill('ArrowUp'), ...Array(8).fill('ArrowDown')];
const COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'indigo',
  'violet',
  'brown',
  'black',
  'red',
  'blue',
  'green',
  'brown',
  'teal',
  'black',
];

/**
 * One kind of attribute change, repeated, with the bundle or without it (the same page, the browser's own select
 * and links): the difference is what our handlers and their rendering add.
 */
async function interactionRun(browser, base, kind, withBundle) {
  const { context, page } = await open(browser, base, withBundle ? 'tag=module&mock=off' : 'tag=none&mock=off');
  if (withBundle) await settleWithBundle(page);
  else await page.waitForTimeout(1500);
  let count;
  let changes = 0;
  if (kind === 'keyboard') {
    // Narrow the choice first (as a shopper would), so every key press re-filters and matches.
    await page.click('.avada-color-select[data-value="blue"]');
    await page.click('.avada-button-select[data-value="m"]');
    await page.waitForTimeout(300);
    await page.focus('#material');
    await page.exposeFunction('__benchChange', () => void changes++);
    await page.evaluate(() => document.getElementById('material').addEventListener('change', () => window.__benchChange()));
    await page.evaluate(() => (window.__bench.events = []));
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    count = KEYS.length;
  } else {
    await page.evaluate(() => (window.__bench.events = []));
    for (const c of COLOURS) {
      await page.click(`.avada-color-select[data-value="${c}"]`);
      await page.waitForTimeout(250);
    }
    count = COLOURS.length;
  }
  const events = await page.evaluate(() => window.__bench.events);
  const variationId = await page.evaluate(() => document.querySelector('input.variation_id')?.value ?? '');
  await context.close();
  return { ...interactionDurations(events, count), count, changes, variationId };
}

function gzipOf(url) {
  const path = new URL(url).pathname;
  if (!path.startsWith(PLUGIN_PATH)) return undefined;
  const file = join(ROOT, 'dist', decodeURIComponent(path.slice(PLUGIN_PATH.length)));
  return existsSync(file) ? gzipSync(readFileSync(file)).length : undefined;
}

export async function runVariationBench({ runs = RUNS } = {}) {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const withRuns = [];
    const withoutRuns = [];
    for (let i = 0; i < runs; i++) {
      withoutRuns.push(await loadRun(browser, server.url, false));
      withRuns.push(await loadRun(browser, server.url, true));
    }
    const keyboard = await interactionRun(browser, server.url, 'keyboard', true);
    const keyboardBase = await interactionRun(browser, server.url, 'keyboard', false);
    const swatch = await interactionRun(browser, server.url, 'swatch', true);
    const swatchBase = await interactionRun(browser, server.url, 'swatch', false);
    const summary = (r) => ({
      median: median(r.all),
      max: Math.max(...r.all),
      processing: median(r.processing),
      interactions: r.count,
      measured: r.measured,
      changes: r.changes,
      variationId: r.variationId,
    });
    const scripts = withRuns[0].scripts.map((s) => ({ ...s, gzip: gzipOf(s.url) }));
    const m = (list, key) => median(list.map((r) => r[key]));
    const least = (list, key) => Math.min(...list.map((r) => r[key]));
    return {
      throttle: THROTTLE,
      runs,
      keyboard: summary(keyboard),
      keyboardBase: summary(keyboardBase),
      swatch: summary(swatch),
      swatchBase: summary(swatchBase),
      load: {
        withBundle: { total: m(withRuns, 'total'), tbt: m(withRuns, 'tbt'), count: m(withRuns, 'count'), min: least(withRuns, 'total') },
        without: {
          total: m(withoutRuns, 'total'),
          tbt: m(withoutRuns, 'tbt'),
          count: m(withoutRuns, 'count'),
          min: least(withoutRuns, 'total'),
        },
      },
      scripts,
      jsBytes: scripts.reduce((s, x) => s + x.bytes, 0),
      jsGzip: scripts.reduce((s, x) => s + (x.gzip ?? 0), 0),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function printVariationBench(r) {
  const rows = [
    [
      'Attribute change, keyboard (select)',
      `${fmt(r.keyboard.median)} median`,
      `handlers ${fmt(r.keyboard.processing)}, max ${fmt(r.keyboard.max)}; ${r.keyboard.interactions} presses, ${r.keyboard.changes} changes, ${r.keyboard.measured} over 16 ms`,
    ],
    [
      '  same keys, without the bundle',
      `${fmt(r.keyboardBase.median)} median`,
      `handlers ${fmt(r.keyboardBase.processing)}, max ${fmt(r.keyboardBase.max)}`,
    ],
    [
      'Attribute change, swatch click',
      `${fmt(r.swatch.median)} median`,
      `handlers ${fmt(r.swatch.processing)}, max ${fmt(r.swatch.max)}; ${r.swatch.interactions} clicks, ${r.swatch.measured} over 16 ms`,
    ],
    [
      '  same clicks, without the bundle',
      `${fmt(r.swatchBase.median)} median`,
      `handlers ${fmt(r.swatchBase.processing)}, max ${fmt(r.swatchBase.max)}`,
    ],
    [
      'Long tasks at load, with bundle',
      fmt(r.load.withBundle.total),
      `blocking ${fmt(r.load.withBundle.tbt)}, ${r.load.withBundle.count} tasks (median of ${r.runs}; least ${fmt(r.load.withBundle.min)})`,
    ],
    [
      'Long tasks at load, without bundle',
      fmt(r.load.without.total),
      `blocking ${fmt(r.load.without.tbt)}, ${r.load.without.count} tasks (least ${fmt(r.load.without.min)})`,
    ],
    [
      'Long tasks added by the bundle',
      fmt(r.load.withBundle.total - r.load.without.total),
      `blocking ${fmt(r.load.withBundle.tbt - r.load.without.tbt)}; least vs least ${fmt(r.load.withBundle.min - r.load.without.min)}`,
    ],
    ['JS loaded by the product page', fmt(r.jsBytes / 1024, 'KB'), `${fmt(r.jsGzip / 1024, 'KB')} gzip, ${r.scripts.length} files`],
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  console.log(`\nVariation form on ${PAGE} (1,000 variations), Chromium, ${r.throttle}x CPU throttling`);
  console.log(`${'Measure'.padEnd(w0)}  ${'Value'.padEnd(w1)}  Detail`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  for (const s of r.scripts)
    console.log(
      `  ${new URL(s.url).pathname.replace(PLUGIN_PATH, '')}  ${fmt(s.bytes / 1024, 'KB')}${s.gzip ? ` (${fmt(s.gzip / 1024, 'KB')} gzip)` : ''}`,
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runVariationBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else printVariationBench(result);
}
