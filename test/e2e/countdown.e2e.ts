/**
 * The countdown's data-end as scripts write it (contract §10: "data-end may be written by a script after the page
 * is parsed"), in real Chromium under both builds: written after `load` (fractional seconds, as
 * `Date.now() / 1000 + …` gives them), rewritten after the countdown started, already over. No warning for any of
 * them: none is bad input.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleSettled, BUILD_TAGS, expectAxeClean, expectNoConsoleErrors, openPage } from './harness';

const WAIT = { timeout: 20_000 };
const UNITS = ['days', 'hours', 'minutes', 'seconds'];

/** The digits each unit shows, e.g. ['00', '05', '00', '29'] (the page runs under a strict CSP: no string evaluation). */
const shown = (page: Page, id: string) =>
  page.evaluate(
    ([at, units]) =>
      units.map((u) => [...document.querySelectorAll(`#${at} .fusion-${u}-dash .fusion-digit`)].map((d) => d.textContent).join('')),
    [id, UNITS] as const,
  );
const waitShown = (page: Page, id: string, unit: number, expectation: 'equals' | 'differs', value: string, timeout = 20_000) =>
  page.waitForFunction(
    ([at, u, t, v]) => {
      const now = [...document.querySelectorAll(`#${at} .fusion-${u}-dash .fusion-digit`)].map((d) => d.textContent).join('');
      return t === 'equals' ? now === v : now !== v;
    },
    [id, UNITS[unit]!, expectation, value] as const,
    { timeout },
  );

describe.each(BUILD_TAGS)('countdown, %s tag', (tag) => {
  test('data-end written after load, rewritten after the start, or already over: each counts, without a warning', async () => {
    const { page, messages, errors } = await openPage('/home.html', {
      tag,
      beforeGoto: (_c, p) =>
        p.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            const now = Date.now() / 1000;
            const block = (id: string, end?: number) =>
              `<div class="fusion-countdown"><div class="fusion-countdown-counter-wrapper" id="${id}"${end === undefined ? '' : ` data-end="${Math.floor(end)}"`}></div></div>`;
            const box = document.createElement('section');
            box.setAttribute('aria-label', 'Countdowns');
            box.innerHTML = block('sf-late') + block('sf-rewritten', now + 60) + block('sf-over', now - 5);
            document.querySelector('main')!.prepend(box);
            window.addEventListener('load', () => {
              setTimeout(
                () => document.getElementById('sf-late')!.setAttribute('data-end', String(Date.now() / 1000 + 2 * 3600 + 125.5)),
                1500,
              );
              setTimeout(
                () =>
                  document.getElementById('sf-rewritten')!.setAttribute('data-end', String(Math.floor(Date.now() / 1000) + 5 * 3600 + 30)),
                1000,
              );
            });
          });
        }),
    });
    await page.waitForSelector('#sf-over time[role=group]', WAIT);
    await page.waitForSelector('#sf-rewritten time[role=group]', WAIT);
    expect(await shown(page, 'sf-over')).toEqual(['00', '00', '00', '00']);
    // Rewritten 1 s after load: from about a minute to 5 h.
    await waitShown(page, 'sf-rewritten', 1, 'equals', '05');
    // Written 1.5 s after load, as fractional seconds: 2 h 2 min.
    await page.waitForSelector('#sf-late time[role=group]', WAIT);
    expect((await shown(page, 'sf-late')).slice(1, 3)).toEqual(['02', '02']);
    const seconds = (await shown(page, 'sf-late'))[3]!;
    await waitShown(page, 'sf-late', 3, 'differs', seconds, 2500);
    await consoleSettled(page);
    expect(messages.filter((m) => m.type === 'warning' && /countdown/.test(m.text))).toEqual([]);
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
