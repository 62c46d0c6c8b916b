/**
 * The review widgets in real Chromium, both tags, English and German pages on a fixed clock (2026-11-20 12:00 UTC):
 * relative times in the page language, the slider (buttons, keyboard, pause, off-screen slides inert), show
 * more, the floating badge closed for the session (across a reload), the 620×500 popup and its blocked-popup
 * fallback; axe-core after each state change.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS } from './harness';

const NOW = new Date('2026-11-20T12:00:00Z');
const WAIT = { timeout: 20_000 };

/** The texts the page shows, beside what Intl says for the buckets we expect (compared in the same browser). */
const times = (page: Page, lang: string, selector: string, expected: [number, Intl.RelativeTimeFormatUnit][]) =>
  page.evaluate(
    (args) => ({
      shown: [...document.querySelectorAll(`${args.selector} .sf-review__time-text`)].map((t) => t.textContent),
      wanted: args.expected.map(([v, u]) => new Intl.RelativeTimeFormat(args.lang, { numeric: 'auto' }).format(v, u)),
    }),
    { lang, selector, expected },
  );

const EXPECTED: [number, Intl.RelativeTimeFormatUnit][] = [
  [0, 'second'],
  [-5, 'minute'],
  [-3, 'hour'],
  [-1, 'day'],
  [-10, 'day'],
  [-3, 'month'],
  [-2, 'year'],
];

const selectedSlide = (page: Page) =>
  page.$$eval('.sf-reviews--slider [aria-roledescription="slide"]', (slides) =>
    slides.filter((s) => !s.hasAttribute('inert')).map((s) => s.getAttribute('aria-label')),
  );

const recordWindowOpen = (page: Page, blocked: boolean) =>
  page.evaluate((refuse) => {
    const calls: string[][] = [];
    (window as unknown as { sfOpens: string[][] }).sfOpens = calls;
    const original = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args.map(String));
      return refuse ? null : original(...args);
    };
  }, blocked);

describe.each(BUILD_TAGS)('review widgets, %s tag', (tag) => {
  test('English page: relative times, the slider, show more, the popup, the floating badge across a reload', async () => {
    const { page, context, errors } = await openPage('/reviews.html', { tag, beforeGoto: (_c, p) => p.clock.setFixedTime(NOW) });
    const grid = await times(page, 'en', '.sf-reviews--grid', EXPECTED);
    expect(grid.shown).toEqual(grid.wanted);
    expect(await page.getAttribute('.sf-reviews--grid .sf-review:nth-child(5) time', 'datetime')).toBe('2026-11-10T12:00:00.000Z');
    expect(await page.getAttribute('.sf-reviews--grid .sf-review:nth-child(5) time', 'title')).toMatch(/10 November 2026/);

    // The slider mounts when it comes near the viewport; it rotates (data-autoplay), so a pause button shows.
    await page.waitForSelector('.sf-reviews--slider[aria-roledescription="carousel"] .sf-reviews__pause', WAIT);
    const labels = await page.$$eval('.sf-reviews--slider [role="group"][aria-roledescription="slide"]', (s) =>
      s.map((x) => x.getAttribute('aria-label')),
    );
    expect(labels).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    const slider = await times(page, 'en', '.sf-reviews--slider', EXPECTED.slice(0, 5));
    expect(slider.shown).toEqual(slider.wanted);
    await expectAxeClean(page);

    await page.click('.sf-reviews__pause');
    expect(await page.textContent('.sf-reviews__pause')).toBe('Start rotation');
    expect(await page.getAttribute('.sf-reviews__track', 'aria-live')).toBe('polite');
    // Paused: what is in view stays (two slides at this width), the rest is out of the tab order.
    await page.waitForFunction(
      () => document.querySelectorAll('.sf-reviews--slider [aria-roledescription="slide"]:not([inert])').length === 2,
      null,
      WAIT,
    );
    const start = await selectedSlide(page);
    await page.click('.sf-reviews__next');
    await page.waitForFunction(
      (before) => {
        const now = [...document.querySelectorAll('.sf-reviews--slider [aria-roledescription="slide"]:not([inert])')].map((s) =>
          s.getAttribute('aria-label'),
        );
        return now.join() !== before.join() && now.length === 2;
      },
      start,
      WAIT,
    );
    const afterNext = await selectedSlide(page);
    expect(Number(afterNext[0]![0])).toBe(Number(start[0]![0]) + 1);
    await page.click('.sf-reviews__prev');
    await page.waitForFunction(
      (want) => document.querySelector(`.sf-reviews--slider [aria-label="${want}"]`)?.hasAttribute('inert') === false,
      start[0],
      WAIT,
    );
    // Keyboard: arrows inside the slides move one slide and keep focus on the slide now first in view.
    await page.focus('.sf-reviews--slider [aria-label="1 of 5"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '2 of 5', null, WAIT);
    await page.waitForFunction(
      () => document.querySelector('.sf-reviews--slider [aria-label="1 of 5"]')?.hasAttribute('inert'),
      null,
      WAIT,
    );
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '1 of 5', null, WAIT);
    await page.click('.sf-reviews__pause');
    expect(await page.textContent('.sf-reviews__pause')).toBe('Pause rotation');
    expect(await page.getAttribute('.sf-reviews__track', 'aria-live')).toBe('off');
    await expectAxeClean(page);
    // Keyboard focus entering the carousel (Tab from the pause button to "Previous") stops the rotation.
    await page.focus('.sf-reviews__pause');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('sf-reviews__prev');
    await page.waitForFunction(() => document.querySelector('.sf-reviews__pause')?.textContent === 'Start rotation', null, WAIT);
    expect(await page.getAttribute('.sf-reviews__track', 'aria-live')).toBe('polite');

    // Show more: 3 of 7 shown, then 6, then all 7 with focus on the first new one of the last batch.
    const shownGrid = () =>
      page.$$eval('.sf-reviews--grid .sf-review', (r) => r.filter((x) => (x as HTMLElement).offsetParent !== null).length);
    expect(await shownGrid()).toBe(3);
    await page.click('.sf-reviews--grid .sf-reviews__more');
    expect(await shownGrid()).toBe(6);
    await page.waitForFunction(
      () => /3 more reviews shown/.test(document.querySelector('.sf-reviews--grid [role="status"]')?.textContent ?? ''),
      null,
      WAIT,
    );
    await page.click('.sf-reviews--grid .sf-reviews__more');
    expect(await shownGrid()).toBe(7);
    expect(await page.isHidden('.sf-reviews--grid .sf-reviews__more')).toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.querySelector('.sf-reviews--grid .sf-review:nth-child(7)'))).toBe(
      true,
    );
    await expectAxeClean(page);

    // The popup: a 620×500 window on the link's URL; the page itself stays.
    await recordWindowOpen(page, false);
    const [popup] = await Promise.all([page.waitForEvent('popup', WAIT), page.click('.sf-reviews--badge a.sf-review-popup')]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe('/reviews/?provider=google');
    const opens = await page.evaluate(() => (window as unknown as { sfOpens: string[][] }).sfOpens);
    expect(opens).toHaveLength(1);
    expect(opens[0]![2]).toMatch(/(^|,)width=620(,|$)/);
    expect(opens[0]![2]).toMatch(/(^|,)height=500(,|$)/);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight, window.opener === null])).toEqual([620, 500, true]);
    await popup.close();
    expect(new URL(page.url()).pathname).toBe('/reviews.html');
    await expectAxeClean(page);

    // The floating badge: closed, it stays closed on the next page of the session.
    expect(await page.isVisible('.sf-review-badge--floating')).toBe(true);
    await page.click('.sf-review-badge__close');
    expect(await page.isHidden('.sf-review-badge--floating')).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('sf_review_badge_closed_trustpilot'))).toBe('1');
    await page.reload();
    await page.waitForFunction(() => typeof window.StorefrontIslands?.ready === 'function', null, WAIT);
    await page.evaluate(() => window.StorefrontIslands!.ready());
    expect(await page.isHidden('.sf-review-badge--floating')).toBe(true);
    expect(context.pages()).toHaveLength(1);
    expectNoConsoleErrors(errors);
  });

  test('German page under reduced motion: German times, no rotation, a blocked popup follows the link', async () => {
    const { page, errors } = await openPage('/reviews-de.html', {
      tag,
      reducedMotion: true,
      beforeGoto: (_c, p) => p.clock.setFixedTime(NOW),
    });
    const grid = await times(page, 'de', '.sf-reviews--grid', EXPECTED);
    expect(grid.shown).toEqual(grid.wanted);
    const list = await page.$$eval('.sf-reviews--list .sf-review__time-text', (t) => t.map((x) => x.textContent));
    expect(list[1]).toMatch(/^\d\d:\d\d$/);

    await page.waitForSelector('.sf-reviews--slider[aria-roledescription="carousel"] .sf-reviews__next', WAIT);
    expect(await page.$('.sf-reviews__pause')).toBeNull();
    expect(await page.getAttribute('.sf-reviews--slider [role="group"]', 'aria-label')).toBe('1 von 5');
    expect(await page.textContent('.sf-reviews__next')).toBe('Nächste Bewertung');
    expect(await page.getAttribute('.sf-reviews__track', 'aria-live')).toBe('polite');
    await expectAxeClean(page);

    await recordWindowOpen(page, true);
    await Promise.all([
      page.waitForURL(/\/reviews\/\?provider=trustpilot$/, WAIT),
      page.click('.sf-review-badge--floating a.sf-review-popup'),
    ]);
    expectNoConsoleErrors(errors);
  });

  test("the contract's minimal slider markup on a theme that does not style it: previous/next and arrows move the slides", async () => {
    const { page, errors } = await openPage('/reviews.html', {
      tag,
      beforeGoto: async (_c, p) => {
        await p.clock.setFixedTime(NOW);
        await p.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            // The section holding its div.sf-review (no .sf-reviews__slider), and no theme rule for the slider.
            const sheet = (document.getElementById('avada-stylesheet-inline-css') as HTMLStyleElement).sheet!;
            for (let i = sheet.cssRules.length - 1; i >= 0; i--)
              if (/sf-reviews__(track|viewport|controls)|sf-reviews--slider/.test(sheet.cssRules[i]!.cssText)) sheet.deleteRule(i);
            const section = document.querySelector('.sf-reviews--slider')!;
            section.removeAttribute('data-autoplay');
            section.querySelector('.sf-reviews__slider')!.replaceWith(...section.querySelectorAll('.sf-review'));
          });
        });
      },
    });
    await page.waitForSelector('.sf-reviews--slider[aria-roledescription="carousel"] .sf-reviews__next', WAIT);
    expect(await page.$('.sf-reviews__pause')).toBeNull();
    await page.waitForFunction(
      () => document.querySelectorAll('.sf-reviews--slider [aria-roledescription="slide"]:not([inert])').length === 1,
      null,
      WAIT,
    );
    expect(await selectedSlide(page)).toEqual(['1 of 5']);
    expect(await page.getAttribute('.sf-reviews__next', 'aria-disabled')).toBeNull();
    await page.click('.sf-reviews__next');
    await page.waitForFunction(
      () => document.querySelector('.sf-reviews--slider [aria-label="2 of 5"]')?.hasAttribute('inert') === false,
      null,
      WAIT,
    );
    await page.focus('.sf-reviews--slider [aria-label="2 of 5"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '3 of 5', null, WAIT);
    const slider = await times(page, 'en', '.sf-reviews--slider', EXPECTED.slice(0, 5));
    expect(slider.shown).toEqual(slider.wanted);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('the page language: a region tag, a language outside the 26, Kazakh as Intl words it; the <time> holds the wording', async () => {
    for (const [lang, wording] of [
      ['pt-BR', 'pt-BR'],
      ['zh-Hans', 'en'],
      ['kk', 'kk'],
    ] as const) {
      const { page, errors } = await openPage('/reviews.html', {
        tag,
        beforeGoto: async (_c, p) => {
          await p.clock.setFixedTime(NOW);
          await p.addInitScript(
            (value) => document.addEventListener('DOMContentLoaded', () => (document.documentElement.lang = value)),
            lang,
          );
        },
      });
      await page.waitForSelector('.sf-reviews--grid time', WAIT);
      const grid = await times(page, wording, '.sf-reviews--grid', EXPECTED);
      expect(grid.shown).toEqual(grid.wanted);
      const inTime = await page.$$eval('.sf-reviews--grid .sf-review__time time', (t) => t.map((x) => x.textContent));
      expect(inTime).toEqual(grid.wanted);
      expectNoConsoleErrors(errors);
      await page.close();
    }
  });

  test('a review time that is not a number: one warning naming the widget and data-time, the text kept', async () => {
    const { page, messages, errors } = await openPage('/reviews.html', {
      tag,
      beforeGoto: (_c, p) =>
        p.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            const review = document.querySelector('.sf-reviews--list .sf-review');
            review?.setAttribute('data-time', 'last week');
            const slot = review?.querySelector('.sf-review__time');
            if (slot) slot.textContent = 'May 2026';
          });
        }),
    });
    expect(await page.textContent('.sf-reviews--list .sf-review:first-child .sf-review__time')).toBe('May 2026');
    expect(await page.$$eval('.sf-reviews--list .sf-review:nth-child(n+2) time', (t) => t.length)).toBe(3);
    await consoleSettled(page);
    const warnings = messages.filter((m) => m.type === 'warning' && /reviews/.test(m.text));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toMatch(/reviews: data-time/);
    expectNoConsoleErrors(errors);
  });
});
