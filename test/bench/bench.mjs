#!/usr/bin/env node
/**
 * `npm run bench` — the main-thread time the bundle adds to each fixture page, measured in Chromium with 4x CPU
 * throttling, against the same page without it (`?tag=none`). The physical limit of "added" is zero.
 *
 *   node test/bench/bench.mjs [--runs 3] [--page home.html]... [--no-extra]
 *
 * Each page is loaded `runs` times (default 3, to keep `npm run bench` within a few minutes with every fixture
 * page; use --runs 7 for steadier medians) with `?tag=module` and as often with `?tag=none`, alternating, each
 * in a fresh tab, after one discarded warm-up load of each kind. A load counts as settled once `load` fired, the runtime's
 * `StorefrontIslands.ready()` resolved, the main thread went idle and `ready()` resolved again (widgets on the
 * idle trigger start then); the page without the bundle waits for the same idle callback. Then:
 *   - task / script: CDP Performance.getMetrics TaskDuration and ScriptDuration of the tab (ms, throttled);
 *   - long tasks: the sum of PerformanceObserver `longtask` entries, and the blocking part (each minus 50 ms);
 *   - JS: the bundle's script responses up to that point: bytes as served (the fixture server does not compress)
 *     and their brotli size (quality 11, as `npm run size` weighs them), which is what a shop would send;
 *   - endpoint calls: the wc-ajax / REST / admin-ajax requests the load made.
 * Medians are printed. The page's endpoints (wc-ajax, REST, admin-ajax) are answered in this Node process by
 * the stateful mock's handlers (fixtures/mock/handlers.ts, reset before every load), so no mock code runs in
 * the page: the only script that differs between the two loads is the bundle.
 *
 * Afterwards every other test/bench/*.bench.mjs runs (e.g. the 1,000-variation interaction latency) and its
 * output is printed. CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { table, weigh } from './size.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BENCH_DIR = join(ROOT, 'test', 'bench');
const CHROMIUM = CHROMIUM_PATH;
const THROTTLE = 4;
const SETTLE_TIMEOUT = 15_000;

function parseArgs(argv) {
  const options = { runs: 3, pages: [], extra: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 3);
    else if (arg === '--page') options.pages.push(argv[++i]);
    else if (arg === '--no-extra') options.extra = false;
    else throw new Error(`unknown option ${arg} (use --runs N, --page name.html, --no-extra)`);
  }
  return options;
}

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The harness helper's server; it may still be being written when this runs. */
async function loadServer() {
  const path = join(ROOT, 'test', 'server', 'serve.mjs');
  if (!existsSync(path)) throw new Error('test/server/serve.mjs does not exist yet: the bench needs the fixture server.');
  const { startServer, PLUGIN_PATH } = await import(pathToFileURL(path).href);
  return { startServer, pluginPath: PLUGIN_PATH ?? '/wp-content/plugins/storefront-islands/dist/' };
}

/** The stateful mock's handlers, run in Node: the page talks to it through Playwright's request routing. */
export async function loadMock() {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(join(BENCH_DIR, 'mock.ts'), { root: ROOT, configFile: false, logLevel: 'silent' });
  const mock = { handlers: module.handlers(), getResponse: module.getResponse, calls: [] };
  mock.reset = () => {
    module.resetState();
    mock.calls = [];
  };
  return mock;
}

const isEndpoint = (url) => url.searchParams.has('wc-ajax') || url.pathname.startsWith('/wp-json/') || url.pathname.startsWith('/wp-admin/');

export async function routeToMock(context, mock) {
  await context.route(
    (url) => isEndpoint(url),
    async (route) => {
      const request = route.request();
      mock.calls.push(`${request.method()} ${new URL(request.url()).search || new URL(request.url()).pathname}`);
      const body = request.postDataBuffer();
      const headers = { ...(await request.allHeaders()) };
      for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];
      const fetchRequest = new Request(request.url(), { method: request.method(), headers, body: body && !['GET', 'HEAD'].includes(request.method()) ? body : undefined });
      let response;
      try {
        response = await mock.getResponse(mock.handlers, fetchRequest);
      } catch {
        response = undefined;
      }
      if (!response) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not mocked\n' });
      if (response.type === 'error') return route.abort('failed');
      return route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
    },
  );
}

/** Runs in the page before anything else: collect long tasks from the start. */
function observeLongTasks() {
  window.storefrontBench = { longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.storefrontBench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task API: the sums read 0 */
  }
}

/**
 * One evaluate for both variants, so the page without the bundle runs the same probing code. Module scripts run
 * before `load`, so the API is there by now when the bundle is on the page; no polling (it would add tasks).
 */
function settle(page) {
  return page.evaluate(async () => {
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: page.evaluate serialises this function
    const idle = () => new Promise((r) => (window.requestIdleCallback ? requestIdleCallback(() => r(), { timeout: 3000 }) : setTimeout(r, 200)));
    const api = window.StorefrontIslands;
    if (api) await api.ready();
    await idle();
    if (api) await api.ready();
    await idle();
    return Boolean(api);
  });
}

async function measure(context, url, withBundle, pluginPath, mock) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // Wall-clock task time (the default time domain): CPU-time ticks would not show the throttling.
  await cdp.send('Performance.enable');
  const scripts = [];
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith(pluginPath)) {
      if (response.status() >= 400) errors.push(`${response.url()} answered ${response.status()} (was dist/ rebuilt while measuring?)`);
      // Brotli of the very bytes served (the fixture server does not compress; a shop's server would).
      scripts.push(response.body().then((b) => ({ path: new URL(response.url()).pathname.slice(pluginPath.length), bytes: b.length, brotli: weigh(b).brotli }), () => undefined));
    }
  });
  await page.addInitScript(observeLongTasks);
  await page.goto(url, { waitUntil: 'load', timeout: SETTLE_TIMEOUT });
  const started = await settle(page);
  if (withBundle && !started) errors.push('window.StorefrontIslands is missing after load: the bundle did not start');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const longTasks = await page.evaluate(() => window.storefrontBench.longTasks);
  const files = (await Promise.all(scripts)).filter(Boolean);
  await page.close();
  return {
    task: metric('TaskDuration'),
    script: metric('ScriptDuration'),
    render: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    longTotal: longTasks.reduce((s, d) => s + d, 0),
    blocking: longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    files,
    errors,
    calls: [...mock.calls],
  };
}

/** Median absolute deviation: how far a typical load strays from the median on this machine right now. */
const mad = (values) => {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
};

const ms = (x) => `${x.toFixed(1)}`;
const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

async function benchPages(options) {
  const [{ startServer, pluginPath }, mock] = await Promise.all([loadServer(), loadMock()]);
  const { chromium } = await import('playwright-core');
  const pagesDir = join(ROOT, 'fixtures', 'pages');
  let pages = readdirSync(pagesDir).filter((f) => f.endsWith('.html') && f !== 'index.html').toSorted();
  if (options.pages.length) pages = pages.filter((p) => options.pages.includes(p));
  if (!pages.length) throw new Error('no fixture pages to measure');

  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows = [];
  const problems = [];
  const started = Date.now();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await routeToMock(context, mock);
    // One discarded load of each kind first: the browser's own first-use costs are nobody's bundle.
    for (const tag of ['none', 'module']) await measure(context, `${server.url}/${pages[0]}?tag=${tag}&mock=off`, tag === 'module', pluginPath, mock);
    for (const name of pages) {
      const url = (tag) => `${server.url}/${name}?tag=${tag}&mock=off`;
      const runs = { module: [], none: [] };
      for (let i = 0; i < options.runs; i++) {
        // Alternate which goes first, so a drift in machine load spreads over both.
        for (const tag of i % 2 ? ['module', 'none'] : ['none', 'module']) {
          mock.reset();
          const result = await measure(context, url(tag), tag === 'module', pluginPath, mock);
          runs[tag].push(result);
          if (result.errors.length) problems.push(`${name} (${tag}): ${result.errors[0]}`);
        }
      }
      const med = (tag, key) => median(runs[tag].map((r) => r[key]));
      const files = runs.module.at(-1).files;
      const raw = files.reduce((s, f) => s + f.bytes, 0);
      const brotli = files.reduce((s, f) => s + f.brotli, 0);
      rows.push({
        name,
        task: [med('module', 'task'), med('none', 'task')],
        noise: Math.max(mad(runs.module.map((r) => r.task)), mad(runs.none.map((r) => r.task))),
        script: [med('module', 'script'), med('none', 'script')],
        render: [med('module', 'render'), med('none', 'render')],
        long: [med('module', 'longTotal'), med('none', 'longTotal')],
        blocking: [med('module', 'blocking'), med('none', 'blocking')],
        requests: files.length,
        calls: runs.module.at(-1).calls,
        raw,
        brotli,
      });
      process.stderr.write(`  measured ${name}\n`);
    }
  } finally {
    await browser.close();
    await server.close();
  }

  console.log(`\nMain-thread time the bundle adds (Chromium, ${THROTTLE}x CPU throttling, median of ${options.runs} loads each; ms; the physical limit of "added" is 0)\n`);
  console.log(
    table(
      ['page', 'task with', 'without', 'added', '±', 'script added', 'style+layout added', 'long tasks with', 'without', 'added', 'blocking added', 'JS files', 'JS raw', 'JS brotli', 'endpoint calls'],
      rows.map((r) => [
        r.name,
        ms(r.task[0]),
        ms(r.task[1]),
        signed(r.task[0] - r.task[1]),
        ms(r.noise),
        signed(r.script[0] - r.script[1]),
        signed(r.render[0] - r.render[1]),
        ms(r.long[0]),
        ms(r.long[1]),
        signed(r.long[0] - r.long[1]),
        signed(r.blocking[0] - r.blocking[1]),
        r.requests,
        r.raw.toLocaleString('en-US'),
        r.brotli.toLocaleString('en-US'),
        r.calls.length ? r.calls.join(', ') : 'none',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  console.log(
    '  task = CDP TaskDuration (all main-thread work of the tab), script = ScriptDuration, style+layout =' +
      '\n  RecalcStyleDuration + LayoutDuration, long tasks = sum of' +
      '\n  PerformanceObserver longtask durations, blocking = their part above 50 ms (as in Total Blocking Time).' +
      '\n  "added" = median with the bundle minus median without; ± = the larger median absolute deviation of the two' +
      '\n  task series (other processes on the machine show up here: compare "added" against it). JS = the bundle files' +
      `\n  the page requested by the time it settled (module tag), raw as served and brotli-compressed (q11);` +
      '\n  endpoint calls = the wc-ajax / REST / admin-ajax requests of that load (fresh tab: empty storage, no cookies).' +
      `\n  ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  if (problems.length) {
    console.log('\nPage errors seen while measuring (the figures for these pages may not mean much):');
    for (const p of new Set(problems)) console.log(`  ${p}`);
  }
  return rows;
}

/** Other bench files (e.g. variation.bench.mjs): run each and pass their output through. */
async function runExtraBenches() {
  const files = readdirSync(BENCH_DIR).filter((f) => f.endsWith('.bench.mjs')).toSorted();
  let failed = 0;
  for (const file of files) {
    console.log(`\n== ${file} ${'='.repeat(Math.max(0, 100 - file.length))}`);
    const code = await new Promise((resolveRun) => {
      const child = spawn(process.execPath, [join(BENCH_DIR, file)], {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
      });
      const timer = setTimeout(() => {
        console.log(`${file}: still running after 150 s, stopped.`);
        child.kill('SIGTERM');
      }, 150_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolveRun(c ?? 1);
      });
    });
    if (code !== 0) {
      failed++;
      console.log(`${file} exited with code ${code}.`);
    }
  }
  return failed;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) {
    console.error(`bench: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    return 1;
  }
  if (!existsSync(join(ROOT, 'dist', 'storefront.js'))) {
    console.error('bench: dist/storefront.js is missing: run `npm run build` first (`npm run bench` does).');
    return 1;
  }
  await benchPages(options);
  const failed = options.extra ? await runExtraBenches() : 0;
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`bench: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}

