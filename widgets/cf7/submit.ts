/**
 * Sending a form: the REST call that replaces the page post, the answer's handling (every status, the `wpcf7*`
 * events with CF7's detail, field errors, focus), a failure without an answer, and the page's own post when the
 * form cannot be sent with JavaScript.
 */
import { emit, fireNative } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { NET_MESSAGES, NetError } from '../../src/net/errors';
import { postFeedback, SEND_FAILED, WIDGET, type Feedback } from './api';
import { firstUnacceptedBox, updateAcceptanceGate } from './behaviours';
import { hasFiles } from './collect';
import { applyRefill, outputsOf } from './display';
import type { SubmitDetail } from './identity';
import { statusEventName } from './logic';
import { submitDetail, type FormParts } from './parts';

export interface Submission {
  /** A request is in flight (or the form shows `submitting`): a second submit sends nothing. */
  readonly busy: boolean;
  /** Send the form (the plugin's `wpcf7.submit`). */
  submit(submitter?: HTMLElement): Promise<void>;
  /** The form's submit event: the REST call replaces the page post. */
  onSubmitEvent(event: SubmitEvent): void;
}

export interface SubmitNeeds {
  /** Loads and mounts the view; false when it cannot load (the widget sets it after the controller is made). */
  loadView(): Promise<boolean>;
  explainAcceptance(): boolean;
  afterMailSent(): void;
}

/** The page global as it is now: `blocked` and `submit` are read at call time. */
const pageWpcf7 = () => (window as unknown as { wpcf7?: { blocked?: unknown; submit?: unknown } }).wpcf7;

export function createSubmission(parts: FormParts, needs: SubmitNeeds): Submission {
  const { form, identity, display, status, signal } = parts;
  let inFlight = false;
  /** The view could not load: the form posts as printed, without JavaScript. */
  let native = false;

  /** Without its view the form cannot show an answer: it posts as printed, and the server's page answers. */
  const postNatively = (submitter?: HTMLElement): void => {
    native = true;
    const button =
      submitter && submitter.matches('button, input[type="submit"], input[type="image"]') && (submitter as HTMLButtonElement).form === form
        ? submitter
        : undefined;
    form.requestSubmit(button);
  };

  const self: Submission = {
    get busy() {
      return inFlight || status.get() === 'submitting';
    },
    async submit(submitter) {
      if (pageWpcf7()?.blocked) {
        // A third party holds the form on purpose (payment, consent): the original shows it as sending, endlessly.
        display.clear();
        status.set('submitting');
        return;
      }
      if (self.busy) return; // a second submit while one is in flight sends nothing
      if (!identity.contactFormId) {
        // No form id, no endpoint (the warning at mount said so): the page posts it as printed.
        if (!signal.aborted) postNatively(submitter);
        return;
      }
      inFlight = true;
      if (!display.rendered && !(await needs.loadView())) {
        inFlight = false;
        if (!signal.aborted) postNatively(submitter);
        return;
      }
      if (signal.aborted) return;
      const formData = new FormData(form);
      const button = submitter as HTMLButtonElement | HTMLInputElement | undefined;
      if (button?.name) formData.append(button.name, button.value);
      const detail = submitDetail(parts, formData);
      display.clear();
      // A copy: listeners that keep it must not see the answer's status appear in it later.
      fireNative(form, 'wpcf7beforesubmit', { ...detail });
      status.set('submitting');
      let response: Feedback;
      try {
        response = await postFeedback(parts.config, identity.contactFormId, formData, hasFiles(form));
      } catch (error) {
        inFlight = false;
        if (!signal.aborted) failed(parts, error);
        return;
      }
      inFlight = false;
      if (signal.aborted) return;
      answered(parts, needs, response, detail);
    },
    onSubmitEvent(event) {
      // The page's own post: after the view failed to load, or for a form without an id (no endpoint to call).
      if (native || !identity.contactFormId) return;
      event.preventDefault();
      if (updateAcceptanceGate(form) && needs.explainAcceptance()) return;
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : undefined;
      const api = pageWpcf7();
      // Looked up now: reCAPTCHA and third parties wrap wpcf7.submit after we installed it.
      if (api && typeof api.submit === 'function')
        (api.submit as (form: HTMLFormElement, options: { submitter?: HTMLElement }) => unknown)(form, { submitter });
      else void self.submit(submitter);
    },
  };
  return self;
}

/** No answer (offline, timeout, an error page, not JSON): say why, keep every value, allow another try. */
function failed({ form, display, status }: FormParts, error: unknown): void {
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
  status.set('mail_failed');
  display.announce(message);
  display.showResponse(message, 'failed');
  emit('storefront:error', { widget: WIDGET, element: form, error, phase: 'request' });
}

/**
 * An answer (mail_sent, validation_failed, acceptance_missing, spam, aborted, mail_failed, payment_required…):
 * the status first, then its own event and `wpcf7submit`, the refill, the reset after a sent message, the
 * errors and the response, and focus where the visitor must act.
 */
function answered(parts: FormParts, needs: SubmitNeeds, response: Feedback, detail: SubmitDetail): void {
  const { form, display, status } = parts;
  const cls = status.set(response.status);
  detail.status = response.status;
  detail.apiResponse = response;
  const specific = statusEventName(response.status);
  if (specific) fireNative(form, specific, detail);
  fireNative(form, 'wpcf7submit', detail);
  applyRefill(form, { quiz: response.quiz, captcha: response.captcha });
  resetTurnstile(form);
  if (typeof response.posted_data_hash === 'string') {
    const hash = form.querySelector<HTMLInputElement>('input[name="_wpcf7_posted_data_hash"]');
    if (hash) hash.value = response.posted_data_hash;
  }
  if (response.status === 'mail_sent') needs.afterMailSent();
  for (const invalid of response.invalid_fields) display.setFieldError(invalid.field, invalid.message);
  display.announce(response.message);
  display.showResponse(response.message, cls);
  if (cls === 'invalid') focusFirstInvalid(parts);
  else if (cls === 'unaccepted') firstUnacceptedBox(form)?.focus();
}

/** After an invalid answer: the first invalid control, else the response output. */
function focusFirstInvalid({ form, display }: FormParts): void {
  const invalid = new Set(display.state.errors.map((e) => e.field));
  const controls = [...form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap[data-name]')]
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
  if (outputsOf(form).length) display.focusResponse();
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
