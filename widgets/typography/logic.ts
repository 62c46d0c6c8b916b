/**
 * Avada's responsive typography as CSS: each matched element keeps its own size (`--fontSize`) at the site width
 * and above, shrinks linearly with the viewport down to `--minFontSize` at a 320 px viewport, and never goes
 * below it. All numbers are px without a unit (Avada's variables are read by its own calc()s the same way).
 */

/** The narrowest viewport the scale reaches down to (a small phone). */
export const SMALLEST_VIEWPORT = 320;

export const DEFAULTS = { siteWidth: 1180, sensitivity: 0.6, factor: 1.15, elements: 'h1, h2, h3, h4, h5, h6' };

/** `site_width` as Avada prints it ("1180px", "1180", 1180). A % width (boxed layouts) has no px anchor: undefined. */
export function parseSiteWidth(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+(?:\.\d+)?)(px)?$/i.exec(text);
  const n = match ? Number(match[1]) : Number.NaN;
  return n > SMALLEST_VIEWPORT + 80 && n <= 10_000 ? n : undefined;
}

/** A sensitivity between 0 (no shrinking) and 1. */
export function parseSensitivity(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}

export function parseFactor(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 && n <= 10 ? n : undefined;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The smallest size an element reaches: its own size reduced by the sensitivity, but never below the body size ×
 * the factor, and never above its own size (a heading smaller than that floor keeps its size).
 */
export function minFontSize(own: number, body: number, sensitivity: number, factor: number): number {
  const floor = Math.min(own, body * factor);
  return round(Math.max(own * (1 - sensitivity), floor));
}

/** The one rule for every calculated element (the site width is the only page-wide number in it). */
export function clampRule(siteWidth: number): string {
  const span = siteWidth - SMALLEST_VIEWPORT;
  const min = 'calc(var(--minFontSize) * 1px)';
  const fluid = `calc(var(--minFontSize) * 1px + (var(--fontSize) - var(--minFontSize)) * (100vw - ${SMALLEST_VIEWPORT}px) / ${span})`;
  const max = 'calc(var(--fontSize) * 1px)';
  return `html body .fusion-responsive-typography-calculated { font-size: clamp(${min}, ${fluid}, ${max}); }`;
}
