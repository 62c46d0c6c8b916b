import { env } from '../env';
import type { Easing } from './easing';

export interface ScrollAnimation {
  /** Where to end, read when the animation starts (so a caller can re-measure between phases). */
  to: () => number;
  duration: number;
  easing: Easing;
  signal?: AbortSignal;
}

/** The WordPress admin bar's height while it is fixed (above 600 px it is; below it scrolls away). */
export function fixedAdminBarHeight(): number {
  const bar = document.getElementById('wpadminbar');
  return bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().height : 0;
}

/** The largest scroll position the document allows. */
export function maxScrollTop(): number {
  const root = document.scrollingElement ?? document.documentElement;
  return Math.max(0, root.scrollHeight - window.innerHeight);
}

export function scrollTopNow(): number {
  return window.scrollY || document.documentElement.scrollTop || 0;
}

function jump(top: number): void {
  // `instant`: a theme's `scroll-behavior: smooth` would otherwise animate every frame of ours again.
  window.scrollTo({ top, left: window.scrollX, behavior: 'instant' as ScrollBehavior });
}

/**
 * Animate the window's scroll position on env().frame and env().now, so tests drive it. Settles true when it
 * arrived, false when it was aborted or the shopper took over (wheel, touch, keys), in which case it stops
 * where it is. A duration of 0 jumps. A browser that stops delivering frames to a page it still shows (seen in
 * Chromium on a loaded machine) or a tab hidden after the click does not hold it: env().frame then runs on a
 * timer, and the animation ends by its clock.
 */
export function animateScroll({ to, duration, easing, signal }: ScrollAnimation): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const target = Math.round(to());
    if (duration <= 0) {
      jump(target);
      return resolve(true);
    }
    const e = env();
    const from = scrollTopNow();
    const start = e.now();
    const stop = new AbortController();
    let cancelFrame: (() => void) | undefined;
    const finish = (arrived: boolean) => {
      stop.abort();
      cancelFrame?.();
      resolve(arrived);
    };
    signal?.addEventListener('abort', () => finish(false), { signal: stop.signal });
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      window.addEventListener(type, () => finish(false), { passive: true, signal: stop.signal });
    const step = () => {
      const t = Math.min(1, (e.now() - start) / duration);
      jump(from + (target - from) * easing(t));
      if (t >= 1) finish(true);
      else cancelFrame = e.frame(step);
    };
    cancelFrame = e.frame(step);
  });
}
