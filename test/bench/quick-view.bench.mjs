#!/usr/bin/env node
/**
 * Opening a quick view, in Chromium with 4x CPU throttling, on fixtures/pages/quick-view.html, for both builds
 * (`?tag=module`, React; `?tag=compact`, preact/compat): the Event Timing duration of the click that opens it
 * (PerformanceObserver 'event', grouped by interactionId as INP does; variation.bench's observer), the long tasks
 * from the click until the product is shown (`.fusion-quick-view-loaded` in the open dialog), and the click → displayed time. The first
 * open loads the island (and the framework); the second opens another product, the third the first again. The
 * product answers come from the stateful mock in this Node process (Playwright routing), so no mock code runs in
 * the page. Each opening is also traced: the tasks using 50 ms of main-thread time or more at 4x (thread time, which a
 * busy machine does not inflate, see tasks.bench.mjs), with what ran in them.
 *
 * Each card is scrolled into view a second before its click (a shopper sees what they click), outside the trace;
 * the pointer rests on the link 300 ms before the press (`--hover-ms N`; 0 is Playwright's click, where the
 * pointer's arrival and the press come in one input task). The trace covers the hover, the press and the opening.
 * Product images are raster stand-ins of their size (a shop's JPEGs), not the fixture server's SVG placeholders,
 * whose text Chromium lays out again at every painted size of the zoom; `--svg` keeps the placeholders.
 *
 * Summary per build, first openings and later ones apart: the median and worst of each opening's largest task of
 * ours (thread time, tasks of 16 ms or more), and how many openings had one of 50 ms or more (issue 29 goal 5: none).
 *
 * Run after `npm run build`: `node test/bench/quick-view.bench.mjs [--json] [--svg] [--rounds N] [--pages N] [--cold] [--dist DIR]`.
 * `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { loadMock, openThrottledPage } from './bench.mjs';
import { classify } from './forced-layout.mjs';
import { cpuTasks, TASK_CATEGORIES } from './tasks.bench.mjs';
import { fmt, interactionDurations, median, observe } from './variation.bench.mjs';

const THROTTLE = 4;
const PAGE = '/quick-view.html';
// The mock answers these two (a third product of the page answers nothing, a failure the tests cover).
const PRODUCTS = ['512', '318', '512'];
const JSON_OUT = process.argv.includes('--json');
// The fixture server's SVG placeholders cost a layout of their text at each painted size (see routeRasterImages).
const RASTER = !process.argv.includes('--svg');
// `--rounds N`: the three openings N times on the same page (a busy machine's figures vary from one to the next).
const ROUNDS = Math.max(1, Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 1);
// `--hover-ms N`: the pointer rests on the link N ms before the press (default 300, a shopper's pointer arrives
// before it presses; 0: Playwright's click, the pointer's arrival and the press in one input task).
const HOVER_MS = process.argv.includes('--hover-ms') ? Math.max(0, Number(process.argv[process.argv.indexOf('--hover-ms') + 1]) || 0) : 300;
// `--pages N`: N fresh pages per build, so that the first opening (which loads the island) is measured N times.
const PAGES = Math.max(1, Number(process.argv[process.argv.indexOf('--pages') + 1]) || 1);
// `BENCH_DIST=DIR` (as the other benches) or `--dist DIR`: serve another build (an older version's dist, to compare
// two versions in turns on a busy machine).
const DIST = process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : process.env.BENCH_DIST || undefined;
// Tasks of this much main-thread time or more count toward an opening's largest task (the summary's median).
const SMALL = 16;
// `--cold`: each page's first card is opened without the scroll before it (the shopper's first sign of life, on
// which the quick view's code warms at idle): the pointer's arrival on the link is the first thing the page sees.
const COLD = process.argv.includes('--cold');
const LONG = 50;

async function run(browser, base, mock, tag) {
  const { context, page } = await openThrottledPage(browser, base, mock, `${PAGE}?tag=${tag}&mock=off`, {
    init: [observe],
    rate: THROTTLE,
    raster: RASTER,
  });
  await page.waitForTimeout(3000);

  const opens = [];
  for (const id of Array.from({ length: ROUNDS }, () => PRODUCTS).flat()) {
    await page.evaluate(() => {
      window.__bench.events = [];
      window.__bench.longtasks = [];
      // The product shown in the open dialog (quick-view-displayed may go through the page's jQuery, which native
      // listeners do not hear).
      const shown = () => document.querySelector('dialog.sf-quick-view[open] .fusion-quick-view-loaded');
      window.__qvShown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'open'] });
      });
    });
    // A shopper sees the card before clicking it: scrolled into view a second before (the click itself then
    // scrolls nothing). The quick view's code warms at idle once a card is near the viewport.
    if (!COLD || opens.length) {
      await page.$eval(`a.fusion-quick-view[data-product-id="${id}"]`, (a) => a.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(1000);
    }
    await browser.startTracing(page, { categories: TASK_CATEGORIES });
    if (HOVER_MS) {
      await page.hover(`a.fusion-quick-view[data-product-id="${id}"]`);
      await page.waitForTimeout(HOVER_MS);
    }
    const clickedAt = await page.evaluate(() => performance.now());
    await page.click(`a.fusion-quick-view[data-product-id="${id}"]`);
    const shownAt = await page.evaluate(() => window.__qvShown);
    await page.waitForTimeout(600);
    const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const click = trace.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    const { events, longtasks } = await page.evaluate(() => window.__bench);
    opens.push({
      product: id,
      duration: interactionDurations(events, 1).all[0],
      shown: shownAt - clickedAt,
      longTasks: longtasks.map((t) => t.duration),
      cpuTasks: click ? cpuTasks(trace, click, true, SMALL) : [],
      forced: forcedOfOurs(trace),
    });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.sf-quick-view[open]'), null, { timeout: 30_000 });
    await page.waitForTimeout(600);
  }
  await context.close();
  return opens;
}

/**
 * Style recalculations and layouts forced by our scripts (a script file's frame in the culprit; Playwright's own
 * hit-target checks have none), from the pointer's arrival to the product shown + 600 ms: counts, which a busy
 * machine does not change the way it changes times.
 */
function forcedOfOurs(trace) {
  const { culprits } = classify(trace);
  const ours = Object.entries(culprits).filter(([label]) => /\.js:/.test(label));
  return {
    styles: ours.filter(([label]) => label.startsWith('UpdateLayoutTree')).reduce((n, [, k]) => n + k, 0),
    layouts: ours.filter(([label]) => label.startsWith('Layout')).reduce((n, [, k]) => n + k, 0),
    culprits: Object.fromEntries(ours),
  };
}

/** The openings of PAGES fresh pages, each marked first (the page's first opening) or not. */
async function pages(browser, base, mock, tag) {
  const opens = [];
  for (let i = 0; i < PAGES; i++) opens.push(...(await run(browser, base, mock, tag)).map((o, j) => ({ ...o, first: j === 0 })));
  return opens;
}

/** An opening's largest task of ours (0 when none reached SMALL ms). */
const largest = (o) => Math.max(0, ...o.cpuTasks.filter((t) => t.ours).map((t) => t.cpu));

/** Median and worst of the openings' largest tasks of ours, and how many openings had one of LONG ms or more. */
export function summary(opens) {
  const sizes = opens.map(largest);
  return { openings: opens.length, median: median(sizes), max: Math.max(0, ...sizes), long: sizes.filter((x) => x >= LONG).length };
}

export async function runQuickViewBench() {
  const server = await startServer({ port: 0, ...(DIST ? { dist: DIST } : {}) });
  const mock = await loadMock();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    return {
      throttle: THROTTLE,
      images: RASTER ? 'raster' : 'svg',
      hoverMs: HOVER_MS,
      cold: COLD,
      pages: PAGES,
      module: await pages(browser, server.url, mock, 'module'),
      compact: await pages(browser, server.url, mock, 'compact'),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  console.log(
    `\nQuick view on ${PAGE}, Chromium, ${r.throttle}x CPU throttling, ${r.images} product images, pointer on the link ${r.hoverMs} ms before the press${r.cold ? ', first card opened without a scroll before it' : ''} (click: Event Timing of the opening click; shown: click → product shown)`,
  );
  for (const build of ['module', 'compact']) {
    r[build].forEach((o, i) => {
      const label = `${build === 'module' ? 'React' : 'compact'} build, ${o.first ? 'first open (loads the island)' : `open #${(i % (r[build].length / r.pages)) + 1}`}`;
      console.log(
        `${label.padEnd(44)} click ${fmt(o.duration).padEnd(8)} shown ${fmt(o.shown).padEnd(9)} long tasks: ${o.longTasks.length ? o.longTasks.map((t) => fmt(t)).join(', ') : 'none'}; ` +
          `tasks >= ${LONG} ms thread time: ${
            o.cpuTasks
              .filter((t) => t.cpu >= LONG)
              .map((t) => `${fmt(t.cpu)} (${t.ours ? '' : 'not ours: '}${t.what})`)
              .join(', ') || 'none'
          }`,
      );
    });
    const later = r[build].filter((o) => !o.first);
    console.log(`${''.padEnd(44)} later opens: click median ${fmt(median(later.map((o) => o.duration)))}`);
    for (const [what, opens] of [
      ['first openings', r[build].filter((o) => o.first)],
      ['later openings', later],
    ]) {
      const s = summary(opens);
      const forced = (key) => opens.reduce((n, o) => n + (o.forced?.[key] ?? 0), 0);
      console.log(
        `${''.padEnd(44)} ${what} (${s.openings}): largest task of ours median ${fmt(s.median)}, max ${fmt(s.max)} thread time; ` +
          `openings with one >= ${LONG} ms: ${s.long}; forced by our code: ${forced('styles')} style recalcs, ${forced('layouts')} layouts`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runQuickViewBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
