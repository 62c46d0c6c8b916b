/**
 * Carousel rules, no DOM: the element's data read into options, and how many items show at a width.
 * Avada's carousels: items 250 px wide with 16 px between them, from 1.6 to 4.3 items in view, one item per move;
 * the WooCommerce product slider loops and spaces its items 10/20/30 px at the small/medium/large breakpoints.
 */
import { parseFlag, parseNumber } from '../../src/config/parse';

export const ITEM_WIDTH = 250;
export const ITEM_MARGIN = 16;
export const MIN_VISIBLE = 1.6;
export const MAX_VISIBLE = 4.3;
/** Avada's breakpoints: small up to 640 px, medium up to 1024 px, large above. */
export const SMALL_MAX = 640;
export const MEDIUM_MAX = 1024;
export const DEFAULT_AUTOPLAY_SPEED = 5000;
export const MIN_AUTOPLAY_SPEED = 1000;

export interface CarouselOptions {
  itemWidth: number;
  /** undefined: the breakpoint spacing (product slider) or the 16 px default. */
  itemMargin: number | undefined;
  /** The most items in view (data-columns); undefined: as many as fit up to 4.3. */
  columns: number | undefined;
  autoplay: boolean;
  /** Milliseconds between moves. */
  speed: number;
  loop: boolean;
  /** Items per move. */
  scrollItems: number;
}

type Read = (name: string) => string | null;
export type Warn = (field: string, message: string) => void;

/**
 * The options of one carousel from its data attributes; a malformed value gets one warning naming the attribute
 * and the default. `productSlider`: the WooCommerce product slider (loops, breakpoint spacing).
 */
export function readCarouselOptions(read: Read, productSlider: boolean, warn: Warn): CarouselOptions {
  const number = (name: string, min: number, max: number): number | undefined => {
    const raw = read(name);
    if (raw === null || raw.trim() === '') return undefined;
    const n = parseNumber(raw);
    if (n === undefined || n < min || n > max) {
      warn(name, `expected a number from ${min} to ${max}, got ${JSON.stringify(raw)}; using the default`);
      return undefined;
    }
    return n;
  };
  const rawAutoplay = read('data-autoplay');
  let autoplay = false;
  if (rawAutoplay !== null) {
    const on = parseFlag(rawAutoplay);
    if (on === undefined) warn('data-autoplay', `expected "yes" or "no", got ${JSON.stringify(rawAutoplay)}; not rotating`);
    autoplay = on ?? false;
  }
  const rawLoop = read('data-loop');
  let loop = productSlider;
  if (rawLoop !== null) {
    const on = parseFlag(rawLoop);
    if (on === undefined) warn('data-loop', `expected "yes" or "no", got ${JSON.stringify(rawLoop)}; using ${loop ? '"yes"' : '"no"'}`);
    loop = on ?? loop;
  }
  const columns = number('data-columns', 1, 12);
  return {
    itemWidth: number('data-itemwidth', 50, 2000) ?? ITEM_WIDTH,
    itemMargin: number('data-itemmargin', 0, 200),
    columns: columns === undefined ? undefined : Math.round(columns),
    autoplay,
    speed: number('data-speed', MIN_AUTOPLAY_SPEED, 60_000) ?? DEFAULT_AUTOPLAY_SPEED,
    loop,
    // One item per move is the rule; a theme asking for a whole page at once still gets it.
    scrollItems: Math.round(number('data-scrollitems', 1, 12) ?? 1),
  };
}

/** The space between items at a viewport width: the product slider's breakpoint spacing, else the margin. */
export function itemSpacing(options: Pick<CarouselOptions, 'itemMargin'>, productSlider: boolean, viewportWidth: number): number {
  if (options.itemMargin !== undefined) return options.itemMargin;
  if (!productSlider) return ITEM_MARGIN;
  return viewportWidth <= SMALL_MAX ? 10 : viewportWidth <= MEDIUM_MAX ? 20 : 30;
}

/**
 * How many items are in view in a carousel `width` px wide: as many items of `itemWidth` (plus the spacing) as
 * fit, kept within 1.6 and 4.3 (a part of the next item always shows, so it reads as a carousel), and never
 * more than the theme's column count (nor more than there are items).
 */
export function visibleItems(width: number, itemWidth: number, spacing: number, columns: number | undefined, count: number): number {
  if (!(width > 0)) return 1;
  const fit = (width + spacing) / (itemWidth + spacing);
  let visible = Math.min(MAX_VISIBLE, Math.max(MIN_VISIBLE, fit));
  if (columns !== undefined) visible = Math.min(visible, columns);
  visible = Math.min(visible, Math.max(1, count));
  return Math.round(visible * 100) / 100;
}

/** The width of one item when `visible` items and the spaces between them fill `width`. */
export function itemWidthFor(width: number, visible: number, spacing: number): number {
  return Math.max(0, (width + spacing) / visible - spacing);
}
