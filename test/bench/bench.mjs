#!/usr/bin/env node
/**
 * `npm run bench` — what each build costs a shopper, measured from outside in Chromium at 4x CPU throttling
 * (CDP Emulation.setCPUThrottlingRate), against the same page without the bundle (`?tag=none`):
 *
 *   node test/bench/bench.mjs [--runs 3] [--page name.html]... [--all] [--no-extra] [--json] [--waves] [--classic DIR] [--classic-kb N]
 *
 * Three configurations: the React build (`?tag=module`, dist/), the compact build (`?tag=compact`,
 * dist/compact/, preact/compat) and the page without the bundle. Pages: the variable product (also with the cart
 * widget in view in its sidebar, for a visitor with a cart: cookies set, the mock's cart filled), the 1,000-variation
 * product, the cart, the checkout and the contact page (`--all`: every fixture page; `--page`: the ones named).
 *
 * Loads (`runs` per page and configuration, default 3, alternating the order; one discarded warm-up load first),
 * each in a fresh tab, measured at `load` + 3 s (wall clock):
 *   - JS: the bundle's files the page requested by then, weighed as a shop would serve them (gzip -9, brotli q11
 *     of the built files); requests = how many; depth = request waves: a file is one wave deeper than the deepest
 *     file that had finished loading before it was requested (the entry is wave 1; a chunk found only once its
 *     importer arrived is wave 2, and so on; files requested together (a widget's chunk and the chunks it imports) share a wave);
 *   - main thread: CDP Performance.getMetrics TaskDuration (all main-thread work of the tab), long tasks (sum of
 *     PerformanceObserver `longtask` durations) and their blocking part (each minus 50 ms, as in TBT).
 * Interactions, once per configuration on the two product pages, after load + 3 s: 20 keyboard attribute changes
 * (ArrowDown/ArrowUp on the form's last attribute select) and 20 swatch clicks, each 250 ms apart; the Event
 * Timing duration of each interaction (entries grouped by interactionId, the longest counts, as INP does; under
 * the 16 ms threshold counts as 16). And the first interaction on a page where no widget code for it has loaded
 * (the home page's loop add-to-cart button, `interaction` trigger; React/Preact not loaded either): click → next
 * paint (Event Timing) and click → the button's `loading` state (the held click replayed), against a second
 * button clicked once the code is there.
 *
 * The page's endpoints (wc-ajax, REST, admin-ajax) are answered in this Node process by the stateful mock's
 * handlers (fixtures/mock/handlers.ts, reset before every load), so no mock code runs in the page: the only
 * script that differs between configurations is the bundle. Afterwards every other test/bench/*.bench.mjs runs
 * (unless --no-extra). CHROMIUM_PATH overrides /usr/bin/chromium.
 *
 * `--classic DIR` adds a fourth configuration: the page without the bundle plus WordPress's and WooCommerce's own
 * classic scripts, read from a copy of a shop's files in DIR (see classic.mjs; their code is not in this
 * repository), on the pages its manifest names (by default the variable product pages). Its bytes leave jQuery
 * out; its swatch clicks are not measured (Avada's swatch script is not there). Without a copy of those scripts,
 * `--classic-kb N` prints each page's bytes against N kB measured elsewhere (the issue's 50.0).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { CLASSIC_PARAM, classicFiles, loadClassic, routeClassic } from './classic.mjs';
import { table, weigh } from './size.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BENCH_DIR = join(ROOT, 'test', 'bench');
const CHROMIUM = CHROMIUM_PATH;
const THROTTLE = 4;
const SETTLE_TIMEOUT = 60_000;

function parseArgs(argv) {
  const options = { runs: 3, pages: [], extra: true, all: false, json: false, first: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 3);
    else if (arg === '--page') options.pages.push(argv[++i]);
    else if (arg === '--all') options.all = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--no-extra') options.extra = false;
    else if (arg === '--no-first') options.first = false;
    else if (arg === '--waves') options.waves = true;
    else if (arg === '--classic') options.classic = argv[++i];
    else if (arg === '--classic-kb') options.classicKb = Number(argv[++i]);
    else
      throw new Error(
        `unknown option ${arg} (use --runs N, --page name.html, --all, --json, --no-extra, --no-first, --waves, --classic DIR, --classic-kb N)`,
      );
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
    // A visitor with a cart (VISITOR_CARTS): the shop's cart for the page being measured, as its cookies say.
    if (mock.cart) module.state.cart = mock.cart.map((line) => ({ ...line }));
    mock.calls = [];
  };
  /** The cart lines and the cookies a shop sets for them (for a visitor with a cart). */
  mock.visitor = (lines) => {
    const cart = lines.map(([productId, quantity], i) => ({
      key: `${productId.toString(16).padStart(8, '0')}${String(i + 1).padStart(24, '0')}`,
      productId,
      quantity,
    }));
    return { cart, cookies: { woocommerce_items_in_cart: '1', woocommerce_cart_hash: module.cartHash({ cart }) } };
  };
  return mock;
}

const isEndpoint = (url) =>
  url.searchParams.has('wc-ajax') || url.pathname.startsWith('/wp-json/') || url.pathname.startsWith('/wp-admin/');

export async function routeToMock(context, mock) {
  await context.route(
    (url) => isEndpoint(url),
    async (route) => {
      const request = route.request();
      mock.calls.push(`${request.method()} ${new URL(request.url()).search || new URL(request.url()).pathname}`);
      const body = request.postDataBuffer();
      const headers = { ...(await request.allHeaders()) };
      for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];
      const fetchRequest = new Request(request.url(), {
        method: request.method(),
        headers,
        body: body && !['GET', 'HEAD'].includes(request.method()) ? body : undefined,
      });
      let response;
      try {
        response = await mock.getResponse(mock.handlers, fetchRequest);
      } catch {
        response = undefined;
      }
      if (!response) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not mocked\n' });
      if (response.type === 'error') return route.abort('failed');
      return route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    },
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const pngCache = new Map();
/** A photo-like stand-in: an RGB PNG of the given size with a gradient and some grain (no text, no vectors). */
export function rasterImage(width, height) {
  const key = `${width}x${height}`;
  if (pngCache.has(key)) return pngCache.get(key);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 15;
      rows[row + 1 + x * 3] = 200 + (x * 40) / width + grain;
      rows[row + 2 + x * 3] = 180 + (y * 40) / height + grain;
      rows[row + 3 + x * 3] = 160 + grain;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  pngCache.set(key, png);
  return png;
}

/**
 * The fixture server draws product images as SVG placeholders with a text label: Chromium lays each one out
 * again (its text) whenever it is painted at a new size, on the main thread, which a shop's JPEGs never cost.
 * Benches that animate or insert product images route them to raster stand-ins of the same size instead.
 */
export async function routeRasterImages(context) {
  await context.route(
    (url) => url.pathname.startsWith('/wp-content/uploads/') && /\.(jpe?g|png|webp)$/i.test(url.pathname),
    (route) => {
      const size = /-(\d{1,4})x(\d{1,4})\.\w+$/.exec(new URL(route.request().url()).pathname);
      const width = Math.max(1, Math.min(2000, Number(size?.[1] ?? 800)));
      const height = Math.max(1, Math.min(2000, Number(size?.[2] ?? 600)));
      return route.fulfill({ status: 200, contentType: 'image/png', body: rasterImage(width, height) });
    },
  );
}

/**
 * A fresh tab at `rate`x CPU throttling on `path` (the page's endpoints answered by the Node mock, reset first),
 * with `init` scripts installed before the page's own; resolves once loaded and, with a bundle, ready.
 */
export async function openThrottledPage(browser, base, mock, path, { init = [], rate = 4, bundle = true, raster = false } = {}) {
  mock.reset();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await routeToMock(context, mock);
  if (raster) await routeRasterImages(context);
  const page = await context.newPage();
  for (const script of init) await page.addInitScript(script);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
  if (bundle) await page.waitForFunction(() => window.StorefrontIslands?.ready?.(), null, { timeout: 60_000 });
  return { context, page };
}

/** Runs in the page before anything else: long tasks and event timings from the start. */
function observe() {
  window.storefrontBench = { longTasks: [], events: [] };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.storefrontBench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task API: the sums read 0 */
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.storefrontBench.events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId ?? 0 });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    /* no event timing */
  }
}

export const CONFIGS = [
  { tag: 'none', label: 'without the bundle' },
  { tag: 'module', label: 'React build' },
  { tag: 'compact', label: 'compact build' },
];
/** `--classic DIR`: the page without the bundle, with WooCommerce's own scripts (classic.mjs). */
const CLASSIC_CONFIG = { tag: 'wp-classic', label: "WooCommerce's scripts", classic: true };
const DEFAULT_PAGES = [
  'product-variable.html',
  'product-sidebar-cart.html',
  'product-1000.html',
  'cart.html',
  'checkout.html',
  'contact.html',
];
/**
 * Pages measured for a visitor with a cart (the shop's cookies set, the mock's cart filled): issue 29's variable
 * product with WooCommerce's cart widget in view in its sidebar, filled from the fragments at load.
 */
const VISITOR_CARTS = {
  'product-sidebar-cart.html': [
    [318, 2],
    [320, 1],
  ],
};
const AFTER_LOAD = 3000;
/** How long one other bench may run (the first-interaction bench's dozen fresh pages take about 2 minutes at 4x). */
const EXTRA_TIMEOUT = 300_000;

/** Bytes of a served bundle file, weighed once from the built file (what a shop's server would compress). */
const weights = new Map();
function weighServed(pluginPath, pathname) {
  if (!weights.has(pathname)) {
    const file = join(ROOT, 'dist', decodeURIComponent(pathname.slice(pluginPath.length)));
    weights.set(pathname, existsSync(file) ? weigh(readFileSync(file)) : { raw: 0, gzip: 0, brotli: 0 });
  }
  return weights.get(pathname);
}

/** Request waves: one deeper than the deepest of our files that had finished before this one was requested. */
export function waves(entries) {
  const depth = waveOf(entries);
  return depth.size ? Math.max(...depth.values()) : 0;
}

/** The wave of each file (see `waves`). */
export function waveOf(entries) {
  const sorted = entries.toSorted((a, b) => a.start - b.start);
  const depth = new Map();
  for (const e of sorted) {
    let d = 1;
    for (const other of sorted) if (other !== e && other.end <= e.start && depth.has(other)) d = Math.max(d, depth.get(other) + 1);
    depth.set(e, d);
  }
  return depth;
}

/** `--waves`: each file of one load with its wave, request start and end (ms from navigation) and gzip bytes. */
function printWaves(name, tag, files, pluginPath) {
  const depth = waveOf(files);
  const lines = [...depth].map(
    ([f, d]) =>
      `    ${d}  ${Math.round(f.start).toString().padStart(6)} → ${Math.round(f.end).toString().padStart(6)} ms  ${String(f.gzip).padStart(6)} B  ${f.path.slice(pluginPath.length)}`,
  );
  process.stderr.write(`  waves ${name} (${tag}):\n${lines.join('\n')}\n`);
}

async function openTab(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // Wall-clock task time (the default time domain): CPU-time ticks would not show the throttling.
  await cdp.send('Performance.enable');
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(observe);
  await page.goto(url, { waitUntil: 'load', timeout: SETTLE_TIMEOUT });
  await page.waitForTimeout(AFTER_LOAD);
  return { page, cdp, errors };
}

/** Our files the page requested so far (Resource Timing of every module import). */
async function bundleFiles(page, pluginPath) {
  const entries = await page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith(prefix) && /\.m?js$/.test(new URL(e.name).pathname))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
    pluginPath,
  );
  const unique = [...new Map(entries.map((e) => [e.path, e])).values()];
  return unique.map((e) => ({ ...e, ...weighServed(pluginPath, e.path) }));
}

async function measureLoad(context, url, pluginPath, mock, classic) {
  mock.reset();
  const { page, cdp, errors } = await openTab(context, url);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const longTasks = await page.evaluate(() => window.storefrontBench.longTasks);
  const files = classic ? await classicFiles(page, classic) : await bundleFiles(page, pluginPath);
  await page.close();
  return {
    task: metric('TaskDuration'),
    script: metric('ScriptDuration'),
    longTotal: longTasks.reduce((s, d) => s + d, 0),
    blocking: longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    brotli: files.reduce((s, f) => s + f.brotli, 0),
    requests: files.length,
    depth: waves(files),
    files,
    errors,
    calls: [...mock.calls],
  };
}

/** Per interaction (interactionId), the longest entry; interactions under the threshold count as 16 ms. */
function interactionDurations(events, count) {
  const byId = new Map();
  for (const e of events) {
    if (!e.interactionId) continue;
    byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  }
  const measured = [...byId.values()];
  return [...measured, ...Array(Math.max(0, count - measured.length)).fill(16)];
}

const KEYS = Array.from({ length: 20 }, (_, i) => (i % 4 < 2 ? 'ArrowDown' : 'ArrowUp'));
const PAUSE = 250;

/** 20 keyboard attribute changes, then 20 swatch clicks, on one product page. */
async function measureInteractions(context, url, mock, { swatches: clickSwatches = true } = {}) {
  mock.reset();
  const { page, errors } = await openTab(context, url);
  const select = await page.$$eval('form.variations_form select', (all) => (all.at(-1) ? `#${CSS.escape(all.at(-1).id)}` : null));
  let keyboard = [];
  if (select) {
    await page.focus(select);
    await page.evaluate(() => (window.storefrontBench.events = []));
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await page.waitForTimeout(PAUSE);
    }
    keyboard = interactionDurations(await page.evaluate(() => window.storefrontBench.events), KEYS.length);
  }
  const swatches = await page.$$eval('.avada-color-select[data-value]', (all) => all.map((s) => s.getAttribute('data-value')));
  let swatch = [];
  if (swatches.length && clickSwatches) {
    await page.evaluate(() => (window.storefrontBench.events = []));
    for (let i = 0; i < 20; i++) {
      await page.click(`.avada-color-select[data-value="${swatches[i % swatches.length]}"]`);
      await page.waitForTimeout(PAUSE);
    }
    swatch = interactionDurations(await page.evaluate(() => window.storefrontBench.events), 20);
  }
  await page.close();
  return { keyboard, swatch, errors };
}

/**
 * The first click on a loop add-to-cart button, whose widget (interaction trigger) has not loaded: Event Timing
 * duration (click → next paint) and click → `loading` class (the held click replayed by the widget), then the
 * same for a second button once the code is there.
 */
async function measureFirstInteraction(context, url, mock) {
  mock.reset();
  const { page, errors } = await openTab(context, url);
  const frameworkBefore = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => /\/chunks\/p?react-/.test(e.name)),
  );
  const buttons = await page.$$eval('.add_to_cart_button.ajax_add_to_cart[data-product_id]', (all) =>
    all.map((b) => b.getAttribute('data-product_id')),
  );
  const clickOne = async (id) => {
    const selector = `.add_to_cart_button[data-product_id="${id}"]`;
    await page.$eval(selector, (button) => {
      const state = { clicked: 0, loading: 0 };
      window.storefrontBench.click = state;
      window.storefrontBench.events = [];
      window.addEventListener('click', (e) => (state.clicked ||= e.timeStamp), { capture: true, once: true });
      new MutationObserver((_, observer) => {
        if (!button.classList.contains('loading')) return;
        state.loading = performance.now();
        observer.disconnect();
      }).observe(button, { attributes: true, attributeFilter: ['class'] });
    });
    await page.click(selector);
    await page.waitForFunction(() => window.storefrontBench.click.loading > 0, null, { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(500);
    const { click, events } = await page.evaluate(() => window.storefrontBench);
    return { paint: Math.max(16, ...interactionDurations(events, 0)), visible: click.loading ? click.loading - click.clicked : NaN };
  };
  const first = buttons[0] ? await clickOne(buttons[0]) : undefined;
  const later = buttons[1] ? await clickOne(buttons[1]) : undefined;
  await page.close();
  return { first, later, frameworkBefore, errors };
}

/** Median absolute deviation: how far a typical load strays from the median on this machine right now. */
const mad = (values) => {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
};

const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
const kb = (x) => (x / 1000).toFixed(1);

async function benchPages(options) {
  const [{ startServer, pluginPath }, mock] = await Promise.all([loadServer(), loadMock()]);
  const { chromium } = await import('playwright-core');
  const pagesDir = join(ROOT, 'fixtures', 'pages');
  let pages = readdirSync(pagesDir)
    .filter((f) => f.endsWith('.html') && f !== 'index.html')
    .toSorted();
  if (options.pages.length) pages = pages.filter((p) => options.pages.includes(p));
  else if (!options.all) pages = DEFAULT_PAGES.filter((p) => pages.includes(p));
  if (!pages.length) throw new Error('no fixture pages to measure');

  const classic = options.classic ? loadClassic(options.classic) : undefined;
  // WooCommerce's scripts only on the pages they are the scripts of (classic.mjs, `pages`).
  const configsFor = (name) => (classic?.pages.includes(name) ? [...CONFIGS, CLASSIC_CONFIG] : CONFIGS);
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows = [];
  const interactions = [];
  const problems = [];
  const first = [];
  const started = Date.now();
  const url = (name, tag) =>
    tag === CLASSIC_CONFIG.tag ? `${server.url}/${name}?tag=none&mock=off&${CLASSIC_PARAM}=1` : `${server.url}/${name}?tag=${tag}&mock=off`;
  try {
    // A fresh context per page and per interaction run: one that went away (a crashed tab on a loaded machine)
    // costs one group of figures, not the run.
    const fresh = async (name) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      const visitor = VISITOR_CARTS[name] ? mock.visitor(VISITOR_CARTS[name]) : undefined;
      mock.cart = visitor?.cart;
      if (visitor)
        await context.addCookies(Object.entries(visitor.cookies).map(([cookie, value]) => ({ name: cookie, value, url: server.url })));
      await routeToMock(context, mock);
      if (classic) await routeClassic(context, classic);
      return context;
    };
    // One discarded load first: the browser's own first-use costs are nobody's bundle.
    let context = await fresh(pages[0]);
    await measureLoad(context, url(pages[0], 'module'), pluginPath, mock);
    await context.close();
    for (const name of pages) {
      context = await fresh(name);
      const here = configsFor(name);
      const runs = Object.fromEntries(here.map((c) => [c.tag, []]));
      for (let i = 0; i < options.runs; i++) {
        // Rotate which goes first, so a drift in machine load spreads over all of them.
        const order = here.map((_, k) => here[(k + i) % here.length]);
        for (const { tag, classic: isClassic } of order) {
          // A load that times out (a machine busy with other work) costs one sample, not the run.
          const result = await measureLoad(context, url(name, tag), pluginPath, mock, isClassic ? classic : undefined).catch((error) => {
            problems.push(`${name} (${tag}): ${String(error.message ?? error).split('\n')[0]}`);
            return undefined;
          });
          if (!result) continue;
          runs[tag].push(result);
          if (options.waves) printWaves(name, tag, result.files, isClassic ? '/' : pluginPath);
          if (result.errors.length) problems.push(`${name} (${tag}): ${result.errors[0]}`);
        }
      }
      for (const { tag, label } of here) {
        const list = runs[tag];
        if (!list.length) continue;
        const med = (key) => median(list.map((r) => r[key]));
        rows.push({
          page: name,
          tag,
          label,
          task: med('task'),
          noise: mad(list.map((r) => r.task)),
          longTotal: med('longTotal'),
          blocking: med('blocking'),
          gzip: med('gzip'),
          brotli: med('brotli'),
          requests: med('requests'),
          depth: med('depth'),
          calls: list.at(-1).calls,
          files: list.at(-1).files.map((f) => (f.path.startsWith(pluginPath) ? f.path.slice(pluginPath.length) : f.path)),
        });
      }
      await context.close();
      process.stderr.write(
        `  loads measured: ${name} ${JSON.stringify(rows.filter((r) => r.page === name).map((r) => [r.tag, r.gzip, r.brotli, r.requests, r.depth, Math.round(r.task), Math.round(r.longTotal), Math.round(r.blocking)]))}\n`,
      );
    }
    for (const name of pages.filter((p) => /^product-(variable|1000)\.html$/.test(p))) {
      for (const { tag, label, classic: isClassic } of configsFor(name)) {
        context = await fresh();
        const r = await measureInteractions(context, url(name, tag), mock, { swatches: !isClassic })
          .catch((error) => ({ keyboard: [], swatch: [], errors: [String(error.message ?? error).split('\n')[0]] }))
          .finally(() => context.close());
        if (r.errors.length) problems.push(`${name} (${tag}, interactions): ${r.errors[0]}`);
        interactions.push({ page: name, tag, label, keyboard: r.keyboard, swatch: r.swatch });
        process.stderr.write(`  interactions ${name} ${tag}: ${JSON.stringify({ keyboard: r.keyboard, swatch: r.swatch })}\n`);
      }
      process.stderr.write(`  interactions measured: ${name}\n`);
    }
    if (options.first) {
      for (const { tag, label } of CONFIGS.filter((c) => c.tag !== 'none')) {
        context = await fresh();
        const r = await measureFirstInteraction(context, url('home.html', tag), mock)
          .catch((error) => ({ errors: [String(error.message ?? error).split('\n')[0]] }))
          .finally(() => context.close());
        if (r.errors.length) problems.push(`home.html (${tag}, first interaction): ${r.errors[0]}`);
        first.push({ tag, label, ...r });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const result = {
    throttle: THROTTLE,
    runs: options.runs,
    classic: classic?.source,
    rows,
    interactions,
    first,
    seconds: (Date.now() - started) / 1000,
    problems: [...new Set(problems)],
  };
  if (options.json) {
    console.log(JSON.stringify(result, null, 2));
    return result;
  }
  console.log(
    `\nLoad to load + ${AFTER_LOAD / 1000} s, Chromium at ${THROTTLE}x CPU throttling, median of ${options.runs} loads per page and configuration\n`,
  );
  if (classic) console.log(`WooCommerce's scripts: ${classic.source} (their bytes without jQuery)\n`);
  console.log(
    table(
      [
        'page',
        'configuration',
        'JS gzip kB',
        'JS brotli kB',
        'requests',
        'depth',
        'main thread ms',
        '±',
        'long tasks ms',
        'blocking ms',
        'endpoint calls',
      ],
      rows.map((r) => [
        r.page,
        r.label,
        kb(r.gzip),
        kb(r.brotli),
        r.requests,
        r.depth,
        ms(r.task),
        ms(r.noise),
        ms(r.longTotal),
        ms(r.blocking),
        r.calls.length ? r.calls.join(', ') : 'none',
      ]),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  console.log(
    '  JS = the bundle files requested by load + 3 s (kB of 1,000 bytes, each file compressed on its own as a server' +
      '\n  would); depth = request waves (see the header of this file); main thread = CDP TaskDuration of the tab;' +
      '\n  ± = its median absolute deviation (other processes on the machine show up here); long tasks = sum of' +
      '\n  longtask entries, blocking = their part above 50 ms.',
  );
  if (interactions.length) {
    console.log('\nInteractions after load + 3 s: Event Timing duration per interaction (ms; median / max of 20)\n');
    const stat = (xs) => (xs.length ? `${ms(median(xs))} / ${ms(Math.max(...xs))}` : 'n/a');
    console.log(
      table(
        ['page', 'configuration', '20 keyboard attribute changes', '20 swatch clicks'],
        interactions.map((r) => [r.page, r.label, stat(r.keyboard), stat(r.swatch)]),
        ['l', 'l', 'r', 'r'],
      ),
    );
    console.log("  Without the bundle the select still changes (the browser's own), the swatches do nothing: the floor.");
  }
  if (classic) printClassicRatios(rows, interactions);
  else if (options.classicKb > 0) printReferenceRatios(rows, options.classicKb);
  if (first.length) {
    console.log('\nFirst interaction before its code has loaded: home.html, loop add-to-cart button (interaction trigger)\n');
    console.log(
      table(
        [
          'configuration',
          'framework loaded before',
          'first click → paint',
          'first click → loading',
          'later click → paint',
          'later click → loading',
        ],
        first.map((r) => [
          r.label,
          r.frameworkBefore ? 'yes' : 'no',
          ms(r.first?.paint),
          ms(r.first?.visible),
          ms(r.later?.paint),
          ms(r.later?.visible),
        ]),
        ['l', 'l', 'r', 'r', 'r', 'r'],
      ),
    );
    console.log('  ms; paint = Event Timing duration (16 = under the threshold); loading = until the button shows its loading state.');
  }
  console.log(`\n  ${pages.length} pages in ${result.seconds.toFixed(0)} s.`);
  if (result.problems.length) {
    console.log('\nPage errors seen while measuring (the figures for these pages may not mean much):');
    for (const p of result.problems) console.log(`  ${p}`);
  }
  return result;
}

/** Each build's figures as a ratio of WooCommerce's scripts on the same page (the issue's three measures). */
function printClassicRatios(rows, interactions) {
  const ratio = (ours, theirs) => (theirs > 0 && Number.isFinite(ours) ? `${(ours / theirs).toFixed(2)}x` : 'n/a');
  const lines = [];
  for (const page of new Set(rows.map((r) => r.page))) {
    const theirs = rows.find((r) => r.page === page && r.tag === CLASSIC_CONFIG.tag);
    const theirKeys = interactions.find((r) => r.page === page && r.tag === CLASSIC_CONFIG.tag)?.keyboard ?? [];
    if (!theirs) continue;
    for (const r of rows.filter((x) => x.page === page && (x.tag === 'module' || x.tag === 'compact'))) {
      const keys = interactions.find((x) => x.page === page && x.tag === r.tag)?.keyboard ?? [];
      lines.push([
        page,
        r.label,
        ratio(r.gzip, theirs.gzip),
        ratio(r.longTotal, theirs.longTotal),
        ratio(r.task, theirs.task),
        keys.length && theirKeys.length ? ratio(median(keys), median(theirKeys)) : 'n/a',
      ]);
    }
  }
  if (!lines.length) return;
  console.log("\nAgainst WooCommerce's scripts on the same page (ours / theirs)\n");
  console.log(
    table(['page', 'configuration', 'JS gzip', 'long tasks', 'main thread', 'keyboard median'], lines, ['l', 'l', 'r', 'r', 'r', 'r']),
  );
}

/**
 * `--classic-kb N` without `--classic DIR`: each page's bytes against a figure measured elsewhere for WooCommerce's
 * scripts without jQuery (issue 29: 50.0 kB gzip on the variable product page of WooCommerce 11.0.1). Bytes only:
 * times need the scripts run beside ours in the same conditions.
 */
function printReferenceRatios(rows, referenceKb) {
  const lines = rows
    .filter((r) => r.tag === 'module' || r.tag === 'compact')
    .map((r) => [r.page, r.label, kb(r.gzip), `${(r.gzip / (referenceKb * 1000)).toFixed(2)}x`]);
  if (!lines.length) return;
  console.log(`\nJS gzip against WooCommerce's scripts without jQuery, ${referenceKb.toFixed(1)} kB (given with --classic-kb)\n`);
  console.log(table(['page', 'configuration', 'JS gzip kB', 'ours / theirs'], lines, ['l', 'l', 'r', 'r']));
}

/** Other bench files (e.g. variation.bench.mjs): run each and pass their output through. */
async function runExtraBenches() {
  const files = readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.bench.mjs'))
    .toSorted();
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
        console.log(`${file}: still running after ${EXTRA_TIMEOUT / 1000} s, stopped.`);
        child.kill('SIGTERM');
      }, EXTRA_TIMEOUT);
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
  if (!existsSync(join(ROOT, 'dist', 'storefront.js')) || !existsSync(join(ROOT, 'dist', 'compact', 'storefront.js'))) {
    console.error('bench: dist/storefront.js or dist/compact/storefront.js is missing: run `npm run build` first (`npm run bench` does).');
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
