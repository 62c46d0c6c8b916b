/**
 * Browser-test harness: real Chromium (Debian's, through playwright-core) over the built bundle, on the fixture
 * pages served by test/server/serve.mjs with the mock shop (MSW's service worker) and a strict CSP.
 *
 *   const { page, errors } = await openPage('/home.html', { tag });
 *   ...
 *   await expectAxeClean(page);
 *   expectNoConsoleErrors(errors);
 *
 * One Chromium per test file (launched on first use, closed after the file). Each openPage gets a new tab in a
 * context as clean as a fresh one (no cookies, storage or permissions), reused between the tests of a file where
 * the options allow it so the mock's service worker stays registered (see openPage); a test's tabs are closed
 * when it ends.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';
import type { StorefrontIslandsApi } from '../../mount/api';
import { CHROMIUM_ARGS, CHROMIUM_ENV } from '../server/chromium.mjs';

/**
 * Both ways a theme can load the React build (`<script type="module">` and the classic `<script defer>`), and the
 * compact build's module tag (dist/compact/, preact/compat): the runtime's own tests (how the bundle is loaded)
 * run over these. The compact build's classic tag is the same loader file; compact.e2e.ts and the every-page check
 * boot it.
 */
export const TAGS = ['module', 'classic', 'compact'] as const;
/**
 * One tag per build, for every widget's flow file: every fixture page is also booted, mounted and axe-checked under
 * both builds, and a sample under the classic tags (pages.e2e.ts); the classic tag only loads the very same module
 * build, so running each flow a third time would add minutes and no new fact. A flow runs once per build.
 */
export const BUILD_TAGS = ['module', 'compact'] as const;
/**
 * The React build only, for a plain flow: one that renders no island view and requests no framework chunk. The
 * compact build differs from the React build only by the framework alias (vite.config.ts, `PREACT`: react and
 * react-dom resolved to preact/compat, nothing else), so a flow through plain widgets runs byte-identical code in
 * both and a second run adds no fact. A flow that renders or loads a view, asserts framework requests or tests a
 * view's deferral stays in BUILD_TAGS, as do the runtime's per-build loading checks; every plain widget keeps at
 * least one flow (its richest, with its axe check) in BUILD_TAGS, and every fixture page is booted, mounted and
 * axe-checked under both builds by pages.e2e.ts and pages-compact.e2e.ts.
 */
export const PLAIN_FLOW_TAGS = ['module'] as const;
/** Every tag the fixture server prints (`?tag=`): TAGS plus the compact build's classic tag. */
export const ALL_TAGS = ['module', 'classic', 'compact', 'compact-classic'] as const;
export type Tag = (typeof ALL_TAGS)[number];

/** The plugin folder the bundle is served from (see test/server/serve.mjs). */
export const PLUGIN_PATH = '/wp-content/plugins/storefront-islands/dist/';

/** The folder of the build a tag loads: dist/ (React) or dist/compact/ (preact/compat). */
export function buildPath(tag: Tag): string {
  return tag === 'compact' || tag === 'compact-classic' ? `${PLUGIN_PATH}compact/` : PLUGIN_PATH;
}

/** The classic `<script defer>` loader, of either build. */
export function isClassicTag(tag: Tag): boolean {
  return tag === 'classic' || tag === 'compact-classic';
}

/**
 * An init script (`initScript`): the theme's privacy feature gates YouTube on this shop and the visitor has not
 * answered yet, as `avadaPrivacyVars` prints it. Runs in the page, so it holds everything it needs.
 */
export function gateYouTube(): void {
  (window as { avadaPrivacyVars?: unknown }).avadaPrivacyVars = {
    name: 'privacy_embeds',
    days: '30',
    path: '/',
    types: ['youtube'],
    defaults: [],
    button: '0',
  };
}

/** A request for the framework chunk: React and react-dom, or preact/compat in the compact build. */
export const FRAMEWORK_CHUNK = /\/chunks\/(react|preact)-[\w-]+\.js$/;

export interface OpenPageOptions {
  /** Which tag the server prints; 'none' = no bundle (then openPage does not wait for the runtime). */
  tag: Tag | 'none';
  /** Emulate `prefers-reduced-motion: reduce`. */
  reducedMotion?: boolean;
  /** Default 1280×800 (desktop in Avada's terms). */
  viewport?: { width: number; height: number };
  /** A touch screen: taps and touches are pointerType 'touch', and `'ontouchstart' in document` is true. */
  hasTouch?: boolean;
  /** Put the test-only jQuery event shim (test/e2e/jquery-shim.js) on the page before any page script. */
  jquery?: boolean;
  /**
   * Cookies, localStorage and sessionStorage in place before the page's first script runs (set on a blank page
   * of the same origin in the same tab, so a reload keeps what the page itself changed afterwards).
   */
  storage?: { cookies?: Record<string, string>; local?: Record<string, string>; session?: Record<string, string> };
  /** Default true: MSW's service worker answers wc-ajax, admin-ajax and REST calls (window.__mock). */
  mock?: boolean;
  /** Runs after the context exists and before the page is opened: routes (e.g. abort a chunk), init scripts. */
  beforeGoto?: (context: BrowserContext, page: Page) => unknown;
  /**
   * Runs in this tab before any page script, on every document it loads (a form post, a reload), not in other
   * tabs. Unlike an init script added in beforeGoto it leaves the context reusable (see openPage).
   */
  initScript?: () => unknown;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors of every page in the context, as text. */
  errors: string[];
  /** Every console message of the context (warnings included): assert "one clear warning naming the widget". */
  messages: { type: string; text: string }[];
  /** The navigation response (headers such as the CSP). */
  response: Response | null;
  /** Every URL requested in the context, in order (the page's and the service worker's requests). */
  requests: string[];
}

/** What the harness records in every page from before its first script (see `recorded`). */
export interface Recorded {
  /** `storefront:mount` events: widget names in mount order. */
  mounts: string[];
  /** `storefront:error` events. */
  errors: { widget: string; phase: string; error: string }[];
  /** `securitypolicyviolation` events. */
  csp: { directive: string; blocked: string; sample: string }[];
}

declare global {
  interface Window {
    StorefrontIslands?: StorefrontIslandsApi;
  }
}

const require = createRequire(import.meta.url);
const SHIM_PATH = fileURLToPath(new URL('./jquery-shim.js', import.meta.url));
let axeSource: string | undefined;
/** Where the fixture server serves axe-core (test/server/serve.mjs), cacheable for the run. */
const AXE_PATH = '/__harness/axe.min.js';

let browserPromise: Promise<Browser> | undefined;
const openContexts = new Set<BrowserContext>();

const chromiumPath = inject('chromiumPath');

/** No Chromium: every browser test is reported as skipped (global-setup printed the banner, and fails on CI). */
export function skipWithoutChromium(context: { skip(note?: string): void }): void {
  if (!chromiumPath) context.skip('no Chromium found: browser tests skipped');
}

/** The fixture server's origin, e.g. http://127.0.0.1:41234. */
export function baseURL(): string {
  return inject('baseURL');
}

/**
 * Chrome's default process model (a renderer per tab). `--process-per-site` saved about 13% of the every-page
 * files' time (axe-core compiled once per process), but with it the slider file's mouse drag past half a
 * FlexSlider's width no longer moved the slide (3 of 3 runs; passes without it), so it is not used until that is
 * understood.
 */
const HARNESS_ARGS: string[] = [];

async function browser(): Promise<Browser> {
  // One browser for the worker's files; one that crashed or was closed is launched again.
  const current = browserPromise && (await browserPromise.catch(() => undefined));
  if (browserPromise && !current?.isConnected()) {
    browserPromise = undefined;
    pool.length = 0;
  }
  browserPromise ??= chromium.launch({
    executablePath: chromiumPath || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...HARNESS_ARGS],
    headless: true,
    env: CHROMIUM_ENV,
  });
  return browserPromise;
}

/** The URL for a fixture path with the harness's query switches applied. */
export function pageURL(path: string, options: Pick<OpenPageOptions, 'tag' | 'mock'>): string {
  const url = new URL(path, `${baseURL()}/`);
  url.searchParams.set('tag', options.tag);
  if (options.mock === false) url.searchParams.set('mock', 'off');
  return url.href;
}

/** Wait until the bundle started and every widget whose trigger fired has mounted or failed. */
export async function waitForIslands(page: Page, timeout = 20_000): Promise<void> {
  // Polled on a timer, not on frames: Chromium on a loaded machine was seen to stop giving a shown page frames for
  // seconds (timers still ran), and a frame-polled wait then stalled with it.
  await page.waitForFunction(() => typeof window.StorefrontIslands?.ready === 'function', null, { timeout, polling: 50 });
  await page.evaluate(() => window.StorefrontIslands!.ready());
}

/**
 * Also wait for the widgets that mount when the page is idle (Contact Form 7, back to top, the sticky bar): an
 * idle callback queued after the runtime's runs after them (first in, first out; theirs time out at 2 s), then
 * every widget they started is awaited. A page check that ran earlier would judge the CMS's bare markup.
 */
export async function waitForIdleIslands(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 3000 })));
  await page.evaluate(() => window.StorefrontIslands?.ready());
}

/**
 * Click an element the way a shopper would click an `aria-disabled` button, which Playwright would wait on
 * forever (it takes aria-disabled for disabled): forced, so without Playwright's "stable" check. So that check
 * is made here first: no finite animation running (the variation details slide as a selection changes, moving the
 * button below them) and the same box for two frames; a forced click on a moving button lands on whatever
 * slid under the pointer.
 */
export async function clickWhenStill(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const w = window as unknown as { __sfStill?: { sel: string; box: string } };
      const r = el.getBoundingClientRect();
      const box = `${r.x},${r.y},${r.width},${r.height}`;
      const running = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      const same = !running && w.__sfStill?.sel === sel && w.__sfStill.box === box;
      w.__sfStill = running ? undefined : { sel, box };
      return same;
    },
    selector,
    { polling: 'raf' },
  );
  await page.click(selector, { force: true });
}

/** What a context records for the openPage call that uses it now (a reused context gets fresh lists). */
interface Sink {
  errors: string[];
  messages: { type: string; text: string }[];
  requests: string[];
}

/**
 * A context kept for the next openPage of the same file with the same context options, so the mock's service
 * worker stays registered (a fresh context registers it again: ~0.7 s a page). `busy` while a test holds it;
 * `tainted` once someone changed it beyond what the next openPage resets (routes, init scripts, the clock…):
 * then it is closed instead of reused.
 */
interface Pooled {
  context: BrowserContext;
  key: string;
  busy: boolean;
  tainted: boolean;
  sink: Sink;
  /** The tab openPage gave the test holding the context (kept for the next test if nothing changed it). */
  page?: Page;
  /** A blank tab of the last test, reset and ready for the next openPage (a new tab costs ~0.5 s). */
  spare?: Page;
}

const pool: Pooled[] = [];

function newSink(): Sink {
  return { errors: [], messages: [], requests: [] };
}

async function createContext(options: OpenPageOptions, sink: () => Sink): Promise<BrowserContext> {
  const b = await browser();
  const context = await b.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    hasTouch: options.hasTouch ?? false,
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    locale: 'en-GB',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.on('console', (message) => {
    if (message.text() === CONSOLE_MARK) return;
    sink().messages.push({ type: message.type(), text: message.text() });
    if (message.type() === 'error') {
      const where = message.location()?.url ? ` (${message.location().url})` : '';
      sink().errors.push(`console.error: ${message.text()}${where}`);
    }
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    sink().errors.push(`pageerror: ${error.message}${error.stack ? `\n${error.stack}` : ''}`);
  });
  // The harness's own axe-core script is no request of the page's.
  context.on('request', (request) => void (request.url().includes(AXE_PATH) || sink().requests.push(request.url())));
  await context.addInitScript(recorder);
  if (options.jquery) await context.addInitScript({ path: SHIM_PATH });
  return context;
}

/** Context-wide changes a test may make after openPage: a context that saw one is not reused. */
const TAINTING = [
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeBinding',
  'exposeFunction',
  'setOffline',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'setGeolocation',
  'grantPermissions',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
] as const;
const CLOCK_TAINTING = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'] as const;

/** Tab-wide changes a test may make: a tab that saw one is closed at the end of the test instead of kept. */
const PAGE_TAINTING = [
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setViewportSize',
  'emulateMedia',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'addLocatorHandler',
] as const;
const taintedPages = new WeakSet<Page>();

/** Call `changed` before each of the object's methods `names` runs (a test changed what a kept one would carry over). */
function onCalls(object: object, names: readonly string[], changed: () => void): void {
  const target = object as Record<string, unknown>;
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = (...args: unknown[]) => {
      changed();
      return (original as (...a: unknown[]) => unknown).apply(object, args);
    };
  }
}

function watchPage(page: Page): void {
  onCalls(page, PAGE_TAINTING, () => taintedPages.add(page));
}

/**
 * Make the test's tab as a new one would be, for the next test: its document gone (no timer or listener of the old
 * page can write to the storage the next test starts from), its sessionStorage cleared (it belongs to the tab: the
 * cart fragments' copy lives there), the pointer at the corner and no key down, its history empty but for the
 * blank page it is parked on (the next test's page is the second entry, where a new tab's is the first), and the
 * listeners the test added removed. False if that did not work out (the tab is closed instead).
 *
 * The tab's sessionStorage is cleared from the old document, which can then write it no more, and the document goes
 * by a navigation to about:blank: a navigation to an empty page of the test origin, to clear it from a script there,
 * cost about 0.1 s of CPU per test (a request, a document, a round trip).
 */
async function blankTab(page: Page): Promise<boolean> {
  try {
    // A tab that went to the other test origin (the gateway) is not kept.
    if (new URL(page.url()).origin !== new URL(baseURL()).origin) return false;
    await page.evaluate(() => {
      sessionStorage.clear();
      // Until the document is gone, nothing it still runs (a timer, an answer arriving) can write storage again.
      Storage.prototype.setItem = () => {};
    });
    await page.goto('about:blank');
    // The pointer off the page, as in a new tab (a pointer left over the last test's gallery would hover the next
    // page's: zoom, held rotation, an island's intent), and no modifier key left down.
    await page.mouse.move(-1, -1);
    for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Page.resetNavigationHistory');
    } finally {
      await cdp.detach().catch(() => {});
    }
    await page.removeAllListeners();
    return true;
  } catch {
    return false;
  }
}

function watchForChanges(entry: Pooled): void {
  const taint = () => void (entry.tainted = true);
  onCalls(entry.context, TAINTING, taint);
  // page.clock is the context's clock: a clock installed by one test would run every later page.
  onCalls(entry.context.clock, CLOCK_TAINTING, taint);
}

/**
 * Whether a context may be reused between tests (about 2 s a page saved on a loaded machine: no new renderer
 * for the context, no worker registration). It was off for a while: MSW's worker unregistered itself on the first
 * unload in a context (a reload, a form post), and the next tab met an uninstalling registration ("Failed to
 * update a ServiceWorker … Not found"). The mock now keeps one registered worker per context and never asks it
 * to update (fixtures/mock/browser.ts). Set to false to get a brand-new context for every openPage.
 */
const REUSE_CONTEXTS = true;
function reusable(options: OpenPageOptions): boolean {
  return REUSE_CONTEXTS && !options.beforeGoto && options.mock !== false;
}

function poolKey(options: OpenPageOptions): string {
  const { width, height } = options.viewport ?? { width: 1280, height: 800 };
  return JSON.stringify([width, height, !!options.hasTouch, !!options.reducedMotion, !!options.jquery]);
}

/** Run `work`, giving up after `ms` (a close that hangs on a loaded machine must not hang the suite). */
async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The origins a test page reaches: the fixture server, and the same server as the checkout gateway's origin. */
function testOrigins(): string[] {
  const url = new URL(baseURL());
  const other = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return [url.origin, `${url.protocol}//${other}:${url.port}`];
}

/**
 * Reset a reused context to what a fresh one holds, except its service worker registration (the point of reusing
 * it): no cookies, no permissions, no localStorage / IndexedDB / Cache Storage on the test origins (the mock's shop
 * state lives in localStorage, so it starts over too). sessionStorage belongs to the tab, and every openPage has
 * a new tab.
 */
async function resetContext(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    // Independent clears, sent together: one wait instead of four on a loaded machine.
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      ...testOrigins().map((origin) =>
        cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'cookies,local_storage,indexeddb,cache_storage,file_systems,websql',
        }),
      ),
    ]);
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** At the end of the test that used it: close its pages, and keep the context for the next openPage (or close it). */
async function release(entry: Pooled, failed: boolean): Promise<void> {
  if (failed || entry.tainted) {
    removeFromPool(entry);
    await closeContext(entry.context);
    return;
  }
  const tab = entry.page;
  entry.page = undefined;
  const keep = tab && !tab.isClosed() && !taintedPages.has(tab) ? tab : undefined;
  await bounded(Promise.all(entry.context.pages().map((p) => (p === keep ? undefined : p.close()))), 15_000);
  if (keep && (await blankTab(keep))) entry.spare = keep;
  else if (keep) await bounded(keep.close(), 15_000);
  if (entry.context.pages().length !== (entry.spare ? 1 : 0)) {
    removeFromPool(entry);
    await closeContext(entry.context);
    return;
  }
  entry.busy = false;
}

function removeFromPool(entry: Pooled): void {
  const at = pool.indexOf(entry);
  if (at >= 0) pool.splice(at, 1);
}

/** A context for this openPage and its record lists; `reused` when it comes from the pool (then it needs a reset). */
async function acquire(options: OpenPageOptions): Promise<{ context: BrowserContext; sink: Sink; reused: boolean; entry?: Pooled }> {
  if (reusable(options)) {
    const key = poolKey(options);
    let entry = pool.find((e) => e.key === key && !e.busy && !e.tainted && openContexts.has(e.context));
    const reused = !!entry;
    if (!entry) {
      const created: Pooled = { context: undefined as unknown as BrowserContext, key, busy: true, tainted: false, sink: newSink() };
      created.context = await createContext(options, () => created.sink);
      created.context.on('close', () => removeFromPool(created));
      watchForChanges(created);
      pool.push(created);
      entry = created;
    }
    entry.busy = true;
    entry.sink = newSink();
    const leased = entry;
    try {
      onTestFinished((test) => release(leased, test.task.result?.state === 'fail'));
    } catch {
      // Not inside a test (beforeAll): the context is this caller's until the file ends, as a fresh one would be.
      removeFromPool(leased);
    }
    return { context: leased.context, sink: leased.sink, reused, entry: leased };
  }
  const sink = newSink();
  const context = await createContext(options, () => sink);
  try {
    // Closed with the test that opened it; contexts opened in beforeAll live until the file ends.
    onTestFinished(() => closeContext(context));
  } catch {
    /* not inside a test */
  }
  return { context, sink, reused: false };
}

/** The tab for this openPage: the last test's blank tab when the context has one, else a new one. */
async function tabFor(context: BrowserContext, entry: Pooled | undefined): Promise<Page> {
  const spare = entry?.spare;
  if (entry) entry.spare = undefined;
  const page = spare && !spare.isClosed() ? spare : await context.newPage();
  if (page !== spare) watchPage(page);
  if (entry) entry.page = page;
  return page;
}

/**
 * Open a fixture page (e.g. '/home.html', '/product-simple.html?attribute_pa_colour=rust#reviews') with the
 * given tag in a new tab, and wait for the islands to be ready.
 *
 * The tab's context is as a fresh one would be (no cookies, storage, permissions; the pages of earlier tests
 * closed), but it may be reused from an earlier test of the same file with the same context options (viewport,
 * touch, reduced motion, jQuery shim), keeping the mock's service worker registered. `beforeGoto` or `mock: false`
 * always get a brand-new context, as does a test whose context is already held by its own earlier openPage.
 * Changing the context after openPage (routes, init scripts, the clock, permissions…) is fine: that context is
 * closed at the end of the test instead of reused.
 */
export async function openPage(path: string, options: OpenPageOptions): Promise<OpenedPage> {
  const { context, sink, reused, entry } = await acquire(options);
  const page = await tabFor(context, entry);
  if (reused) await resetContext(context, page);
  const { errors, messages, requests } = sink;

  const { storage } = options;
  if (storage?.cookies) {
    await context.addCookies(Object.entries(storage.cookies).map(([name, value]) => ({ name, value, url: `${baseURL()}/` })));
  }
  if (storage?.local || storage?.session) {
    await page.goto(`${baseURL()}/demo/blank.html`);
    await page.evaluate(
      ({ local, session }) => {
        for (const [k, v] of Object.entries(local ?? {})) localStorage.setItem(k, v);
        for (const [k, v] of Object.entries(session ?? {})) sessionStorage.setItem(k, v);
      },
      { local: storage.local, session: storage.session },
    );
  }

  // (Through the wrapper: a tab with an init script is not kept for another test.)
  if (options.initScript) await page.addInitScript(options.initScript);
  await options.beforeGoto?.(context, page);
  const response = await page.goto(pageURL(path, options), { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`openPage(${path}): HTTP ${response?.status() ?? 'no response'}`);
  if (options.tag !== 'none') await waitForIslands(page);
  return { page, context, errors, messages, response, requests };
}

/** Installed in every page before its scripts: records our runtime's events and CSP violations. */
function recorder(): void {
  const record = { mounts: [] as string[], errors: [] as Recorded['errors'], csp: [] as Recorded['csp'] };
  Object.defineProperty(window, 'harnessRecord', { value: record, configurable: true });
  document.addEventListener('storefront:mount', (event) => {
    record.mounts.push(String((event as CustomEvent<{ widget: string }>).detail?.widget));
  });
  document.addEventListener('storefront:error', (event) => {
    const detail = (event as CustomEvent<{ widget: string; phase: string; error: unknown }>).detail;
    record.errors.push({ widget: String(detail?.widget), phase: String(detail?.phase), error: String(detail?.error) });
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    record.csp.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
  });
}

/** What the page recorded so far: mounts, `storefront:error` events and CSP violations. */
export async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const r = (window as unknown as { harnessRecord: Recorded }).harnessRecord;
    return { mounts: [...r.mounts], errors: [...r.errors], csp: [...r.csp] };
  });
}

async function closeContext(context: BrowserContext): Promise<void> {
  if (!openContexts.delete(context)) return;
  // A close that hangs (Chromium shutting down a context mid-navigation) must not hang the suite: give up after
  // 15 s; the browser itself is closed when its worker ends.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([context.close().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
}

/**
 * At the end of a test file (test/e2e/setup.ts): close the contexts a test or a `beforeAll` still holds; the idle
 * pooled contexts and the browser stay for the worker's next file (vitest.e2e.config.ts: no per-file isolation),
 * which so starts no browser and registers no mock worker again. A pooled context is reset on its next use as
 * within a file.
 */
export async function endFile(): Promise<void> {
  for (const entry of pool.filter((e) => e.busy)) removeFromPool(entry);
  const kept = new Set(pool.map((e) => e.context));
  await Promise.all([...openContexts].filter((c) => !kept.has(c)).map((c) => closeContext(c)));
}

const CONSOLE_MARK = '__storefront_islands_harness_console_mark__';

/**
 * Wait until every console message the page wrote so far is in `messages`/`errors`: Playwright hands console
 * messages on a little after the page wrote them, so a DOM change written after a warning can be seen first.
 * Call before asserting on messages (that one warning came, or that none did).
 */
export async function consoleSettled(page: Page): Promise<void> {
  const seen = page.waitForEvent('console', { predicate: (m) => m.text() === CONSOLE_MARK, timeout: 10_000 });
  await page.evaluate((mark) => console.debug(mark), CONSOLE_MARK);
  await seen;
}

/** Fail with every collected console error and page error. */
export function expectNoConsoleErrors(errors: readonly string[]): void {
  if (errors.length) throw new Error(`Expected no console errors, got ${errors.length}:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** What holdWave hands back: the check, once the action that requests the files has been taken. */
export interface Wave {
  /** Wait until every pattern was requested, and fail unless each was requested while the others were held. */
  expectOneWave(): Promise<void>;
}

/**
 * Whether files are requested in one wave (each before any other has arrived) rather than a waterfall (one found
 * only once another was parsed), decided without reading the clock: from now on the responses of the files
 * matching `patterns` are held until each pattern has been requested, then all go through. Files of one wave are
 * all requested while held; in a waterfall the next file never comes while the first is held, so after `patience`
 * everything is let through and `expectOneWave` names the files that were missing. (Comparing resource timings
 * instead failed on a loaded machine: a small file of the same wave could arrive before the next request started.)
 * Call it before the action that requests the files. It routes the page, so the tab is not kept for another test.
 */
export async function holdWave(page: Page, patterns: readonly RegExp[], patience = 15_000): Promise<Wave> {
  const seen: (string | undefined)[] = patterns.map(() => undefined);
  let gaveUp = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let letThrough!: () => void;
  const open = new Promise<void>((resolve) => (letThrough = resolve));
  const matching = (path: string) => patterns.findIndex((p) => p.test(path));
  await page.route(
    (url) => matching(url.pathname) >= 0,
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      const at = matching(path);
      if (!gaveUp) seen[at] ??= path;
      timer ??= setTimeout(() => {
        gaveUp = true;
        letThrough();
      }, patience);
      if (seen.every(Boolean)) {
        clearTimeout(timer);
        letThrough();
      }
      await open;
      await route.continue().catch(() => {});
    },
  );
  return {
    async expectOneWave() {
      await expect.poll(() => gaveUp || seen.every(Boolean), { timeout: patience + 15_000 }).toBe(true);
      const missing = patterns.filter((_, i) => !seen[i]).map(String);
      const held = seen.filter(Boolean);
      expect(missing, `not requested while ${JSON.stringify(held)} were held: a second wave`).toEqual([]);
    },
  };
}

/**
 * Put axe-core in the page. On the fixture server's pages as a same-origin script (their CSP allows 'self'), which
 * the browser keeps compiled in its cache for the next page: evaluating 500 kB of axe from scratch cost each check
 * seconds on a loaded machine. The element is gone again once it ran. Elsewhere (another origin, a page whose CSP
 * refuses it) through the DevTools protocol, which no CSP governs.
 */
async function loadAxe(page: Page): Promise<void> {
  const sameOrigin = new URL(page.url()).origin === new URL(baseURL()).origin;
  // Loaded and defined its global: then nothing else to do.
  const viaScript =
    sameOrigin &&
    (await page.evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve(typeof (window as unknown as { axe?: unknown }).axe === 'object');
          script.onerror = () => resolve(false);
          (document.head ?? document.documentElement).append(script);
          script.remove();
        }),
      AXE_PATH,
    ));
  if (viaScript) return;
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
}

/** What installAxeWatch leaves in the page. */
interface AxeWatch {
  /** The elements to check now: 'whole' for the document, [] when nothing changed since the last check. */
  scope(): Element[] | 'whole';
  /** The page as it is now was checked (`whole`: all of it), so later changes count from here. */
  checked(whole: boolean): void;
}

/**
 * In the page, at its first axe check: watch what changes from then on, so that a later check covers what changed
 * rather than the whole document again (a whole check costs 300-500 ms of a loaded machine's CPU, one of a changed
 * widget a fifth of that, and tests check after every state change). Conservative by construction: the whole
 * document is checked again when no whole check has passed in this document yet, when the viewport or a media
 * feature changed (every rule may answer differently), when a style sheet was added, removed or changed, when
 * <html> or <body> changed (a class or style there restyles everything), or when more than 500 elements changed.
 * Otherwise the check covers every changed element with its subtree (an attribute's element, a text's parent, the
 * parent whose children changed; for <body>'s own children, those added), the focused element (focus and a
 * control's value change no attribute), what names, describes or controls a changed element from elsewhere
 * (`for`, `aria-labelledby`, `aria-describedby`, `aria-controls`… pointing into a region, a label's control),
 * and every open shadow root's host (not observed from the document). axe still reads the whole document for
 * context (backgrounds for contrast, ids), so a rule's answer about a covered element is the same as in a whole
 * check.
 */
function installAxeWatch(): void {
  const w = window as unknown as { __sfAxeWatch?: AxeWatch };
  if (w.__sfAxeWatch) return;
  const root = document.documentElement;
  const queries = [
    '(prefers-reduced-motion: reduce)',
    '(prefers-color-scheme: dark)',
    '(forced-colors: active)',
    '(prefers-contrast: more)',
  ];
  const media = () => JSON.stringify([innerWidth, innerHeight, devicePixelRatio, ...queries.map((q) => matchMedia(q).matches)]);
  const state = { wholeChecked: false, everything: false, changed: new Set<Element>(), media: media() };
  const isStyle = (n: Node) => n instanceof HTMLStyleElement || (n instanceof HTMLLinkElement && /stylesheet/i.test(n.rel));
  const add = (el: Element | null) => {
    if (!el || state.everything) return;
    if (el === root || el === document.body) state.everything = true;
    else if (!el.closest('head')) state.changed.add(el);
    if (state.changed.size > 500) state.everything = true;
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const target = r.target;
      if (r.type === 'characterData') {
        if (target.parentElement instanceof HTMLStyleElement) state.everything = true;
        else add(target.parentElement);
      } else if (r.type === 'attributes') {
        if (isStyle(target)) state.everything = true;
        else add(target as Element);
      } else if ([...r.addedNodes, ...r.removedNodes].some(isStyle) || !(target instanceof Element)) {
        state.everything = true;
      } else if (target === root || target === document.body) {
        for (const node of r.addedNodes) if (node instanceof Element) add(node);
      } else {
        add(target);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const REFERS = [
    'for',
    'aria-labelledby',
    'aria-describedby',
    'aria-controls',
    'aria-owns',
    'aria-errormessage',
    'aria-details',
    'headers',
    'list',
  ];
  w.__sfAxeWatch = {
    scope() {
      if (!state.wholeChecked || state.everything || media() !== state.media) return 'whole';
      const regions = new Set<Element>();
      const consider = (el: Element | null | undefined) => {
        if (el && el.isConnected && !el.closest('head')) regions.add(el);
      };
      for (const el of state.changed) consider(el);
      if (document.activeElement !== document.body) consider(document.activeElement);
      for (const el of Array.from(regions)) {
        const inside = [el, ...el.querySelectorAll('[id], label')];
        if (inside.length > 500) return 'whole';
        consider(el.closest('label')?.control);
        for (const node of inside) {
          if (node instanceof HTMLLabelElement) consider(node.control);
          if (!node.id) continue;
          const id = CSS.escape(node.id);
          const selector = [...REFERS.map((a) => `[${a}~="${id}"]`), `[aria-activedescendant="${id}"]`].join(',');
          for (const ref of document.querySelectorAll(selector)) consider(ref);
        }
      }
      if (regions.size) for (const el of document.querySelectorAll('*')) if (el.shadowRoot) consider(el);
      const list = [...regions];
      if (list.some((el) => el === root || el === document.body)) return 'whole';
      return list.filter((el) => !list.some((other) => other !== el && other.contains(el)));
    },
    checked(whole) {
      if (whole) state.wholeChecked = true;
      state.changed.clear();
      state.everything = false;
      state.media = media();
    },
  };
}

/**
 * Run axe-core on the page as it is now and fail on every serious or critical violation, listing rule,
 * impact and the offending elements. axe is put in the page by loadAxe (a same-origin script the page's CSP
 * allows, else through the DevTools protocol, which no CSP governs).
 *
 * Without `include`/`exclude`, the first check of a document covers all of it and each later one what changed
 * since the check before (see installAxeWatch); nothing changed, nothing to check. With them, exactly what they
 * name.
 */
export async function expectAxeClean(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  // The state under test, not a frame of its way there: a panel fading in blends its text with what is behind it
  // (axe then measures a contrast no shopper reads at rest). Finite CSS transitions and animations finish first;
  // infinite ones (spinners) do not count, and after 3 s the check runs whatever still moves.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => {});
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await loadAxe(page);
  await page.evaluate(installAxeWatch);
  const violations = await page.evaluate(async ({ include, exclude }) => {
    type Audit = {
      rules: { id: string; impact?: string; any: unknown[]; all: unknown[]; none: unknown[] }[];
      data: { checks: Record<string, { impact?: string } | undefined> };
    };
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>; _audit?: Audit } }
    ).axe;
    const watch = (window as unknown as { __sfAxeWatch: AxeWatch }).__sfAxeWatch;
    const explicit = !!(include || exclude?.length);
    const scope = explicit ? 'whole' : watch.scope();
    if (scope !== 'whole' && !scope.length) return [];
    const context = explicit
      ? { include: include ? [include] : [[':root']], exclude: (exclude ?? []).map((s) => [s]) }
      : scope === 'whole'
        ? document
        : { include: scope };
    // Changes from here on (the page's own timers run while axe awaits) count for the next check.
    if (!explicit) watch.checked(scope === 'whole');
    // Skip the rules that cannot report a serious or critical violation, whatever the page: a rule's impact is
    // its own when it declares one (axe then gives it to every check), else the worst of its checks'. Such rules
    // (landmarks, heading order, region…) could never fail this check, and cost time on every page.
    const checkId = (c: unknown) => (typeof c === 'string' ? c : (c as { id: string }).id);
    const cannotFail = (axe._audit?.rules ?? []).filter((r) => {
      const impacts = r.impact ? [r.impact] : [...r.any, ...r.all, ...r.none].map((c) => axe._audit!.data.checks[checkId(c)]?.impact);
      // An impact axe does not know (or none): keep the rule.
      return impacts.every((i) => i === 'minor' || i === 'moderate');
    });
    const rules = Object.fromEntries(cannotFail.map((r) => [r.id, { enabled: false }]));
    // axe is put in the top document only, so no frame can answer it: with `iframes` on, each check of a page
    // with a frame (a video, a lightbox's iframe slide) pinged every frame and waited 500 ms for nothing, and the
    // frames stayed unchecked all the same (an unanswered frame is "incomplete", never a violation).
    const result = await axe.run(context, { resultTypes: ['violations'], rules, iframes: false });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, options);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length) {
    const report = serious
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} <${v.helpUrl}>\n${v.nodes.map((n) => `    - ${n.target.map(String).join(' >>> ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`).join('\n')}`,
      )
      .join('\n');
    throw new Error(`axe-core: ${serious.length} serious or critical violation(s) on ${page.url()}:\n${report}`);
  }
}
