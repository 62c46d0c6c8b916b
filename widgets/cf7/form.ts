/**
 * One Contact Form 7 form: its status machine, validation on change, submit through the REST API, reset and
 * refill, and the events the original fires. Created by the widget for each `.wpcf7` wrapper.
 */
import { emit, fireNative } from '../../src/events/bus';
import { NET_MESSAGES, NetError } from '../../src/net/errors';
import { warnOnce } from '../../src/log';
import {
  fetchRefill,
  fetchSchema,
  postFeedback,
  SEND_FAILED,
  WIDGET,
  type Cf7Config,
  type Feedback,
  type Refill,
  type Schema,
} from './api';
import {
  applyExclusive,
  applyUrlPrefix,
  blockingAcceptance,
  firstUnacceptedBox,
  labelFreeText,
  restoreCountedDefaults,
  UNACCEPTED_TEXT,
  updateAcceptanceGate,
  updateCounters,
  updateFreeText,
} from './behaviours';
import { hasFiles } from './collect';
import { applyRefill, applyStatus, outputsOf } from './display';
import { createDraft, type Draft } from './draft';
import { isStatusClass, statusClass, statusEventName } from './logic';
import { Cf7Display } from './view-state';
import { readIdentity, type FormIdentity, type SubmitDetail } from './identity';
import { readPrinted } from './printed';
import { validateAround } from './validation';

export { clearPrinted } from './printed';
export type { FormIdentity, FormState, SubmitDetail } from './identity';

/** The page global as it is now: `blocked` and `submit` are read at call time. */
const pageWpcf7 = () => (window as unknown as { wpcf7?: { blocked?: unknown } }).wpcf7;

export class FormController {
  readonly identity: FormIdentity;
  private schema: Schema | undefined;
  private inFlight = false;
  private resetOnMailSent = false;
  private readonly draft: Draft;
  /** What the form shows (status, errors, response): rendered by the React view. */
  readonly display: Cf7Display;
  /**
   * Loads and mounts the view (set by the widget); resolves false when it cannot load. A submit waits for it, so
   * theme code listening to the events sees the form as the events describe it.
   */
  loadView: () => Promise<boolean> = () => Promise.resolve(true);
  /** The view could not load: the form posts as printed, without JavaScript. */
  private native = false;

  constructor(
    readonly form: HTMLFormElement,
    readonly wrapper: Element,
    private readonly config: Cf7Config,
    private readonly signal: AbortSignal,
  ) {
    this.identity = readIdentity(form, wrapper);
    if (!this.identity.contactFormId) warnOnce(WIDGET, '_wpcf7', 'the form has no id; it is sent without JavaScript');
    this.draft = createDraft(form, this.identity.contactFormId, this.identity.unitTag, location.pathname);
    // A non-JS postback arrives with its status, errors and values: adopt them.
    const printed = form.getAttribute('data-status') ?? [...form.classList].find((c) => isStatusClass(c)) ?? 'init';
    form.wpcf7 = {
      id: this.identity.contactFormId,
      status: printed,
      pluginVersion: this.identity.pluginVersion,
      locale: this.identity.contactFormLocale,
      unitTag: this.identity.unitTag,
      containerPost: this.identity.containerPostId,
      parent: wrapper,
    };
    if (!form.hasAttribute('data-status')) form.setAttribute('data-status', printed);
    form.classList.add(printed);
    this.display = new Cf7Display(printed, ...readPrinted(form, wrapper, printed));
  }

  get status(): string {
    return this.form.wpcf7?.status ?? this.form.getAttribute('data-status') ?? 'init';
  }

  /** Start: listeners, schema, drafts, helpers' first state. */
  start(): void {
    const { form, signal } = this;
    if (this.identity.contactFormId) {
      void fetchSchema(this.config, this.identity.contactFormId).then((schema) => {
        if (signal.aborted || !schema) return;
        this.schema = schema;
        if (form.wpcf7) form.wpcf7.schema = schema;
      });
    }
    if (this.status === 'sent') this.draft.clear();
    else if (this.status === 'init' && this.draft.restore()) updateCounters(form);
    labelFreeText(form);
    updateFreeText(form);
    updateCounters(form);
    updateAcceptanceGate(form);

    this.trackPointer();
    form.addEventListener('change', (event) => this.onChange(event), { signal });
    form.addEventListener('input', (event) => this.onInput(event), { signal });
    form.addEventListener('keyup', (event) => this.onInput(event), { signal });
    form.addEventListener('reset', () => this.onReset(), { signal });
    form.addEventListener('click', (event) => this.onClick(event), { signal, capture: true });
  }

  // ---- status --------------------------------------------------------------------------------------------------

  /** Set an API or client status; returns the status class. */
  setStatus(status: string): string {
    const { form } = this;
    const cls = statusClass(status);
    const prev = this.status;
    if (form.wpcf7) form.wpcf7.status = cls;
    // On the form at once (data-status, the class, inert-on-*), as the plugin does before its event, whether or
    // not the view has loaded yet; the view's state follows.
    applyStatus(form, cls);
    this.display.setStatus(cls);
    if (prev && prev !== cls) fireNative(form, 'wpcf7statuschanged', { ...this.identity, status: cls, prevStatus: prev });
    return cls;
  }

  // ---- change ----------------------------------------------------------------------------------------------------

  private onChange(event: Event): void {
    const target = event.target;
    if (!(target instanceof Element)) return;
    applyUrlPrefix(target);
    applyExclusive(target);
    updateFreeText(this.form, target);
    if (!target.closest('.wpcf7-form-control')) {
      // Only a control's change validates (the plugin's own listener).
    } else if (this.pointerDown) {
      // The change came from pressing on another control: tips inserted now would move that control away
      // before the press ends and the click would be lost. Show them once the press is over.
      this.deferred = target;
    } else {
      this.validateAround(target);
    }
    updateAcceptanceGate(this.form);
    this.draft.save();
  }

  private pointerDown = false;
  private deferred: Element | undefined;

  private trackPointer(): void {
    const { signal } = this;
    this.form.addEventListener('pointerdown', () => (this.pointerDown = true), { signal, capture: true });
    const release = () => {
      if (!this.pointerDown) return;
      // After the click that follows this pointerup has been dispatched.
      setTimeout(() => {
        this.pointerDown = false;
        const target = this.deferred;
        this.deferred = undefined;
        if (target && !signal.aborted && target.isConnected) this.validateAround(target);
      }, 0);
    };
    document.addEventListener('pointerup', release, { signal, capture: true });
    document.addEventListener('pointercancel', release, { signal, capture: true });
  }

  private onInput(event: Event): void {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const name = target.getAttribute('name');
    if (name) updateCounters(this.form, name);
    if (event.type === 'input') this.draft.save();
  }

  /**
   * Validate on a control's change (validation.ts); without a target (`wpcf7.validate(form)`, as the plugin's API
   * allows) every field.
   */
  validateAround(target?: Element): void {
    if (!this.schema) return;
    const status = { get: () => this.status, set: (next: string) => this.setStatus(next) };
    validateAround(this.form, this.schema, this.display, status, target);
  }

  // ---- acceptance --------------------------------------------------------------------------------------------

  /** A gated submit explains itself: focus the box that blocks and say why. True when it blocked. */
  private explainAcceptance(): boolean {
    const box = blockingAcceptance(this.form);
    if (!box || !this.form.querySelector('.wpcf7-submit[aria-disabled="true"]')) return false;
    this.display.say(UNACCEPTED_TEXT);
    box.focus();
    return true;
  }

  private onClick(event: MouseEvent): void {
    const submit = event.target instanceof Element ? event.target.closest('.wpcf7-submit') : null;
    if (!submit || submit.getAttribute('aria-disabled') !== 'true') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.explainAcceptance();
  }

  /** The form's submit event: the REST call replaces the page post. */
  onSubmitEvent(event: SubmitEvent): void {
    // The page's own post: after the view failed to load, or for a form without an id (no endpoint to call).
    if (this.native || !this.identity.contactFormId) return;
    event.preventDefault();
    if (updateAcceptanceGate(this.form) && this.explainAcceptance()) return;
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : undefined;
    const api = (window as unknown as { wpcf7?: { submit?: unknown } }).wpcf7;
    // Looked up now: reCAPTCHA and third parties wrap wpcf7.submit after we installed it.
    if (api && typeof api.submit === 'function')
      (api.submit as (form: HTMLFormElement, options: { submitter?: HTMLElement }) => unknown)(this.form, { submitter });
    else void this.submit(submitter);
  }

  // ---- submit --------------------------------------------------------------------------------------------------

  get busy(): boolean {
    return this.inFlight || this.status === 'submitting';
  }

  private detail(formData: FormData): SubmitDetail {
    return {
      ...this.identity,
      status: this.status,
      inputs: [...formData].filter(([name]) => !name.startsWith('_')).map(([name, value]) => ({ name, value })),
      formData,
    };
  }

  async submit(submitter?: HTMLElement): Promise<void> {
    const { form } = this;
    if (pageWpcf7()?.blocked) {
      // A third party holds the form on purpose (payment, consent): the original shows it as sending, endlessly.
      this.display.clear();
      this.setStatus('submitting');
      return;
    }
    if (this.busy) return; // a second submit while one is in flight sends nothing
    if (!this.identity.contactFormId) {
      // No form id, no endpoint (the warning at mount said so): the page posts it as printed.
      if (!this.signal.aborted) this.postNatively(submitter);
      return;
    }
    this.inFlight = true;
    if (!this.display.rendered && !(await this.loadView())) {
      this.inFlight = false;
      if (!this.signal.aborted) this.postNatively(submitter);
      return;
    }
    if (this.signal.aborted) return;
    const formData = new FormData(form);
    const button = submitter as HTMLButtonElement | HTMLInputElement | undefined;
    if (button?.name) formData.append(button.name, button.value);
    const detail = this.detail(formData);
    this.display.clear();
    // A copy: listeners that keep it must not see the answer's status appear in it later.
    fireNative(form, 'wpcf7beforesubmit', { ...detail });
    this.setStatus('submitting');
    let response: Feedback;
    try {
      response = await postFeedback(this.config, this.identity.contactFormId, formData, hasFiles(form));
    } catch (error) {
      this.inFlight = false;
      if (!this.signal.aborted) this.failed(error);
      return;
    }
    this.inFlight = false;
    if (this.signal.aborted) return;
    this.answered(response, detail);
  }

  /** Without its view the form cannot show an answer: it posts as printed, and the server's page answers. */
  private postNatively(submitter?: HTMLElement): void {
    this.native = true;
    const button =
      submitter &&
      submitter.matches('button, input[type="submit"], input[type="image"]') &&
      (submitter as HTMLButtonElement).form === this.form
        ? submitter
        : undefined;
    this.form.requestSubmit(button);
  }

  /** No answer (offline, timeout, an error page, not JSON): say why, keep every value, allow another try. */
  private failed(error: unknown): void {
    const { form } = this;
    const message =
      error instanceof NetError
        ? error.code === 'http'
          ? error.message || SEND_FAILED
          : error.code === 'invalid_response'
            ? NET_MESSAGES.invalid_json
            : error.message
        : NET_MESSAGES.fetch_error;
    if (error instanceof NetError && (error.code === 'invalid_json' || error.code === 'invalid_response')) {
      // Bad input from the server (an error page, a PHP fatal, a plugin's own answer): say so to the developer.
      warnOnce(
        WIDGET,
        'feedback',
        `the answer${error.status ? ` (HTTP ${error.status})` : ''} is not a Contact Form 7 feedback object; the visitor is told and can send again`,
      );
    }
    this.setStatus('mail_failed');
    this.display.announce(message);
    this.display.showResponse(message, 'failed');
    emit('storefront:error', { widget: WIDGET, element: form, error, phase: 'request' });
  }

  private answered(response: Feedback, detail: SubmitDetail): void {
    const { form } = this;
    const cls = this.setStatus(response.status);
    detail.status = response.status;
    detail.apiResponse = response;
    const specific = statusEventName(response.status);
    if (specific) fireNative(form, specific, detail);
    fireNative(form, 'wpcf7submit', detail);
    this.applyRefill(response);
    resetTurnstile(form);
    if (typeof response.posted_data_hash === 'string') {
      const hash = form.querySelector<HTMLInputElement>('input[name="_wpcf7_posted_data_hash"]');
      if (hash) hash.value = response.posted_data_hash;
    }
    if (response.status === 'mail_sent') {
      this.draft.clear();
      this.resetOnMailSent = true;
      form.reset();
    }
    for (const invalid of response.invalid_fields) this.display.setFieldError(invalid.field, invalid.message);
    this.display.announce(response.message);
    this.display.showResponse(response.message, cls);
    if (cls === 'invalid') this.focusFirstInvalid();
    else if (cls === 'unaccepted') firstUnacceptedBox(form)?.focus();
  }

  /** After an invalid answer: the first invalid control, else the response output. */
  private focusFirstInvalid(): void {
    const invalid = new Set(this.display.state.errors.map((e) => e.field));
    const controls = [...this.form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap[data-name]')]
      .filter((wrap) => invalid.has(wrap.getAttribute('data-name')!))
      .flatMap((wrap) => [...wrap.querySelectorAll<HTMLElement>('.wpcf7-form-control')]);
    for (const control of controls) {
      const target = control.matches('input, select, textarea')
        ? control
        : control.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)');
      if (target && !(target as HTMLInputElement).disabled) {
        target.focus();
        return;
      }
    }
    if (outputsOf(this.form).length) this.display.focusResponse();
  }

  // ---- reset and refill ----------------------------------------------------------------------------------------

  private applyRefill(data: { quiz?: Refill['quiz']; captcha?: Refill['captcha'] }): void {
    applyRefill(this.form, { quiz: data.quiz, captcha: data.captcha });
  }

  private onReset(): void {
    const { form } = this;
    this.draft.clear();
    this.resetSequence(true);
    // The form's own reset runs after this event: let it finish before reading values back.
    queueMicrotask(() => {
      restoreCountedDefaults(form);
      updateFreeText(form);
      updateAcceptanceGate(form);
    });
  }

  /**
   * The plugin's `wpcf7.reset(form)`, which the form's reset event runs: the response cleared, `resetting`, the
   * refill, then `init`/`sent` and `wpcf7reset`. It does not clear the values itself (only `form.reset()` does,
   * `valuesReset`): then counted fields keep what was typed too, and their counters are only brought up to date.
   */
  resetSequence(valuesReset = false): void {
    // The detail is taken now, as the original does: the values and the status the form is reset away from.
    const detail = this.detail(new FormData(this.form));
    this.display.clear();
    this.setStatus('resetting');
    void this.refill(detail, valuesReset);
  }

  /**
   * GET refill and apply its quiz and captcha. After a reset (`resetDetail` given): back to `sent` (the reset
   * followed a sent message) or `init`, then `wpcf7reset`, exactly once, whether or not the refill answered.
   */
  async refill(resetDetail?: SubmitDetail, valuesReset = true): Promise<void> {
    const { form } = this;
    let refill: (Refill & Record<string, unknown>) | unknown[] | undefined;
    try {
      refill = await fetchRefill(this.config, this.identity.contactFormId, this.signal);
    } catch (error) {
      if (this.signal.aborted) return;
      // The quiz question and its answer hash (and the captcha image and its challenge) are left as a pair, so
      // they still match: a reset does not touch hidden fields and the answers were emptied by the reset itself.
      warnOnce(
        WIDGET,
        'refill',
        `could not refresh the quiz and captcha (${error instanceof Error ? error.message : String(error)}); the form keeps the ones it shows`,
      );
    }
    if (this.signal.aborted) return;
    if (refill && !Array.isArray(refill)) this.applyRefill(refill);
    if (!resetDetail) return;
    this.finishReset();
    // Without an answer the event still fires (theme code and our counters and acceptance gate reset on it)
    // with an empty refill, so `detail.apiResponse.quiz` stays readable.
    fireNative(form, 'wpcf7reset', { ...resetDetail, apiResponse: refill ?? {} });
    if (valuesReset) restoreCountedDefaults(form);
    else updateCounters(form);
    updateAcceptanceGate(form);
  }

  private finishReset(): void {
    if (this.status !== 'resetting') return;
    if (this.resetOnMailSent) {
      this.resetOnMailSent = false;
      this.setStatus('mail_sent');
    } else {
      this.setStatus('init');
    }
  }
}

function resetTurnstile(form: HTMLFormElement): void {
  const turnstile = (window as unknown as { turnstile?: { reset?: (el: Element) => void } }).turnstile;
  if (typeof turnstile?.reset !== 'function') return;
  for (const el of form.querySelectorAll('.wpcf7-turnstile')) {
    try {
      turnstile.reset(el);
    } catch {
      /* the widget's own problem; the server judges the token */
    }
  }
}
