import { afterEach, beforeEach, describe, expect, it, type MockInstance, onTestFinished, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import type { WidgetContext } from '../../src/widget';
import { testContext } from '../../test/helpers/context';
import widget from './animated-titles.widget';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { env, setEnvironment } from '../../src/env';
import { resetLogMemory, warnOnce } from '../../src/log';
import { displayTime, effectFor, nextIndex, SHAPES, shapeOf, shapePaths, startDelay } from './logic';

describe('animated title rules', () => {
  it('waits the parent duration × 200 ms; garbage is NaN', () => {
    expect(startDelay(null)).toBe(0);
    expect(startDelay('5')).toBe(1000);
    expect(startDelay('0.3')).toBeCloseTo(60);
    expect(startDelay('soon')).toBeNaN();
    expect(startDelay('-1')).toBeNaN();
  });

  it('shows each text at least 1200 ms', () => {
    expect(displayTime(null)).toBe(1200);
    expect(displayTime('800')).toBe(1200);
    expect(displayTime('2500')).toBe(2500);
    expect(displayTime('x')).toBe(1200);
  });

  it('goes in order, loops only when asked', () => {
    expect(nextIndex(0, 3, false)).toBe(1);
    expect(nextIndex(2, 3, true)).toBe(0);
    expect(nextIndex(2, 3, false)).toBeNull();
    expect(nextIndex(0, 1, true)).toBeNull();
  });

  it('maps effect names onto simple effects; refuses what is no name', () => {
    expect(effectFor('fadeInUp')).toBe('up');
    expect(effectFor('slideOutLeft')).toBe('left');
    expect(effectFor('fadeOutDown')).toBe('down');
    expect(effectFor('bounceIn')).toBe('zoom');
    expect(effectFor('flash')).toBe('fade');
    expect(effectFor(undefined)).toBe('fade');
    expect(effectFor('<b>flash')).toBeUndefined();
  });

  it('knows all ten shapes, from the class or data-highlight', () => {
    expect(SHAPES).toHaveLength(10);
    for (const shape of SHAPES) {
      const paths = shapePaths(shape);
      expect(paths.length).toBeGreaterThan(0);
      for (const d of paths) expect(d).toMatch(/^M[\d. ]+[LQC]/);
    }
    expect(shapeOf(['fusion-title', 'fusion-highlight-double_underline'], null)).toBe('double_underline');
    expect(shapeOf(['fusion-title'], 'x')).toBe('x');
    expect(shapeOf(['fusion-highlight-spiral'], null)).toBeUndefined();
  });
});

const ROTATING = (classes: string, delay = '') => `
  <div ${delay ? `data-animationDuration="${delay}"` : ''}>
    <div class="fusion-title fusion-title-rotating ${classes}" id="t">
      <h2><span class="fusion-animated-text-prefix">Made for </span><span class="fusion-animated-texts-wrapper"><span class="fusion-textillate" data-in-effect="fadeInUp" data-out-effect="fadeOutUp">kitchens</span><span class="fusion-textillate" data-in-effect="fadeInUp" data-out-effect="fadeOutUp">workshops</span><span class="fusion-textillate">gardens</span></span></h2>
    </div>
  </div>`;

describe('animated titles widget', () => {
  let clock: FakeClock;
  let restoreEnv: () => void;
  let reduced = false;
  const inView: ((v: boolean) => void)[] = [];
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    clock = fakeClock();
    reduced = false;
    inView.length = 0;
    restoreEnv = setEnvironment({
      visible: (_el, fn) => {
        fn();
        return () => {};
      },
      intersecting: (_el, fn) => {
        inView.push(fn);
        return () => {};
      },
      prefersReducedMotion: () => reduced,
    });
    resetLogMemory();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    restoreEnv();
    clock.restore();
    warn.mockRestore();
  });

  const current = () => [...document.querySelectorAll('.sf-title-current')].map((el) => el.textContent);
  /**
   * The widget's own mount on the fixture's markup with a context like the runtime's (timers on the fake clock,
   * warnings through the log): rotation timing is the widget's, not the runtime's scheduling.
   */
  const mount = async (html: string) => {
    document.body.innerHTML = html;
    const controller = new AbortController();
    const cleanups: (() => void)[] = [];
    const context: WidgetContext = {
      ...testContext('animated-titles'),
      name: 'animated-titles',
      signal: controller.signal,
      onCleanup: (fn) => void cleanups.push(fn),
      timeout: (fn, ms) => {
        const id = env().setTimeout(fn, ms);
        cleanups.push(() => env().clearTimeout(id));
      },
      interval: () => {},
      warn: (field, message) => warnOnce('animated-titles', field, message),
    };
    onTestFinished(() => {
      controller.abort();
      cleanups.forEach((fn) => fn());
    });
    for (const el of document.querySelectorAll('.fusion-title')) await widget.mount(el, context);
  };

  /** Steps the fake clock and records [time since `from`, text] each time the shown text changes. */
  const timeline = (from: number, ms: number) => {
    const changes: [number, string][] = [];
    let last = current().join();
    for (let t = 0; t < ms; t += 10) {
      clock.advance(10);
      const now = current().join();
      if (now !== last) changes.push([clock.now() - from, now]);
      last = now;
    }
    return changes;
  };
  const gaps = (changes: [number, string][]) => changes.slice(1).map(([t], i) => t - changes[i]![0]);

  it('rotates one text at a time, in order, each at least 1200 ms, and loops with fusion-loop-on', async () => {
    const before = clock.now();
    await mount(ROTATING('fusion-loop-on'));
    expect(current()).toEqual(['kitchens']);
    expect(document.querySelector('.fusion-animated-texts-wrapper')!.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.sf-title-sr')!.textContent).toBe('kitchens, workshops, gardens');
    const changes = timeline(before, 5000);
    expect(changes.map(([, text]) => text)).toEqual(['workshops', 'gardens', 'kitchens']);
    expect(changes[0]![0]).toBeGreaterThanOrEqual(1200);
    for (const gap of gaps(changes)) expect(gap).toBeGreaterThanOrEqual(1200 + 400);
    expect(warn).not.toHaveBeenCalled();
  });

  it('marks the entering text with its effect and the leaving one until its effect ends', async () => {
    await mount(ROTATING('fusion-loop-on'));
    expect(timeline(clock.now(), 1300).map(([, text]) => text)).toEqual(['workshops']);
    const shown = document.querySelector('.sf-title-current')!;
    expect(shown.textContent).toBe('workshops');
    expect(shown.classList.contains('sf-title-in-up')).toBe(true);
    clock.advance(1200);
    expect(document.querySelector('.sf-title-leaving')).toBeNull();
  });

  it('stops at the last text without fusion-loop-on, after the parent delay', async () => {
    const before = clock.now();
    await mount(ROTATING('', '5'));
    const changes = timeline(before, 12_000);
    expect(changes.map(([, text]) => text)).toEqual(['workshops', 'gardens']);
    expect(changes[0]![0]).toBeGreaterThanOrEqual(1000 + 1200);
  });

  it('stays on the first text under reduced motion, with the same accessible text', async () => {
    reduced = true;
    await mount(ROTATING('fusion-loop-on'));
    clock.advance(10_000);
    expect(current()).toEqual(['kitchens']);
    expect(document.querySelector('.sf-title-sr')!.textContent).toBe('kitchens, workshops, gardens');
  });

  it('warns once for a garbage delay and effect, and still rotates', async () => {
    await mount(
      ROTATING('fusion-loop-on', 'soon')
        .replace('data-in-effect="fadeInUp"', 'data-in-effect="&lt;b&gt;"')
        .replace('data-in-effect="fadeInUp"', 'data-in-effect="&lt;b&gt;"'),
    );
    timeline(clock.now(), 1800);
    expect(current()).toEqual(['workshops']);
    const messages = warn.mock.calls.map((c) => String(c[0]));
    expect(messages).toEqual([
      expect.stringContaining('animated-titles: data-animationduration:'),
      expect.stringContaining('animated-titles: data-in-effect:'),
    ]);
  });

  it('draws our shape when the title enters the viewport; none under reduced motion (shown drawn)', async () => {
    await mount(
      `<div class="fusion-title fusion-title-highlight fusion-highlight-curly" id="h"><h2>Wool that <span class="fusion-highlighted-text">breathes</span></h2></div>`,
    );
    const title = document.querySelector('#h')!;
    const svg = title.querySelector('.fusion-highlighted-text > svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('path')!.getAttribute('pathLength')).toBe('1');
    expect(title.classList.contains('sf-highlight-drawn')).toBe(false);
    inView.forEach((fn) => fn(false));
    expect(title.classList.contains('sf-highlight-drawn')).toBe(false);
    inView.forEach((fn) => fn(true));
    expect(title.classList.contains('sf-highlight-drawn')).toBe(true);
    expect(title.querySelector('h2')!.textContent).toBe('Wool that breathes');
  });

  it('animates the SVG the server printed instead of adding ours; reduced motion shows it drawn', async () => {
    reduced = true;
    await mount(
      `<div class="fusion-title fusion-title-highlight fusion-highlight-underline" id="h"><h2><span class="fusion-highlighted-text-wrapper"><span class="fusion-highlighted-text">lasts</span><svg viewBox="0 0 500 150"><path d="M0 140 L500 140"></path></svg></span></h2></div>`,
    );
    expect(document.querySelectorAll('#h svg')).toHaveLength(1);
    expect(document.querySelector('#h')!.classList.contains('sf-highlight-drawn')).toBe(true);
  });

  it('mounts through the registry line on the theme markup', async () => {
    await clock.until(mountPage(ROTATING('fusion-loop-on'), only('animated-titles')));
    expect(document.querySelector('#t')!.classList.contains('sf-rotating')).toBe(true);
    expect(current()).toEqual(['kitchens']);
  });

  it('an unknown shape warns and leaves the words readable', async () => {
    await mount(
      `<div class="fusion-title fusion-title-highlight fusion-highlight-spiral" id="h"><h2><span class="fusion-highlighted-text">Kept plain</span></h2></div>`,
    );
    expect(document.querySelector('#h svg')).toBeNull();
    expect(document.querySelector('#h')!.textContent).toBe('Kept plain');
    expect(String(warn.mock.calls[0]![0])).toContain('animated-titles: highlight shape:');
  });
});
