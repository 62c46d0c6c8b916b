/**
 * Countdown rules (theme.md §10): reading the end from Avada's `data-timer` or a Unix `data-end`, the time left
 * in days, hours, minutes and seconds, and the progress scales. Pure.
 */
export const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
export type Unit = (typeof UNITS)[number];

export type Parsed = { ok: true; end: number } | { ok: false; message: string };

const TIMER = /^(\d{4})-(\d{1,2})-(\d{1,2})-(\d{1,2})-(\d{1,2})-(\d{1,2})$/;

/**
 * Avada's `data-timer="Y-m-d-H-i-s"`. With `data-gmt-offset` (hours, the site's time zone, e.g. "2", "-3.5")
 * the time is the site's; without it the element was set to the visitor's time, so it is read in the local
 * time zone, as Avada does.
 */
export function parseTimer(timer: string | null, gmtOffset?: number): Parsed {
  const match = timer ? TIMER.exec(timer.trim()) : null;
  if (!match) return { ok: false, message: `expected "Y-m-d-H-i-s", got ${JSON.stringify(timer)}` };
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59)
    return { ok: false, message: `${JSON.stringify(timer)} is not a date and time` };
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  // 31 February would roll over into March: not a date.
  if (new Date(utc).getUTCDate() !== d) return { ok: false, message: `${JSON.stringify(timer)} is not a date` };
  if (gmtOffset !== undefined) return { ok: true, end: utc - gmtOffset * 3_600_000 };
  return { ok: true, end: new Date(y, mo - 1, d, h, mi, s).getTime() };
}

/** `data-gmt-offset` in hours (-12…14, fractions for half-hour zones); undefined when absent, NaN when malformed. */
export function parseGmtOffset(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) && n >= -12 && n <= 14 ? n : Number.NaN;
}

/** `data-end="<unix seconds>"` in milliseconds; a script may write fractional seconds (`Date.now() / 1000 + …`). */
export function parseEnd(value: string | null): Parsed {
  const text = value?.trim() ?? '';
  if (!/^\d{1,11}(\.\d+)?$/.test(text)) return { ok: false, message: `expected Unix seconds, got ${JSON.stringify(value)}` };
  return { ok: true, end: Math.round(Number(text) * 1000) };
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function remaining(end: number, now: number): Remaining {
  const total = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: end - now <= 0,
  };
}

/** The scale each unit is drawn against: 31 days, 24 hours, 60 minutes, 60 seconds. */
export const SCALES: Record<Unit, number> = { days: 31, hours: 24, minutes: 60, seconds: 60 };

/** Progress of a unit on its scale, 0…1 (days beyond 31 stay full). */
export function progress(unit: Unit, value: number): number {
  return Math.min(1, Math.max(0, value / SCALES[unit]));
}

/** A value as its digits, at least `min` of them (Avada prints two per unit, more days when needed). */
export function digits(value: number, min = 2): string[] {
  return String(Math.max(0, Math.floor(value)))
    .padStart(min, '0')
    .split('');
}

/** Milliseconds to the next whole second, so every countdown on the page changes together with the clock. */
export function msToNextSecond(now: number): number {
  return 1000 - (((now % 1000) + 1000) % 1000);
}

export const DEFAULT_TITLES: Record<Unit, string> = { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' };
