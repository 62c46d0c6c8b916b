import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { resetLogMemory } from '../../src/log';
import { resetLazyImages } from './lazy-images.widget';
import {
  autoSizes,
  backgroundImage,
  defaultExpand,
  distanceFromViewport,
  drainSliced,
  inViewport,
  isGradient,
  likelyLcp,
  parseExpand,
} from './logic';
import { setEnvironment } from '../../src/env';

describe('lazy image rules', () => {
  it('expands 500 px, 370 px when both sides are at most 500 px', () => {
    expect(defaultExpand(1280, 800)).toBe(500);
    expect(defaultExpand(500, 500)).toBe(370);
    expect(defaultExpand(500, 800)).toBe(500);
    expect(defaultExpand(360, 480)).toBe(370);
  });

  it('reads data-expand as px, negative allowed; garbage is NaN', () => {
    expect(parseExpand(null)).toBeUndefined();
    expect(parseExpand('2500')).toBe(2500);
    expect(parseExpand(' -100px ')).toBe(-100);
    expect(parseExpand('lots')).toBeNaN();
    expect(parseExpand('')).toBeNaN();
    expect(parseExpand('1e9')).toBeNaN();
  });

  it('sizes from the rendered width, the container or 40 px when the image is not laid out', () => {
    expect(autoSizes(312.4)).toBe('312px');
    expect(autoSizes(0, 640)).toBe('640px');
    expect(autoSizes(0)).toBe('40px');
  });

  it('picks the image showing most in the first viewport, never a small one', () => {
    const boxes = [
      { top: 10, left: 10, width: 32, height: 32 },
      { top: 100, left: 0, width: 1200, height: 500 },
      { top: 700, left: 0, width: 1200, height: 600 },
      { top: 900, left: 0, width: 1600, height: 900 },
    ];
    expect(likelyLcp(boxes, 1280, 800)).toBe(1);
    expect(likelyLcp([boxes[0]!, boxes[3]!], 1280, 800)).toBe(-1);
  });

  it('tells the first viewport from the margin, and how far out a box lies', () => {
    expect(inViewport({ top: 700, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(true);
    expect(inViewport({ top: 800, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(false);
    expect(inViewport({ top: -200, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(false);
    expect(distanceFromViewport({ top: 1000, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(200);
    expect(distanceFromViewport({ top: -450, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(250);
    expect(distanceFromViewport({ top: 100, left: 0, width: 300, height: 200 }, 1280, 800)).toBe(0);
  });

  it('drains a queue in slices: at least one item per task, a yield once a task ran 8 ms', async () => {
    let t = 0;
    const done: string[] = [];
    const log: string[] = [];
    const items = ['a', 'b', 'c', 'd', 'e'];
    await drainSliced(
      () => items.shift(),
      (item) => {
        done.push(item);
        log.push(item);
        t += item === 'a' ? 20 : 3;
      },
      { now: () => t, yieldTask: async () => void log.push('|') },
    );
    expect(done).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Each piece of work's microtasks run before the clock is read again.
    let microtaskRan = false;
    let ranBeforeNext: boolean | undefined;
    const two = [1, 2];
    await drainSliced(
      () => two.shift(),
      (n) => {
        if (n === 1) queueMicrotask(() => (microtaskRan = true));
        else ranBeforeNext = microtaskRan;
      },
      { now: () => 0, yieldTask: async () => {} },
    );
    expect(ranBeforeNext).toBe(true);
    // a alone overran the budget; then 3 ms items, three per 8 ms task.
    expect(log.join('')).toBe('a|bcd|e');
  });

  it('takes only CSS gradients from data-bg-gradient and quotes the URL', () => {
    expect(isGradient('linear-gradient(180deg, rgba(0,0,0,.2) 0%, #000 100%)')).toBe(true);
    expect(isGradient('radial-gradient(circle, red, blue)')).toBe(true);
    expect(isGradient('url(https://x.test/a.jpg)')).toBe(false);
    expect(isGradient('linear-gradient(red, blue); background: red')).toBe(false);
    expect(backgroundImage('https://x.test/a "b".jpg', 'linear-gradient(red, blue)')).toBe(
      'linear-gradient(red, blue), url("https://x.test/a %22b%22.jpg")',
    );
  });
});

/** A stand-in IntersectionObserver the test drives: happy-dom never calls back. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Report these elements as in (or out of) the margin with the given box. */
  report(items: [Element, boolean, { top: number; left: number; width: number; height: number }?][]) {
    const entries = items.map(([target, isIntersecting, box]) => ({
      target,
      isIntersecting,
      boundingClientRect: box ?? { top: 0, left: 0, width: 300, height: 200 },
    }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

const observerWith = (el: Element) => FakeObserver.all.find((o) => o.targets.has(el));
const q = <T extends Element = HTMLImageElement>(s: string) => document.querySelector<T>(s)!;

describe('lazy images widget', () => {
  let warn: MockInstance<typeof console.warn>;
  let idle: (() => void)[] = [];
  let restoreIdle: () => void;
  beforeEach(() => {
    idle = [];
    // The main thread's idle moments, in the test's hands (happy-dom has no requestIdleCallback).
    restoreIdle = setEnvironment({
      idle(fn) {
        idle.push(fn);
        return () => void (idle = idle.filter((f) => f !== fn));
      },
    });
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    resetLazyImages();
    resetLogMemory();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    restoreIdle();
    vi.unstubAllGlobals();
    warn.mockRestore();
  });

  const PLACEHOLDER =
    'data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%20width%3D%27600%27%20height%3D%27400%27%3E%3C%2Fsvg%3E';

  it('unveils an image in the margin: event, classes, srcset, sizes, src; lazyloaded on load', async () => {
    await mountPage(
      `<img id="a" class="lazyload" width="600" height="400" src="${PLACEHOLDER}" data-orig-src="/up/a-600x400.jpg" data-srcset="/up/a-300x200.jpg 300w, javascript:x 600w" data-sizes="auto" alt="A">`,
      only('lazy-images'),
    );
    const img = q('#a');
    const observer = observerWith(img)!;
    expect(observer.options.rootMargin).toBe('500px');
    const seen: string[] = [];
    document.addEventListener('lazybeforeunveil', (e) => seen.push(`${e.type}:${e.bubbles}:${e.cancelable}`), { once: true });
    document.addEventListener('lazyloaded', (e) => seen.push(`${e.type}:${e.bubbles}`), { once: true });
    observer.report([[img, true, { top: 900, left: 0, width: 311.6, height: 200 }]]);
    expect(seen).toEqual(['lazybeforeunveil:true:true']);
    expect([...img.classList]).toEqual(['lazyloading']);
    expect(img.getAttribute('src')).toBe('/up/a-600x400.jpg');
    expect(img.getAttribute('srcset')).toBe('/up/a-300x200.jpg 300w');
    expect(img.getAttribute('sizes')).toBe('312px');
    // Below the first viewport: no priority.
    expect(img.getAttribute('fetchpriority')).toBeNull();
    img.dispatchEvent(new Event('load'));
    expect([...img.classList]).toEqual(['lazyloaded']);
    expect(seen).toEqual(['lazybeforeunveil:true:true', 'lazyloaded:true']);
    expect(observer.targets.has(img)).toBe(false);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining('lazy-images: data-srcset:')]);
  });

  it('gives the biggest image in the first viewport fetchpriority=high, once', async () => {
    await mountPage(
      `<img id="logo" class="lazyload" data-orig-src="/up/logo.jpg" alt="">
       <img id="hero" class="lazyload" data-orig-src="/up/hero.jpg" alt="">
       <img id="later" class="lazyload" data-orig-src="/up/later.jpg" alt="">`,
      only('lazy-images'),
    );
    const observer = observerWith(q('#hero'))!;
    observer.report([
      [q('#logo'), true, { top: 10, left: 10, width: 32, height: 32 }],
      [q('#hero'), true, { top: 80, left: 0, width: 1024, height: 500 }],
      [q('#later'), false],
    ]);
    expect(q('#hero').getAttribute('fetchpriority')).toBe('high');
    expect(q('#logo').getAttribute('fetchpriority')).toBeNull();
    expect(q('#logo').getAttribute('src')).toBe('/up/logo.jpg');
    observer.report([[q('#later'), true, { top: 0, left: 0, width: 1024, height: 700 }]]);
    expect(q('#later').getAttribute('fetchpriority')).toBeNull();
  });

  it('unveils the first viewport at once and a batch below it nearest first, a slice per task', async () => {
    let t = 0;
    const yields: (() => void)[] = [];
    const ids = ['top1', 'top2', 'far', 'near', 'mid', 'gone'];
    await mountPage(
      ids.map((id) => `<img id="${id}" class="lazyload" data-orig-src="/up/${id}.jpg" alt="">`).join(''),
      only('lazy-images'),
    );
    // The page's time and tasks, from here on in the test's hands.
    const restore = setEnvironment({ now: () => t, yieldTask: () => new Promise<void>((resolve) => yields.push(resolve)) });
    try {
      const order: string[] = [];
      // Each unveiling costs 5 ms of the page's time.
      document.addEventListener('lazybeforeunveil', (e) => {
        order.push((e.target as Element).id);
        t += 5;
      });
      const box = (top: number) => ({ top, left: 0, width: 600, height: 300 });
      const vh = window.innerHeight;
      observerWith(q('#top1'))!.report([
        [q('#top1'), true, box(0)],
        [q('#far'), true, box(vh + 450)],
        [q('#top2'), true, box(vh - 100)],
        [q('#mid'), true, box(vh + 200)],
        [q('#near'), true, box(vh + 10)],
        [q('#gone'), true, box(vh + 300)],
      ]);
      // The first viewport at once, in the observer's task (10 ms); the queue's first item too (near), then, once
      // its microtasks ran, mid (10 ms: over budget).
      expect(order).toEqual(['top1', 'top2', 'near']);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(order).toEqual(['top1', 'top2', 'near', 'mid']);
      expect(q('#far').getAttribute('src')).toBeNull();
      expect(q('#far').classList.contains('lazyload')).toBe(true);
      q('#gone').remove();
      yields.shift()!();
      await vi.waitFor(() => expect(order).toEqual(['top1', 'top2', 'near', 'mid', 'far']));
      expect(q('#far').getAttribute('src')).toBe('/up/far.jpg');
      expect([...q('#far').classList]).toEqual(['lazyloading']);
      expect(yields).toHaveLength(0);
    } finally {
      restore();
    }
  });

  it('widens the page margin 1.5x once the page has loaded and gone idle; data-expand stays', async () => {
    await mountPage(
      `<img id="k" class="lazyload" data-orig-src="/up/k.jpg" alt="">
       <img id="l" class="lazyload" data-orig-src="/up/l.jpg" data-expand="100" alt="">`,
      only('lazy-images'),
    );
    expect(observerWith(q('#k'))!.options.rootMargin).toBe('500px');
    expect(document.readyState).toBe('complete');
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(observerWith(q('#k'))!.options.rootMargin).toBe('750px');
    expect(FakeObserver.all.filter((o) => o.targets.has(q('#k')))).toHaveLength(1);
    expect(observerWith(q('#l'))!.options.rootMargin).toBe('100px');
    // Reported by the wider observer: unveiled as any other.
    observerWith(q('#k'))!.report([[q('#k'), true, { top: 1450, left: 0, width: 300, height: 200 }]]);
    expect(q('#k').getAttribute('src')).toBe('/up/k.jpg');
    // Images inserted later start with the wider margin.
    document.body.insertAdjacentHTML('beforeend', '<img id="m" class="lazyload" data-orig-src="/up/m.jpg" alt="">');
    await vi.waitFor(() => expect(observerWith(q('#m'))?.options.rootMargin).toBe('750px'));
  });

  it('marks a failed image lazyerror and fires no lazyloaded', async () => {
    await mountPage('<img id="b" class="lazyload" data-orig-src="/up/missing.jpg" alt="">', only('lazy-images'));
    const loadedEvents: Event[] = [];
    document.addEventListener('lazyloaded', (e) => loadedEvents.push(e), { once: true });
    observerWith(q('#b'))!.report([[q('#b'), true]]);
    q('#b').dispatchEvent(new Event('error'));
    expect([...q('#b').classList]).toEqual(['lazyerror']);
    expect(loadedEvents).toEqual([]);
  });

  it('lets a lazybeforeunveil listener take over', async () => {
    await mountPage('<img id="c" class="lazyload" data-orig-src="/up/c.jpg" alt="">', only('lazy-images'));
    q('#c').addEventListener('lazybeforeunveil', (e) => e.preventDefault());
    observerWith(q('#c'))!.report([[q('#c'), true]]);
    expect(q('#c').getAttribute('src')).toBeNull();
    expect(q('#c').className).toBe('');
  });

  it('fills <picture> sources from data-srcset with the same sizes', async () => {
    await mountPage(
      `<picture><source type="image/webp" data-srcset="/up/d.webp 400w" data-sizes="auto"><img id="d" class="lazyload" data-orig-src="/up/d.jpg" data-sizes="auto" alt=""></picture>`,
      only('lazy-images'),
    );
    observerWith(q('#d'))!.report([[q('#d'), true, { top: 900, left: 0, width: 400, height: 300 }]]);
    expect(q('source').getAttribute('srcset')).toBe('/up/d.webp 400w');
    expect(q('source').getAttribute('sizes')).toBe('400px');
    expect(q('#d').getAttribute('src')).toBe('/up/d.jpg');
  });

  it('data-expand gets its own margin; garbage warns once and takes the default', async () => {
    await mountPage(
      `<img id="e" class="lazyload" data-orig-src="/up/e.jpg" data-expand="2500" alt="">
       <img id="f" class="lazyload" data-orig-src="/up/f.jpg" data-expand="lots" alt="">
       <img id="g" class="lazyload" data-orig-src="/up/g.jpg" alt="">`,
      only('lazy-images'),
    );
    expect(observerWith(q('#e'))!.options.rootMargin).toBe('2500px');
    expect(observerWith(q('#f'))).toBe(observerWith(q('#g')));
    expect(FakeObserver.all).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('[storefront-islands] lazy-images: data-expand:');
  });

  it('keeps the printed src when data-orig-src is not http(s), and says so once', async () => {
    await mountPage('<img id="h" class="lazyload" src="/up/printed.jpg" data-orig-src="javascript:alert(1)" alt="">', only('lazy-images'));
    observerWith(q('#h'))!.report([[q('#h'), true]]);
    expect(q('#h').getAttribute('src')).toBe('/up/printed.jpg');
    expect(q('#h').className).toBe('lazyerror');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('lazy-images: data-orig-src:');
  });

  it('leaves an image blocked by the consent bar alone until the privacy widget unblocks it', async () => {
    await mountPage(
      '<img id="i" class="lazyload fusion-hidden" data-privacy-type="flickr" data-privacy-src="/up/i.jpg" src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" alt="">',
      only('lazy-images'),
    );
    const img = q('#i');
    expect(observerWith(img)).toBeUndefined();
    // What widgets/privacy does once the type is allowed.
    img.setAttribute('data-orig-src', img.getAttribute('data-privacy-src')!);
    img.setAttribute('data-privacy-unblocked', '');
    img.dispatchEvent(new CustomEvent('storefront:privacy-unblocked', { bubbles: true, detail: { type: 'flickr' } }));
    observerWith(img)!.report([[img, true]]);
    expect(img.getAttribute('src')).toBe('/up/i.jpg');
  });

  it('sets a section background with its gradient; a bad URL warns and sets none', async () => {
    await mountPage(
      `<div id="bg" class="fusion-fullwidth lazyload" data-bg="/up/bg.jpg" data-bg-gradient="linear-gradient(red, blue)"></div>
       <div id="bad" class="fusion-fullwidth lazyload" data-bg="javascript:x"></div>`,
      only('lazy-images'),
    );
    const bg = q<HTMLElement>('#bg');
    observerWith(bg)!.report([
      [bg, true],
      [q('#bad'), true],
    ]);
    expect(bg.style.backgroundImage).toContain('linear-gradient(red, blue)');
    expect(bg.style.backgroundImage).toContain('/up/bg.jpg');
    expect(bg.classList.contains('lazyloading')).toBe(true);
    expect(q<HTMLElement>('#bad').style.backgroundImage).toBe('');
    expect(q('#bad').className).toBe('fusion-fullwidth lazyerror');
    expect(String(warn.mock.calls[0]![0])).toContain('lazy-images: data-bg:');
  });

  it('picks up images inserted later and stops watching removed ones', async () => {
    const runtime = await mountPage('<div id="list"></div>', only('lazy-images'));
    q('#list').innerHTML = '<img id="j" class="lazyload" data-orig-src="/up/j.jpg" alt="">';
    await runtime.settled();
    const observer = observerWith(q('#j'))!;
    expect(observer).toBeDefined();
    const img = q('#j');
    img.remove();
    await runtime.settled();
    expect(observer.targets.has(img)).toBe(false);
  });
});
