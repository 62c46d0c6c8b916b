import { describe, expect, it } from 'vitest';
import {
  bucket,
  chatForm,
  chatTime,
  pageLanguage,
  pageLocale,
  parseAutoplay,
  parseCount,
  parseUnixSeconds,
  relativeArgs,
  secondsToNextBucket,
  secondsToNextChatForm,
  wordedLocale,
  type RelativeTimeFormatLike,
} from './logic';

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;
const YEAR = 365 * DAY;

describe('relative time buckets (contract §11)', () => {
  it.each([
    [0, 0, 'second'],
    [44, 0, 'second'],
    [45, 1, 'minute'],
    [89, 1, 'minute'],
    [90, 2, 'minute'],
    [5 * MIN + 29, 5, 'minute'],
    [5 * MIN + 30, 6, 'minute'],
    [45 * MIN - 1, 45, 'minute'],
    [45 * MIN, 1, 'hour'],
    [90 * MIN - 1, 1, 'hour'],
    [90 * MIN, 2, 'hour'],
    [3 * HOUR + 29 * MIN, 3, 'hour'],
    [24 * HOUR - 1, 24, 'hour'],
    [24 * HOUR, 1, 'day'],
    [48 * HOUR - 1, 1, 'day'],
    [48 * HOUR, 2, 'day'],
    [29 * DAY + 23 * HOUR, 29, 'day'],
    [30 * DAY, 1, 'month'],
    [60 * DAY - 1, 1, 'month'],
    [60 * DAY, 2, 'month'],
    [89 * DAY, 2, 'month'],
    [364 * DAY, 12, 'month'],
    [YEAR, 1, 'year'],
    [2 * YEAR - 1, 1, 'year'],
    [2 * YEAR, 2, 'year'],
    [7 * YEAR + 100 * DAY, 7, 'year'],
  ])('%i s ago is %i %s', (elapsed, value, unit) => {
    expect(bucket(elapsed)).toEqual({ value, unit });
  });

  it('treats a time in the future as just now', () => {
    expect(bucket(-500)).toEqual({ value: 0, unit: 'second' });
  });

  it('asks Intl for past values, and 0 seconds for just now', () => {
    expect(relativeArgs({ value: 0, unit: 'second' })).toEqual([0, 'second']);
    expect(relativeArgs({ value: 1, unit: 'day' })).toEqual([-1, 'day']);
    expect(relativeArgs({ value: 3, unit: 'month' })).toEqual([-3, 'month']);
  });

  it('waits exactly until the bucket changes', () => {
    for (const elapsed of [
      0,
      10,
      44,
      45,
      100,
      5 * MIN + 31,
      40 * MIN,
      50 * MIN,
      3 * HOUR,
      23 * HOUR + 40 * MIN,
      30 * HOUR,
      10 * DAY + 5,
      40 * DAY,
      200 * DAY,
      400 * DAY,
      3 * YEAR + 7,
    ]) {
      const wait = secondsToNextBucket(elapsed);
      expect(wait, `at ${elapsed}`).toBeGreaterThan(0);
      expect(bucket(elapsed + wait), `at ${elapsed} + ${wait}`).not.toEqual(bucket(elapsed));
      if (wait > 1) expect(bucket(elapsed + wait - 1), `at ${elapsed} + ${wait - 1}`).toEqual(bucket(elapsed));
    }
  });

  it('refreshes a fresh review within a minute and an old one rarely', () => {
    expect(secondsToNextBucket(20)).toBe(25);
    expect(secondsToNextBucket(10 * MIN)).toBeLessThanOrEqual(MIN);
    expect(secondsToNextBucket(3 * HOUR)).toBe(HOUR / 2);
    expect(secondsToNextBucket(3 * YEAR)).toBe(YEAR);
  });
});

describe('chat time', () => {
  const parts = { year: 2026, month: 3, day: 7, hours: 9, minutes: 5 };
  it('is HH:mm within 24 hours, dd.MM HH:mm within a year, yyyy.MM.dd HH:mm before', () => {
    expect(chatTime(parts, 10)).toBe('09:05');
    expect(chatTime(parts, 24 * HOUR - 1)).toBe('09:05');
    expect(chatTime(parts, 24 * HOUR)).toBe('07.03 09:05');
    expect(chatTime(parts, YEAR - 1)).toBe('07.03 09:05');
    expect(chatTime(parts, YEAR)).toBe('2026.03.07 09:05');
    expect(chatForm(-5)).toBe('time');
  });
  it('changes form at 24 hours and at a year, then never', () => {
    expect(secondsToNextChatForm(23 * HOUR)).toBe(HOUR);
    expect(secondsToNextChatForm(100 * DAY)).toBe(265 * DAY);
    expect(secondsToNextChatForm(2 * YEAR)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('page language', () => {
  it.each([
    ['de-DE', 'de'],
    ['pt_BR', 'pt'],
    ['HE', 'he'],
    ['nb-NO', 'nb'],
    ['en-GB', 'en'],
    ['ja', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%j speaks %s', (lang, expected) => {
    expect(pageLanguage(lang)).toBe(expected);
  });
});

describe('page locale for Intl', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['pt_BR', 'pt-BR'],
    ['de', 'de'],
    ['ja-JP', 'en'],
    ['de-!!', 'de'],
    [null, 'en'],
  ])('%j formats as %s', (lang, expected) => {
    expect(pageLocale(lang)).toBe(expected);
  });
});

describe('wording locale (what the browser can say)', () => {
  /** Chromium's ICU data: no ka, hy, be; kk present (worded with the root pattern, "-2 d"). */
  const chromium: RelativeTimeFormatLike = {
    supportedLocalesOf: (locales: string[]) => locales.filter((l) => !['ka', 'hy', 'be'].includes(l.split('-')[0]!)),
  };

  it('keeps a language the browser has, whatever its wording (contract §11: Intl words all 26)', () => {
    expect(wordedLocale('de-DE', chromium)).toBe('de-DE');
    expect(wordedLocale('he', chromium)).toBe('he');
    expect(wordedLocale('en-GB', chromium)).toBe('en-GB');
    expect(wordedLocale('kk-KZ', chromium)).toBe('kk-KZ');
    expect(wordedLocale('de-DE')).toBe('de-DE');
  });

  it("falls back to English, not the visitor's language, where the browser lacks the language", () => {
    expect(wordedLocale('ka', chromium)).toBe('en');
    expect(wordedLocale('hy-AM', chromium)).toBe('en');
    expect(wordedLocale('be', chromium)).toBe('en');
  });
});

describe('data attributes', () => {
  it('reads data-time as Unix seconds only', () => {
    expect(parseUnixSeconds('1795176000')).toBe(1795176000);
    expect(parseUnixSeconds(' 1795176000.5 ')).toBe(1795176000.5);
    for (const bad of ['', 'yesterday', '2026-11-20', '-5', '1e9', null]) expect(parseUnixSeconds(bad), String(bad)).toBeUndefined();
  });
  it('reads data-count as a positive whole number', () => {
    expect(parseCount('3')).toBe(3);
    for (const bad of ['0', '-1', 'two', '1.5', '', null]) expect(parseCount(bad), String(bad)).toBeUndefined();
  });
  it('reads data-autoplay as milliseconds, at least 2 s', () => {
    expect(parseAutoplay(null)).toBeUndefined();
    expect(parseAutoplay('false')).toBeUndefined();
    expect(parseAutoplay('6000')).toBe(6000);
    expect(parseAutoplay('500')).toBe(2000);
    expect(parseAutoplay('true')).toBe(5000);
    expect(parseAutoplay('fast')).toBe('invalid');
  });
});
