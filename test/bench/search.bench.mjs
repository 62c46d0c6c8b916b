#!/usr/bin/env node
/**
 * Live search under load, in Chromium with 4x CPU throttling, on fixtures/pages/search.html: the Event Timing
 * duration (PerformanceObserver 'event', durationThreshold 16) of every keystroke typed into the header search,
 * grouped by interactionId (the longest entry counts, as INP does; observer and grouping are variation.bench's),
 * and the long tasks while typing. The first focus, which loads the island (and React), is reported on its own. Keys 250 ms apart, so the 500 ms debounce
 * fires only after the last one, and then the arrow keys through the results. Without the bundle, the same keys
 * in the bare form give the baseline. The admin-ajax answers come from the stateful mock in this Node process
 * (Playwright routing), so no mock code runs in the page.
 *
 * Run after `npm run build`: `node test/bench/search.bench.mjs [--json]`. `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';
import { loadMock, openThrottledPage } from './bench.mjs';
import { fmt, interactionDurations, median, observe } from './variation.bench.mjs';

const THROTTLE = 4;
const PAGE = '/search.html';
const INPUT = '#fusion-live-search-input-0';
const TEXT = 'rain jacket';
const ARROWS = ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'End', 'Home'];
const JSON_OUT = process.argv.includes('--json');

async function run(browser, base, mock, withBundle) {
  const { context, page } = await openThrottledPage(browser, base, mock, `${PAGE}?${withBundle ? 'tag=module' : 'tag=none'}&mock=off`, {
    init: [observe],
    rate: THROTTLE,
    bundle: withBundle,
  });
  await page.waitForTimeout(1000);

  // Each phase starts from empty buffers, so its entries are its own.
  const phase = async (count, act) => {
    await page.evaluate(() => {
      window.__bench.events = [];
      window.__bench.longtasks = [];
    });
    await act();
    const { events, longtasks } = await page.evaluate(() => window.__bench);
    return { durations: interactionDurations(events, count).all, longTasks: longtasks.map((t) => t.duration) };
  };
  const focus = await phase(1, async () => {
    await page.click(INPUT);
    if (withBundle) await page.waitForSelector(`${INPUT}[role="combobox"]`, { timeout: 60_000 });
    await page.waitForTimeout(500);
  });
  const typing = await phase(TEXT.length, async () => {
    for (const ch of TEXT) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(250);
    }
    if (withBundle) await page.waitForSelector(`${INPUT}[aria-expanded="true"]`, { timeout: 60_000 });
    await page.waitForTimeout(800);
  });
  const arrows = await phase(ARROWS.length, async () => {
    for (const key of ARROWS) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(300);
  });
  await context.close();
  return {
    focus,
    typing,
    arrows,
    // The page makes no other endpoint call: every one is a search.
    requests: mock.calls.length,
  };
}

export async function runSearchBench() {
  const server = await startServer({ port: 0 });
  const mock = await loadMock();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    return {
      throttle: THROTTLE,
      withBundle: await run(browser, server.url, mock, true),
      without: await run(browser, server.url, mock, false),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r) {
  const line = (label, { durations, longTasks: tasks }, extra = '') =>
    console.log(
      `${label.padEnd(38)} median ${fmt(median(durations)).padEnd(8)} max ${fmt(Math.max(...durations)).padEnd(8)} long tasks: ${tasks.length ? tasks.map((t) => fmt(t)).join(', ') : 'none'}${extra}`,
    );
  console.log(`\nLive search on ${PAGE}, Chromium, ${r.throttle}x CPU throttling (Event Timing per interaction; under 16 ms counts as 16)`);
  const w = r.withBundle;
  line('First focus (loads the island + React)', w.focus);
  line(`Keystrokes "${TEXT}" (${TEXT.length})`, w.typing, `; ${w.requests} request(s)`);
  line(`Arrow keys in the results (${ARROWS.length})`, w.arrows);
  line('  same keystrokes, without the bundle', r.without.typing);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runSearchBench();
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else print(result);
}
