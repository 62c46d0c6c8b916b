/**
 * Contact Form 7 in real Chromium, from both tags, on the contact page as the CMS prints it, with the mock shop
 * (whose server-side validation is the widget's own rule module): the flows a visitor goes through, every
 * shared vector through a real form, failures, drafts across a reload, keyboard use and axe after each state.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  expectAxeClean,
  expectNoConsoleErrors,
  holdWave,
  FRAMEWORK_CHUNK,
  openPage,
  recorded,
  waitForIdleIslands,
  BUILD_TAGS,
} from './harness';

const PAGE = '/contact.html';
const UNIT = 'wpcf7-f207-p10-o1';
const QUIZ: Record<string, string> = { '2+3=?': '5', '4+4=?': '8', 'Ten minus three?': '7' };

const frameworkRequests = (requests: string[]) =>
  [...new Set(requests.map((u) => new URL(u).pathname))].filter((p) => FRAMEWORK_CHUNK.test(p));

const status = (page: Page) => page.getAttribute('form.wpcf7-form', 'data-status');
const feedbackCalls = (page: Page) => page.evaluate(() => window['__mock']!.state.log.filter((l) => l.endpoint === 'cf7-feedback').length);

/** Record the CF7 events on the page (an integration listening on document, as analytics tags do). */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { cf7Events: { name: string; status?: string; apiStatus?: string; hasResponse: boolean }[] };
    w.cf7Events = [];
    for (const name of [
      'wpcf7beforesubmit',
      'wpcf7invalid',
      'wpcf7unaccepted',
      'wpcf7spam',
      'wpcf7aborted',
      'wpcf7mailsent',
      'wpcf7mailfailed',
      'wpcf7submit',
      'wpcf7reset',
    ]) {
      document.addEventListener(name, (event) => {
        const detail = (event as CustomEvent<{ status?: string; apiResponse?: { status?: string } }>).detail;
        w.cf7Events.push({ name, status: detail.status, apiStatus: detail.apiResponse?.status, hasResponse: 'apiResponse' in detail });
      });
    }
  });
}
const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { cf7Events: { name: string; status?: string; apiStatus?: string; hasResponse: boolean }[] }).cf7Events,
  );

async function answerQuiz(page: Page): Promise<void> {
  const question = (await page.textContent('.wpcf7-quiz-label'))?.trim() ?? '';
  await page.fill('input[name="check"]', QUIZ[question] ?? '');
}

/** Fill the contact form the way a visitor does: typing, clicking, choosing. */
async function fillValid(page: Page): Promise<void> {
  await page.fill('input[name="buyer-name"]', 'Ada Lovelace');
  await page.fill('input[name="buyer-email"]', 'ada@example.com');
  await page.fill('input[name="shop-url"]', 'shop.example');
  await page.fill('input[name="buyer-phone"]', '+44 20 7946 0958');
  await page.fill('input[name="units"]', '200');
  await page.fill('input[name="delivery"]', '2025-07-01');
  await page.selectOption('select[name="line"]', 'Caps');
  await page.selectOption('select[name="colours[]"]', ['Rust', 'Oat']);
  await page.check('input[name="reply-by"][value="Email"]');
  await page.check('input[name="interests[]"][value="Wholesale"]');
  await page.check('input[name="budget"][value="1000 or more"]');
  await answerQuiz(page);
  await page.fill('textarea[name="details"]', 'Two hundred caps with our logo, please.');
  await page.check('input[name="terms"]');
}

async function submitAndWait(page: Page): Promise<void> {
  const before = await feedbackCalls(page);
  await page.click('.wpcf7-submit');
  await page.waitForFunction((n) => {
    const log = window['__mock']!.state.log.filter((l) => l.endpoint === 'cf7-feedback');
    return log.length > n && document.querySelector('form.wpcf7-form')!.getAttribute('data-status') !== 'submitting';
  }, before);
}

/** reCAPTCHA on the page: the add-on's global, a stub of Google's API (answering or failing), the response field. */
const recaptchaPage = (fail: boolean) => async (context: BrowserContext) => {
  await context.addInitScript((failing: boolean) => {
    let n = 0;
    const w = window as unknown as Record<string, unknown>;
    w.wpcf7_recaptcha = { sitekey: 'site-key-1', actions: { homepage: 'homepage', contactform: 'contactform' } };
    w.grecaptcha = {
      ready: (fn: () => void) => fn(),
      execute: (_key: string, o: { action: string }) =>
        failing ? Promise.reject(new Error('blocked by an ad blocker')) : Promise.resolve(`tok-${o.action}-${++n}`),
    };
    // The plugin prints the response field when reCAPTCHA is on.
    document.addEventListener('DOMContentLoaded', () => {
      const hidden = document.createElement('input');
      hidden.type = 'hidden';
      hidden.name = '_wpcf7_recaptcha_response';
      hidden.value = '';
      document.querySelector('form.wpcf7-form fieldset.hidden-fields-container')?.append(hidden);
    });
  }, fail);
};

describe.each(BUILD_TAGS)('contact form 7, %s tag', (tag) => {
  test('mounts on the printed form, accessible as printed and after a sent message; wpcf7mailsent listeners keep working', async () => {
    const { page, errors, requests } = await openPage(PAGE, { tag });
    await page.waitForSelector('.wpcf7.js');
    expect(await page.locator('.wpcf7-spinner').count()).toBe(1);
    expect((await recorded(page)).mounts).toContain('cf7');
    await expectAxeClean(page);
    // The form holds itself in plain code: React (or Preact) is requested only when the visitor reaches it,
    // together with the view's chunk (one wave, preloaded under the CSP).
    await waitForIdleIslands(page);
    expect(frameworkRequests(requests)).toEqual([]);
    const wave = await holdWave(page, [/\/chunks\/cf7\.island-[\w-]+\.js$/, FRAMEWORK_CHUNK]);
    await page.focus('input[name="buyer-name"]');
    await expect.poll(() => frameworkRequests(requests).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const paths = () => [...new Set(requests.map((u) => new URL(u).pathname))];
    await expect.poll(() => paths().some((p) => p.includes('/chunks/cf7.island-')), { timeout: 15_000 }).toBe(true);
    await wave.expectOneWave();
    expect((await recorded(page)).csp).toEqual([]);

    await listen(page);
    await fillValid(page);
    expect(await page.inputValue('input[name="shop-url"]')).toBe('http://shop.example');
    await submitAndWait(page);
    await page.waitForFunction(
      () =>
        document.querySelector('form.wpcf7-form')!.getAttribute('data-status') === 'sent' &&
        (window as unknown as { cf7Events: { name: string }[] }).cf7Events.some((e) => e.name === 'wpcf7reset'),
    );
    const names = (await events(page)).map((e) => e.name);
    expect(names).toEqual(['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit', 'wpcf7reset']);
    expect((await events(page))[1]).toMatchObject({ status: 'mail_sent', apiStatus: 'mail_sent', hasResponse: true });
    expect((await events(page))[0]?.hasResponse).toBe(false);

    const output = page.locator('.wpcf7-response-output');
    expect(await output.isVisible()).toBe(true);
    expect(await output.getAttribute('class')).toContain('fusion-alert success fusion-success');
    expect(await page.textContent('.wpcf7-response-output .fusion-alert-content')).toBe('Thank you for your message. It has been sent.');
    expect(await page.textContent('.screen-reader-response [role="status"]')).toBe('Thank you for your message. It has been sent.');
    expect(await page.inputValue('input[name="buyer-name"]')).toBe('');

    const posted = await page.evaluate(() => window['__mock']!.state.log.find((l) => l.endpoint === 'cf7-feedback')!.body);
    expect(posted).toMatchObject({
      _wpcf7: '207',
      _wpcf7_unit_tag: UNIT,
      _wpcf7_posted_data_hash: '',
      'buyer-name': 'Ada Lovelace',
      'colours[]': ['Rust', 'Oat'],
      'reply-by': 'Email',
      source: 'contact-page',
      terms: '1',
    });
    await expectAxeClean(page);

    // The alert is dismissible with the keyboard.
    await page.focus('.wpcf7-response-output button.toggle-alert');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.wpcf7-response-output')!).display === 'none');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('wpcf7-submit'))).toBe(true);
    expectNoConsoleErrors(errors);
  });

  test('validation on change, then an invalid answer: tips tied to fields, focus on the first invalid one, axe clean', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForFunction(() => (window as unknown as { wpcf7?: { schemas?: Map<number, unknown> } }).wpcf7?.schemas?.has(207));
    await page.fill('input[name="buyer-email"]', 'ada@');
    await page.press('input[name="buyer-email"]', 'Tab');
    await page.waitForSelector('[data-name="buyer-email"] .wpcf7-not-valid-tip');
    expect(await page.getAttribute('input[name="buyer-email"]', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('input[name="buyer-email"]', 'aria-describedby')).toBe(`${UNIT}-ve-buyer-email`);
    expect(await page.textContent(`#${UNIT}-ve-buyer-email`)).toBe('Please enter an email address.');
    // The earlier, skipped name field reveals its error too; later fields stay quiet.
    expect(await page.textContent('[data-name="buyer-name"] .wpcf7-not-valid-tip')).toBe('Please fill out this field.');
    expect(await page.locator('[data-name="details"] .wpcf7-not-valid-tip').count()).toBe(0);
    await expectAxeClean(page);

    await fillValid(page);
    await page.fill('input[name="check"]', 'wrong');
    await listen(page);
    await submitAndWait(page);
    expect(await status(page)).toBe('invalid');
    expect((await events(page)).map((e) => e.name)).toEqual(['wpcf7beforesubmit', 'wpcf7invalid', 'wpcf7submit']);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('check');
    expect(await page.textContent('[data-name="check"] .wpcf7-not-valid-tip')).toBe('The answer to the quiz is incorrect.');
    expect(await page.getAttribute('.wpcf7-response-output', 'class')).toContain('fusion-danger');
    expect(await page.inputValue('input[name="buyer-name"]')).toBe('Ada Lovelace');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('offline: the visitor sees why within the timeout and nothing typed is lost; then it goes', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector('.wpcf7.js');
    await fillValid(page);
    await page.evaluate(() => window['__mock']!.failNext('cf7-feedback', 'offline'));
    await submitAndWait(page);
    expect(await status(page)).toBe('failed');
    expect(await page.textContent('.wpcf7-response-output .fusion-alert-content')).toBe('You are probably offline.');
    expect(await page.isVisible('.wpcf7-response-output')).toBe(true);
    expect(await page.textContent('.screen-reader-response [role="status"]')).toBe('You are probably offline.');
    expect(await page.inputValue('input[name="buyer-name"]')).toBe('Ada Lovelace');
    expect(await page.inputValue('textarea[name="details"]')).toBe('Two hundred caps with our logo, please.');
    expect(await page.isChecked('input[name="terms"]')).toBe(true);
    expect((await recorded(page)).errors).toMatchObject([{ widget: 'cf7', phase: 'request' }]);
    await expectAxeClean(page);

    await page.evaluate(() => window['__mock']!.failNext('cf7-feedback', 'not-json'));
    await submitAndWait(page);
    expect(await page.textContent('.wpcf7-response-output .fusion-alert-content')).toBe('The response is not a valid JSON response.');

    await submitAndWait(page);
    await page.waitForFunction(() => document.querySelector('form.wpcf7-form')!.getAttribute('data-status') === 'sent');
    // Chromium itself logs the refused request; nothing else may complain.
    expectNoConsoleErrors(errors.filter((e) => !e.includes('net::ERR_FAILED')));
  });

  test('a double click sends one message', async () => {
    const { page } = await openPage(PAGE, { tag });
    await page.waitForSelector('.wpcf7.js');
    await fillValid(page);
    await page.evaluate(() => window['__mock']!.latency('cf7-feedback', 400));
    await page.dblclick('.wpcf7-submit');
    await page.click('.wpcf7-submit');
    await page.waitForFunction(() => document.querySelector('form.wpcf7-form')!.getAttribute('data-status') === 'sent');
    expect(await feedbackCalls(page)).toBe(1);
  });

  test('what was typed survives a reload until it is sent', async () => {
    const { page } = await openPage(PAGE, { tag });
    await page.waitForSelector('.wpcf7.js');
    await page.fill('input[name="buyer-name"]', 'Grace Hopper');
    await page.fill('textarea[name="details"]', 'A draft I do not want to lose.');
    // Pressing the radio blurs the textarea: the tips that change reveals above must not steal the click.
    await page.check('input[name="budget"][value="Under 1000"]');
    await page.waitForSelector('[data-name="buyer-email"] .wpcf7-not-valid-tip');
    await page.setInputFiles('input[name="brief"]', { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    const stored = await page.evaluate(() => sessionStorage.getItem('sf_cf7_207_/contact.html'));
    expect(stored).toContain('Grace Hopper');
    expect(stored).not.toContain('brief.pdf');

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('.wpcf7.js');
    await page.waitForFunction(() => (document.querySelector('input[name="buyer-name"]') as HTMLInputElement).value === 'Grace Hopper');
    expect(await page.inputValue('textarea[name="details"]')).toBe('A draft I do not want to lose.');
    expect(await page.isChecked('input[name="budget"][value="Under 1000"]')).toBe(true);

    await fillValid(page);
    await submitAndWait(page);
    await page.waitForFunction(() => document.querySelector('form.wpcf7-form')!.getAttribute('data-status') === 'sent');
    expect(await page.evaluate(() => sessionStorage.getItem('sf_cf7_207_/contact.html'))).toBeNull();
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('.wpcf7.js');
    expect(await page.inputValue('input[name="buyer-name"]')).toBe('');
  });

  test('acceptance does not trap keyboard users: the submit stays focusable and explains itself', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.waitForSelector('.wpcf7.js');
    await fillValid(page);
    await page.uncheck('input[name="terms"]');
    expect(await page.getAttribute('.wpcf7-submit', 'aria-disabled')).toBe('true');
    await page.focus('textarea[name="details"]');
    // Tab past the acceptance boxes to the submit button: it is reachable.
    await page.focus('input[name="newsletter"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('wpcf7-submit'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'terms');
    expect(await page.textContent('.screen-reader-response [role="status"]')).toBe(
      'You must accept the terms and conditions before sending your message.',
    );
    expect(await feedbackCalls(page)).toBe(0);
    await page.keyboard.press('Space');
    expect(await page.getAttribute('.wpcf7-submit', 'aria-disabled')).toBeNull();
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });

  test('reCAPTCHA v3: a token on load and a fresh one per submit; a failing service is only logged and the server answers spam', async () => {
    const ok = await openPage(PAGE, { tag, beforeGoto: recaptchaPage(false) });
    await ok.page.waitForFunction(
      () => (document.querySelector('input[name="_wpcf7_recaptcha_response"]') as HTMLInputElement).value === 'tok-homepage-1',
    );
    await fillValid(ok.page);
    await submitAndWait(ok.page);
    const token = await ok.page.evaluate(
      () => window['__mock']!.state.log.find((l) => l.endpoint === 'cf7-feedback')!.body['_wpcf7_recaptcha_response'],
    );
    expect(token).toMatch(/^tok-contactform-[0-9]+$/);
    await ok.page.waitForFunction(() => document.querySelector('form.wpcf7-form')!.getAttribute('data-status') === 'sent');
    expectNoConsoleErrors(ok.errors);

    const failing = await openPage(PAGE, { tag, beforeGoto: recaptchaPage(true) });
    await failing.page.waitForSelector('.wpcf7.js');
    await fillValid(failing.page);
    await submitAndWait(failing.page);
    expect(await status(failing.page)).toBe('spam');
    expect(await failing.page.inputValue('input[name="buyer-name"]')).toBe('Ada Lovelace');
    expect(failing.errors.length).toBeGreaterThan(0);
    expect(failing.errors.every((e) => e.includes('[storefront-islands] cf7: reCAPTCHA'))).toBe(true);
  });

  test('a form inserted later (a popup) mounts on its own, once', async () => {
    const { page, errors } = await openPage(PAGE, { tag });
    await page.evaluate(() => {
      const popup = document.createElement('section');
      popup.setAttribute('aria-label', 'Newsletter');
      popup.innerHTML = `<div class="wpcf7 no-js" id="wpcf7-f212-o2" lang="en-GB" dir="ltr" data-wpcf7-id="212">
<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul></div>
<form action="/contact/#wpcf7-f212-o2" method="post" class="wpcf7-form init" aria-label="Newsletter form" novalidate="novalidate" data-status="init">
<fieldset class="hidden-fields-container"><input type="hidden" name="_wpcf7" value="212" /><input type="hidden" name="_wpcf7_version" value="6.1.6" /><input type="hidden" name="_wpcf7_locale" value="en_GB" /><input type="hidden" name="_wpcf7_unit_tag" value="wpcf7-f212-o2" /><input type="hidden" name="_wpcf7_container_post" value="0" /><input type="hidden" name="_wpcf7_posted_data_hash" value="" /></fieldset>
<p><label> Your email<br /><span class="wpcf7-form-control-wrap" data-name="subscriber-email"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-email wpcf7-validates-as-required wpcf7-text wpcf7-validates-as-email" aria-required="true" aria-invalid="false" value="" type="email" name="subscriber-email" /></span></label></p>
<p><span class="wpcf7-form-control-wrap" data-name="consent"><span class="wpcf7-form-control wpcf7-acceptance"><span class="wpcf7-list-item"><label><input type="checkbox" name="consent" value="1" aria-invalid="false" /><span class="wpcf7-list-item-label">Yes, write to me.</span></label></span></span></span></p>
<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Subscribe" /></p><div class="wpcf7-response-output" aria-hidden="true"></div>
</form></div>`;
      document.querySelector('#content')!.append(popup);
    });
    await page.waitForSelector('#wpcf7-f212-o2.js');
    expect(await page.locator('#wpcf7-f212-o2 .wpcf7-spinner').count()).toBe(1);
    await page.fill('input[name="subscriber-email"]', 'ada@example.com');
    await page.check('input[name="consent"]');
    await page.click('#wpcf7-f212-o2 .wpcf7-submit');
    await page.waitForFunction(() => document.querySelector('#wpcf7-f212-o2 form')!.getAttribute('data-status') === 'sent');
    expect(await feedbackCalls(page)).toBe(1);
    expect(await status(page)).toBe('init'); // the contact form is untouched
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});

// ---- every vector through a real form ----------------------------------------------------------------------------

const vectors = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/responses/cf7-vectors.json'), 'utf8')) as Record<
  string,
  unknown
>;
const labField = (key: string) => `lab-${key.replace(/_/g, '-')}`;

interface Case {
  field: string;
  values: string[];
  expected: boolean;
  label: string;
}

function vectorCases(): Case[] {
  const cases: Case[] = [];
  for (const [key, entry] of Object.entries(vectors)) {
    if (key.startsWith('_')) continue;
    const v = entry as { valid: (string | string[])[]; invalid: (string | string[])[] };
    for (const [list, expected] of [
      [v.valid, true],
      [v.invalid, false],
    ] as const) {
      for (const input of list)
        cases.push({
          field: labField(key),
          values: Array.isArray(input) ? input : [input],
          expected,
          label: `${key} ${JSON.stringify(input)}`,
        });
    }
  }
  (vectors['_divergent'] as { rule: string; input: string; js_v6_1_6_passes: boolean; php_v6_1_6_passes: boolean }[]).forEach((d, i) =>
    cases.push({
      field: labField(`divergent-${i}`),
      values: [d.input],
      expected: d.js_v6_1_6_passes && d.php_v6_1_6_passes,
      label: `divergent ${d.rule} ${JSON.stringify(d.input)}`,
    }),
  );
  (vectors['_quirks'] as { rule: string; input: string; php: boolean }[]).forEach((q, i) =>
    cases.push({ field: labField(`quirks-${i}`), values: [q.input], expected: q.php, label: `quirk ${q.rule} ${JSON.stringify(q.input)}` }),
  );
  return cases;
}

/** The vector lab: form 300 of the mock, two textareas per field (raw values, newlines kept). */
function labMarkup(fields: string[]): string {
  const rows = fields
    .map(
      (f) =>
        `<p><label>${f}<br /><span class="wpcf7-form-control-wrap" data-name="${f}"><textarea class="wpcf7-form-control wpcf7-textarea" name="${f}[]" aria-invalid="false"></textarea><textarea class="wpcf7-form-control wpcf7-textarea" name="${f}[]" aria-label="${f} second value" aria-invalid="false"></textarea></span></label></p>`,
    )
    .join('');
  return `<div class="wpcf7 no-js" id="wpcf7-f300-o2" lang="en-GB" dir="ltr" data-wpcf7-id="300"><div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul></div><form action="/contact/#wpcf7-f300-o2" method="post" class="wpcf7-form init" aria-label="Vector lab" enctype="multipart/form-data" novalidate="novalidate" data-status="init"><fieldset class="hidden-fields-container"><input type="hidden" name="_wpcf7" value="300" /><input type="hidden" name="_wpcf7_version" value="6.1.6" /><input type="hidden" name="_wpcf7_locale" value="en_GB" /><input type="hidden" name="_wpcf7_unit_tag" value="wpcf7-f300-o2" /><input type="hidden" name="_wpcf7_container_post" value="0" /><input type="hidden" name="_wpcf7_posted_data_hash" value="" /></fieldset>${rows}<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Check" /></p><div class="wpcf7-response-output" aria-hidden="true"></div></form></div>`;
}

describe('every shared vector through a real form (Chromium)', () => {
  test('the browser rule on change and the server on submit agree with every entry', async () => {
    const cases = vectorCases();
    const fields = [...new Set(cases.map((c) => c.field))];
    const { page, errors } = await openPage(PAGE, { tag: 'module' });
    await page.evaluate((html) => document.querySelector('#content')!.insertAdjacentHTML('beforeend', html), labMarkup(fields));
    await page.waitForFunction(() => (window as unknown as { wpcf7?: { schemas?: Map<number, unknown> } }).wpcf7?.schemas?.has(300));
    // The visitor reaches the form: its view loads, and a value known to be wrong shows its tip once it is there.
    await page.focus('#wpcf7-f300-o2 textarea');
    await page.waitForFunction(
      (c) => {
        const boxes = [...document.querySelectorAll<HTMLTextAreaElement>(`textarea[name="${c.field}[]"]`)];
        boxes.forEach((box, i) => (box.value = c.values[i] ?? ''));
        boxes[0]!.dispatchEvent(new Event('change', { bubbles: true }));
        return !!document.querySelector(`[data-name="${c.field}"] .wpcf7-not-valid-tip`);
      },
      cases.find((c) => !c.expected)!,
    );

    // On change: each case typed into its field, judged by the widget in the page.
    const onChange = await page.evaluate((all) => {
      const out: boolean[] = [];
      for (const c of all) {
        const boxes = [...document.querySelectorAll<HTMLTextAreaElement>(`textarea[name="${c.field}[]"]`)];
        boxes.forEach((box, i) => (box.value = c.values[i] ?? ''));
        boxes[0]!.dispatchEvent(new Event('change', { bubbles: true }));
        out.push(!document.querySelector(`[data-name="${c.field}"] .wpcf7-not-valid-tip`));
      }
      return out;
    }, cases);
    const wrong = cases.filter((c, i) => onChange[i] !== c.expected).map((c) => c.label);
    expect(wrong).toEqual([]);

    // On submit: round k posts the k-th case of every field; the server's invalid fields must be exactly those expected.
    const byField = new Map<string, Case[]>();
    for (const c of cases) byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
    const rounds = Math.max(...[...byField.values()].map((l) => l.length));
    const serverWrong: string[] = [];
    for (let k = 0; k < rounds; k++) {
      const round = [...byField.entries()].map(([field, list]) => ({ field, c: list[k] }));
      const invalid = await page.evaluate(async (items) => {
        for (const { field, c } of items) {
          const boxes = [...document.querySelectorAll<HTMLTextAreaElement>(`textarea[name="${field}[]"]`)];
          boxes.forEach((box, i) => (box.value = c ? (c.values[i] ?? '') : ''));
        }
        const form = document.querySelector<HTMLFormElement>('#wpcf7-f300-o2 form')!;
        const answered = new Promise<{ field: string }[]>((resolve) =>
          form.addEventListener(
            'wpcf7submit',
            (e) => resolve(((e as CustomEvent).detail.apiResponse.invalid_fields ?? []) as { field: string }[]),
            { once: true },
          ),
        );
        form.requestSubmit();
        return (await answered).map((f) => f.field);
      }, round);
      for (const { field, c } of round) {
        if (!c) continue;
        if (invalid.includes(field) === c.expected) serverWrong.push(c.label);
      }
    }
    expect(serverWrong).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});
