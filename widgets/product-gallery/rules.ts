import { clampIndex, type Move } from './logic';

/*
 * The rules the rest of the gallery follows (rest.ts and what it wires: moves, swipes, taps, the zoom, Embla's
 * speed): pure, beside logic.ts's, which the gallery needs at load (reading the slides, what the first paint shows).
 */

/** The slide a move leads to; without looping the ends stay put. */
export function moveIndex(current: number, count: number, move: Move, loop = false): number {
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return Math.max(0, count - 1);
    case 'prev':
      return clampIndex(current - 1, count, loop);
    case 'next':
      return clampIndex(current + 1, count, loop);
  }
}

/** Hover zoom only helps when the large image is wider than the gallery shows it. */
export function shouldZoom(enabled: boolean, largeWidth: number, containerWidth: number): boolean {
  return enabled && largeWidth > 0 && containerWidth > 0 && largeWidth > containerWidth;
}

/** A touch or pen press is a tap when it stays within this many CSS pixels of where it went down… */
export const TAP_SLOP = 10;
/** …and lifts within this many ms (a longer press is the browser's: context menu, text selection). */
export const TAP_MAX_MS = 500;

/**
 * Embla's `duration` is not milliseconds but the divisor of a spring (it accelerates towards the target and
 * loses 32 % of its speed each 1/60 s step). Simulating that spring, a duration of 20 brings a slide within 1 %
 * of its place in about 480 ms: the 500 ms WooCommerce's FlexSlider animates for. 0 means an instant move.
 */
export function emblaDuration(ms: number, reducedMotion: boolean): number {
  if (reducedMotion || !(ms > 0)) return 0;
  return Math.max(1, Math.round(ms / 25));
}

/** Horizontal travel (px) that makes a drag a swipe while the slider's Embla is still loading. */
export const SWIPE_MIN = 40;

/**
 * A drag released before Embla arrived: a mostly horizontal one past SWIPE_MIN moves one slide, as Embla would
 * (dragging towards the start of the line shows the next slide).
 */
export function swipeMove(dx: number, dy: number, rtl: boolean): 'prev' | 'next' | null {
  if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 !== rtl ? 'next' : 'prev';
}
