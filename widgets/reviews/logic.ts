/**
 * Relative time and chat time (contract §11): the buckets are ours, the wording is Intl's. No DOM here.
 */
export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** A bucket: `value` units ago (`{ value: 0, unit: 'second' }` is "just now"). */
export interface Bucket {
  value: number;
  unit: TimeUnit;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const YEAR = 365 * DAY;

/** The bucket for `elapsed` seconds (now − time). A time in the future counts as just now. */
export function bucket(elapsed: number): Bucket {
  const e = Math.max(0, elapsed);
  if (e < 45) return { value: 0, unit: 'second' };
  if (e < 90) return { value: 1, unit: 'minute' };
  if (e < 45 * MINUTE) return { value: Math.round(e / MINUTE), unit: 'minute' };
  if (e < 90 * MINUTE) return { value: 1, unit: 'hour' };
  if (e < 24 * HOUR) return { value: Math.round(e / HOUR), unit: 'hour' };
  if (e < 48 * HOUR) return { value: 1, unit: 'day' };
  if (e < 30 * DAY) return { value: Math.floor(e / DAY), unit: 'day' };
  if (e < 60 * DAY) return { value: 1, unit: 'month' };
  if (e < YEAR) return { value: Math.floor(e / DAY / 30), unit: 'month' };
  if (e < 2 * YEAR) return { value: 1, unit: 'year' };
  return { value: Math.floor(e / YEAR), unit: 'year' };
}

/**
 * Seconds from `elapsed` until its bucket changes: what the one shared timer waits for (the soonest over every
 * visible review), so a "just now" is refreshed at 45 s and a "3 years ago" not for months.
 */
export function secondsToNextBucket(elapsed: number): number {
  const e = Math.max(0, elapsed);
  const at = (boundary: number) => Math.max(1, Math.ceil(boundary - e));
  if (e < 45) return at(45);
  if (e < 90) return at(90);
  if (e < 45 * MINUTE) return at(Math.min(45 * MINUTE, (Math.round(e / MINUTE) + 0.5) * MINUTE));
  if (e < 90 * MINUTE) return at(90 * MINUTE);
  if (e < 24 * HOUR) return at(Math.min(24 * HOUR, (Math.round(e / HOUR) + 0.5) * HOUR));
  if (e < 48 * HOUR) return at(48 * HOUR);
  if (e < 30 * DAY) return at(Math.min(30 * DAY, (Math.floor(e / DAY) + 1) * DAY));
  if (e < 60 * DAY) return at(60 * DAY);
  if (e < YEAR) return at(Math.min(YEAR, (Math.floor(e / DAY / 30) + 1) * 30 * DAY));
  if (e < 2 * YEAR) return at(2 * YEAR);
  return at((Math.floor(e / YEAR) + 1) * YEAR);
}

/** The languages the review widgets speak (contract §11); any other page language falls back to English. */
export const LANGUAGES = [
  'ru',
  'en',
  'uk',
  'ro',
  'lv',
  'lt',
  'kk',
  'ka',
  'hy',
  'fr',
  'es',
  'el',
  'de',
  'be',
  'it',
  'tr',
  'nb',
  'da',
  'nl',
  'ca',
  'sv',
  'pl',
  'pt',
  'hu',
  'fi',
  'he',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** `<html lang>` ("de-DE", "pt_BR", "HE") to one of the 26 languages, else "en". */
export function pageLanguage(lang: string | null | undefined): Language {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

/** `data-time` as Unix seconds (digits, optionally fractional); undefined for anything else. */
export function parseUnixSeconds(value: string | null | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** The arguments for `Intl.RelativeTimeFormat#format` (past times are negative). */
export function relativeArgs(b: Bucket): [number, TimeUnit] {
  return [b.value === 0 ? 0 : -b.value, b.unit];
}

export interface ChatParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

export type ChatForm = 'time' | 'day' | 'full';

/** Which chat form a message `elapsed` seconds old takes: within 24 h the time, within 365 days the day too. */
export function chatForm(elapsed: number): ChatForm {
  const e = Math.max(0, elapsed);
  if (e < 24 * HOUR) return 'time';
  if (e < YEAR) return 'day';
  return 'full';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Chat time: `HH:mm`, `dd.MM HH:mm` or `yyyy.MM.dd HH:mm` (the parts in the visitor's time zone). */
export function chatTime(parts: ChatParts, elapsed: number): string {
  const time = `${pad(parts.hours)}:${pad(parts.minutes)}`;
  const form = chatForm(elapsed);
  if (form === 'time') return time;
  if (form === 'day') return `${pad(parts.day)}.${pad(parts.month)} ${time}`;
  return `${parts.year}.${pad(parts.month)}.${pad(parts.day)} ${time}`;
}

export function localParts(ms: number): ChatParts {
  const d = new Date(ms);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() };
}

/** How many hidden reviews one "show more" reveals: the button's `data-count`, a positive integer. */
export function parseCount(value: string | null | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

/** The slider's `data-autoplay`: milliseconds between slides (at least 2 s), or undefined for no rotation. */
export function parseAutoplay(value: string | null | undefined): number | undefined | 'invalid' {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return undefined;
  if (text === 'true' || text === '1') return 5000;
  if (!/^\d{1,6}$/.test(text)) return 'invalid';
  return Math.max(2000, Number(text));
}

/** Seconds until a chat time changes form (24 h, then 365 days); Infinity once it shows the year. */
export function secondsToNextChatForm(elapsed: number): number {
  const e = Math.max(0, elapsed);
  if (e < 24 * HOUR) return Math.max(1, Math.ceil(24 * HOUR - e));
  if (e < YEAR) return Math.max(1, Math.ceil(YEAR - e));
  return Number.POSITIVE_INFINITY;
}

/**
 * The locale handed to Intl: the page's own tag when its language is one of the 26 ("en-GB" keeps British dates,
 * "pt_BR" becomes "pt-BR"), else "en".
 */
export function pageLocale(lang: string | null | undefined): string {
  const language = pageLanguage(lang);
  const tag = (lang ?? '').trim().replace(/_/g, '-');
  if (tag.split('-')[0]?.toLowerCase() !== language) return language;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? language;
  } catch {
    return language;
  }
}

/** What `wordedLocale` needs of `Intl.RelativeTimeFormat` (tests hand in a browser without some languages). */
export interface RelativeTimeFormatLike {
  supportedLocalesOf(locales: string[]): string[];
}

/**
 * The locale to word relative times in: the page's whenever this browser's Intl has the language (contract §11:
 * "use it for wording", whatever Intl says: Hebrew's parentheses, nb's "døgn", Chromium's kk with the root
 * pattern "-2 d"), else "en", the contract's fallback: Chromium's ICU data lacks ka, hy and be, and Intl would
 * silently use the visitor's own language for them.
 */
export function wordedLocale(locale: string, Rtf: RelativeTimeFormatLike = Intl.RelativeTimeFormat): string {
  try {
    return Rtf.supportedLocalesOf([locale]).length === 0 ? 'en' : locale;
  } catch {
    return 'en';
  }
}
