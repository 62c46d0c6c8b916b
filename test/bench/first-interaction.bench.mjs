#!/usr/bin/env node
/**
 * The first interaction with an island whose view (and framework) has not loaded (issue 29, goal 2), in Chromium
 * at 4x CPU throttling, for both builds: the live search's first focus (search.html), the quick view's first
 * opening (quick-view.html) and the mini-cart's first remove (product-sidebar-cart.html, a visitor with a cart:
 * the shop's cookies set, the mock's cart filled). Each is a fresh page, loaded and left alone to load + 3 s;
 * then the pointer arrives on the control and rests 300 ms (a shopper's pointer arrives before it presses: the
 * first sign of life the runtime may use), and presses. The mini-cart's remove is measured a second time for a
 * shopper whose first sign of life (a pointer move elsewhere) came earlier: what it warms has arrived by then. Reported per scenario and build (median and worst of the
 * runs):
 *   - framework before: whether React or Preact had been requested before the pointer arrived (goal 1: no);
 *   - press: the Event Timing duration of the press (grouped by interactionId, as INP does);
 *   - done: press → the result a shopper sees (the results list rendered, the product shown, the line gone);
 *   - tasks of ours >= 50 ms: from a trace of the hover, the press and 600 ms after the result, the tasks using
 *     50 ms of main-thread time or more (thread time under the throttling, which a busy machine does not inflate
 *     the way it inflates wall time; tasks.bench.mjs's cpuTasks) in which the bundle ran; goal 2: none;
 *   - long tasks: the longtask entries (wall time) in the same window, whoever ran them.
 * The endpoints are answered in this Node process by the stateful mock (no mock code in the page); product images
 * are raster stand-ins (see bench.mjs routeRasterImages).
 *
 *   node test/bench/first-interaction.bench.mjs [--runs 2] [--only mini-cart] [--dist DIR] [--json]   (after `npm run build`)
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { loadMock, routeRasterImages, routeToMock } from './bench.mjs';
import { table } from './size.mjs';
import { cpuTasks, TASK_CATEGORIES } from './tasks.bench.mjs';
import { fmt, interactionDurations, median, observe } from './variation.bench.mjs';

const THROTTLE = 4;
const HOVER_MS = 300;
const BUILDS = [
  ['module', 'React build'],
  ['compact', 'compact build'],
];
const argAfter = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Math.max(1, Number(argAfter('--runs')) || 2);
const JSON_OUT = process.argv.includes('--json');
// `--only TEXT`: the scenarios whose name contains TEXT (e.g. `--only mini-cart`).
const ONLY = argAfter('--only');
// `BENCH_DIST=DIR` or `--dist DIR`: serve another build (an older version's dist, to compare two versions in turns).
const DIST = argAfter('--dist') ?? (process.env.BENCH_DIST || undefined);

/** Each scenario: the page, the control pressed, and a page function that is true once the result shows. */
const SCENARIOS = [
  {
    name: 'live search, first focus',
    page: '/search.html',
    target: '#fusion-live-search-input-0',
    done: () => {
      const input = document.querySelector('#fusion-live-search-input-0');
      const list = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
      return !!list && list.getAttribute('role') === 'listbox';
    },
  },
  {
    name: 'quick view, first opening',
    page: '/quick-view.html',
    target: 'a.fusion-quick-view[data-product-id="512"]',
    done: () => !!document.querySelector('dialog.sf-quick-view[open] .fusion-quick-view-loaded'),
  },
  {
    name: 'mini-cart, first remove',
    page: '/product-sidebar-cart.html',
    visitor: [
      [318, 2],
      [320, 1],
    ],
    ready: () => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === 2,
    target: '.widget_shopping_cart_content .remove_from_cart_button[data-product_id="320"]',
    done: () => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === 1,
  },
  {
    // The same remove by a shopper who moved the pointer elsewhere on the page first (a scroll, a glance at the
    // product): the view is warmed at that idle moment (widgets/mini-cart/warm.ts), before the trace starts.
    name: 'mini-cart, first remove after a sign of life',
    page: '/product-sidebar-cart.html',
    visitor: [
      [318, 2],
      [320, 1],
    ],
    ready: () => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === 2,
    life: /\/chunks\/mini-cart\.island-[\w-]+\.js$/,
    target: '.widget_shopping_cart_content .remove_from_cart_button[data-product_id="320"]',
    done: () => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === 1,
  },
];

/** A point over none of the page's islands or controls: a pointer there is a sign of life, not intent. */
function quietSpot() {
  const islands = 'form, a, button, input, select, .woocommerce-product-gallery, .widget_shopping_cart, .fusion-live-search, header';
  for (let y = innerHeight - 10; y > 10; y -= 20)
    for (let x = 10; x < innerWidth - 10; x += 40) {
      const el = document.elementFromPoint(x, y);
      if (el && !el.closest(islands)) return [x, y];
    }
  throw new Error('no point over plain page content in the viewport');
}

const FRAMEWORK = /\/chunks\/p?react-[\w-]+\.js$/;

async function once(browser, base, mock, scenario, tag) {
  const visitor = scenario.visitor ? mock.visitor(scenario.visitor) : undefined;
  mock.cart = visitor?.cart;
  mock.reset();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    if (visitor) await context.addCookies(Object.entries(visitor.cookies).map(([name, value]) => ({ name, value, url: base })));
    await routeToMock(context, mock);
    await routeRasterImages(context);
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(`${base}${scenario.page}?tag=${tag}&mock=off`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => window.StorefrontIslands?.ready?.(), null, { timeout: 60_000 });
    if (scenario.ready) await page.waitForFunction(scenario.ready, null, { timeout: 60_000 });
    // Load + 3 s of a visitor who does nothing, as the issue measures.
    await page.waitForFunction(
      () => {
        const nav = performance.getEntriesByType('navigation')[0];
        return !!nav && nav.loadEventEnd > 0 && performance.now() >= nav.loadEventEnd + 3000;
      },
      null,
      { timeout: 60_000, polling: 100 },
    );
    const frameworkBefore = await page.evaluate(
      (source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(new URL(e.name).pathname)),
      FRAMEWORK.source,
    );
    if (scenario.life) {
      // The first sign of life, away from the control; then what it warms has arrived, and 500 ms more.
      const [x, y] = await page.evaluate(quietSpot);
      await page.mouse.move(x, y);
      await page.waitForFunction(
        (source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(new URL(e.name).pathname)),
        scenario.life.source,
        { timeout: 60_000, polling: 100 },
      );
      await page.waitForTimeout(500);
    }
    await page.evaluate(() => {
      window.__bench.events = [];
      window.__bench.longtasks = [];
    });
    await browser.startTracing(page, { categories: TASK_CATEGORIES });
    await page.hover(scenario.target);
    await page.waitForTimeout(HOVER_MS);
    const pressedAt = await page.evaluate(() => performance.now());
    await page.click(scenario.target);
    await page.waitForFunction(scenario.done, null, { timeout: 30_000, polling: 'raf' });
    const doneAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(600);
    const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const marker = trace.find((e) => e.name === 'EventDispatch' && ['pointerdown', 'mousedown', 'click'].includes(e.args?.data?.type));
    const { events, longtasks } = await page.evaluate(() => window.__bench);
    return {
      frameworkBefore,
      press: Math.max(16, ...interactionDurations(events, 0).all),
      done: doneAt - pressedAt,
      ours: marker ? cpuTasks(trace, marker, true, 50).filter((t) => t.ours) : [],
      longTasks: longtasks.map((t) => t.duration),
    };
  } finally {
    await context.close();
  }
}

export async function runFirstInteractionBench({ runs = RUNS } = {}) {
  const server = await startServer({ port: 0, ...(DIST ? { dist: DIST } : {}) });
  const mock = await loadMock();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const scenario of SCENARIOS.filter((s) => !ONLY || s.name.includes(ONLY))) {
      for (const [tag, label] of BUILDS) {
        const loads = [];
        const errors = [];
        for (let i = 0; i < runs; i++) {
          // A load that fails (a busy machine's timeout) costs one sample, not the run.
          const r = await once(browser, server.url, mock, scenario, tag).catch((error) => {
            errors.push(String(error.message ?? error).split('\n')[0]);
            return undefined;
          });
          if (r) loads.push(r);
        }
        results.push({ scenario: scenario.name, tag, label, loads, errors });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { throttle: THROTTLE, hoverMs: HOVER_MS, runs, results };
}

function print(r) {
  console.log(
    `\nFirst interactions (issue 29 goal 2), Chromium at ${r.throttle}x CPU throttling, a fresh page each, pointer on the control ${r.hoverMs} ms ` +
      `before the press, after load + 3 s; median / worst of ${r.runs} loads`,
  );
  const rows = r.results.map((x) => {
    if (!x.loads.length) return [x.scenario, x.label, 'n/a', 'n/a', 'n/a', `failed: ${x.errors[0] ?? 'no load'}`, ''];
    const stat = (key) => `${fmt(median(x.loads.map((l) => l[key])))} / ${fmt(Math.max(...x.loads.map((l) => l[key])))}`;
    const ours = x.loads.flatMap((l) => l.ours);
    const long = x.loads.flatMap((l) => l.longTasks);
    return [
      x.scenario,
      x.label,
      x.loads.some((l) => l.frameworkBefore) ? 'requested' : 'no',
      stat('press'),
      stat('done'),
      (ours.length ? ours.map((t) => `${fmt(t.cpu)} (${t.what})`).join(', ') : 'none') +
        (x.errors.length ? `; ${x.errors.length} load(s) failed: ${x.errors[0]}` : ''),
      long.length ? `${long.length}, longest ${fmt(Math.max(...long))}` : 'none',
    ];
  });
  console.log(
    table(['scenario', 'build', 'framework before', 'press', 'press → done', 'tasks of ours >= 50 ms CPU', 'long tasks (wall)'], rows, [
      'l',
      'l',
      'l',
      'r',
      'r',
      'l',
      'l',
    ]),
  );
  console.log('  framework = React or Preact requested before the pointer arrived; press = Event Timing duration (16 = under the');
  console.log('  threshold); tasks of ours = traced tasks of 50 ms or more of main-thread time in which the bundle ran (goal: none).');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runFirstInteractionBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
