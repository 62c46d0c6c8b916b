/** Rotating and highlighted titles: timing, effects and shapes, with no DOM. */

/** The contract's minimum time each rotating text stays on screen. */
export const MIN_DISPLAY_MS = 1200;
/** How long an in or out effect runs. */
export const EFFECT_MS = 400;
/** A parent's `data-animationduration` counts this many ms per unit before the rotation starts. */
export const DELAY_UNIT_MS = 200;

/** The start delay for a parent's `data-animationduration`; NaN when it is not a number (the caller warns). */
export function startDelay(value: string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const text = value.trim();
  const n = text === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 600 ? n * DELAY_UNIT_MS : Number.NaN;
}

/** How long one text shows: a printed `data-min-display-time`/`data-mindisplaytime` can lengthen it, never shorten it. */
export function displayTime(value: string | null | undefined): number {
  const n = value ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(n) && n > MIN_DISPLAY_MS && n <= 60_000 ? n : MIN_DISPLAY_MS;
}

/** The next text to show, or null when the rotation ends (no loop, last text reached). */
export function nextIndex(current: number, count: number, loop: boolean): number | null {
  if (count < 2) return null;
  if (current + 1 < count) return current + 1;
  return loop ? 0 : null;
}

export type Effect = 'fade' | 'up' | 'down' | 'left' | 'right' | 'zoom';

/**
 * textillate/animate.css effect names (fadeInUp, slideOutLeft, bounceIn, rollOut…) mapped onto the few simple
 * effects we draw in CSS: the direction when the name has one, zoom for zoom/bounce, else a fade. Undefined for
 * anything that is not such a name.
 */
export function effectFor(name: string | null | undefined): Effect | undefined {
  if (name === null || name === undefined || name.trim() === '') return 'fade';
  const n = name.trim();
  if (!/^[a-zA-Z]{2,40}$/.test(n)) return undefined;
  if (/Up/.test(n)) return 'up';
  if (/Down/.test(n)) return 'down';
  if (/Left/.test(n)) return 'left';
  if (/Right/.test(n)) return 'right';
  if (/zoom|bounce/i.test(n)) return 'zoom';
  return 'fade';
}

/** The ten highlight shapes Avada offers. */
export const SHAPES = [
  'circle',
  'underline_zigzag',
  'x',
  'strikethrough',
  'curly',
  'diagonal_bottom_left',
  'diagonal_top_left',
  'double',
  'double_underline',
  'underline',
] as const;
export type Shape = (typeof SHAPES)[number];

export function isShape(value: string): value is Shape {
  return (SHAPES as readonly string[]).includes(value);
}

/** The shape named by the title's `fusion-highlight-{shape}` class or its `data-highlight`. */
export function shapeOf(classes: readonly string[], data: string | null): Shape | undefined {
  for (const c of classes) {
    const name = c.startsWith('fusion-highlight-') ? c.slice('fusion-highlight-'.length) : '';
    if (isShape(name)) return name;
  }
  return data && isShape(data.trim()) ? (data.trim() as Shape) : undefined;
}

/** A zigzag or wave along a line: `count` segments between x 5 and 495. */
function along(y: number, amplitude: number, count: number, curve: boolean): string {
  const step = 490 / count;
  let d = `M5 ${y}`;
  for (let i = 1; i <= count; i++) {
    const x = 5 + step * i;
    d += curve
      ? ` Q${(x - step / 2).toFixed(1)} ${y + (i % 2 ? -amplitude : amplitude)} ${x.toFixed(1)} ${y}`
      : ` L${x.toFixed(1)} ${i % 2 ? y - amplitude : y}`;
  }
  return d;
}

/**
 * Our own drawing of each shape, as path data in a 500×150 box stretched over the highlighted words (used when
 * the server printed no SVG). Each path is drawn by animating its stroke from one end.
 */
export function shapePaths(shape: Shape): string[] {
  switch (shape) {
    case 'circle':
      return ['M262 8 C420 8 494 38 494 74 C494 114 396 142 250 142 C104 142 6 114 6 74 C6 36 92 10 232 12'];
    case 'underline':
      return ['M6 136 Q250 126 494 134'];
    case 'double_underline':
      return ['M6 126 Q250 118 494 126', 'M30 143 Q250 135 470 143'];
    case 'underline_zigzag':
      return [along(138, 12, 16, false)];
    case 'curly':
      return [along(136, 10, 12, true)];
    case 'strikethrough':
      return ['M4 80 Q250 70 496 78'];
    case 'x':
      return ['M10 10 L490 140', 'M490 10 L10 140'];
    case 'diagonal_bottom_left':
      return ['M8 142 L492 8'];
    case 'diagonal_top_left':
      return ['M8 8 L492 142'];
    case 'double':
      return ['M4 70 Q250 62 496 70', 'M4 92 Q250 84 496 92'];
  }
}
