import { env } from '../../src/env';
import { msToNextSecond } from './logic';

/**
 * One clock for every countdown on the page: a single timer, aligned to whole seconds, stopped while nobody
 * listens and while the tab is hidden (the browser would throttle it anyway; on return it catches up at once).
 * Shaped for useSyncExternalStore.
 */
const listeners = new Set<() => void>();
let timer: number | undefined;
let second = Math.floor(env().now() / 1000);

function notify(): void {
  const next = Math.floor(env().now() / 1000);
  if (next === second) return;
  second = next;
  // A copy: a listener may unsubscribe and subscribe again while being called.
  for (const fn of Array.from(listeners)) fn();
}

function schedule(): void {
  if (timer !== undefined || listeners.size === 0 || document.visibilityState === 'hidden') return;
  timer = env().setTimeout(() => {
    timer = undefined;
    notify();
    schedule();
  }, msToNextSecond(env().now()));
}

function stop(): void {
  if (timer === undefined) return;
  env().clearTimeout(timer);
  timer = undefined;
}

function onVisibility(): void {
  if (document.visibilityState === 'hidden') stop();
  else {
    notify();
    schedule();
  }
}

export function subscribe(fn: () => void): () => void {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisibility);
  listeners.add(fn);
  schedule();
  return () => {
    listeners.delete(fn);
    if (listeners.size > 0) return;
    stop();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The current whole second (ms), the same value for every reader within a second. */
export function getSnapshot(): number {
  const now = Math.floor(env().now() / 1000);
  // A render between ticks (mount, tab shown again) sees the real time, not a stale second.
  if (now !== second && listeners.size === 0) second = now;
  return second * 1000;
}

/** For tests: how many timers run. */
export function activeTimers(): number {
  return timer === undefined ? 0 : 1;
}
