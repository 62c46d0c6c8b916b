/**
 * The Contact Form 7 widget over the contact page as the CMS prints it, with the stateful mock as the server
 * (its validation is this widget's own rule module): every status, every failure, events, ARIA and drafts.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { failNext, state } from '../../fixtures/mock/state';
import { setEnvironment } from '../../src/env';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { controllerOf } from './global';
import { createSchemas, readConfig } from './api';

type Wpcf7 = {
  api?: unknown;
  cached?: unknown;
  blocked?: unknown;
  submit?: (...a: unknown[]) => unknown;
  schemas?: Map<number, unknown>;
  init?: unknown;
  reset?: unknown;
  validate?: unknown;
};
const win = window as unknown as { wpcf7?: Wpcf7; wpcf7_recaptcha?: unknown; grecaptcha?: unknown };

const UNIT = 'wpcf7-f207-p10-o1';
const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector)!;
const form = () => $<HTMLFormElement>('form.wpcf7-form');
const field = <T extends HTMLElement = HTMLInputElement>(name: string) => $<T>(`[name="${name}"]`);
const output = () => $('.wpcf7-response-output');
const srStatus = () => $('.screen-reader-response [role="status"]');
const srList = () => $('.screen-reader-response ul');
const wrap = (name: string) => $(`.wpcf7-form-control-wrap[data-name="${name}"]`);
const tip = (name: string) => wrap(name).querySelector('.wpcf7-not-valid-tip');
const calls = (endpoint: string) => state.log.filter((l) => l.endpoint === endpoint);

let restoreEnv: () => void;
// The view's chunk (and React) load when a form first needs them: warm them once, outside any test's time limit.
beforeAll(() => import('./cf7.island'), 60_000);
beforeEach(() => {
  // happy-dom has no requestIdleCallback: the idle trigger fires at once.
  restoreEnv = setEnvironment({ idle: (fn) => (fn(), () => {}) });
  win.wpcf7 = { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' } };
});
afterEach(() => {
  restoreEnv();
  delete win.wpcf7;
  delete win.wpcf7_recaptcha;
  delete win.grecaptcha;
  vi.useRealTimers();
});

/** Whether the React view renders the form (it loads when the visitor reaches the form). */
const hasView = () => controllerOf(form())?.display.rendered === true;

/** The contact page, with the visitor already at the form (its view loaded), as most tests need it. */
async function mountContact(html?: string) {
  const body = html ?? (await fixtureBody('contact.html'));
  const runtime = await mountPage(body, only('cf7'));
  await vi.waitFor(() => expect(win.wpcf7?.schemas?.size).toBeGreaterThan(0));
  form().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await vi.waitFor(() => expect(hasView()).toBe(true));
  return runtime;
}

function change(el: HTMLElement): void {
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

function type(name: string, value: string): void {
  const el = field<HTMLInputElement>(name);
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  change(el);
}

function check(selector: string, on = true): void {
  const el = $<HTMLInputElement>(selector);
  el.checked = on;
  change(el);
}

/** Everything the server needs for a message that is sent. */
function fillValid(): void {
  type('buyer-name', 'Ada Lovelace');
  type('buyer-email', 'ada@example.com');
  $<HTMLSelectElement>('select[name="line"]').value = 'Bags';
  change($('select[name="line"]'));
  check('input[name="interests[]"][value="Wholesale"]');
  check('input[name="budget"][value="Under 1000"]');
  answerQuiz();
  type('details', 'Two hundred totes with our logo, please.');
  check('input[name="terms"]');
}

/** What a script or the browser's autofill sets, without focusing the form: the values, no events. */
function fillValidWithoutView(): void {
  const set = (name: string, value: string) => (field<HTMLInputElement>(name).value = value);
  set('buyer-name', 'Ada Lovelace');
  set('buyer-email', 'ada@example.com');
  $<HTMLSelectElement>('select[name="line"]').value = 'Bags';
  $<HTMLInputElement>('input[name="interests[]"][value="Wholesale"]').checked = true;
  $<HTMLInputElement>('input[name="budget"][value="Under 1000"]').checked = true;
  set('check', QUIZ[$('.wpcf7-quiz-label').textContent ?? ''] ?? '');
  set('details', 'Two hundred totes with our logo, please.');
  $<HTMLInputElement>('input[name="terms"]').checked = true;
}

/** Submit as a visitor does and wait for the answer (the request may first wait for a reCAPTCHA token). */
async function submit(submitter?: HTMLElement): Promise<void> {
  const before = calls('cf7-feedback').length;
  form().requestSubmit(submitter ?? $('.wpcf7-submit'));
  await vi.waitFor(() => {
    expect(calls('cf7-feedback').length).toBeGreaterThan(before);
    expect(form().getAttribute('data-status')).not.toBe('submitting');
  });
}

/** The mock's quiz questions and their answers. */
const QUIZ: Record<string, string> = { '2+3=?': '5', '4+4=?': '8', 'Ten minus three?': '7' };
const answerQuiz = () => type('check', QUIZ[$('.wpcf7-quiz-label').textContent ?? ''] ?? '');

function record(...names: string[]): { name: string; detail: Record<string, unknown> }[] {
  const seen: { name: string; detail: Record<string, unknown> }[] = [];
  for (const name of names)
    document.addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail as Record<string, unknown> }));
  return seen;
}

const ALL_EVENTS = [
  'wpcf7beforesubmit',
  'wpcf7invalid',
  'wpcf7unaccepted',
  'wpcf7spam',
  'wpcf7aborted',
  'wpcf7mailsent',
  'wpcf7mailfailed',
  'wpcf7submit',
  'wpcf7reset',
];

describe('mounting', () => {
  it('initialises the printed form once: js class, spinner, form.wpcf7, the wpcf7 API keeping page keys, one schema call', async () => {
    win.wpcf7 = { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' }, cached: '' };
    const runtime = await mountContact();
    const wrapper = $('.wpcf7');
    expect(wrapper.classList.contains('js')).toBe(true);
    expect(wrapper.classList.contains('no-js')).toBe(false);
    expect(document.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    expect($('.has-spinner').nextElementSibling?.className).toBe('wpcf7-spinner');
    expect(form().wpcf7).toMatchObject({
      id: 207,
      status: 'init',
      unitTag: UNIT,
      pluginVersion: '6.1.6',
      locale: 'en_GB',
      containerPost: 10,
    });
    for (const fn of ['init', 'submit', 'reset', 'validate'] as const) expect(typeof win.wpcf7?.[fn]).toBe('function');
    expect(win.wpcf7?.api).toEqual({ root: '/wp-json/', namespace: 'contact-form-7/v1' });
    expect(win.wpcf7?.cached).toBe('');
    runtime.scan(document);
    await runtime.settled();
    expect(document.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    expect(calls('cf7-schema')).toHaveLength(1);
  });

  it('mounts a form inserted later (a popup) through the runtime observer, and only once', async () => {
    const runtime = await mountPage('<main id="popup-host"></main>', only('cf7'));
    const body = await fixtureBody('contact.html');
    const holder = document.createElement('div');
    holder.innerHTML = /<div class="wpcf7[\s\S]*?<\/form>\s*<\/div>/.exec(body)![0];
    $('#popup-host').append(holder);
    await runtime.settled();
    await vi.waitFor(() => expect($('.wpcf7').classList.contains('js')).toBe(true));
    await vi.waitFor(() => expect(win.wpcf7?.schemas?.has(207)).toBe(true));
    runtime.scan(document);
    await runtime.settled();
    fillValid();
    await submit();
    expect(calls('cf7-feedback')).toHaveLength(1);
    expect(form().getAttribute('data-status')).toBe('sent');
  });

  it('tears down when the form leaves and mounts fresh when it comes back (one request per submit)', async () => {
    const runtime = await mountContact();
    const wrapper = $('.wpcf7');
    const parent = wrapper.parentElement!;
    wrapper.remove();
    await runtime.settled();
    parent.append(wrapper);
    await runtime.settled();
    await vi.waitFor(() => expect(form().wpcf7).toBeDefined());
    expect(document.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    fillValid();
    await submit();
    expect(calls('cf7-feedback')).toHaveLength(1);
  });

  it('replaces a form placed inside another form with the notice', async () => {
    const body = await fixtureBody('contact.html');
    const inner = /<div class="wpcf7[\s\S]*?<\/form>\s*<\/div>/.exec(body)![0];
    await mountPage(
      `<form class="checkout" action="/checkout/"><p>Order notes</p>${inner.replace(/<\/?form[^>]*>/g, '')}</form>`,
      only('cf7'),
    );
    const notice = $('.checkout p.wpcf7-form-in-wrong-place');
    expect(notice.innerHTML).toBe('<strong>Error:</strong> This contact form is placed in the wrong place.');
    expect(document.querySelector('.wpcf7')).toBeNull();
  });

  it('without wpcf7.api: one console error naming the widget, and the form left to post natively', async () => {
    win.wpcf7 = { cached: 1 };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountPage(await fixtureBody('contact.html'), only('cf7'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('cf7: wpcf7.api is missing');
    expect($('.wpcf7').classList.contains('no-js')).toBe(true);
    const event = new Event('submit', { cancelable: true });
    form().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('adopts a non-JS postback: its status, tips and values stay', async () => {
    const body = (await fixtureBody('contact.html'))
      .replace('class="wpcf7-form init"', 'class="wpcf7-form invalid"')
      .replace('data-status="init"', 'data-status="invalid"')
      .replace('value="" type="text" name="buyer-name" /></span>', 'value="Ada" type="text" name="buyer-name" /></span>')
      .replace(
        'aria-invalid="false" value="" type="email" name="buyer-email" /></span>',
        `aria-invalid="true" aria-describedby="${UNIT}-ve-buyer-email" value="ada@" type="email" name="buyer-email" /><span class="wpcf7-not-valid-tip" aria-hidden="true">Please enter an email address.</span></span>`,
      );
    const seen = record('wpcf7statuschanged');
    await mountContact(body);
    expect(form().getAttribute('data-status')).toBe('invalid');
    expect(form().classList.contains('invalid')).toBe(true);
    expect(field('buyer-name').value).toBe('Ada');
    expect(tip('buyer-email')?.textContent).toBe('Please enter an email address.');
    expect(field('buyer-email').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('a form without an id: one warning at mount, and a submit (or wpcf7.submit) posts it as printed, calling no endpoint', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = (await fixtureBody('contact.html'))
      .replace('<input type="hidden" name="_wpcf7" value="207" />', '')
      .replace(' data-wpcf7-id="207"', '');
    await mountPage(body, only('cf7'));
    await vi.waitFor(() => expect($('.wpcf7').classList.contains('js')).toBe(true));
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining('cf7: _wpcf7: the form has no id; it is sent without JavaScript'),
    ]);
    const posts: boolean[] = [];
    // The page's own post: a submit event nobody prevented (stopped here, happy-dom cannot navigate).
    const nativePost = (event: Event) => {
      posts.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('submit', nativePost);
    try {
      fillValidWithoutView();
      form().requestSubmit($('.wpcf7-submit'));
      (win.wpcf7!.submit as (form: HTMLFormElement) => void)(form());
      await vi.waitFor(() => expect(posts).toEqual([false, false]));
    } finally {
      window.removeEventListener('submit', nativePost);
    }
    expect(calls('cf7-feedback')).toHaveLength(0);
  });

  it('works with plain permalinks (rest_route)', async () => {
    win.wpcf7 = { api: { root: 'http://127.0.0.1:5173/index.php?rest_route=/', namespace: 'contact-form-7/v1' } };
    await mountContact();
    fillValid();
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
  });
});

describe('the view, loaded when the form needs it', () => {
  /** The contact page as printed, the visitor not yet at the form. */
  async function mountUntouched(html?: string) {
    await mountPage(html ?? (await fixtureBody('contact.html')), only('cf7'));
    await vi.waitFor(() => expect(win.wpcf7?.schemas?.size).toBeGreaterThan(0));
  }

  it('is not loaded for a form nobody reaches; a postback keeps its printed tips until then, and the view shows the same', async () => {
    const body = (await fixtureBody('contact.html'))
      .replace('class="wpcf7-form init"', 'class="wpcf7-form invalid"')
      .replace('data-status="init"', 'data-status="invalid"')
      .replace(
        'aria-invalid="false" value="" type="email" name="buyer-email" /></span>',
        `aria-invalid="true" aria-describedby="${UNIT}-ve-buyer-email" value="ada@" type="email" name="buyer-email" /><span class="wpcf7-not-valid-tip" aria-hidden="true">Please enter an email address.</span></span>`,
      )
      .replace(/(<div class="wpcf7-response-output[^>]*>)(<\/div>)/, '$1One or more fields have an error. Please check and try again.$2')
      .replace(
        '<p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul>',
        `<p role="status" aria-live="polite" aria-atomic="true">One or more fields have an error. Please check and try again.</p> <ul><li id="${UNIT}-ve-buyer-email">Please enter an email address.</li></ul>`,
      );
    await mountUntouched(body);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hasView()).toBe(false);
    expect($('.wpcf7').classList.contains('js')).toBe(true);
    expect(document.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    expect(wrap('buyer-email').querySelectorAll('.wpcf7-not-valid-tip')).toHaveLength(1);

    field('buyer-name').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(hasView()).toBe(true));
    expect(wrap('buyer-email').querySelectorAll('.wpcf7-not-valid-tip')).toHaveLength(1);
    expect(tip('buyer-email')?.textContent).toBe('Please enter an email address.');
    expect(field('buyer-email').getAttribute('aria-invalid')).toBe('true');
    expect(form().getAttribute('data-status')).toBe('invalid');
    expect(output().querySelector('.fusion-alert-content')?.textContent).toBe(
      'One or more fields have an error. Please check and try again.',
    );
    expect(output().classList.contains('fusion-danger')).toBe(true);
    expect(document.querySelectorAll('.wpcf7-spinner')).toHaveLength(1);
    // The screen-reader region the server filled keeps saying the same (contract §2: adopt, do not reset).
    expect(srStatus().textContent).toBe('One or more fields have an error. Please check and try again.');
    expect([...srList().querySelectorAll('li')].map((li) => [li.id, li.textContent])).toEqual([
      [`${UNIT}-ve-buyer-email`, 'Please enter an email address.'],
    ]);
  });

  it('before the view has arrived, wpcf7statuschanged listeners already see the new status on the form', async () => {
    await mountUntouched();
    const seen: string[] = [];
    document.addEventListener('wpcf7statuschanged', (e) =>
      seen.push(
        `${(e as CustomEvent<{ status: string }>).detail.status}:${form().getAttribute('data-status')}:${form().classList.contains((e as CustomEvent<{ status: string }>).detail.status)}`,
      ),
    );
    // Validation on a change: the view starts loading only now.
    field('buyer-email').value = 'nope';
    change(field('buyer-email'));
    expect(seen).toEqual(['validating:validating:true', 'init:init:true']);
    expect(form().classList.contains('validating')).toBe(false);
  });

  it('a submit before the view has arrived waits for it, sends once, and listeners see the form as the events say', async () => {
    await mountUntouched();
    fillValidWithoutView();
    const statuses: string[] = [];
    for (const name of ['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit'])
      document.addEventListener(name, () => statuses.push(`${name}:${form().getAttribute('data-status')}`));
    form().requestSubmit($('.wpcf7-submit'));
    form().requestSubmit($('.wpcf7-submit'));
    await vi.waitFor(() => expect(statuses).toHaveLength(3));
    expect(statuses).toEqual(['wpcf7beforesubmit:init', 'wpcf7mailsent:sent', 'wpcf7submit:sent']);
    expect(calls('cf7-feedback')).toHaveLength(1);
    await vi.waitFor(() => expect(srStatus().textContent).toBe('Thank you for your message. It has been sent.'));
    expect(output().classList.contains('fusion-success')).toBe(true);
  });

  it('when the view cannot load: one warning naming it, and the held submit posts as printed', async () => {
    vi.doMock('./cf7.island', () => {
      throw new Error('chunk failed');
    });
    try {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await mountUntouched();
      const posts: boolean[] = [];
      // The page's own post: seen as a submit event nobody prevented (stopped here, happy-dom cannot navigate).
      const nativePost = (event: Event) => {
        posts.push(event.defaultPrevented);
        event.preventDefault();
      };
      window.addEventListener('submit', nativePost);
      fillValidWithoutView();
      form().requestSubmit($('.wpcf7-submit'));
      await vi.waitFor(() => expect(posts).toEqual([true, false]));
      window.removeEventListener('submit', nativePost);
      expect(calls('cf7-feedback')).toHaveLength(0);
      expect(warn.mock.calls.filter((c) => String(c[0]).includes('cf7') && String(c[0]).includes('view'))).toHaveLength(1);
    } finally {
      vi.doUnmock('./cf7.island');
    }
  });
});

describe('schemas', () => {
  it('is fetched once per form id, however many times the form is printed', async () => {
    const body = await fixtureBody('contact.html');
    const second = /<div class="wpcf7[\s\S]*?<\/form>\s*<\/div>/.exec(body)![0].replaceAll('wpcf7-f207-p10-o1', 'wpcf7-f207-p10-o2');
    await mountContact(body + second);
    expect(document.querySelectorAll('.wpcf7.js')).toHaveLength(2);
    expect(calls('cf7-schema')).toHaveLength(1);
    type('buyer-email', 'nope');
    expect(document.querySelectorAll('.wpcf7-not-valid-tip').length).toBeGreaterThan(0);
  });

  it('a schema still on its way when the last form leaves the page is dropped: its request aborted, no warning later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The page's schemas are a service of the forms: gone with the last one.
    const runtime = await mountContact();
    expect([...runtime.services.keys()]).toContain('cf7:schemas');
    runtime.unmount(document);
    expect([...runtime.services.keys()]).not.toContain('cf7:schemas');
    // Disposed while a request is on its way (a slow server): it settles at once, without the read timeout's
    // warning 10 s later in whatever the page shows then.
    failNext('cf7-schema', 'slow');
    const { server } = await import('../../fixtures/mock/node');
    const seen: Request[] = [];
    const listener = ({ request }: { request: Request }) => void (/feedback\/schema/.test(request.url) && seen.push(request));
    server.events.on('request:start', listener);
    const page = new AbortController();
    const pending = createSchemas(page.signal).get(readConfig(win.wpcf7)!, 207);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    server.events.removeListener('request:start', listener);
    expect(seen[0]!.signal.aborted).toBe(false);
    page.abort();
    expect(seen[0]!.signal.aborted).toBe(true);
    await expect(pending).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a malformed rule (not a rule, unknown, no field, a threshold that is not a number or date, no accept list) is skipped with one warning naming it; the others still work', async () => {
    const { http, HttpResponse } = await import('msw');
    const { server } = await import('../../fixtures/mock/node');
    server.use(
      http.get('*/wp-json/contact-form-7/v1/contact-forms/:id/feedback/schema', () =>
        HttpResponse.json({
          version: 'x',
          rules: [
            { rule: 'email' },
            42,
            { rule: 'email', field: 'buyer-email', error: 'Bad email.' },
            { rule: 'teleport', field: 'a', error: 'x' },
            { rule: 'minlength', field: 'buyer-name', threshold: 'ten', error: 'Never shown.' },
            { rule: 'mindate', field: 'delivery', threshold: 'today', error: 'Never shown.' },
            { rule: 'enum', field: 'line', error: 'Never shown.' },
            { rule: 'minlength', field: 'buyer-name', threshold: ' 3 ', error: 'Too short.' },
            { rule: 'all', field: 'buyer-phone', rules: [{ rule: 'maxlength', threshold: 4, error: 'Too long.' }] },
          ],
        }),
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountContact();
    type('buyer-email', 'nope');
    expect(tip('buyer-email')?.textContent).toBe('Bad email.');
    type('buyer-name', 'Al');
    expect(tip('buyer-name')?.textContent).toBe('Too short.'); // a numeric string threshold is parsed
    type('delivery', '2000-01-01');
    expect(tip('delivery')).toBeNull();
    type('buyer-phone', '5550100');
    expect(tip('buyer-phone')?.textContent).toBe('Too long.'); // a composite's child takes its field
    const texts = warn.mock.calls.map((c) => String(c[0]));
    expect(texts).toEqual([
      expect.stringContaining('cf7: schema.rules[0]: email has no field'),
      expect.stringContaining('cf7: schema.rules[1]'),
      expect.stringContaining('cf7: schema.rules[3].rule'),
      expect.stringContaining('cf7: schema.rules[4]: minlength threshold "ten" is not a number'),
      expect.stringContaining('cf7: schema.rules[5]: mindate threshold "today" is not a YYYY-MM-DD date'),
      expect.stringContaining('cf7: schema.rules[6]: enum has no accept list'),
    ]);
  });

  it('a schema that is not JSON: one warning, and the server alone judges', async () => {
    failNext('cf7-schema', 'not-json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(await fixtureBody('contact.html'), only('cf7'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('cf7: schema of form 207');
    type('buyer-email', 'nope');
    expect(tip('buyer-email')).toBeNull();
    fillValid();
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
  });
});

describe('validation on change', () => {
  it('shows a field error as CF7 does: tip, aria-invalid, aria-describedby, a linked list item; fixing it removes all', async () => {
    await mountContact();
    type('buyer-email', 'ada@');
    const id = `${UNIT}-ve-buyer-email`;
    const email = field('buyer-email');
    expect(tip('buyer-email')?.textContent).toBe('Please enter an email address.');
    expect(tip('buyer-email')?.getAttribute('aria-hidden')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(id);
    expect(email.classList.contains('wpcf7-not-valid')).toBe(true);
    expect(email.validationMessage).toBe('Please enter an email address.');
    const item = $(`li#${id}`, srList());
    expect(item.querySelector('a')?.getAttribute('href')).toBe('#buyer-email');
    expect(item.textContent).toBe('Please enter an email address.');

    type('buyer-email', ' ada@example.com ');
    expect(tip('buyer-email')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(email.classList.contains('wpcf7-not-valid')).toBe(false);
    // The name above was skipped and is empty: its error shows; the email's is gone from the list.
    expect([...srList().children].map((li) => li.id)).toEqual([`${UNIT}-ve-buyer-name`]);
  });

  it('walks the wraps in document order up to the changed one: earlier errors appear, later fields are untouched', async () => {
    await mountContact();
    const seen = record('wpcf7statuschanged');
    type('buyer-phone', '555-0100');
    expect(tip('buyer-name')?.textContent).toBe('Please fill out this field.');
    expect(tip('buyer-email')?.textContent).toBe('Please fill out this field.'); // first error of the field wins
    expect(tip('buyer-phone')).toBeNull();
    expect(tip('line')).toBeNull();
    expect(tip('details')).toBeNull();
    expect(seen.map((e) => [e.detail.prevStatus, e.detail.status])).toEqual([
      ['init', 'validating'],
      ['validating', 'init'],
    ]);
    expect(seen[0]?.detail).toMatchObject({
      contactFormId: 207,
      unitTag: UNIT,
      containerPostId: 10,
      pluginVersion: '6.1.6',
      contactFormLocale: 'en_GB',
    });
    expect(form().getAttribute('data-status')).toBe('init');
    expect([...srList().children].map((li) => li.id)).toEqual([`${UNIT}-ve-buyer-name`, `${UNIT}-ve-buyer-email`]);
  });

  it('judges checkbox groups, selects and numbers by their rules', async () => {
    await mountContact();
    check('input[name="interests[]"][value="Wholesale"]');
    expect(tip('interests')).toBeNull();
    check('input[name="interests[]"][value="Wholesale"]', false);
    expect(tip('interests')?.textContent).toBe('Please fill out this field.');
    expect($('[data-name="interests"] .wpcf7-form-control').getAttribute('aria-describedby')).toBe(`${UNIT}-ve-interests`);
    const units = field('units');
    units.value = '5';
    change(units);
    expect(tip('units')?.textContent).toBe('This field has a too small number.');
    units.value = '501';
    change(units);
    expect(tip('units')?.textContent).toBe('This field has a too large number.');
    type('details', 'short');
    expect(tip('details')?.textContent).toBe('This field has a too short input.');
  });

  it('under .use-floating-validation-tip a tip hides when its control (a text field or a select) takes focus, or when it is clicked', async () => {
    await mountContact(
      (await fixtureBody('contact.html')).replace('class="wpcf7-form init"', 'class="wpcf7-form init use-floating-validation-tip"'),
    );
    const shown = (name: string) => (tip(name) as HTMLElement | null)?.style.display !== 'none';
    type('buyer-email', 'nope');
    expect(shown('buyer-email')).toBe(true);
    expect(shown('buyer-name')).toBe(true);
    field('buyer-email').focus();
    await vi.waitFor(() => expect(shown('buyer-email')).toBe(false));
    expect(shown('buyer-name')).toBe(true);
    (tip('buyer-name') as HTMLElement).click();
    await vi.waitFor(() => expect(shown('buyer-name')).toBe(false));
    $<HTMLSelectElement>('select[name="line"]').value = '';
    change($('select[name="line"]'));
    expect(shown('line')).toBe(true);
    $('select[name="line"]').focus();
    await vi.waitFor(() => expect(shown('line')).toBe(false));
    // A new error of the field is shown again.
    type('buyer-email', 'still nope');
    expect(tip('buyer-email')?.textContent).toBe('Please enter an email address.');
    expect(shown('buyer-email')).toBe(true);
  });

  it('runs on change only: typing (input) and leaving an untouched field show nothing', async () => {
    await mountContact();
    const email = field('buyer-email');
    email.value = 'nope';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    email.dispatchEvent(new FocusEvent('blur'));
    expect(tip('buyer-email')).toBeNull();
    change(email);
    expect(tip('buyer-email')).not.toBeNull();
  });

  it('does nothing before the schema arrives', async () => {
    failNext('cf7-schema', 'slow');
    await mountPage(await fixtureBody('contact.html'), only('cf7'));
    type('buyer-email', 'nope');
    expect(tip('buyer-email')).toBeNull();
  });

  it('ignores changes outside a wrap and inside .novalidate', async () => {
    const body = (await fixtureBody('contact.html')).replace('<p><label> Email<br />', '<p class="novalidate"><label> Email<br />');
    await mountContact(body);
    type('buyer-email', 'nope');
    expect(tip('buyer-email')).toBeNull();
    expect(tip('buyer-name')).toBeNull();
  });
});

describe('field helpers', () => {
  it('prefixes http:// to a URL with a dot and no scheme, before validating it', async () => {
    await mountContact();
    type('shop-url', '  shop.example/totes ');
    expect(field('shop-url').value).toBe('http://shop.example/totes');
    expect(tip('shop-url')).toBeNull();
    type('shop-url', 'localhost');
    expect(field('shop-url').value).toBe('localhost');
    expect(tip('shop-url')?.textContent).toBe('Please enter a URL.');
  });

  it('keeps exclusive checkboxes exclusive', async () => {
    await mountContact();
    check('input[name="reply-by"][value="Email"]');
    check('input[name="reply-by"][value="Phone"]');
    expect($<HTMLInputElement>('input[name="reply-by"][value="Email"]').checked).toBe(false);
    expect(tip('reply-by')).toBeNull();
  });

  it('enables the free text only with its box, focuses it, and names it', async () => {
    await mountContact();
    const text = field('_wpcf7_free_text_interests');
    expect(text.disabled).toBe(true);
    expect(text.getAttribute('aria-label')).toBe('Something else');
    check('input[name="interests[]"][value="Something else"]');
    expect(text.disabled).toBe(false);
    expect(document.activeElement).toBe(text);
    check('input[name="interests[]"][value="Something else"]', false);
    expect(text.disabled).toBe(true);
  });

  it('counts characters down on typing and restores on reset', async () => {
    await mountContact();
    const counter = $('.wpcf7-character-count');
    type('details', 'abcdef');
    expect(counter.textContent).toBe('1494');
    expect(counter.getAttribute('data-current-value')).toBe('1494');
    expect(counter.classList.contains('too-short')).toBe(true);
    form().reset();
    await vi.waitFor(() => expect(counter.textContent).toBe('1500'));
  });

  it('rebuilds reflections from valid values', async () => {
    const body = (await fixtureBody('contact.html')).replace(
      '<input class="wpcf7-form-control wpcf7-hidden"',
      '<fieldset data-reflection-of="buyer-name" class="wpcf7-form-control wpcf7-reflection"><output name="buyer-name" data-default="">(no name)</output></fieldset><input class="wpcf7-form-control wpcf7-hidden"',
    );
    await mountContact(body);
    type('buyer-name', 'Ada');
    const reflection = $('[data-reflection-of="buyer-name"]');
    expect([...reflection.querySelectorAll('output:not([hidden])')].map((o) => o.textContent)).toEqual(['Ada']);
    type('buyer-name', '');
    expect([...reflection.querySelectorAll('output:not([hidden])')].map((o) => o.textContent)).toEqual(['(no name)']);
  });
});

describe('acceptance', () => {
  it('marks submit unavailable (still focusable) until the required box is checked; optional boxes do not count', async () => {
    await mountContact();
    const submitButton = $<HTMLInputElement>('.wpcf7-submit');
    expect(submitButton.getAttribute('aria-disabled')).toBe('true');
    expect(submitButton.disabled).toBe(false);
    check('input[name="newsletter"]');
    expect(submitButton.getAttribute('aria-disabled')).toBe('true');
    check('input[name="terms"]');
    expect(submitButton.hasAttribute('aria-disabled')).toBe(false);
    check('input[name="terms"]', false);
    expect(submitButton.getAttribute('aria-disabled')).toBe('true');
  });

  it('activating the unavailable submit sends nothing, focuses the box and says why', async () => {
    await mountContact();
    fillValid();
    check('input[name="terms"]', false);
    $<HTMLInputElement>('.wpcf7-submit').click();
    form().requestSubmit();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls('cf7-feedback')).toHaveLength(0);
    expect(document.activeElement).toBe(field('terms'));
    expect(srStatus().textContent).toBe('You must accept the terms and conditions before sending your message.');
  });

  it('invert boxes must stay unchecked; acceptance-as-validation forms are never gated', async () => {
    const inverted = (await fixtureBody('contact.html')).replace('wpcf7-acceptance"><span', 'wpcf7-acceptance invert"><span');
    await mountContact(inverted);
    expect($('.wpcf7-submit').hasAttribute('aria-disabled')).toBe(false);
    check('input[name="terms"]');
    expect($('.wpcf7-submit').getAttribute('aria-disabled')).toBe('true');
  });

  it('a server answer of acceptance_missing: unaccepted, its event, focus on the box', async () => {
    const body = (await fixtureBody('contact.html')).replace(
      'class="wpcf7-form init"',
      'class="wpcf7-form init wpcf7-acceptance-as-validation"',
    );
    await mountContact(body);
    const seen = record(...ALL_EVENTS);
    fillValid();
    check('input[name="terms"]', false);
    expect($('.wpcf7-submit').hasAttribute('aria-disabled')).toBe(false);
    await submit();
    expect(form().getAttribute('data-status')).toBe('unaccepted');
    expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit', 'wpcf7unaccepted', 'wpcf7submit']);
    expect(document.activeElement).toBe(field('terms'));
    expect(output().classList.contains('fusion-danger')).toBe(true);
  });
});

describe('submitting', () => {
  it('sends every field as multipart to the feedback endpoint, fires the events with their detail, then resets and refills', async () => {
    await mountContact();
    const seen = record(...ALL_EVENTS);
    fillValid();
    type('shop-url', 'shop.example');
    expect(sessionStorage.getItem('sf_cf7_207_/')).toContain('Ada Lovelace');
    await submit();
    await vi.waitFor(() => expect(seen.map((e) => e.name)).toContain('wpcf7reset'));

    const posted = calls('cf7-feedback')[0]!.body;
    expect(posted).toMatchObject({
      _wpcf7: '207',
      _wpcf7_version: '6.1.6',
      _wpcf7_locale: 'en_GB',
      _wpcf7_unit_tag: UNIT,
      _wpcf7_container_post: '10',
      'buyer-name': 'Ada Lovelace',
      'buyer-email': 'ada@example.com',
      'shop-url': 'http://shop.example',
      line: 'Bags',
      'interests[]': 'Wholesale',
      budget: 'Under 1000',
      check: '5',
      _wpcf7_quiz_answer_check: '4f449497',
      terms: '1',
      source: 'contact-page',
    });

    expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit', 'wpcf7reset']);
    const before = seen[0]!.detail;
    expect(before).toMatchObject({
      contactFormId: 207,
      pluginVersion: '6.1.6',
      contactFormLocale: 'en_GB',
      unitTag: UNIT,
      containerPostId: 10,
      status: 'init',
    });
    expect(before).not.toHaveProperty('apiResponse');
    expect(before.formData).toBeInstanceOf(FormData);
    const inputs = before.inputs as { name: string; value: unknown }[];
    expect(inputs.every((i) => !i.name.startsWith('_'))).toBe(true);
    expect(inputs).toContainEqual({ name: 'buyer-name', value: 'Ada Lovelace' });
    const sent = seen[1]!.detail;
    expect(sent.status).toBe('mail_sent');
    expect(sent.apiResponse).toMatchObject({
      status: 'mail_sent',
      message: 'Thank you for your message. It has been sent.',
      contact_form_id: 207,
    });
    expect(seen[2]!.detail).toBe(sent);
    expect(seen[3]!.detail.apiResponse).toMatchObject({ quiz: { check: [expect.any(String), expect.any(String)] } });

    // Sent: reset (values cleared), refilled (a new quiz), back to `sent`, the message shown and announced.
    expect(form().getAttribute('data-status')).toBe('sent');
    expect(form().classList.contains('sent')).toBe(true);
    expect(form().classList.contains('resetting')).toBe(false);
    expect(field('buyer-name').value).toBe('');
    expect(field<HTMLInputElement>('_wpcf7_posted_data_hash').value).toMatch(/^[0-9a-f]{32}$/);
    const [question, hash] = (seen[3]!.detail.apiResponse as { quiz: { check: [string, string] } }).quiz.check;
    expect($('.wpcf7-quiz-label').textContent).toBe(question);
    expect(field('_wpcf7_quiz_answer_check').value).toBe(hash);
    expect(srStatus().textContent).toBe('Thank you for your message. It has been sent.');
    expect(output().classList.contains('fusion-success')).toBe(true);
    expect(output().querySelector('.fusion-alert-content')?.textContent).toBe('Thank you for your message. It has been sent.');
    expect(output().querySelector('i.fa-check-circle')).not.toBeNull();
    expect(sessionStorage.getItem('sf_cf7_207_/')).toBeNull();
    expect(calls('cf7-refill')).toHaveLength(1);
  });

  it('adds the submitter when it has a name', async () => {
    const body = (await fixtureBody('contact.html')).replace(
      'type="submit" value="Send enquiry"',
      'type="submit" name="send-kind" value="quote"',
    );
    await mountContact(body);
    fillValid();
    await submit();
    expect(calls('cf7-feedback')[0]!.body['send-kind']).toBe('quote');
  });

  it('an invalid answer: tips from the server, wpcf7invalid, focus on the first invalid control, an error alert', async () => {
    await mountContact();
    const seen = record(...ALL_EVENTS);
    fillValid();
    type('check', '6');
    field('buyer-email').value = 'not-an-email'; // no change event: only the server judges it
    await submit();
    expect(form().getAttribute('data-status')).toBe('invalid');
    expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit', 'wpcf7invalid', 'wpcf7submit']);
    expect(tip('buyer-email')?.textContent).toBe('Please enter an email address.');
    expect(tip('check')?.textContent).toBe('The answer to the quiz is incorrect.');
    expect(document.activeElement).toBe(field('buyer-email'));
    expect(srStatus().textContent).toBe('One or more fields have an error. Please check and try again.');
    expect([...srList().querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Please enter an email address.',
      'The answer to the quiz is incorrect.',
    ]);
    expect(output().className).toContain('fusion-alert error fusion-danger');
    expect(output().querySelector('i.fa-exclamation-triangle')).not.toBeNull();
    expect(field('buyer-name').value).toBe('Ada Lovelace');
    // The quiz was refreshed from the answer.
    expect(field('_wpcf7_quiz_answer_check').value).not.toBe('4f449497');
  });

  it.each([
    ['[spam]', 'spam', 'spam', 'wpcf7spam', 'error'],
    ['[abort]', 'aborted', 'aborted', 'wpcf7aborted', undefined],
    ['[mail-failed]', 'mail_failed', 'failed', 'wpcf7mailfailed', 'error'],
    ['[payment]', 'payment_required', 'payment-required', undefined, undefined],
    ['[status:foo bar_baz]', 'foo bar_baz', 'custom-foo-bar-baz', undefined, undefined],
  ])('status %s → %s: class, events, alert', async (word, status, cls, specific, alert) => {
    await mountContact();
    const seen = record(...ALL_EVENTS);
    fillValid();
    type('details', `Please call me back ${word}`);
    await submit();
    expect(form().getAttribute('data-status')).toBe(cls);
    expect(form().classList.contains(cls)).toBe(true);
    expect(form().wpcf7?.status).toBe(cls);
    expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit', ...(specific ? [specific] : []), 'wpcf7submit']);
    expect(seen.at(-1)!.detail.status).toBe(status);
    expect(output().classList.contains('fusion-alert')).toBe(alert !== undefined);
    if (alert === 'error') expect(output().classList.contains('fusion-danger')).toBe(true);
    expect(output().textContent).toContain((seen.at(-1)!.detail.apiResponse as { message: string }).message);
    expect(field('buyer-name').value).toBe('Ada Lovelace');
  });

  it('replaces alert classes on each answer instead of stacking them', async () => {
    await mountContact();
    fillValid();
    type('details', 'Please call me back [spam]');
    await submit();
    expect(output().classList.contains('fusion-danger')).toBe(true);
    type('details', 'Please call me back, thank you.');
    answerQuiz();
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
    expect(output().classList.contains('fusion-danger')).toBe(false);
    expect(output().classList.contains('fusion-success')).toBe(true);
  });

  it('a dismissible alert has a labelled, focusable close button that hides it', async () => {
    await mountContact();
    fillValid();
    type('details', 'Please call me back [mail-failed]');
    await submit();
    const close = $<HTMLButtonElement>('.wpcf7-response-output button.close.toggle-alert');
    expect(output().firstElementChild).toBe(close);
    expect(close.getAttribute('aria-label')).toBe('Close');
    expect(close.getAttribute('data-dismiss')).toBe('alert');
    expect(close.type).toBe('button');
    expect(output().hasAttribute('aria-hidden')).toBe(false);
    close.focus();
    close.click();
    await vi.waitFor(() => expect(output().style.display).toBe('none'));
    expect(document.activeElement).toBe($('.wpcf7-submit'));
  });

  it('a second submit while one is in flight sends nothing', async () => {
    await mountContact();
    state.latency.set('cf7-feedback', 80);
    fillValid();
    form().requestSubmit();
    form().requestSubmit();
    win.wpcf7!.submit!(form(), {});
    await vi.waitFor(() => expect(form().getAttribute('data-status')).toBe('sent'));
    expect(calls('cf7-feedback')).toHaveLength(1);
  });

  it('wpcf7.blocked holds the form in submitting on purpose and sends nothing', async () => {
    await mountContact();
    fillValid();
    win.wpcf7!.blocked = true;
    form().requestSubmit();
    await new Promise((r) => setTimeout(r, 20));
    expect(form().getAttribute('data-status')).toBe('submitting');
    expect(calls('cf7-feedback')).toHaveLength(0);
  });

  it('wpcf7.submit is looked up at call time, so a wrapper sees every submit', async () => {
    await mountContact();
    const original = win.wpcf7!.submit!;
    const wrapper = vi.fn((...args: unknown[]) => original(...args));
    win.wpcf7!.submit = wrapper;
    fillValid();
    await submit();
    expect(wrapper).toHaveBeenCalledWith(form(), { submitter: $('.wpcf7-submit') });
    expect(form().getAttribute('data-status')).toBe('sent');
  });
});

describe('never losing a message', () => {
  it.each([
    ['offline', 'You are probably offline.'],
    ['http500', 'The response is not a valid JSON response.'],
    ['not-json', 'The response is not a valid JSON response.'],
    ['wrong-shape', 'The response is not a valid JSON response.'],
  ] as const)(
    '%s: failed, the catalogue text shown and announced, values kept, no CF7 answer events, submit again works',
    async (failure, text) => {
      await mountContact();
      const seen = record(...ALL_EVENTS);
      const errors: unknown[] = [];
      document.addEventListener('storefront:error', (e) => errors.push((e as CustomEvent).detail));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      fillValid();
      failNext('cf7-feedback', failure);
      await submit();
      // An answer that is not a feedback object is bad input from the server: one warning names it. Offline is not.
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(
        failure === 'offline' ? [] : [expect.stringContaining('cf7: feedback: the answer')],
      );
      expect(form().getAttribute('data-status')).toBe('failed');
      expect(form().classList.contains('failed')).toBe(true);
      expect(output().textContent).toContain(text);
      expect(output().classList.contains('fusion-danger')).toBe(true);
      expect(srStatus().textContent).toBe(text);
      expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit']);
      // The element by identity: a deep match would walk the form's whole object graph (React's fibers hang off
      // the nodes the view renders) and never finish.
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ widget: 'cf7', phase: 'request' });
      expect((errors[0] as { element: unknown }).element).toBe(form());
      expect(field('buyer-name').value).toBe('Ada Lovelace');
      expect(field('details').value).toBe('Two hundred totes with our logo, please.');
      expect(field<HTMLInputElement>('terms').checked).toBe(true);
      expect(sessionStorage.getItem('sf_cf7_207_/')).toContain('Ada Lovelace');

      answerQuiz();
      await submit();
      expect(form().getAttribute('data-status')).toBe('sent');
      expect(calls('cf7-feedback')).toHaveLength(2);
    },
  );

  it('a PHP notice before the JSON still reads as the answer', async () => {
    await mountContact();
    fillValid();
    failNext('cf7-feedback', 'php-notice');
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
  });

  it('a security plugin 403 with WordPress error JSON shows its message', async () => {
    const { http, HttpResponse } = await import('msw');
    const { server } = await import('../../fixtures/mock/node');
    const error403 = (await import('../../fixtures/responses/cf7-error-403.json')).default;
    server.use(http.post('*/wp-json/contact-form-7/v1/contact-forms/:id/feedback', () => HttpResponse.json(error403, { status: 403 })));
    await mountContact();
    fillValid();
    form().requestSubmit();
    await vi.waitFor(() => expect(form().getAttribute('data-status')).toBe('failed'));
    expect(output().textContent).toContain('Cookie check failed');
    expect(field('buyer-name').value).toBe('Ada Lovelace');
  });

  it('a request that never answers leaves submitting within the timeout', async () => {
    await mountContact();
    fillValid();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    failNext('cf7-feedback', 'slow');
    form().requestSubmit();
    expect(form().getAttribute('data-status')).toBe('submitting');
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(form().getAttribute('data-status')).toBe('failed'));
    expect(output().textContent).toContain('The request took too long. Please try again.');
    expect(field('buyer-name').value).toBe('Ada Lovelace');
  });

  it('restores what was typed after a reload, but never files, passwords or quiz answers', async () => {
    const body = (await fixtureBody('contact.html')).replace(
      '<input class="wpcf7-form-control wpcf7-hidden"',
      '<p><label>Account password <span class="wpcf7-form-control-wrap" data-name="pw"><input class="wpcf7-form-control" type="password" name="pw" value="" /></span></label></p><input class="wpcf7-form-control wpcf7-hidden"',
    );
    const first = await mountContact(body);
    type('buyer-name', 'Ada');
    type('pw', 'hunter2');
    type('check', '5');
    check('input[name="reply-by"][value="Phone"]');
    check('input[name="terms"]');
    $<HTMLSelectElement>('select[name="colours[]"]').options[1]!.selected = true;
    change($('select[name="colours[]"]'));
    const saved = sessionStorage.getItem('sf_cf7_207_/')!;
    expect(saved).toContain('Ada');
    expect(saved).not.toContain('hunter2');
    expect(saved).not.toContain('"check');
    expect(saved).not.toContain('terms');

    first.unmount(document);
    first.stop();
    await mountContact(body);
    expect(field('buyer-name').value).toBe('Ada');
    expect(field('pw').value).toBe('');
    expect(field('check').value).toBe('');
    expect($<HTMLInputElement>('input[name="reply-by"][value="Phone"]').checked).toBe(true);
    expect($<HTMLInputElement>('input[name="terms"]').checked).toBe(false);
    expect([...$<HTMLSelectElement>('select[name="colours[]"]').options].filter((o) => o.selected).map((o) => o.value)).toEqual(['Navy']);
  });

  it('does not overwrite what the browser already filled in, and survives a corrupt draft', async () => {
    sessionStorage.setItem('sf_cf7_207_/', JSON.stringify({ [UNIT]: { 'buyer-name#0': 'Old', 'buyer-email#0': 'old@example.com' } }));
    const body = (await fixtureBody('contact.html')).replace(
      'value="" type="text" name="buyer-name"',
      'value="" type="text" name="buyer-name" data-x="1"',
    );
    document.body.innerHTML = body;
    field('buyer-name').value = 'Typed before mount';
    const { createRuntime } = await import('../../mount/runtime');
    const runtime = createRuntime(only('cf7'));
    runtime.scan(document);
    await runtime.settled();
    expect(field('buyer-name').value).toBe('Typed before mount');
    expect(field('buyer-email').value).toBe('old@example.com');
    runtime.unmount(document);
    runtime.stop();

    sessionStorage.setItem('sf_cf7_207_/', '{broken');
    await mountContact();
    expect(field('buyer-name').value).toBe('');
  });
});

describe('cached pages and refills', () => {
  it('refreshes the quiz after load without clearing restored values', async () => {
    win.wpcf7 = { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' }, cached: 1 };
    sessionStorage.setItem('sf_cf7_207_/', JSON.stringify({ [UNIT]: { 'buyer-name#0': 'Ada' } }));
    const seen = record('wpcf7reset');
    await mountContact();
    await vi.waitFor(() => expect(calls('cf7-refill')).toHaveLength(1));
    await vi.waitFor(() => expect(field('_wpcf7_quiz_answer_check').value).not.toBe('4f449497'));
    expect(field('buyer-name').value).toBe('Ada');
    expect(seen).toHaveLength(0);
  });

  it('a user reset refills and returns to init, firing wpcf7reset', async () => {
    await mountContact();
    const seen = record('wpcf7reset', 'wpcf7statuschanged');
    type('buyer-name', 'Ada');
    form().reset();
    expect(form().getAttribute('data-status')).toBe('resetting');
    await vi.waitFor(() => expect(seen.some((e) => e.name === 'wpcf7reset')).toBe(true));
    expect(form().getAttribute('data-status')).toBe('init');
    expect(sessionStorage.getItem('sf_cf7_207_/')).toBeNull();
  });

  it('wpcf7.reset(form) is the plugin reset: response cleared, resetting, refill, wpcf7reset; what was typed stays', async () => {
    await mountContact();
    type('buyer-email', 'ada@');
    expect(tip('buyer-email')).not.toBeNull();
    type('buyer-email', 'ada@example');
    type('details', 'Twelve totes, please.');
    const seen = record('wpcf7reset', 'wpcf7statuschanged');
    const refills = calls('cf7-refill').length;
    (win.wpcf7!.reset as (form: HTMLFormElement) => void)(form());
    expect(form().getAttribute('data-status')).toBe('resetting');
    await vi.waitFor(() => expect(seen.some((e) => e.name === 'wpcf7reset')).toBe(true));
    expect(calls('cf7-refill').length).toBe(refills + 1);
    expect(form().getAttribute('data-status')).toBe('init');
    expect(tip('buyer-email')).toBeNull();
    expect(field('buyer-name').value).toBe('');
    expect(field('buyer-email').value).toBe('ada@example');
    // The counted field keeps its text too, and its counter says so.
    expect(field<HTMLTextAreaElement>('details').value).toBe('Twelve totes, please.');
    expect($('.wpcf7-character-count').textContent).toBe(String(1500 - 'Twelve totes, please.'.length));
  });

  it('wpcf7.validate(form) validates every field; with a target, the fields up to it', async () => {
    await mountContact();
    const validate = win.wpcf7!.validate as (form: HTMLFormElement, options?: { target?: Element }) => void;
    validate(form(), { target: field('buyer-email') });
    expect(tip('buyer-name')?.textContent).toBe('Please fill out this field.');
    expect(tip('details')).toBeNull();
    validate(form());
    expect(tip('buyer-name')?.textContent).toBe('Please fill out this field.');
    expect(tip('line')?.textContent).toBe('Please fill out this field.');
    expect(tip('details')?.textContent).toBe('Please fill out this field.');
    expect(form().getAttribute('data-status')).toBe('init');
  });

  it('a failed refill on the cached-page refresh warns once and leaves the printed quiz in place', async () => {
    win.wpcf7 = { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' }, cached: 1 };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = record('wpcf7reset');
    failNext('cf7-refill', 'http500');
    await mountContact();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('cf7: refill');
    expect($('.wpcf7-quiz-label').textContent).toBe('2+3=?');
    expect(field('_wpcf7_quiz_answer_check').value).toBe('4f449497');
    expect(seen).toHaveLength(0);
  });
});

/** The identity part of every CF7 event detail for the contact page's form. */
const IDENTITY = { contactFormId: 207, pluginVersion: '6.1.6', contactFormLocale: 'en_GB', unitTag: UNIT, containerPostId: 10 };

describe('a reset whose refill fails', () => {
  const FAILURES = [
    ['http500', 'HTTP 500'],
    ['offline', 'You are probably offline.'],
    ['not-json', 'The response is not a valid JSON response.'],
  ] as const;

  it.each(FAILURES)(
    '%s: the form is reset and usable, wpcf7reset fires once with an empty refill, one warning',
    async (failure, reason) => {
      await mountContact();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const seen = record('wpcf7reset');
      type('buyer-name', 'Ada');
      type('check', '9');
      failNext('cf7-refill', failure);
      form().reset();
      expect(form().getAttribute('data-status')).toBe('resetting');
      await vi.waitFor(() => expect(seen).toHaveLength(1));

      expect(form().getAttribute('data-status')).toBe('init');
      expect(form().classList.contains('init')).toBe(true);
      expect(form().classList.contains('resetting')).toBe(false);
      expect(form().wpcf7?.status).toBe('init');
      expect(field('buyer-name').value).toBe('');
      expect(sessionStorage.getItem('sf_cf7_207_/')).toBeNull();
      // CF7's detail, with the status the form was reset from. (Its inputs are read in the reset event, before a
      // browser clears the values; happy-dom clears them first, so only their shape is checked here.)
      const detail = seen[0]!.detail;
      expect(detail).toMatchObject({ ...IDENTITY, status: 'init', apiResponse: {} });
      expect(detail.formData).toBeInstanceOf(FormData);
      expect(detail.inputs).toContainEqual({ name: 'source', value: 'contact-page' });
      expect((detail.inputs as { name: string }[]).every((i) => !i.name.startsWith('_'))).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/cf7: refill: .*quiz and captcha/);
      expect(String(warn.mock.calls[0]?.[0])).toContain(reason);

      // The question and its answer hash stayed a pair, the old answer went: answering the shown question works.
      expect($('.wpcf7-quiz-label').textContent).toBe('2+3=?');
      expect(field('_wpcf7_quiz_answer_check').value).toBe('4f449497');
      expect(field('check').value).toBe('');
      fillValid();
      await submit();
      expect(form().getAttribute('data-status')).toBe('sent');
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      expect(seen[1]!.detail.apiResponse).toMatchObject({ quiz: { check: [expect.any(String), expect.any(String)] } });
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );

  it('after a sent message: back to sent, wpcf7reset after wpcf7submit, and the quiz the feedback answer brought still works', async () => {
    await mountContact();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = record(...ALL_EVENTS);
    fillValid();
    failNext('cf7-refill', 'http500');
    await submit();
    await vi.waitFor(() => expect(seen.map((e) => e.name)).toContain('wpcf7reset'));
    expect(seen.map((e) => e.name)).toEqual(['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit', 'wpcf7reset']);
    expect(seen[3]!.detail).toMatchObject({ ...IDENTITY, status: 'sent', apiResponse: {} });
    expect(form().getAttribute('data-status')).toBe('sent');
    expect(output().querySelector('.fusion-alert-content')?.textContent).toBe('Thank you for your message. It has been sent.');
    expect(field('buyer-name').value).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);

    // The feedback answer refilled the quiz before the reset; the reset kept that pair.
    const [question, hash] = (seen[2]!.detail.apiResponse as { quiz: { check: [string, string] } }).quiz.check;
    expect($('.wpcf7-quiz-label').textContent).toBe(question);
    expect(field('_wpcf7_quiz_answer_check').value).toBe(hash);
    expect(field('check').value).toBe('');
    seen.length = 0;
    fillValid();
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
    expect(seen.map((e) => e.name).slice(0, 3)).toEqual(['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit']);
  });

  it('a refill that never answers gives up at the request timeout, then resets with one event and one warning', async () => {
    await mountContact();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = record('wpcf7reset');
    type('buyer-name', 'Ada');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    failNext('cf7-refill', 'slow');
    form().reset();
    expect(form().getAttribute('data-status')).toBe('resetting');
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(form().getAttribute('data-status')).toBe('init');
    expect(seen[0]!.detail).toMatchObject({ ...IDENTITY, status: 'init', apiResponse: {} });
    expect(field('buyer-name').value).toBe('');
    expect(
      warn.mock.calls.map((c) => String(c[0])),
      JSON.stringify(warn.mock.calls.map((c) => String(c[0]))),
    ).toHaveLength(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('The request took too long.');
    fillValid();
    await submit();
    expect(form().getAttribute('data-status')).toBe('sent');
  });

  it('re-enables what the reset changes even without a refill: acceptance gate and character counts', async () => {
    const body = (await fixtureBody('contact.html')).replace(
      '<textarea',
      '<span class="wpcf7-character-count down" data-target-name="details" data-starting-value="1500" data-current-value="1500" data-maximum-value="1500" data-minimum-value="">1500</span><textarea',
    );
    await mountContact(body);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = record('wpcf7reset');
    check('input[name="terms"]');
    const details = field<HTMLTextAreaElement>('details');
    details.value = 'Hello';
    details.dispatchEvent(new Event('keyup', { bubbles: true }));
    expect($('.wpcf7-character-count').textContent).toBe('1495');
    failNext('cf7-refill', 'offline');
    form().reset();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect($('.wpcf7-character-count').textContent).toBe('1500');
    expect($<HTMLInputElement>('input[name="terms"]').checked).toBe(false);
    expect($('.wpcf7-submit').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('browsers without fetch or FormData', () => {
  it.each(['fetch', 'FormData'] as const)('without %s the form is left to post natively, with one console error', async (feature) => {
    const body = await fixtureBody('contact.html');
    await import('./cf7.widget'); // loaded while the browser still could: the guard is what is tested
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failures: unknown[] = [];
    document.addEventListener('storefront:error', (e) => failures.push(e));
    const own = Object.getOwnPropertyDescriptor(window, feature);
    expect(own).toBeDefined();
    // Shadowed rather than deleted: under the VM pool a deleted global still answers from the context's own.
    Object.defineProperty(window, feature, { value: undefined, configurable: true, writable: true });
    try {
      expect(typeof window[feature]).toBe('undefined');
      await mountPage(body, only('cf7'));

      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[0])).toContain(`cf7: this browser lacks ${feature}; the form posts without JavaScript`);
      expect(failures).toHaveLength(0);
      // Nothing was set up: the printed markup, no API, no spinner, no request.
      expect($('.wpcf7').classList.contains('no-js')).toBe(true);
      expect($('.wpcf7').classList.contains('js')).toBe(false);
      expect(form().wpcf7).toBeUndefined();
      expect(win.wpcf7?.submit).toBeUndefined();
      expect(document.querySelector('.wpcf7-spinner')).toBeNull();
      expect(state.log).toHaveLength(0);
      // The submit event is not cancelled, so the browser posts the form to its action.
      const submitEvent = new Event('submit', { bubbles: true, cancelable: true });
      expect(form().dispatchEvent(submitEvent)).toBe(true);
      expect(submitEvent.defaultPrevented).toBe(false);
      // Nor is a click on the submit button (the acceptance gate is not installed either).
      expect($('.wpcf7-submit').hasAttribute('aria-disabled')).toBe(false);
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      form().addEventListener('submit', (e) => e.preventDefault(), { once: true }); // keep happy-dom from navigating
      expect($('.wpcf7-submit').dispatchEvent(click)).toBe(true);
      expect(form().getAttribute('data-status')).toBe('init');
    } finally {
      Object.defineProperty(window, feature, own!);
    }
    expect(typeof window[feature]).toBe('function');
  });
});

function stub(fail = false) {
  let n = 0;
  const execute = vi.fn((_key: string, { action }: { action: string }) =>
    fail ? Promise.reject(new Error('network')) : Promise.resolve(`token-${action}-${++n}`),
  );
  win.grecaptcha = { ready: (fn: () => void) => fn(), execute };
  win.wpcf7_recaptcha = { sitekey: 'site-key-1', actions: { homepage: 'homepage', contactform: 'contactform' } };
  return execute;
}
const withField = async () =>
  (await fixtureBody('contact.html')).replace(
    '<input type="hidden" name="_wpcf7_posted_data_hash" value="" />',
    '<input type="hidden" name="_wpcf7_posted_data_hash" value="" /><input type="hidden" name="_wpcf7_recaptcha_response" value="" />',
  );

describe('reCAPTCHA v3', () => {
  it('gets a token on load, on every change and fresh before each submit', async () => {
    const execute = stub();
    const tokens: unknown[] = [];
    document.addEventListener('wpcf7grecaptchaexecuted', (e) => tokens.push((e as CustomEvent).detail));
    await mountContact(await withField());
    await vi.waitFor(() => expect(tokens).toEqual([{ action: 'homepage', token: 'token-homepage-1' }]));
    expect(field('_wpcf7_recaptcha_response').value).toBe('token-homepage-1');
    type('buyer-name', 'Ada');
    await vi.waitFor(() => expect(field('_wpcf7_recaptcha_response').value).toMatch(/^token-contactform-/));
    fillValid();
    const before = execute.mock.calls.length;
    await submit();
    expect(execute.mock.calls.length).toBe(before + 1);
    const last = execute.mock.results.at(-1)!.value as Promise<string>;
    expect(calls('cf7-feedback')[0]!.body['_wpcf7_recaptcha_response']).toBe(await last);
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'contactform' });
    expect(form().getAttribute('data-status')).toBe('sent');
  });

  it('a wpcf7_recaptcha global without a site key: one warning naming it, no token asked, the form still sends', async () => {
    const execute = stub();
    win.wpcf7_recaptcha = { sitekey: '', actions: { homepage: 'homepage', contactform: 'contactform' } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountContact(await withField());
    // The warnings about reCAPTCHA (on a loaded machine the form's schema may also time out, with its own warning).
    expect(warn.mock.calls.map((c) => String(c[0])).filter((text) => /recaptcha/i.test(text))).toEqual([
      expect.stringContaining('cf7: wpcf7_recaptcha.sitekey: expected a site key, got ""'),
    ]);
    fillValid();
    await submit();
    expect(execute).not.toHaveBeenCalled();
    expect(calls('cf7-feedback')).toHaveLength(1);
  });

  it('a failing token service is logged only; the message still goes, without a token', async () => {
    stub(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountContact(await withField());
    fillValid();
    await submit();
    expect(error).toHaveBeenCalled();
    expect(String(error.mock.calls[0]?.[0])).toContain('cf7: reCAPTCHA');
    // Sent without a token (happy-dom's multipart drops empty parts; Chromium's spam answer is in the e2e test).
    expect(calls('cf7-feedback')[0]!.body['_wpcf7_recaptcha_response'] ?? '').toBe('');
  });
});

describe('drafts when storage refuses (issue 14 item 10)', () => {
  it('warns once naming the draft when sessionStorage is full, and the form keeps working', async () => {
    await mountContact();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A full store: every write throws, as browsers do past the quota.
    vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    type('buyer-name', 'Ada');
    type('buyer-email', 'ada@example.com');
    type('details', 'Two hundred totes.');
    const said = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('cf7') && m.includes('draft'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('sessionStorage');
    expect(field('buyer-name').value).toBe('Ada');
    expect(sessionStorage.getItem('sf_cf7_207_/')).toBeNull();
  });
});
