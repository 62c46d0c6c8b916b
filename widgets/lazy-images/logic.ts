/**
 * The lazy loader's rules, with no DOM: the observer margin, `data-expand`, the `sizes` of `data-sizes="auto"`,
 * the likely LCP image among those in view at start, and Avada's background attributes.
 */

/** lazysizes' default expand, and the smaller one it uses on small screens (both sides up to 500 px). */
export const EXPAND = 500;
export const SMALL_SCREEN_EXPAND = 370;
const SMALL_SCREEN = 500;
/** lazysizes' expFactor: the margin grows by this once the page has loaded and gone idle. */
export const IDLE_EXPAND_FACTOR = 1.5;
/** lazysizes' minimum size: a `sizes` below it (an image not laid out yet) would pick the smallest candidate. */
export const MIN_SIZE = 40;

/** The default margin for a viewport of this size, in px. */
export function defaultExpand(width: number, height: number): number {
  return width <= SMALL_SCREEN && height <= SMALL_SCREEN ? SMALL_SCREEN_EXPAND : EXPAND;
}

/**
 * `data-expand` as lazysizes reads it: a number of px (negative shrinks the area: the image loads only once it is
 * that far inside). Undefined when absent; NaN when present but not a number (the caller warns and uses the default).
 */
export function parseExpand(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim().replace(/px$/i, '');
  const n = text === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) && Math.abs(n) <= 10_000 ? Math.round(n) : Number.NaN;
}

/** The `sizes` value for an image rendered this wide (or its container, when the image itself is not laid out). */
export function autoSizes(width: number, containerWidth?: number): string {
  const w = width >= MIN_SIZE ? width : Math.max(containerWidth ?? 0, MIN_SIZE);
  return `${Math.round(w)}px`;
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** How much of a box lies inside the viewport, in px². */
export function visibleArea(box: Box, viewportWidth: number, viewportHeight: number): number {
  const w = Math.min(box.left + box.width, viewportWidth) - Math.max(box.left, 0);
  const h = Math.min(box.top + box.height, viewportHeight) - Math.max(box.top, 0);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The likely LCP image: the one showing the most area in the first viewport. Tiny images (icons, logos) never
 * win: fetching them first would delay the one that counts. Returns its index, or -1.
 */
export function likelyLcp(boxes: readonly Box[], viewportWidth: number, viewportHeight: number): number {
  const floor = Math.max(MIN_SIZE * MIN_SIZE, viewportWidth * viewportHeight * 0.02);
  let best = -1;
  let bestArea = floor;
  boxes.forEach((box, i) => {
    const area = visibleArea(box, viewportWidth, viewportHeight);
    if (area >= bestArea) {
      best = i;
      bestArea = area;
    }
  });
  return best;
}

/**
 * Avada's section and column backgrounds: `data-bg` holds the image URL, `data-bg-gradient` (optional) a CSS
 * gradient laid over it. Only gradient functions pass (the value goes into CSS, never anything else).
 */
export function isGradient(value: string): boolean {
  return /^\s*(repeating-)?(linear|radial|conic)-gradient\([^;{}]*\)\s*$/i.test(value);
}

/** The `background-image` value for a checked URL and an optional checked gradient. */
export function backgroundImage(url: string, gradient?: string): string {
  const layer = `url("${url.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
  return gradient ? `${gradient.trim()}, ${layer}` : layer;
}

/** Whether any part of a box shows in the viewport (not only in the observer's margin). */
export function inViewport(box: Box, viewportWidth: number, viewportHeight: number): boolean {
  return box.top < viewportHeight && box.top + box.height > 0 && box.left < viewportWidth && box.left + box.width > 0;
}

/** How far a box lies outside the viewport, in px (0 when any part of it shows). */
export function distanceFromViewport(box: Box, viewportWidth: number, viewportHeight: number): number {
  const dy = Math.max(0, box.top - viewportHeight, -(box.top + box.height));
  const dx = Math.max(0, box.left - viewportWidth, -(box.left + box.width));
  return Math.max(dx, dy);
}

/**
 * Unveiling (writing `src`, which starts the browser's image loading) costs a few ms per image on a slow phone:
 * a batch the observer reports together is unveiled in slices, yielding to input and paint once a task has run
 * this long. At least one image per task, so the queue always moves.
 */
export const SLICE_MS = 8;

/**
 * Runs `work` on what `take` hands out until it hands out nothing, yielding a task whenever the current one has
 * run `budget` ms, the microtasks each piece of work queued included. `take` is asked only after yielding, so an
 * item removed meanwhile is never worked on.
 */
export async function drainSliced<T>(
  take: () => T | undefined,
  work: (item: T) => void,
  clock: { now(): number; yieldTask(): Promise<void> },
  budget = SLICE_MS,
): Promise<void> {
  let start = clock.now();
  for (;;) {
    if (clock.now() - start >= budget) {
      await clock.yieldTask();
      start = clock.now();
    }
    const item = take();
    if (item === undefined) return;
    work(item);
    // Writing an image's src queues the browser's own work on it as a microtask (HTML: "update the image
    // data"); letting it run before reading the clock counts it in this task's time.
    await Promise.resolve();
  }
}
