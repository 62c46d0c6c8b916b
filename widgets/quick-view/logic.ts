/**
 * Quick view rules (theme.md §4): the request, reading the answer, the preview and final sizes, the timeline.
 * Pure: no DOM, no network.
 */

export const ACTION = 'fusion_quick_view_load';

/** The POST body Avada's quick view sends to admin-ajax. */
export function requestBody(nonce: string, productId: string): Record<string, string> {
  return { action: ACTION, nonce, product: productId };
}

/** `data-product-id`: a positive integer, as WordPress post ids are. */
export function parseProductId(value: string | null): string | undefined {
  const text = value?.trim() ?? '';
  return /^[1-9]\d{0,19}$/.test(text) ? text : undefined;
}

/** `data-image-width` / `data-image-height`: positive pixels ("600" or "600px", as Avada's parseInt), else undefined. */
export function parseSize(value: string | null): number | undefined {
  const n = Number(value?.trim().replace(/px$/i, '') || Number.NaN);
  return Number.isFinite(n) && n > 0 && n < 100_000 ? n : undefined;
}

/** The `var name = '…'` (or "…") value in an inline script's text, without running it. */
export function scriptVar(scriptText: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(['"])((?:\\\\.|(?!\\1)[^\\\\])*)\\1`).exec(scriptText);
  if (!match) return undefined;
  return match[2]!.replace(/\\(.)/g, '$1');
}

/** A number assigned in an inline script (`var name = 92;` or quoted), or undefined. */
export function scriptNumber(scriptText: string, name: string): number | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(['"]?)\\s*(-?\\d+(?:\\.\\d+)?)\\s*\\1`).exec(scriptText);
  return match ? Number(match[2]) : undefined;
}

/** A CSS colour as the theme prints one (hex, rgb/hsl(a), a name), or undefined: it goes into a style. */
export function cssColour(value: string): string | undefined {
  const colour = value.trim();
  return /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/-]+\)|[a-z]+)$/i.test(colour) ? colour : undefined;
}

export interface Box {
  width: number;
  height: number;
}

/**
 * The preview box: 400 px wide, 500 px for wide images (width/height > 1.77), 300 px for tall ones
 * (height/width > 1.77); the height keeps the image's ratio. Without an image and without data sizes: 400×400.
 */
export function previewBox(image: Box | undefined): Box {
  if (!image || !(image.width > 0) || !(image.height > 0)) return { width: 400, height: 400 };
  const ratio = image.width / image.height;
  const width = ratio > 1.77 ? 500 : 1 / ratio > 1.77 ? 300 : 400;
  return { width, height: Math.round((width * image.height) / image.width) };
}

/**
 * The open width: preview + 500 for the summary, or the window − 20 when less than 500 px would remain beside the
 * preview (theme.md §4, as Avada computes it: preview + 500 never exceeds the window then).
 */
export function finalWidth(preview: number, windowWidth: number): number {
  if (windowWidth - preview < 500) return Math.max(0, windowWidth - 20);
  return preview + 500;
}

/** While open, a resize sets the width to gallery + 500, capped at the window − 20. */
export function resizedWidth(gallery: number, windowWidth: number): number {
  return Math.max(0, Math.min(gallery + 500, windowWidth - 20));
}

/** A box centred in the viewport. */
export function centred(box: Box, viewport: Box): { left: number; top: number } {
  return { left: Math.round((viewport.width - box.width) / 2), top: Math.max(10, Math.round((viewport.height - box.height) / 2)) };
}

/** Avada shows a light close button on dark backgrounds (`shop_page_bg_color_lightness` below 40). */
export function lightCloseButton(lightness: number | undefined): boolean {
  return lightness !== undefined && lightness < 40;
}

/** The timeline in ms (theme.md §4). Under reduced motion every step is immediate: no zoom, no fades. */
export interface Timeline {
  containerFade: number;
  overlayFade: number;
  centreAt: number;
  centre: number;
  widenAt: number;
  widen: number;
  closeButtonAt: number;
  closeButtonFade: number;
  answerPoll: number;
  insertAfter: number;
  summaryFade: number;
  initAfter: number;
  detailsAfter: number;
  displayedAfter: number;
  previewPoll: number;
  previewFade: number;
  closeShrink: number;
  overlayFadeOut: number;
}

const TIMELINE: Timeline = {
  containerFade: 200,
  overlayFade: 400,
  centreAt: 200,
  centre: 800,
  widenAt: 1000,
  widen: 600,
  closeButtonAt: 1600,
  closeButtonFade: 300,
  answerPoll: 25,
  insertAfter: 400,
  summaryFade: 500,
  initAfter: 400,
  detailsAfter: 700,
  displayedAfter: 900,
  previewPoll: 500,
  previewFade: 400,
  closeShrink: 300,
  overlayFadeOut: 400,
};

export function timeline(reducedMotion: boolean): Timeline {
  if (!reducedMotion) return TIMELINE;
  const instant = { ...TIMELINE };
  for (const key of Object.keys(instant) as (keyof Timeline)[])
    instant[key] = key === 'answerPoll' || key === 'previewPoll' ? TIMELINE[key] : 0;
  return instant;
}

export type Answer = { ok: true; html: string } | { ok: false; reason: 'nonce' | 'not-html' };

/**
 * What the endpoint answered: the product's HTML (a `.product` with its gallery and summary), WordPress's `-1`
 * / `0` for a failed nonce or unknown action, or something else (JSON, a cached page, an empty body) that is not
 * a quick view and must not be inserted.
 */
export function readAnswer(text: string): Answer {
  const body = text.trim();
  if (body === '-1' || body === '0') return { ok: false, reason: 'nonce' };
  if (!body.startsWith('<') || /^<!doctype|^<html[\s>]/i.test(body)) return { ok: false, reason: 'not-html' };
  if (!/class\s*=\s*["'][^"']*\bproduct\b/.test(body)) return { ok: false, reason: 'not-html' };
  return { ok: true, html: body };
}

export const MESSAGES = {
  nonce: 'This page has expired. Please reload it to see the product.',
  'not-html': 'The product could not be shown. Please open its page instead.',
  fetch_error: 'You are probably offline.',
  timeout: 'The product took too long to load. Please try again.',
  http: 'The shop could not show this product right now. Please try again.',
} as const;

/** The message for a failed request: by network error code, HTTP status or answer. */
export function failureMessage(failure: { code?: string; status?: number; reason?: 'nonce' | 'not-html' }): string {
  if (failure.reason) return MESSAGES[failure.reason];
  if (failure.code === 'http' && failure.status === 403) return MESSAGES.nonce;
  if (failure.code === 'timeout') return MESSAGES.timeout;
  if (failure.code === 'fetch_error') return MESSAGES.fetch_error;
  return MESSAGES.http;
}

/** The review link inside the quick view points to the product page's reviews, as Avada rewrites it. */
export function reviewHref(singleUrl: string, href: string | null): string {
  const hash = href && href.includes('#') ? href.slice(href.indexOf('#')) : '#reviews';
  return singleUrl.replace(/#.*$/, '') + hash;
}

/** About how many elements go into the dialog per frame. */
export const PIECE_ELEMENTS = 24;

/** How the planner sees the answer's tree (the DOM in the widget, plain objects in tests). */
export interface PlanTree<N> {
  /** The children of a container whose children go in piece by piece, or undefined to move the node whole. */
  split(node: N): readonly N[] | undefined;
  /** How many elements the node holds, itself included (0 for text). */
  weight(node: N): number;
}

/** One node to append to its parent (undefined: the dialog's content); `shell`: appended empty, its children follow. */
export interface Move<N> {
  parent: N | undefined;
  node: N;
  shell: boolean;
}

/**
 * The answer as pieces in document order, each a list of moves. A container the tree splits goes in first as an
 * empty shell, its children after it, grouped up to `max` elements (a child larger than that is a piece of its
 * own; text goes with the piece before it). Every piece holds at least one move.
 */
export function planPieces<N>(roots: readonly N[], tree: PlanTree<N>, max = PIECE_ELEMENTS): Move<N>[][] {
  const moves: { move: Move<N>; weight: number }[] = [];
  const plan = (parent: N | undefined, nodes: readonly N[]) => {
    for (const node of nodes) {
      const children = tree.split(node);
      moves.push({ move: { parent, node, shell: children !== undefined }, weight: children ? 1 : tree.weight(node) });
      if (children) plan(node, children);
    }
  };
  plan(undefined, roots);
  const pieces: Move<N>[][] = [];
  let current: Move<N>[] = [];
  let weight = 0;
  for (const { move, weight: w } of moves) {
    if (current.length && w > 0 && weight + w > max) {
      pieces.push(current);
      current = [];
      weight = 0;
    }
    current.push(move);
    weight += w;
  }
  if (current.length) pieces.push(current);
  return pieces;
}

export interface Rect extends Box {
  left: number;
  top: number;
}

/** The transforms (first → last) that draw a box laid out at `to` as if it were still at `from`. */
export interface ZoomFrames {
  /** The container's, about its centre (the CSS default origin). */
  container: [string, string];
  /** The surface drawn behind the container's contents (its `::before`, origin top left), when it widens. */
  surface?: [string, string];
}

const num = (n: number) => `${Math.round(n * 1000) / 1000}`;

/**
 * A move of the container as a FLIP: it is laid out once at its new box and a transform, which the compositor
 * animates, starts it at the old one. While the preview image fills the container (the zoom from the card to the
 * preview) the whole container scales. When it widens beside a fixed-width preview (`widen`), scaling it would
 * stretch that image: the container only moves, and a surface behind its contents grows from its left edge, so
 * that its right edge follows the same path as Avada's growing width.
 */
export function zoomFrames(from: Rect, to: Rect, widen: boolean): ZoomFrames {
  const sx = to.width > 0 ? from.width / to.width : 1;
  const sy = to.height > 0 ? from.height / to.height : 1;
  if (widen)
    return {
      container: [`translate(${num(from.left - to.left)}px, ${num(from.top - to.top)}px)`, 'none'],
      surface: [`scale(${num(sx)}, ${num(sy)})`, 'none'],
    };
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return { container: [`translate(${num(dx)}px, ${num(dy)}px) scale(${num(sx)}, ${num(sy)})`, 'none'] };
}
