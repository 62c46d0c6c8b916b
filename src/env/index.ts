/**
 * The environment as a seam: time, idle scheduling, frames, observers and media queries. Widgets reach the
 * browser through these so tests can drive time and visibility (happy-dom has no layout, no
 * IntersectionObserver callbacks and no requestIdleCallback).
 */
export interface Environment {
  now(): number;
  /** A number in [0, 1): Math.random, or a seeded generator in tests. */
  random(): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
  setInterval(fn: () => void, ms: number): number;
  clearInterval(id: number): void;
  /** Run when the main thread is idle, at the latest after `timeout` ms. */
  idle(fn: () => void, timeout?: number): () => void;
  /** Run before the next paint. */
  frame(fn: () => void): () => void;
  /** Settles in a new task (or at once when the browser has nothing to yield to): lets input and paint run between two pieces of work. */
  yieldTask(): Promise<void>;
  /** Call back once when the element comes within `margin` of the viewport. */
  visible(el: Element, fn: () => void, margin?: string): () => void;
  /** Call back whenever the element enters or leaves the viewport (first call once known), until cancelled. */
  intersecting(el: Element, fn: (inView: boolean) => void, margin?: string): () => void;
  matchMedia(query: string): MediaQueryList | undefined;
  prefersReducedMotion(): boolean;
}

/** Stands in for a frame in a hidden tab (browsers throttle background timers to about 1 s anyway). */
const HIDDEN_FRAME_MS = 50;
/**
 * Stands in for a frame that a shown page does not get: Chromium on a loaded machine stopped delivering frames to
 * a page it still showed (none for 15 s, timers running). A frame is due within 16 ms; this is six of them.
 */
const STALLED_FRAME_MS = 100;

const browser: Environment = {
  now: () => Date.now(),
  random: () => Math.random(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) as unknown as number,
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms) as unknown as number,
  clearInterval: (id) => globalThis.clearInterval(id),
  idle(fn, timeout = 2000) {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => fn(), { timeout });
      return () => cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(fn, 1);
    return () => globalThis.clearTimeout(id);
  },
  frame(fn) {
    if (typeof requestAnimationFrame !== 'function') {
      const id = globalThis.setTimeout(fn, 16);
      return () => globalThis.clearTimeout(id);
    }
    // A hidden tab paints no frames, so a frame callback waits until the shopper comes back: the runtime's
    // batching, ready() and announcements would stall. There, a timeout runs it (whichever comes first); in a
    // shown page too, later, for a browser that stops painting it.
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frameId);
      globalThis.clearTimeout(timerId);
      fn();
    };
    const frameId = requestAnimationFrame(once);
    const hidden = typeof document !== 'undefined' && document.hidden;
    const timerId = globalThis.setTimeout(once, hidden ? HIDDEN_FRAME_MS : STALLED_FRAME_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frameId);
      globalThis.clearTimeout(timerId);
    };
  },
  yieldTask() {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (typeof scheduler?.yield === 'function') return scheduler.yield();
    if (typeof MessageChannel !== 'function') return Promise.resolve();
    // A message is a task of its own without setTimeout's nesting clamp (Safari has no scheduler.yield).
    return new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    });
  },
  visible(el, fn, margin = '200px') {
    if (typeof IntersectionObserver !== 'function') {
      fn();
      return () => {};
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          fn();
        }
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  },
  intersecting(el, fn, margin = '0px') {
    if (typeof IntersectionObserver !== 'function') return () => {};
    const io = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) fn(last.isIntersecting);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  },
  matchMedia: (query) => (typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(query) : undefined),
  prefersReducedMotion() {
    return browser.matchMedia('(prefers-reduced-motion: reduce)')?.matches ?? false;
  },
};

let current: Environment = browser;

export function env(): Environment {
  return current;
}

/** Tests replace parts of the environment; returns a restore function. */
export function setEnvironment(overrides: Partial<Environment>): () => void {
  const previous = current;
  current = { ...previous, ...overrides };
  return () => {
    current = previous;
  };
}
