/**
 * Contact Form 7 against the contract's own example markup (contract/contact-form-7.md §2: form 207 on page 88, no
 * control ids, a radio group without labels, reCAPTCHA's hidden field) and answers written from §3, not from the
 * mock shop: what an acceptance scenario written from the contract sees.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../fixtures/mock/node';
import { mountPage, only } from '../../test/helpers/mount';
import { controllerOf } from './global';

const ROOT = 'http://127.0.0.1:5173/wp-json/';
const BASE = `${ROOT}contact-form-7/v1/contact-forms/207`;

export const CONTRACT_FORM = `<div class="wpcf7 no-js" id="wpcf7-f207-p88-o1" lang="en-GB" dir="ltr" data-wpcf7-id="207">
<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul></div>
<form action="/wholesale/#wpcf7-f207-p88-o1" method="post" class="wpcf7-form init" aria-label="Contact form" enctype="multipart/form-data" novalidate="novalidate" data-status="init">
<fieldset class="hidden-fields-container"><input type="hidden" name="_wpcf7" value="207" /><input type="hidden" name="_wpcf7_version" value="6.1.6" /><input type="hidden" name="_wpcf7_locale" value="en_GB" /><input type="hidden" name="_wpcf7_unit_tag" value="wpcf7-f207-p88-o1" /><input type="hidden" name="_wpcf7_container_post" value="88" /><input type="hidden" name="_wpcf7_posted_data_hash" value="" /><input type="hidden" name="_wpcf7_recaptcha_response" value="" />
</fieldset>
<p><label> Name<br /><span class="wpcf7-form-control-wrap" data-name="buyer-name"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-text wpcf7-validates-as-required" autocomplete="name" aria-required="true" aria-invalid="false" value="" type="text" name="buyer-name" /></span></label></p>
<p><label> Email<br /><span class="wpcf7-form-control-wrap" data-name="buyer-email"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-email wpcf7-validates-as-required wpcf7-text wpcf7-validates-as-email" autocomplete="email" aria-required="true" aria-invalid="false" value="" type="email" name="buyer-email" /></span></label></p>
<p><label> Website<br /><span class="wpcf7-form-control-wrap" data-name="shop-url"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-url wpcf7-text wpcf7-validates-as-url" aria-invalid="false" value="" type="url" name="shop-url" /></span></label></p>
<p><label> Phone<br /><span class="wpcf7-form-control-wrap" data-name="buyer-phone"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-tel wpcf7-text wpcf7-validates-as-tel" aria-invalid="false" value="" type="tel" name="buyer-phone" /></span></label></p>
<p><label> Units<br /><span class="wpcf7-form-control-wrap" data-name="units"><input class="wpcf7-form-control wpcf7-number wpcf7-validates-as-number" min="10" max="500" aria-invalid="false" value="" type="number" name="units" /></span></label></p>
<p><label> Delivery date<br /><span class="wpcf7-form-control-wrap" data-name="delivery"><input class="wpcf7-form-control wpcf7-date wpcf7-validates-as-date" min="2025-06-01" aria-invalid="false" value="" type="date" name="delivery" /></span></label></p>
<p><label> Range<br /><span class="wpcf7-form-control-wrap" data-name="line"><select class="wpcf7-form-control wpcf7-select wpcf7-validates-as-required" aria-required="true" aria-invalid="false" name="line"><option value="">&#8212;Please choose an option&#8212;</option><option value="Bags">Bags</option><option value="Caps">Caps</option></select></span></label></p>
<p>Reply by <span class="wpcf7-form-control-wrap" data-name="reply-by"><span class="wpcf7-form-control wpcf7-checkbox wpcf7-exclusive-checkbox"><span class="wpcf7-list-item first"><label><input type="checkbox" name="reply-by" value="Email" /><span class="wpcf7-list-item-label">Email</span></label></span><span class="wpcf7-list-item last"><label><input type="checkbox" name="reply-by" value="Phone" /><span class="wpcf7-list-item-label">Phone</span></label></span></span></span></p>
<p>Budget <span class="wpcf7-form-control-wrap" data-name="budget"><span class="wpcf7-form-control wpcf7-radio"><span class="wpcf7-list-item first"><input type="radio" name="budget" value="Under 1000" /><span class="wpcf7-list-item-label">Under 1000</span></span><span class="wpcf7-list-item last"><input type="radio" name="budget" value="1000 or more" /><span class="wpcf7-list-item-label">1000 or more</span></span></span></span></p>
<p><label> Brief<br /><span class="wpcf7-form-control-wrap" data-name="brief"><input size="40" class="wpcf7-form-control wpcf7-file" accept=".pdf,.docx" aria-invalid="false" type="file" name="brief" /></span></label></p>
<p><span class="wpcf7-form-control-wrap" data-name="check"><label><span class="wpcf7-quiz-label">2+3=?</span> <input size="40" class="wpcf7-form-control wpcf7-quiz" autocomplete="off" aria-required="true" aria-invalid="false" type="text" name="check" /></label><input type="hidden" name="_wpcf7_quiz_answer_check" value="6f1c…" /></span></p>
<p><label> Details<br /><span class="wpcf7-form-control-wrap" data-name="details"><textarea cols="40" rows="10" maxlength="1500" class="wpcf7-form-control wpcf7-textarea wpcf7-validates-as-required" aria-required="true" aria-invalid="false" name="details"></textarea></span></label></p>
<p><span class="wpcf7-form-control-wrap" data-name="terms"><span class="wpcf7-form-control wpcf7-acceptance"><span class="wpcf7-list-item"><label><input type="checkbox" name="terms" value="1" aria-invalid="false" /><span class="wpcf7-list-item-label">I accept the trade terms.</span></label></span></span></span></p>
<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Send enquiry" /></p><div class="wpcf7-response-output" aria-hidden="true"></div>
</form>
</div>
`;

const SCHEMA = {
  version: 'Contact Form 7 SWV Schema 2024-10',
  locale: 'en_GB',
  rules: [
    { rule: 'required', field: 'buyer-name', error: 'Please fill out this field.' },
    { rule: 'maxlength', field: 'buyer-name', threshold: 400, error: 'This field has a too long input.' },
    { rule: 'required', field: 'buyer-email', error: 'Please fill out this field.' },
    { rule: 'email', field: 'buyer-email', error: 'Please enter an email address.' },
    { rule: 'maxlength', field: 'buyer-email', threshold: 400, error: 'This field has a too long input.' },
    { rule: 'required', field: 'budget', error: 'Please fill out this field.' },
    { rule: 'maxitems', field: 'budget', threshold: 1, error: 'Too many items are selected.' },
    { rule: 'number', field: 'units', error: 'Please enter a number.' },
    { rule: 'minnumber', field: 'units', threshold: '10', error: 'This field has a too small number.' },
  ],
};

type Seen = { name: string; detail: Record<string, unknown>; target: EventTarget | null };
const win = window as unknown as { wpcf7?: Record<string, unknown> };
const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector)!;

let posts: { url: string; body: FormData; headers: Headers }[];
let feedback: () => JsonBodyType;
let refill: () => JsonBodyType;

beforeAll(() => import('./cf7.island'), 60_000);
beforeEach(() => {
  posts = [];
  win.wpcf7 = { api: { root: ROOT, namespace: 'contact-form-7/v1' } };
  feedback = () => ({
    contact_form_id: 207,
    status: 'mail_sent',
    message: 'Thank you for your message. It has been sent.',
    invalid_fields: [],
    posted_data_hash: 'abc',
    into: '#wpcf7-f207-p88-o1',
  });
  refill = () => [];
  server.use(
    http.get(`${BASE}/feedback/schema`, () => HttpResponse.json(SCHEMA)),
    http.get(`${BASE}/refill`, () => HttpResponse.json(refill())),
    http.post(`${BASE}/feedback`, async ({ request }) => {
      posts.push({ url: request.url, headers: request.headers, body: await request.formData() });
      return HttpResponse.json(feedback());
    }),
  );
});
afterEach(() => {
  delete win.wpcf7;
});

function record(...names: string[]): Seen[] {
  const seen: Seen[] = [];
  for (const name of names)
    document.addEventListener(name, (e) =>
      seen.push({ name, detail: (e as CustomEvent).detail as Record<string, unknown>, target: e.target }),
    );
  return seen;
}

async function mountContract(html = CONTRACT_FORM) {
  const runtime = await mountPage(html, only('cf7'));
  await vi.waitFor(() => expect((win.wpcf7?.schemas as Map<number, unknown> | undefined)?.size).toBeGreaterThan(0));
  return runtime;
}

async function submit(form: HTMLFormElement) {
  const before = posts.length;
  // The acceptance box gates the submit (it is re-read on submit).
  form.querySelector<HTMLInputElement>('[name="terms"]')!.checked = true;
  form.requestSubmit(form.querySelector<HTMLElement>('.wpcf7-submit'));
  await vi.waitFor(() => {
    expect(posts.length).toBeGreaterThan(before);
    expect(form.getAttribute('data-status')).not.toBe('submitting');
  });
}

describe('Contact Form 7, the contract example', () => {
  it('mounts: js class, one spinner, form.wpcf7 from the hidden fields', async () => {
    await mountContract();
    const form = $<HTMLFormElement>('form.wpcf7-form');
    expect($('.wpcf7').className).toBe('wpcf7 js');
    expect(form.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    expect(form.wpcf7).toMatchObject({
      id: 207,
      status: 'init',
      unitTag: 'wpcf7-f207-p88-o1',
      containerPost: 88,
      locale: 'en_GB',
      pluginVersion: '6.1.6',
    });
  });

  it('an invalid answer for a control without an id: a text list item, tip, ARIA; events with the contract detail', async () => {
    feedback = () => ({
      contact_form_id: 207,
      status: 'validation_failed',
      message: 'One or more fields have an error. Please check and try again.',
      invalid_fields: [
        { field: 'buyer-email', message: 'Please enter an email address.', idref: null, error_id: 'wpcf7-f207-p88-o1-ve-buyer-email' },
      ],
      posted_data_hash: '',
      into: '#wpcf7-f207-p88-o1',
    });
    await mountContract();
    const form = $<HTMLFormElement>('form.wpcf7-form');
    $<HTMLInputElement>('[name="buyer-name"]').value = 'Ada';
    $<HTMLInputElement>('[name="terms"]').checked = true;
    const seen = record('wpcf7beforesubmit', 'wpcf7statuschanged', 'wpcf7invalid', 'wpcf7submit');
    await submit(form);
    const { headers, url, body } = posts[0]!;
    expect(url).toBe(`${BASE}/feedback`);
    expect(headers.get('accept')).toBe('application/json, */*;q=0.1');
    expect(headers.get('x-wp-nonce')).toBeNull();
    expect(headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(body.get('_wpcf7_unit_tag')).toBe('wpcf7-f207-p88-o1');
    expect(seen.map((s) => s.name)).toEqual([
      'wpcf7beforesubmit',
      'wpcf7statuschanged',
      'wpcf7statuschanged',
      'wpcf7invalid',
      'wpcf7submit',
    ]);
    for (const s of seen) expect(s.target).toBe(form);
    const detail = seen.find((s) => s.name === 'wpcf7submit')!.detail;
    expect(detail).toMatchObject({
      contactFormId: 207,
      pluginVersion: '6.1.6',
      contactFormLocale: 'en_GB',
      unitTag: 'wpcf7-f207-p88-o1',
      containerPostId: 88,
      status: 'validation_failed',
    });
    expect((detail.inputs as { name: string }[]).some((i) => i.name.startsWith('_'))).toBe(false);
    expect((detail.inputs as { name: string; value: unknown }[]).find((i) => i.name === 'buyer-name')?.value).toBe('Ada');
    expect(seen[1]!.detail).toMatchObject({ status: 'submitting', prevStatus: 'init', containerPostId: 88 });
    expect(seen[2]!.detail).toMatchObject({ status: 'invalid', prevStatus: 'submitting' });

    expect(form.getAttribute('data-status')).toBe('invalid');
    expect(form.classList.contains('invalid')).toBe(true);
    const li = $('.screen-reader-response ul li');
    expect(li.id).toBe('wpcf7-f207-p88-o1-ve-buyer-email');
    expect(li.querySelector('a')).toBeNull();
    expect(li.textContent).toBe('Please enter an email address.');
    const email = $<HTMLInputElement>('[name="buyer-email"]');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('wpcf7-f207-p88-o1-ve-buyer-email');
    expect(email.classList.contains('wpcf7-not-valid')).toBe(true);
    const tip = $('[data-name="buyer-email"] .wpcf7-not-valid-tip');
    expect(tip.getAttribute('aria-hidden')).toBe('true');
    expect(tip.textContent).toBe('Please enter an email address.');
    expect($('.screen-reader-response [role="status"]').textContent).toBe('One or more fields have an error. Please check and try again.');
    expect($('.wpcf7-response-output').textContent).toContain('One or more fields have an error. Please check and try again.');
    expect(document.activeElement).toBe(email);
  });

  it('validates a radio group without labels on change, up to the changed wrap, and restores the status', async () => {
    await mountContract();
    const form = $<HTMLFormElement>('form.wpcf7-form');
    const seen = record('wpcf7statuschanged');
    const radio = $<HTMLInputElement>('[name="budget"][value="Under 1000"]');
    radio.checked = true;
    radio.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(controllerOf(form)?.display.rendered).toBe(true));
    await vi.waitFor(() => expect($('[data-name="buyer-name"] .wpcf7-not-valid-tip')).not.toBeNull());
    expect($('[data-name="buyer-email"] .wpcf7-not-valid-tip').textContent).toBe('Please fill out this field.');
    expect($('[data-name="budget"] .wpcf7-not-valid-tip')).toBeNull();
    expect($('[data-name="units"] .wpcf7-not-valid-tip')).toBeNull();
    expect(seen.map((s) => s.detail.status)).toEqual(['validating', 'init']);
    expect(form.getAttribute('data-status')).toBe('init');
  });

  it('a custom status: every run of other characters becomes "-", only wpcf7submit fires', async () => {
    feedback = () => ({ contact_form_id: 207, status: 'foo bar_baz!', message: 'Custom.', invalid_fields: [], posted_data_hash: 'h' });
    await mountContract();
    const form = $<HTMLFormElement>('form.wpcf7-form');
    const seen = record('wpcf7mailsent', 'wpcf7mailfailed', 'wpcf7submit', 'wpcf7invalid');
    await submit(form);
    expect(form.getAttribute('data-status')).toBe('custom-foo-bar-baz-');
    expect(seen.map((s) => s.name)).toEqual(['wpcf7submit']);
    expect(seen[0]!.detail.status).toBe('foo bar_baz!');
  });

  it('mail_sent: posted hash, reset, refill [] and back to sent with wpcf7reset; inert-on-* follows the status', async () => {
    const html = CONTRACT_FORM.replace(
      '<p><input class="wpcf7-form-control wpcf7-submit',
      '<p class="inert-on-submitting"><input class="wpcf7-form-control wpcf7-submit',
    );
    await mountContract(html);
    const form = $<HTMLFormElement>('form.wpcf7-form');
    $<HTMLInputElement>('[name="buyer-name"]').value = 'Ada';
    const seen = record('wpcf7mailsent', 'wpcf7submit', 'wpcf7reset');
    let inertWhileSubmitting = false;
    form.addEventListener('wpcf7beforesubmit', () =>
      queueMicrotask(() => (inertWhileSubmitting = $('.inert-on-submitting').hasAttribute('inert'))),
    );
    await submit(form);
    await vi.waitFor(() => expect(seen.map((s) => s.name)).toEqual(['wpcf7mailsent', 'wpcf7submit', 'wpcf7reset']));
    expect(inertWhileSubmitting).toBe(true);
    expect($('.inert-on-submitting').hasAttribute('inert')).toBe(false);
    expect($<HTMLInputElement>('[name="_wpcf7_posted_data_hash"]').value).toBe('abc');
    expect($<HTMLInputElement>('[name="buyer-name"]').value).toBe('');
    expect(form.getAttribute('data-status')).toBe('sent');
    expect(seen[2]!.detail.apiResponse).toEqual([]);
    expect($('.wpcf7-response-output').className).toContain('fusion-success');
  });

  it('two forms on a page and a third inserted later each run on their own', async () => {
    const second = CONTRACT_FORM.replaceAll('wpcf7-f207-p88-o1', 'wpcf7-f207-p88-o2');
    const runtime = await mountContract(CONTRACT_FORM + second);
    const forms = [...document.querySelectorAll<HTMLFormElement>('form.wpcf7-form')];
    expect(forms.map((f) => f.wpcf7?.unitTag)).toEqual(['wpcf7-f207-p88-o1', 'wpcf7-f207-p88-o2']);
    const holder = document.createElement('div');
    holder.innerHTML = CONTRACT_FORM.replaceAll('wpcf7-f207-p88-o1', 'wpcf7-f207-p88-o3');
    document.body.append(holder);
    runtime.scan(document);
    await runtime.settled();
    await vi.waitFor(() => expect(holder.querySelector('.wpcf7')!.classList.contains('js')).toBe(true));
    await submit(forms[1]!);
    expect(posts[0]!.body.get('_wpcf7_unit_tag')).toBe('wpcf7-f207-p88-o2');
    expect(forms[1]!.getAttribute('data-status')).toBe('sent');
    expect(forms[0]!.getAttribute('data-status')).toBe('init');
  });
});
