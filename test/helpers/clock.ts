import { setEnvironment } from '../../src/env';

/**
 * A manual clock for env(): now, frames and timers advance only when the test says so, in 16 ms frames,
 * so scroll animations and delays run deterministically without real time.
 */
export interface FakeClock {
  now(): number;
  /** Move time forward, running frames (every 16 ms) and due timers in order. */
  advance(ms: number): void;
  /** Like advance, letting promise continuations run between frames (chained animations). */
  run(ms: number): Promise<void>;
  /** Advance frame by frame until the promise settles (e.g. the runtime mounting, which waits for a frame). */
  until<T>(promise: Promise<T>, limitMs?: number): Promise<T>;
  restore(): void;
}

export function fakeClock(start = 1_000_000): FakeClock {
  let t = start;
  let nextId = 1;
  let frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; fn: () => void; every?: number }>();

  const runTimers = () => {
    for (;;) {
      const due = [...timers.entries()].filter(([, x]) => x.at <= t).toSorted((a, b) => a[1].at - b[1].at)[0];
      if (!due) return;
      const [id, timer] = due;
      if (timer.every) timer.at += timer.every;
      else timers.delete(id);
      timer.fn();
    }
  };
  const runFrames = () => {
    const batch = frames;
    frames = new Map();
    for (const fn of batch.values()) fn();
  };
  const advance = (ms: number) => {
    const end = t + ms;
    while (t < end) {
      t = Math.min(end, t + 16);
      runTimers();
      runFrames();
    }
  };
  const restore = setEnvironment({
    now: () => t,
    frame(fn) {
      const id = nextId++;
      frames.set(id, fn);
      return () => frames.delete(id);
    },
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: t + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id),
    setInterval(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: t + Math.max(1, ms), fn, every: Math.max(1, ms) });
      return id;
    },
    clearInterval: (id) => void timers.delete(id),
    idle(fn) {
      const id = nextId++;
      timers.set(id, { at: t, fn });
      return () => timers.delete(id);
    },
  });
  return {
    now: () => t,
    advance,
    async run(ms) {
      for (let spent = 0; spent < ms; spent += 16) {
        advance(Math.min(16, ms - spent));
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
    },
    async until(promise, limitMs = 5000) {
      const state = { done: false };
      void promise.finally(() => (state.done = true)).catch(() => {});
      for (let spent = 0; !state.done && spent < limitMs; spent += 16) {
        advance(16);
        await new Promise((r) => globalThis.setTimeout(r, 0));
      }
      return promise;
    },
    restore,
  };
}
