#!/usr/bin/env node
/**
 * The lightbox opening, in Chromium with 4x CPU throttling, on fixtures/pages/lightbox.html: click → next paint
 * (the Event Timing duration of the click's interaction: input to the frame presented after it; the longest entry
 * of the interaction counts, as INP does), and whether that frame already shows the open dialog with its loading
 * state (checked in a requestAnimationFrame queued by the click, which runs just before that paint). The first
 * open also reports when PhotoSwipe's core (fetched on that click) has rendered the slide. Then a second open,
 * with the core cached. Five runs, medians.
 *
 * Run after `npm run build`: `node test/bench/lightbox.bench.mjs [--json]`.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { fmt, interactionDurations, median, observe } from './variation.bench.mjs';

const THROTTLE = 4;
const PAGE = '/lightbox.html';
const LINK = '#gallery-7 .gallery-item:nth-child(2) a';
const RUNS = 5;
const JSON_OUT = process.argv.includes('--json');

/** Installed before the page's scripts: the state of the dialog in the frame right after each click. */
function watchClicks() {
  window.__lightbox = { frames: [] };
  document.addEventListener(
    'click',
    (event) => {
      const clickAt = event.timeStamp;
      // Queued before our widget's listener runs (capture on document); rAF callbacks run after the task ends.
      requestAnimationFrame(() => {
        const dialog = document.querySelector('dialog.sf-ilightbox');
        const loading = dialog?.querySelector('.sf-ilightbox__loading');
        window.__lightbox.frames.push({
          clickAt,
          frameAt: performance.now(),
          open: !!dialog?.open,
          loadingShown: !!loading && !loading.hidden,
          slides: !!dialog?.querySelector('.pswp'),
        });
      });
    },
    true,
  );
}

async function run(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observe);
  await page.addInitScript(watchClicks);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${base}${PAGE}?tag=module&mock=off`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => window.StorefrontIslands?.ready?.(), null, { timeout: 60_000 });
  await page.evaluate(() => window.StorefrontIslands.ready());
  await page.waitForTimeout(1000);

  const openOnce = async () => {
    await page.evaluate(() => (window.__bench.events = []));
    const started = await page.evaluate(() => performance.now());
    await page.click(LINK);
    await page.waitForSelector('dialog.sf-ilightbox .pswp', { timeout: 60_000 });
    const coreAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const { events } = await page.evaluate(() => window.__bench);
    const frame = await page.evaluate(() => window.__lightbox.frames.at(-1));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.sf-ilightbox')?.open);
    await page.waitForTimeout(300);
    return { nextPaint: interactionDurations(events, 1).all[0], frame, coreMs: coreAt - started };
  };
  const first = await openOnce();
  const second = await openOnce();
  await context.close();
  return { first, second };
}

export async function runLightboxBench({ runs = RUNS } = {}) {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await run(browser, server.url));
    return { throttle: THROTTLE, runs: results };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  const col = (pick) => r.runs.map(pick);
  const line = (label, values, extra = '') =>
    console.log(`${label.padEnd(46)} median ${fmt(median(values)).padEnd(8)} max ${fmt(Math.max(...values)).padEnd(8)}${extra}`);
  console.log(
    `\nLightbox on ${PAGE}, Chromium, ${r.throttle}x CPU throttling, ${r.runs.length} runs (Event Timing; under 16 ms counts as 16)`,
  );
  const shown = (k) => r.runs.filter((x) => x[k].frame?.open && x[k].frame?.loadingShown !== undefined).length;
  line(
    'First click → next paint (core not loaded)',
    col((x) => x.first.nextPaint),
    `; dialog open in that frame: ${shown('first')}/${r.runs.length}, loading state shown: ${r.runs.filter((x) => x.first.frame?.loadingShown).length}/${r.runs.length}`,
  );
  line(
    'First click → PhotoSwipe slide rendered',
    col((x) => x.first.coreMs),
  );
  line(
    'Second click → next paint (core cached)',
    col((x) => x.second.nextPaint),
    `; dialog open in that frame: ${shown('second')}/${r.runs.length}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runLightboxBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
