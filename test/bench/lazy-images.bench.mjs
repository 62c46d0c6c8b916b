#!/usr/bin/env node
/**
 * Scrolling a lazy-image page, in Chromium at 4x CPU throttling, on fixtures/pages/lazy-images.html: the page is
 * scrolled to the bottom in wheel steps of 400 px (one scroll each, 150 ms apart), and for the whole scroll we
 * print the long tasks (PerformanceObserver 'longtask', observer from variation.bench) and the layout and style
 * recalculation counts from the DevTools Performance metrics, per scroll step. Without the bundle (placeholders
 * only, nothing unveiled) the same scroll gives the baseline. No mock: the page calls no endpoint.
 *
 * Run after `npm run build`: `node test/bench/lazy-images.bench.mjs [--json]`. `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
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
  const before = await metric(cdp);
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
  const longTasks = (await page.evaluate(() => window.__bench.longtasks)).map((t) => t.duration);
  const unveiled = await page.evaluate(() => document.querySelectorAll('.lazyloaded, .lazyerror').length);
  await context.close();
  return { steps, layouts: after.layouts - before.layouts, styles: after.styles - before.styles, longTasks, unveiled };
}

export async function runLazyImagesBench() {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    return { throttle: THROTTLE, withBundle: await run(browser, server.url, true), without: await run(browser, server.url, false) };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  console.log(`\nLazy images: scrolling ${PAGE} in ${STEP} px wheel steps, Chromium, ${r.throttle}x CPU throttling`);
  for (const [label, x] of [['with the bundle', r.withBundle], ['without the bundle', r.without]]) {
    console.log(
      `${label.padEnd(20)} ${x.steps} scrolls; layouts ${x.layouts} (${(x.layouts / x.steps).toFixed(2)} per scroll), style recalcs ${x.styles} (${(x.styles / x.steps).toFixed(2)} per scroll); ` +
        `long tasks: ${x.longTasks.length ? x.longTasks.map((t) => fmt(t)).join(', ') : 'none'}; images unveiled ${x.unveiled}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runLazyImagesBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
