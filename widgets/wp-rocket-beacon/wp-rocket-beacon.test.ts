/**
 * Detection over a DOM (happy-dom has no layout: boxes are stubbed by element id) and the whole beacon with the
 * mock's admin-ajax, porting the original's LCP, LRC and manager scenarios.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../test/helpers/context';
import type { WidgetContext } from '../../src/widget';
import { failNext, state } from '../../fixtures/mock/state';
import { setEnvironment } from '../../src/env';
import { warnOnce } from '../../src/log';
import { detectLazyRender, detectLcp, elementInfo, hasLazyRenderConflict, lazyRenderSkip } from './detect';
import beacon from './wp-rocket-beacon.widget';

type Rect = { left: number; top: number; width: number; height: number };
let rects: Record<string, Rect> = {};
beforeEach(() => {
  rects = {};
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const r = rects[this.id] ?? { left: 0, top: 0, width: 0, height: 0 };
    return { ...r, x: r.left, y: r.top, right: r.left + r.width, bottom: r.top + r.height, toJSON: () => r } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

const lrc = { threshold: 1800, skipStrings: ['memex'], exclusions: [['data-skip', /^yes$/]] as [string, RegExp][] };

describe('LCP detection', () => {
  it('the largest visible candidate with info is the LCP; pictures use their img; off-screen and empty boxes are skipped', async () => {
    document.body.innerHTML = `
      <img id="logo" src="https://shop.example/logo.png">
      <picture id="pic"><source srcset="https://shop.example/hero.avif" type="image/avif" media="(min-width: 800px)"><img id="pic-img" src="https://shop.example/hero.jpg"></picture>
      <div id="bg" style="background-image: url('https://shop.example/bg.jpg')">text</div>
      <p id="text">no background</p>
      <img id="below" src="https://shop.example/below.jpg">
      <img id="dup" src="https://shop.example/logo.png">`;
    rects = {
      logo: { left: 0, top: 0, width: 40, height: 40 },
      'pic-img': { left: 0, top: 60, width: 1200, height: 500 },
      bg: { left: 0, top: 600, width: 800, height: 200 },
      text: { left: 0, top: 0, width: 1600, height: 800 },
      below: { left: 0, top: 2000, width: 1600, height: 800 },
      dup: { left: 100, top: 0, width: 30, height: 30 },
    };
    const result = await detectLcp('img, picture, p, div');
    expect(result.map((e) => [e.label, e.type, typeof e.src === 'string' ? e.src : e.src.map((s) => s.src)])).toEqual([
      ['lcp', 'picture', 'https://shop.example/hero.jpg'],
      ['above-the-fold', 'bg-img', 'https://shop.example/bg.jpg'],
      ['above-the-fold', 'img', 'https://shop.example/logo.png'],
    ]);
    expect(result[0]!.sources).toEqual([
      { srcset: 'https://shop.example/hero.avif', media: '(min-width: 800px)', type: 'image/avif', sizes: '' },
    ]);
    for (const entry of result)
      expect(Object.keys(entry).sort()).toEqual(['bg_set', 'current_src', 'label', 'sizes', 'sources', 'src', 'srcset', 'type']);
  });

  it('element info for img with srcset, video (poster, else first source), svg image, and none without a background', () => {
    document.body.innerHTML = `
      <img id="a" src="https://x/a.jpg" srcset="https://x/a.jpg 1x, https://x/a2.jpg 2x" sizes="100vw">
      <video id="v1" poster="https://x/poster.jpg"><source src="https://x/v.mp4"></video>
      <video id="v2"><source src="https://x/v.mp4"></video>
      <svg id="s1"><image href="https://x/s.png"></image></svg><svg id="s2"></svg>
      <div id="plain">text</div>`;
    const info = (id: string) => elementInfo(document.getElementById(id)!);
    expect(info('a')).toMatchObject({
      type: 'img-srcset',
      src: 'https://x/a.jpg',
      srcset: 'https://x/a.jpg 1x, https://x/a2.jpg 2x',
      sizes: '100vw',
    });
    expect(info('v1')).toMatchObject({ type: 'img', src: 'https://x/poster.jpg', current_src: 'https://x/poster.jpg' });
    expect(info('v2')).toMatchObject({ type: 'img', src: 'https://x/v.mp4' });
    expect(info('s1')).toMatchObject({ type: 'img', src: 'https://x/s.png' });
    expect(info('s2')).toMatchObject({ type: '', src: '' });
    expect(info('plain')).toBeUndefined();
  });
});

describe('lazy-render detection', () => {
  it('no candidates: no hashes', async () => {
    document.body.innerHTML = '<div id="a">x</div>';
    expect(await detectLazyRender(lrc)).toEqual([]);
  });

  it('the outermost blocks 1800 px or more below the first screen, with the skip rules', async () => {
    document.body.innerHTML = `
      <section id="near" data-rocket-location-hash="h-near">near</section>
      <section id="far" data-rocket-location-hash="h-far"><div id="inner" data-rocket-location-hash="h-inner">inner</div></section>
      <section id="memex-widget" data-rocket-location-hash="h-memex">skipped by id</section>
      <section id="icons" data-rocket-location-hash="h-icons"><svg><use href="#i"></use></svg></section>
      <section id="excluded" data-skip="yes" data-rocket-location-hash="h-excluded">excluded</section>
      <section id="empty" data-rocket-location-hash="">empty hash</section>
      <section id="pulled" style="margin-top: -20px" data-rocket-location-hash="h-pulled">negative margin</section>
      <section id="cv" style="content-visibility: hidden" data-rocket-location-hash="h-cv">content-visibility</section>
      <section id="child" data-rocket-location-hash="h-child"><div style="margin-left: -4px">child</div></section>
      <section id="abs" data-rocket-location-hash="h-abs"><div style="position: absolute">child</div></section>`;
    const far = { left: 0, width: 1000, height: 400 };
    for (const id of ['far', 'inner', 'memex-widget', 'icons', 'excluded', 'empty', 'pulled', 'cv', 'child', 'abs'])
      rects[id] = { ...far, top: 3000 };
    rects.near = { ...far, top: 1200 };
    expect(await detectLazyRender(lrc)).toEqual(['h-far']);
    const reasons = Object.fromEntries(Array.from(document.querySelectorAll('section'), (s) => [s.id, lazyRenderSkip(s, lrc)]));
    expect(reasons).toEqual({
      near: undefined,
      far: undefined,
      'memex-widget': 'skipString',
      icons: 'svg use',
      excluded: 'exclusion',
      empty: 'empty hash',
      pulled: 'conflict',
      cv: 'conflict',
      child: 'conflict',
      abs: 'conflict',
    });
    expect(hasLazyRenderConflict(document.getElementById('far')!)).toBe(false);
  });
});

/** The beacon as the runtime mounts it, with a context whose warnings go through the real log. */
function context(): WidgetContext {
  const controller = new AbortController();
  return {
    ...testContext('wp-rocket-beacon'),
    name: 'wp-rocket-beacon',
    signal: controller.signal,
    onCleanup: () => {},
    timeout: (fn, ms) => void setTimeout(fn, ms),
    interval: () => {},
    warn: (f, m) => warnOnce('wp-rocket-beacon', f, m),
  };
}

const CONFIG = {
  ajax_url: 'http://127.0.0.1:5173/wp-admin/admin-ajax.php',
  nonce: '7a1c0e93bd',
  url: 'https://shop.example/product/rain-jacket/',
  is_mobile: false,
  width_threshold: 1000,
  height_threshold: 700,
  delay: 0,
  debug: null,
  status: { atf: true, lrc: true },
  elements: 'img, video, picture, p, main, div, li, svg, section, header, span',
  lrc_threshold: 1800,
};
const PAGE = `<script data-name="wpr-wpr-beacon"></script>
  <img id="hero" src="https://shop.example/hero.jpg"><section id="far" data-rocket-location-hash="h-far">far</section>`;

const log = (endpoint: string) => state.log.filter((e) => e.endpoint === endpoint).map((e) => e.body);
const completed = () => document.querySelector('[data-name="wpr-wpr-beacon"]')?.getAttribute('beacon-completed');

/** Boxes for extra elements a test's page adds (runBeacon sets the page's own). */
let rectsFor: Record<string, Rect> = {};
afterEach(() => {
  rectsFor = {};
});

async function runBeacon(config: unknown, { cached = false, html = PAGE } = {}) {
  document.body.innerHTML = html;
  rects = { hero: { left: 0, top: 0, width: 900, height: 500 }, far: { left: 0, top: 3000, width: 900, height: 500 }, ...rectsFor };
  (window as { rocket_beacon_data?: unknown }).rocket_beacon_data = config;
  const marker = cached
    ? document.appendChild(document.createComment(' This website is like a Rocket. Debug: cached@1732500000 '))
    : undefined;
  try {
    await beacon.mount(document.body, context());
    await vi.waitFor(() => expect(completed()).toBe('true'), { timeout: 3000 });
  } finally {
    marker?.remove();
  }
}

describe('the beacon (manager scenarios)', () => {
  afterEach(() => delete (window as { rocket_beacon_data?: unknown }).rocket_beacon_data);

  it('uncached page: no check, both detections, one report with status success; beacon-completed', async () => {
    await runBeacon(CONFIG);
    expect(log('rocket_check_beacon')).toEqual([]);
    const reports = log('rocket_beacon');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      action: 'rocket_beacon',
      rocket_beacon_nonce: '7a1c0e93bd',
      url: CONFIG.url,
      is_mobile: 'false',
      status: 'success',
    });
    const results = JSON.parse(String(reports[0]!.results)) as { lcp: { label: string; src: string }[]; lrc: string[] };
    expect(results.lcp.map((e) => [e.label, e.src])).toEqual([['lcp', 'https://shop.example/hero.jpg']]);
    expect(results.lrc).toEqual(['h-far']);
  });

  it('cached page: asks rocket_check_beacon; when both are stored nothing is reported', async () => {
    await runBeacon(CONFIG, { cached: true });
    expect(log('rocket_check_beacon')).toEqual([
      { action: 'rocket_check_beacon', rocket_beacon_nonce: '7a1c0e93bd', url: CONFIG.url, is_mobile: 'false' },
    ]);
    expect(log('rocket_beacon')).toHaveLength(1);
    state.log.length = 0;
    document.querySelector('[data-name]')?.removeAttribute('beacon-completed');
    await runBeacon(CONFIG, { cached: true });
    expect(log('rocket_check_beacon')).toHaveLength(1);
    expect(log('rocket_beacon')).toEqual([]);
  });

  it('cached page: only the missing detection runs (the other is null)', async () => {
    await runBeacon({ ...CONFIG, status: { atf: true, lrc: false } });
    state.log.length = 0;
    await runBeacon(CONFIG, { cached: true });
    expect(JSON.parse(String(log('rocket_beacon')[0]!.results))).toEqual({ lcp: null, lrc: ['h-far'] });
  });

  it.each(['http500', 'not-json', 'offline'] as const)(
    'a failing check (%s) counts as not stored: both detections run',
    async (failure) => {
      failNext('rocket_check_beacon', failure);
      await runBeacon(CONFIG, { cached: true });
      expect(log('rocket_beacon')).toHaveLength(1);
    },
  );

  it('no detection enabled: no report', async () => {
    await runBeacon({ ...CONFIG, status: { atf: false, lrc: false } });
    expect(log('rocket_beacon')).toEqual([]);
  });

  it.each([
    ['the screen is too small for the desktop variant', { ...CONFIG, width_threshold: 5000 }],
    ['the screen is too large for the mobile variant', { ...CONFIG, is_mobile: true, width_threshold: 393, height_threshold: 830 }],
  ])('preconditions not met (%s): no request at all', async (_, config) => {
    await runBeacon(config, { cached: true });
    expect(state.log.filter((e) => e.endpoint.startsWith('rocket_'))).toEqual([]);
  });

  it('bails out when the page is already scrolled', async () => {
    const scroll = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(300);
    await runBeacon(CONFIG);
    scroll.mockRestore();
    expect(log('rocket_beacon')).toEqual([]);
  });

  it('a detection that throws: status script_error, the report still goes, once', async () => {
    const original = document.querySelectorAll.bind(document);
    vi.spyOn(document, 'querySelectorAll').mockImplementation(((selector: string) => {
      if (selector === '[data-rocket-location-hash]') throw new Error('boom');
      return original(selector);
    }) as typeof document.querySelectorAll);
    await runBeacon(CONFIG);
    const reports = log('rocket_beacon');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.status).toBe('script_error');
    expect(JSON.parse(String(reports[0]!.results)).lrc).toBeNull();
  });

  it('the 10 s guard sends the report with what exists (status timeout), once, and finishes', async () => {
    let shift = 0;
    const restore = setEnvironment({
      now: () => Date.now() + shift,
      // The guard's 10 s pass at once: the check below is still in flight.
      setTimeout: (fn, ms) =>
        globalThis.setTimeout(
          () => {
            if (ms === 10_000) shift = 10_000;
            fn();
          },
          ms === 10_000 ? 20 : ms,
        ) as unknown as number,
    });
    state.latency.set('rocket_check_beacon', 300);
    try {
      await runBeacon(CONFIG, { cached: true });
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      restore();
    }
    const reports = log('rocket_beacon');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.status).toBe('timeout');
    expect(JSON.parse(String(reports[0]!.results))).toEqual({ lcp: null, lrc: null });
  });

  it('a failed report is only logged; beacon-completed is set anyway', async () => {
    failNext('rocket_beacon', 'http500');
    await runBeacon(CONFIG);
    expect(log('rocket_beacon')).toHaveLength(1);
  });

  it("never runs next to WP Rocket's own script (a data-name element with src)", async () => {
    document.body.innerHTML =
      '<script data-name="wpr-wpr-beacon" src="/wp-content/plugins/wp-rocket/assets/js/wpr-beacon.min.js" async></script>';
    (window as { rocket_beacon_data?: unknown }).rocket_beacon_data = CONFIG;
    await beacon.mount(document.body, context());
    await new Promise((r) => setTimeout(r, 50));
    expect(completed()).toBeNull();
    expect(state.log).toEqual([]);
  });

  it('garbage config: one warning naming the widget and the field, nothing sent, beacon-completed set', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await runBeacon({ ...CONFIG, ajax_url: 'javascript:alert(1)' });
    expect(state.log).toEqual([]);
    expect(
      warn.mock.calls.map((c) => String(c[0])).filter((w) => w.includes('wp-rocket-beacon: rocket_beacon_data.ajax_url')),
    ).toHaveLength(1);
  });

  it('no skipStrings key: WP Rocket\'s default ["memex"], matched case-insensitively; a list the site sets replaces it', async () => {
    const html = `${PAGE}<section id="Saved-MEMEX-box" data-rocket-location-hash="h-memex">saved</section>`;
    const withMemex = async (config: unknown) => {
      state.log.length = 0;
      document.querySelector('[data-name]')?.removeAttribute('beacon-completed');
      await runBeacon(config, { html });
      return (JSON.parse(String(log('rocket_beacon')[0]!.results)) as { lrc: string[] }).lrc;
    };
    rectsFor = { 'Saved-MEMEX-box': { left: 0, top: 3600, width: 900, height: 500 } };
    expect(await withMemex(CONFIG)).toEqual(['h-far']);
    expect(await withMemex({ ...CONFIG, skipStrings: ['far'] })).toEqual(['h-memex']);
    expect(await withMemex({ ...CONFIG, skipStrings: [] })).toEqual(['h-far', 'h-memex']);
  });

  it('a delay past what a timer can hold is clamped to 10 s with one warning, not fired at once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const waits: number[] = [];
    (window as { rocket_beacon_data?: unknown }).rocket_beacon_data = { ...CONFIG, delay: 2 ** 32 + 1 };
    document.body.innerHTML = PAGE;
    await beacon.mount(document.body, { ...context(), timeout: (_fn, ms) => void waits.push(ms) });
    expect(waits).toEqual([10_000]);
    expect(completed()).toBeNull();
    expect(warn.mock.calls.map((c) => String(c[0])).filter((w) => w.includes('wp-rocket-beacon: rocket_beacon_data.delay'))).toHaveLength(
      1,
    );
  });

  it('a malformed optional field warns once and falls back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await runBeacon({ ...CONFIG, elements: 'img,,[', lrc_threshold: 'far', exclusions: [['data-x', '(']] });
    expect(log('rocket_beacon')).toHaveLength(1);
    const texts = warn.mock.calls.map((c) => String(c[0]));
    for (const field of ['elements', 'lrc_threshold', 'exclusions'])
      expect(texts.filter((w) => w.includes(`wp-rocket-beacon: rocket_beacon_data.${field}`))).toHaveLength(1);
  });
});
