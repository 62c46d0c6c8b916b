import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { setEnvironment } from '../../src/env';
import { digits, msToNextSecond, parseEnd, parseGmtOffset, parseTimer, progress, remaining } from './logic';
import { activeTimers } from './clock';

describe('countdown rules', () => {
  it('reads data-timer in the site time zone when data-gmt-offset is given', () => {
    expect(parseTimer('2031-03-20-09-00-00', 1)).toEqual({ ok: true, end: Date.UTC(2031, 2, 20, 8, 0, 0) });
    expect(parseTimer('2031-03-20-09-00-00', -3.5)).toEqual({ ok: true, end: Date.UTC(2031, 2, 20, 12, 30, 0) });
  });
  it('reads data-timer in the visitor time zone without an offset', () => {
    expect(parseTimer('2031-3-5-9-0-0')).toEqual({ ok: true, end: new Date(2031, 2, 5, 9, 0, 0).getTime() });
  });
  it.each(['', '2031-03-20', '2031/03/20 09:00:00', '2031-13-01-00-00-00', '2031-02-31-00-00-00', '2031-01-01-24-00-00', 'soon'])(
    'rejects the timer %j',
    (timer) => {
      expect(parseTimer(timer).ok).toBe(false);
    },
  );
  it('reads the GMT offset in hours', () => {
    expect(parseGmtOffset(null)).toBeUndefined();
    expect(parseGmtOffset(' ')).toBeUndefined();
    expect(parseGmtOffset('5.5')).toBe(5.5);
    expect(parseGmtOffset('-3')).toBe(-3);
    expect(parseGmtOffset('UTC+2')).toBeNaN();
    expect(parseGmtOffset('99')).toBeNaN();
  });
  it('reads data-end as Unix seconds', () => {
    expect(parseEnd('1924991999')).toEqual({ ok: true, end: 1924991999000 });
    expect(parseEnd(' 1924991999 ').ok).toBe(true);
    // Written by a script as Date.now() / 1000 + seconds.
    expect(parseEnd('1924991999.25')).toEqual({ ok: true, end: 1924991999250 });
    expect(parseEnd('1924991999.').ok).toBe(false);
    expect(parseEnd('2030-12-31').ok).toBe(false);
    expect(parseEnd('-5').ok).toBe(false);
    expect(parseEnd(null).ok).toBe(false);
  });
  it('splits the time left and stops at zero', () => {
    const end = 10_000_000;
    expect(remaining(end, end - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      done: false,
    });
    expect(remaining(end, end - 1500)).toMatchObject({ seconds: 1, done: false });
    expect(remaining(end, end + 60_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
  it('scales progress on 31 days, 24 hours, 60 minutes and 60 seconds', () => {
    expect(progress('days', 31)).toBe(1);
    expect(progress('days', 62)).toBe(1);
    expect(progress('hours', 12)).toBe(0.5);
    expect(progress('minutes', 15)).toBe(0.25);
    expect(progress('seconds', 0)).toBe(0);
  });
  it('pads digits and aligns ticks to whole seconds', () => {
    expect(digits(5)).toEqual(['0', '5']);
    expect(digits(123)).toEqual(['1', '2', '3']);
    expect(digits(7, 3)).toEqual(['0', '0', '7']);
    expect(msToNextSecond(1_000_300)).toBe(700);
    expect(msToNextSecond(1_000_000)).toBe(1000);
  });
});

const START = Date.UTC(2030, 11, 31, 12, 0, 0); // 31 Dec 2030 12:00:00 UTC
const dash = (unit: string, title: string) =>
  `<div class="fusion-dash-wrapper"><div class="fusion-${unit}-dash fusion-dash"><div class="fusion-digit">0</div><div class="fusion-digit">0</div><div class="fusion-dash-title">${title}</div></div></div>`;
const AVADA = (timer: string, offset = ' data-gmt-offset="0"') => `<div class="fusion-countdown fusion-countdown-1">
  <div class="fusion-countdown-counter-wrapper" id="fusion-countdown-1" data-timer="${timer}"${offset}>
    ${dash('days', 'Tage')}${dash('hours', 'Stunden')}${dash('minutes', 'Minuten')}${dash('seconds', 'Sekunden')}
  </div></div>`;
const FIXTURE_STYLE = `<div class="fusion-countdown-counter-wrapper" id="fusion-countdown-2" data-timer="2030-12-31-13-00-00" data-gmt-offset="0">
  <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-days"><span class="fusion-digit fusion-days">0</span><span class="fusion-dash-title">Days</span></div></div>
  <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-hours"><span class="fusion-digit fusion-hours">0</span><span class="fusion-dash-title">Hrs</span></div></div>
  <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-minutes"><span class="fusion-digit fusion-minutes">0</span><span class="fusion-dash-title">Min</span></div></div>
  <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-seconds"><span class="fusion-digit fusion-seconds">0</span><span class="fusion-dash-title">Sec</span></div></div></div>`;
const SALE = (end: number | string) => `<div class="sf-countdown" data-end="${end}">
  <p class="sf-countdown__label">The winter sale ends <time datetime="2030-12-31T23:59:59Z">31 December 2030 at 23:59 UTC</time></p>
  <p><a class="button" href="/shop/">Shop the sale</a></p></div>`;

const unitText = (root: ParentNode, unit: string) =>
  [...root.querySelectorAll(`.fusion-${unit}-dash .fusion-digit, .fusion-dash-${unit} .fusion-digit`)].map((d) => d.textContent).join('');
const shown = (root: ParentNode = document) => ['days', 'hours', 'minutes', 'seconds'].map((u) => unitText(root, u)).join(':');

describe('countdown widget', () => {
  let pendingVisible: (() => void)[];
  let restoreEnv: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    pendingVisible = [];
    restoreEnv = setEnvironment({
      visible(_el, fn) {
        pendingVisible.push(fn);
        return () => {};
      },
    });
  });
  afterEach(() => {
    restoreEnv();
    vi.useRealTimers();
    document.documentElement.removeAttribute('lang');
    delete (document as { visibilityState?: string }).visibilityState;
  });

  /** Mount, bring every countdown into view, and wait for the island. */
  const mountVisible = async (html: string) => {
    const runtime = await mountPage(html, only('countdown'));
    for (const fn of pendingVisible.splice(0)) fn();
    await runtime.settled();
    return runtime;
  };

  it('waits until the countdown comes near the viewport', async () => {
    const runtime = await mountPage(AVADA('2031-01-01-00-00-00'), only('countdown'));
    expect(shown()).toBe('00:00:00:00');
    expect(document.querySelector('time')).toBeNull();
    pendingVisible.shift()!();
    await runtime.settled();
    expect(shown()).toBe('00:12:00:00');
  });

  it('draws the time left into Avada dash markup, keeping classes and localized titles', async () => {
    await mountVisible(AVADA('2031-01-02-15-30-45'));
    const wrapper = document.getElementById('fusion-countdown-1')!;
    expect(wrapper.getAttribute('data-timer')).toBe('2031-01-02-15-30-45');
    expect(shown()).toBe('02:03:30:45');
    expect(wrapper.querySelectorAll('.fusion-dash-wrapper > .fusion-dash')).toHaveLength(4);
    expect([...wrapper.querySelectorAll('.fusion-dash-title')].map((t) => t.textContent)).toEqual([
      'Tage',
      'Stunden',
      'Minuten',
      'Sekunden',
    ]);
    const hours = wrapper.querySelector<HTMLElement>('.fusion-hours-dash')!;
    expect(hours.style.getPropertyValue('--sf-countdown-progress')).toBe((3 / 24).toFixed(4));
    expect(wrapper.querySelector<HTMLElement>('.fusion-days-dash')!.style.getPropertyValue('--sf-countdown-progress')).toBe(
      (2 / 31).toFixed(4),
    );
  });

  it('labels the end date on a <time datetime> and is not a live region', async () => {
    document.documentElement.lang = 'en-GB';
    await mountVisible(AVADA('2031-01-02-15-30-45'));
    const time = document.querySelector('#fusion-countdown-1 time')!;
    expect(time.getAttribute('datetime')).toBe('2031-01-02T15:30:45.000Z');
    expect(time.getAttribute('role')).toBe('group');
    expect(time.getAttribute('aria-label')).toMatch(/2 January 2031/);
  });

  it("labels the end date in the language of an underscored <html lang> (de_DE), and a tag Intl refuses in the browser's", async () => {
    document.documentElement.lang = 'de_DE';
    await mountVisible(AVADA('2031-01-02-15-30-45'));
    expect(document.querySelector('#fusion-countdown-1 time')!.getAttribute('aria-label')).toMatch(/2\. Januar 2031/);
    document.documentElement.lang = 'en-GB-x-!!';
    await mountVisible(AVADA('2031-01-02-15-30-45'));
    expect(document.querySelector('#fusion-countdown-1 time')!.getAttribute('aria-label')).toMatch(/2031/);
    expect(document.querySelector('#fusion-countdown-1 time')!.getAttribute('aria-label')).not.toMatch(/GMT/);
    expect(document.querySelector('[aria-live], [role=timer], [role=status], [role=alert]')).toBeNull();
  });

  it('keeps the markup of the other Avada template (.fusion-dash-{unit}, one span per number)', async () => {
    await mountVisible(FIXTURE_STYLE);
    const wrapper = document.getElementById('fusion-countdown-2')!;
    expect(wrapper.querySelector('.fusion-dash.fusion-dash-minutes > span.fusion-digit.fusion-minutes')?.textContent).toBe('00');
    expect(wrapper.querySelector('.fusion-dash-hours span.fusion-digit')?.textContent).toBe('01');
    expect([...wrapper.querySelectorAll('span.fusion-dash-title')].map((t) => t.textContent)).toEqual(['Days', 'Hrs', 'Min', 'Sec']);
  });

  it('ticks each second, on the second boundary', async () => {
    vi.setSystemTime(START + 300);
    await mountVisible(AVADA('2030-12-31-12-01-00'));
    // Whole seconds, as a wall clock: 59.7 s left reads 1:00 until the clock's next second.
    expect(shown()).toBe('00:00:01:00');
    await vi.advanceTimersByTimeAsync(699);
    expect(shown()).toBe('00:00:01:00');
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toBe('00:00:00:59');
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown()).toBe('00:00:00:58');
  });

  it('stops at zero, shows zeros and leaves no timer running', async () => {
    await mountVisible(AVADA('2030-12-31-12-00-03'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown()).toBe('00:00:00:01');
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown()).toBe('00:00:00:00');
    expect(activeTimers()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs one timer for every countdown on the page', async () => {
    await mountVisible(AVADA('2031-01-01-00-00-00') + SALE(Math.floor(START / 1000) + 90));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown(document.querySelector('.sf-countdown')!)).toBe('00:00:01:29');
    expect(shown(document.querySelector('.fusion-countdown')!)).toBe('00:11:59:59');
  });

  it('pauses while the tab is hidden and catches up when shown', async () => {
    await mountVisible(AVADA('2031-01-01-00-00-00'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(START + 60_000);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe('00:11:59:00');
    expect(vi.getTimerCount()).toBe(1);
  });

  it('adds the counter to the sales countdown after its label, keeping its text and link', async () => {
    await mountVisible(SALE(Math.floor(START / 1000) + 3 * 86_400 + 5));
    const sale = document.querySelector('.sf-countdown')!;
    expect(sale.querySelector('.sf-countdown__label')?.textContent).toContain('The winter sale ends');
    expect(sale.querySelector('a.button')?.getAttribute('href')).toBe('/shop/');
    const counter = sale.querySelector('.sf-countdown__label + .sf-countdown__counter')!;
    expect(shown(counter)).toBe('03:00:00:05');
    expect([...counter.querySelectorAll('.fusion-dash-title')].map((t) => t.textContent)).toEqual(['Days', 'Hours', 'Minutes', 'Seconds']);
    expect(counter.querySelector('time')?.getAttribute('datetime')).toBe(new Date(START + (3 * 86_400 + 5) * 1000).toISOString());
  });

  it('ticks in the counter the page printed inside the sales countdown, with its titles', async () => {
    const printed = SALE(Math.floor(START / 1000) + 125).replace(
      '</p>\n  <p>',
      `</p><div class="sf-countdown__counter fusion-countdown-counter-wrapper">
        <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-days"><span class="fusion-digit fusion-days">0</span><span class="fusion-dash-title">Tage</span></div></div>
        <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-hours"><span class="fusion-digit fusion-hours">0</span><span class="fusion-dash-title">Std</span></div></div>
        <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-minutes"><span class="fusion-digit fusion-minutes">0</span><span class="fusion-dash-title">Min</span></div></div>
        <div class="fusion-dash-wrapper"><div class="fusion-dash fusion-dash-seconds"><span class="fusion-digit fusion-seconds">0</span><span class="fusion-dash-title">Sek</span></div></div></div>\n  <p>`,
    );
    const runtime = await mountVisible(printed);
    expect(document.querySelectorAll('.sf-countdown__counter')).toHaveLength(1);
    const counter = document.querySelector('.sf-countdown__counter')!;
    expect(shown(counter)).toBe('00:00:02:05');
    expect([...counter.querySelectorAll('span.fusion-dash-title')].map((t) => t.textContent)).toEqual(['Tage', 'Std', 'Min', 'Sek']);
    runtime.unmount(document);
    expect(document.querySelector('.sf-countdown__counter')).not.toBeNull();
  });

  it('removes the counter it added when unmounted', async () => {
    const runtime = await mountVisible(SALE(Math.floor(START / 1000) + 60));
    runtime.unmount(document);
    expect(document.querySelector('.sf-countdown__counter')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  const AVADA_END = (end: number | string | null, inner = '') => `<div class="fusion-countdown fusion-countdown-3">
    <div class="fusion-countdown-counter-wrapper" id="fusion-countdown-3"${end === null ? '' : ` data-end="${end}"`}>${inner}</div></div>`;
  const secondsFromNow = (s: number) => Math.floor(START / 1000) + s;

  it("ticks on Avada's own counter wrapper with data-end (Unix seconds), printed with digits", async () => {
    const printed = dash('days', 'Tage') + dash('hours', 'Std') + dash('minutes', 'Min') + dash('seconds', 'Sek');
    await mountVisible(AVADA_END(secondsFromNow(86_400 + 3600 + 62), printed));
    const wrapper = document.getElementById('fusion-countdown-3')!;
    expect(shown(wrapper)).toBe('01:01:01:02');
    expect([...wrapper.querySelectorAll('.fusion-dash-title')].map((t) => t.textContent)).toEqual(['Tage', 'Std', 'Min', 'Sek']);
    expect(wrapper.querySelector('time')?.getAttribute('datetime')).toBe(new Date(START + (86_400 + 3600 + 62) * 1000).toISOString());
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown(wrapper)).toBe('01:01:01:01');
  });

  it('draws the units into a data-end wrapper printed empty, with default titles', async () => {
    await mountVisible(AVADA_END(secondsFromNow(125)));
    const wrapper = document.getElementById('fusion-countdown-3')!;
    expect(shown(wrapper)).toBe('00:00:02:05');
    expect([...wrapper.querySelectorAll('.fusion-dash-wrapper > .fusion-dash')].map((d) => d.className)).toEqual([
      'fusion-days-dash fusion-dash',
      'fusion-hours-dash fusion-dash',
      'fusion-minutes-dash fusion-dash',
      'fusion-seconds-dash fusion-dash',
    ]);
    expect([...wrapper.querySelectorAll('.fusion-dash-title')].map((t) => t.textContent)).toEqual(['Days', 'Hours', 'Minutes', 'Seconds']);
  });

  it('reads data-end written by a script after the page was parsed, even after load, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The page has loaded (happy-dom's document is complete) and the script has not written data-end yet.
    await mountVisible(AVADA_END(null));
    const wrapper = document.getElementById('fusion-countdown-3')!;
    expect(wrapper.querySelector('time')).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    wrapper.setAttribute('data-end', String(secondsFromNow(66)));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(wrapper)).toBe('00:00:01:01');
    // Not written yet is not bad input: nothing to warn about.
    expect(warn).not.toHaveBeenCalled();
  });

  it('follows data-end rewritten by a script after the countdown started; a malformed rewrite warns once and keeps the end', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountVisible(AVADA_END(secondsFromNow(61)));
    const wrapper = document.getElementById('fusion-countdown-3')!;
    expect(shown(wrapper)).toBe('00:00:01:01');
    wrapper.setAttribute('data-end', String(secondsFromNow(3 * 3600)));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(wrapper)).toBe('00:03:00:00');
    expect(wrapper.querySelector('time')?.getAttribute('datetime')).toBe(new Date(secondsFromNow(3 * 3600) * 1000).toISOString());
    wrapper.setAttribute('data-end', 'later');
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown(wrapper)).toBe('00:02:59:59');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('countdown: data-end');
    expect(vi.getTimerCount()).toBe(1);
  });

  it('takes data-end="" as not written yet: no complaint about the value, and the script\'s value starts it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountVisible(AVADA_END(''));
    const wrapper = document.getElementById('fusion-countdown-3')!;
    expect(wrapper.querySelector('time')).toBeNull();
    wrapper.setAttribute('data-end', String(secondsFromNow(61)));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(wrapper)).toBe('00:00:01:01');
    expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('expected Unix seconds'));
  });

  it('runs both forms, data-timer and data-end, printed empty or with digits, on the same page', async () => {
    await mountVisible(AVADA('2031-01-01-00-00-00') + AVADA_END(secondsFromNow(30)) + SALE(secondsFromNow(90)));
    expect(document.querySelectorAll('time[role=group]')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown(document.querySelector('.fusion-countdown-1')!)).toBe('00:11:59:59');
    expect(shown(document.getElementById('fusion-countdown-3')!)).toBe('00:00:00:29');
    expect(shown(document.querySelector('.sf-countdown')!)).toBe('00:00:01:29');
    expect(vi.getTimerCount()).toBe(1);
  });

  it.each([
    ['data-timer', AVADA('2031-02-31-00-00-00')],
    ['data-timer', AVADA('next friday')],
    ['data-end', SALE('2030-12-31')],
    ['data-end', AVADA_END('31.12.2030')],
  ])('leaves the markup alone and warns once about a malformed %s', async (field, html) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountVisible(html);
    document.body.querySelectorAll('*'); // markup is what was printed
    expect(document.querySelector('time[role=group]')).toBeNull();
    expect(document.querySelector('.sf-countdown__counter')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`countdown: ${field}`);
    expect(error).not.toHaveBeenCalled();
  });

  it('warns about a malformed GMT offset and counts in the visitor time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountVisible(AVADA('2031-01-01-00-00-00', ' data-gmt-offset="Europe/Berlin"'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('countdown: data-gmt-offset');
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe(new Date(2031, 0, 1).toISOString());
  });
});
