import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { setEnvironment } from '../../src/env';
import { timeTimers } from './relative-time';
import { badgeKey } from './reviews.widget';

// The fixture pages' clock: 2026-11-20 12:00 UTC; their reviews are 20 s, 5 min, 3 h, 26 h, 10 days, 90 days, 800 days old.
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const rtf = (lang: string, value: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(value, unit);
const shownTime = (review: Element) => review.querySelector('.sf-review__time .sf-review__time-text')?.textContent;
const gridReviews = () => [...document.querySelectorAll<HTMLElement>('.sf-reviews--grid .sf-review')];
const visibleGrid = () => gridReviews().filter((r) => !r.hidden).length;

describe('review widgets', () => {
  let inView: { el: Element; fn: (visible: boolean) => void }[];
  let restoreEnv: () => void;
  let reducedMotion: boolean;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    inView = [];
    reducedMotion = false;
    restoreEnv = setEnvironment({
      visible: (_el, fn) => {
        fn();
        return () => {};
      },
      intersecting: (el, fn) => {
        inView.push({ el, fn });
        return () => {};
      },
      frame: (fn) => {
        fn();
        return () => {};
      },
      prefersReducedMotion: () => reducedMotion,
    });
  });
  afterEach(() => {
    restoreEnv();
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.documentElement.lang = '';
  });

  const mount = async (page = 'reviews.html', lang = 'en-GB') => {
    document.documentElement.lang = lang;
    return mountPage(await fixtureBody(page), only('reviews', 'review-slider'));
  };

  it('shows each review time in its bucket, in English, with the absolute date on a <time>', async () => {
    await mount();
    const [justNow, fiveMinutes, threeHours, yesterday, tenDays, threeMonths, twoYears] = gridReviews();
    expect(shownTime(justNow!)).toBe(rtf('en', 0, 'second'));
    expect(shownTime(fiveMinutes!)).toBe(rtf('en', -5, 'minute'));
    expect(shownTime(threeHours!)).toBe(rtf('en', -3, 'hour'));
    expect(shownTime(yesterday!)).toBe(rtf('en', -1, 'day'));
    expect(shownTime(tenDays!)).toBe(rtf('en', -10, 'day'));
    expect(shownTime(threeMonths!)).toBe(rtf('en', -3, 'month'));
    expect(shownTime(twoYears!)).toBe(rtf('en', -2, 'year'));
    const time = tenDays!.querySelector('.sf-review__time time')!;
    expect(time.getAttribute('datetime')).toBe(new Date(1794312000 * 1000).toISOString());
    expect(time.getAttribute('title')).toMatch(/2026/);
    // The <time> holds exactly the wording; screen readers hear the absolute date after it, once.
    expect(time.textContent).toBe(rtf('en', -10, 'day'));
    const slot = tenDays!.querySelector('.sf-review__time')!;
    expect(slot.textContent).toBe(`${rtf('en', -10, 'day')} (${time.getAttribute('title')})`);
    expect(slot.querySelector('[aria-hidden]')).toBeNull();
  });

  it('speaks the page language (German)', async () => {
    await mount('reviews-de.html', 'de-DE');
    expect(shownTime(gridReviews()[3]!)).toBe(rtf('de', -1, 'day'));
    expect(shownTime(gridReviews()[1]!)).toBe(rtf('de', -5, 'minute'));
  });

  it('speaks English for a language outside the 26', async () => {
    await mount('reviews.html', 'ja');
    expect(shownTime(gridReviews()[1]!)).toBe(rtf('en', -5, 'minute'));
  });

  it('shows chat time where the review asks for it', async () => {
    await mount();
    const chat = document.querySelector('.sf-reviews--list .sf-review[data-time-format="chat"]')!;
    const d = new Date(1795175700 * 1000);
    const hhmm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    expect(shownTime(chat)).toBe(hhmm);
  });

  it('keeps one timer for the page, running only while a widget is visible, and refreshes at the bucket change', async () => {
    await mount();
    expect(timeTimers()).toBe(0);
    for (const { fn } of inView) fn(true);
    expect(timeTimers()).toBe(1);
    const justNow = gridReviews()[0]!;
    // The "just now" review (20 s old) turns into a minute at 45 s: 25 s from now, not before.
    vi.advanceTimersByTime(24_000);
    expect(shownTime(justNow)).toBe(rtf('en', 0, 'second'));
    vi.advanceTimersByTime(1_000);
    expect(shownTime(justNow)).toBe(rtf('en', -1, 'minute'));
    expect(timeTimers()).toBe(1);
    for (const { fn } of inView) fn(false);
    expect(timeTimers()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(shownTime(justNow)).toBe(rtf('en', -1, 'minute'));
    // Back in view: brought up to date at once.
    inView.find(({ el }) => el.matches('.sf-reviews--grid'))!.fn(true);
    expect(shownTime(gridReviews()[0]!)).toBe(rtf('en', -11, 'minute'));
  });

  it('warns once, naming the widget and data-time, and leaves a review with a bad time as printed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.lang = 'en';
    await mountPage(
      `<section class="sf-reviews sf-reviews--list" data-provider="google"><ul>
        <li class="sf-review" data-time="yesterday"><span class="sf-review__time">12 May</span></li>
        <li class="sf-review" data-time="soon"><span class="sf-review__time">13 May</span></li>
        <li class="sf-review" data-time="1795175700"><span class="sf-review__time"></span></li></ul></section>`,
      only('reviews'),
    );
    const items = document.querySelectorAll('.sf-review');
    expect(items[0]!.querySelector('.sf-review__time')!.textContent).toBe('12 May');
    expect(items[1]!.querySelector('.sf-review__time')!.textContent).toBe('13 May');
    expect(shownTime(items[2]!)).toBe(rtf('en', -5, 'minute'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/reviews: data-time/);
  });

  it('shows the time of a review printed without its slot, or with data-time on the slot itself', async () => {
    document.documentElement.lang = 'en';
    const now = Math.floor(NOW / 1000);
    await mountPage(
      `<section class="sf-reviews sf-reviews--list" data-provider="google"><ul>
        <li class="sf-review" data-time="${now - 300}"><p>No slot</p></li>
        <li class="sf-review"><p>Slot</p><span class="sf-review__time" data-time="${now - 3 * 3600}"></span></li></ul></section>`,
      only('reviews'),
    );
    const [first, second] = document.querySelectorAll('.sf-review');
    expect(first!.lastElementChild!.matches('span.sf-review__time')).toBe(true);
    expect(first!.querySelector('time')?.textContent).toBe(rtf('en', -5, 'minute'));
    expect(second!.querySelector('.sf-review__time > time')?.textContent).toBe(rtf('en', -3, 'hour'));
  });

  it('"show more" reveals data-count printed reviews at a time, announces it and moves focus to the last batch', async () => {
    await mount();
    const button = document.querySelector<HTMLButtonElement>('.sf-reviews--grid .sf-reviews__more')!;
    const status = document.querySelector('.sf-reviews--grid [role="status"]')!;
    expect(button.hidden).toBe(false);
    expect(visibleGrid()).toBe(3);
    button.focus();
    button.click();
    expect(visibleGrid()).toBe(6);
    expect(document.activeElement).toBe(button);
    expect(status.textContent).toMatch(/3 more reviews shown, 1 left/);
    button.click();
    expect(visibleGrid()).toBe(7);
    expect(button.hidden).toBe(true);
    expect(document.activeElement).toBe(gridReviews()[6]);
    expect(status.textContent).toMatch(/1 more reviews shown/);
  });

  it('shows every review when data-count is not a number (one warning)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.lang = 'en';
    await mountPage(
      `<section class="sf-reviews sf-reviews--grid" data-provider="google"><div class="sf-review">a</div><div class="sf-review">b</div>
        <button type="button" class="sf-reviews__more" data-count="lots" hidden>More</button></section>`,
      only('reviews'),
    );
    expect([...document.querySelectorAll<HTMLElement>('.sf-review')].every((r) => !r.hidden)).toBe(true);
    expect(document.querySelector<HTMLButtonElement>('.sf-reviews__more')!.hidden).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/reviews: data-count/);
  });

  it('closes the floating badge for the session, per provider', async () => {
    await mount();
    const badge = () => document.querySelector<HTMLElement>('.sf-review-badge--floating')!;
    expect(badge().hidden).toBe(false);
    badge().querySelector<HTMLButtonElement>('.sf-review-badge__close')!.click();
    expect(badge().hidden).toBe(true);
    expect(sessionStorage.getItem('sf_review_badge_closed_trustpilot')).toBe('1');
    expect(badgeKey('google')).toBe('sf_review_badge_closed_google');
  });

  it('hides the closed badge and the reviews beyond "show more" also where the theme gives them a display', async () => {
    document.documentElement.lang = 'en';
    const now = Math.floor(NOW / 1000);
    await mountPage(
      `<style>.sf-review-badge--floating{display:flex}.sf-review{display:block}</style>
      <section class="sf-reviews sf-reviews--grid" data-provider="google"><div class="sf-review" data-time="${now}">a</div><div class="sf-review" data-time="${now}">b</div>
        <button type="button" class="sf-reviews__more" data-count="1" hidden>More</button></section>
      <div class="sf-review-badge sf-review-badge--floating" data-provider="google">4.8 <button class="sf-review-badge__close">Close</button></div>`,
      only('reviews'),
    );
    const [, second] = document.querySelectorAll<HTMLElement>('.sf-review');
    expect(getComputedStyle(second!).display).toBe('none');
    const badge = document.querySelector<HTMLElement>('.sf-review-badge--floating')!;
    expect(getComputedStyle(badge).display).toBe('flex');
    badge.querySelector('button')!.click();
    expect(getComputedStyle(badge).display).toBe('none');
  });

  it("keeps another provider's badge shown", async () => {
    sessionStorage.setItem('sf_review_badge_closed_google', '1');
    await mount();
    expect(document.querySelector<HTMLElement>('.sf-review-badge--floating')!.hidden).toBe(false);
  });

  it('keeps a badge closed earlier in the session hidden', async () => {
    sessionStorage.setItem('sf_review_badge_closed_trustpilot', '1');
    await mount();
    expect(document.querySelector<HTMLElement>('.sf-review-badge--floating')!.hidden).toBe(true);
  });

  it('opens the popup link in a 620×500 window, and lets the link work when popups are blocked', async () => {
    await mount();
    const link = document.querySelector<HTMLAnchorElement>('.sf-reviews--badge a.sf-review-popup')!;
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const click = () => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click()).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe(new URL('/reviews/?provider=google', location.href).href);
    expect(features).toMatch(/(^|,)width=620(,|$)/);
    expect(features).toMatch(/(^|,)height=500(,|$)/);
    expect(popup.opener).toBeNull();
    open.mockReturnValue(null);
    expect(click()).toBe(false);
  });

  it('opens a popup link printed outside any review widget, and wires one inside a widget only once', async () => {
    document.documentElement.lang = 'en';
    await mountPage(
      `<p><a class="sf-review-popup" href="/reviews/?write=google">Write a review</a></p>
      <section class="sf-reviews sf-reviews--badge" data-provider="google"><a class="sf-review-popup" href="/reviews/?provider=google">4.8</a></section>`,
      only('reviews'),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const [outside, inside] = document.querySelectorAll<HTMLAnchorElement>('a.sf-review-popup');
    const click = (link: HTMLAnchorElement) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(outside!)).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]![0]).toBe(new URL('/reviews/?write=google', location.href).href);
    expect(open.mock.calls[0]![2]).toMatch(/(^|,)width=620,height=500(,|$)/);
    expect(click(inside!)).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('renders the slider as a labelled carousel: slides "n of m", named buttons, a pause button as it rotates', async () => {
    await mount('reviews-de.html', 'de-DE');
    const section = document.querySelector('.sf-reviews--slider')!;
    expect(section.getAttribute('aria-roledescription')).toBe('carousel');
    expect(section.getAttribute('aria-labelledby')).toBe('reviews-slider-title');
    const slides = [...section.querySelectorAll('[role="group"][aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 von 5', '2 von 5', '3 von 5', '4 von 5', '5 von 5']);
    expect(slides.every((s) => s.classList.contains('sf-review') && s.querySelector('.sf-review__text'))).toBe(true);
    const buttons = [...section.querySelectorAll('.sf-reviews__controls button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Wechsel anhalten', 'Vorherige Bewertung', 'Nächste Bewertung']);
    expect(section.querySelector('.sf-reviews__track')!.getAttribute('aria-live')).toBe('off');
    expect(shownTime(slides[3]!)).toBe(rtf('de', -1, 'day'));
  });

  it("builds the slider from the contract's minimal markup (the section and its div.sf-review, no .sf-reviews__slider), and gives it back on unmount", async () => {
    document.documentElement.lang = 'de-DE';
    const now = Math.floor(NOW / 1000);
    const review = (t: number, who: string) =>
      `<div class="sf-review" data-time="${t}"><p class="sf-review__author">${who}</p><span class="sf-review__time"></span></div>`;
    const runtime = await mountPage(
      `<h2 id="h">Bewertungen</h2><section class="sf-reviews sf-reviews--slider" data-provider="google" aria-labelledby="h">${review(now - 120, 'A')}${review(now - 3 * 3600, 'B')}</section>`,
      only('review-slider'),
    );
    const section = document.querySelector('.sf-reviews--slider')!;
    expect(section.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = [...section.querySelectorAll('.sf-reviews__slider [role="group"][aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    expect(slides.map((s) => s.querySelector('.sf-review__author')?.textContent)).toEqual(['A', 'B']);
    expect(shownTime(slides[0]!)).toBe(rtf('de', -2, 'minute'));
    expect(slides[1]!.querySelector('.sf-review__time time')?.getAttribute('datetime')).toBe(
      new Date((now - 3 * 3600) * 1000).toISOString(),
    );
    expect([...section.querySelectorAll('.sf-reviews__controls button')].map((b) => b.textContent)).toEqual([
      'Previous review',
      'Next review',
    ]);
    runtime.unmount(document);
    expect(section.querySelector('.sf-reviews__slider')).toBeNull();
    expect([...section.children].map((c) => c.className)).toEqual(['sf-review', 'sf-review']);
  });

  it('builds the slider before a list of li.sf-review (no <div> inside the <ul>), and puts the reviews back in it on unmount', async () => {
    document.documentElement.lang = 'en';
    const now = Math.floor(NOW / 1000);
    const runtime = await mountPage(
      `<section class="sf-reviews sf-reviews--slider" data-provider="google" aria-label="Reviews"><h2>Reviews</h2><ul class="list"><li class="sf-review" data-time="${now}">A</li><li class="sf-review" data-time="${now}">B</li></ul><p>after</p></section>`,
      only('review-slider'),
    );
    const section = document.querySelector('.sf-reviews--slider')!;
    const list = section.querySelector('ul.list')!;
    expect([...list.children].every((c) => c.tagName === 'LI')).toBe(true);
    expect(section.querySelector('.sf-reviews__slider')!.nextElementSibling).toBe(list);
    expect([...section.querySelectorAll('[aria-roledescription="slide"]')].map((s) => s.firstChild?.textContent)).toEqual(['A', 'B']);
    runtime.unmount(document);
    expect(section.querySelector('.sf-reviews__slider')).toBeNull();
    expect([...list.children].map((c) => `${c.tagName}:${c.firstChild?.textContent}`)).toEqual(['LI:A', 'LI:B']);
    expect([...section.children].map((c) => c.tagName)).toEqual(['H2', 'UL', 'P']);
  });

  it("lays the slides out as a row before embla measures them, also where the theme does not style the track (the contract's minimal markup)", async () => {
    document.documentElement.lang = 'en';
    // Embla reads each slide's offsets when it starts (in an effect of the island's synchronous first render): by
    // then the enhanced layout (data-sf-carousel: a clipping viewport, the track a flex row) must apply, or embla
    // sees a column of slides with nothing to scroll, and previous/next stay disabled.
    const measured: boolean[] = [];
    const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.matches('[aria-roledescription="slide"]'))
        measured.push(!!this.closest('.sf-reviews__slider')?.hasAttribute('data-sf-carousel'));
      return offsetWidth.get!.call(this) as number;
    });
    const now = Math.floor(NOW / 1000);
    const runtime = await mountPage(
      `<section class="sf-reviews sf-reviews--slider" data-provider="google"><div class="sf-review" data-time="${now}">A</div><div class="sf-review" data-time="${now}">B</div></section>`,
      only('review-slider'),
    );
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.every(Boolean)).toBe(true);
    runtime.unmount(document);
    expect(document.querySelector('[data-sf-carousel]')).toBeNull();
  });

  it("words times in English on a Georgian page when the browser has no Georgian (Chromium), not in the visitor's language", async () => {
    const supported = Intl.RelativeTimeFormat.supportedLocalesOf.bind(Intl.RelativeTimeFormat);
    vi.spyOn(Intl.RelativeTimeFormat, 'supportedLocalesOf').mockImplementation((locales) =>
      supported(locales).filter((l) => !l.startsWith('ka')),
    );
    await mount('reviews.html', 'ka-GE');
    expect(shownTime(gridReviews()[1]!)).toBe(rtf('en', -5, 'minute'));
  });

  it('does not rotate under reduced motion: no pause button, a polite track', async () => {
    reducedMotion = true;
    await mount();
    const section = document.querySelector('.sf-reviews--slider')!;
    expect(section.querySelector('.sf-reviews__pause')).toBeNull();
    expect([...section.querySelectorAll('.sf-reviews__controls button')].map((b) => b.textContent)).toEqual([
      'Previous review',
      'Next review',
    ]);
    expect(section.querySelector('.sf-reviews__track')!.getAttribute('aria-live')).toBe('polite');
  });
});
