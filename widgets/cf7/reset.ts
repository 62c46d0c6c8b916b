/**
 * A form's reset and refill: the plugin's reset sequence (response cleared, `resetting`, the refill of quiz and
 * captcha, then `init` or `mail_sent` and `wpcf7reset`), the reset that follows a sent message, and the refill
 * of a cached page.
 */
import { fireNative } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { fetchRefill, WIDGET, type Refill } from './api';
import { restoreCountedDefaults, updateAcceptanceGate, updateCounters, updateFreeText } from './behaviours';
import { applyRefill } from './display';
import type { SubmitDetail } from './identity';
import { submitDetail, type FormParts } from './parts';

export interface Reset {
  /** Add the form's reset listener (the widget's start). */
  listen(): void;
  /**
   * The plugin's `wpcf7.reset(form)`, which the form's reset event runs. It does not clear the values itself
   * (only `form.reset()` does, `valuesReset`): then counted fields keep what was typed too, and their counters
   * are only brought up to date.
   */
  sequence(valuesReset?: boolean): void;
  /**
   * GET refill and apply its quiz and captcha. After a reset (`resetDetail` given): back to `mail_sent` (the reset
   * followed a sent message) or `init`, then `wpcf7reset`, exactly once, whether or not the refill answered.
   */
  refill(resetDetail?: SubmitDetail, valuesReset?: boolean): Promise<void>;
  /** A message was sent: the draft goes and the form resets, its sequence ending on `mail_sent`, not `init`. */
  afterMailSent(): void;
}

export function createReset(parts: FormParts): Reset {
  const { form, display, status, draft, config, identity, signal } = parts;
  let resetOnMailSent = false;

  const sequence = (valuesReset = false): void => {
    // The detail is taken now, as the original does: the values and the status the form is reset away from.
    const detail = submitDetail(parts, new FormData(form));
    display.clear();
    status.set('resetting');
    void refill(detail, valuesReset);
  };

  const finish = (): void => {
    if (status.get() !== 'resetting') return;
    if (resetOnMailSent) {
      resetOnMailSent = false;
      status.set('mail_sent');
    } else {
      status.set('init');
    }
  };

  const refill = async (resetDetail?: SubmitDetail, valuesReset = true): Promise<void> => {
    let answer: (Refill & Record<string, unknown>) | unknown[] | undefined;
    try {
      answer = await fetchRefill(config, identity.contactFormId, signal);
    } catch (error) {
      if (signal.aborted) return;
      // The quiz question and its answer hash (and the captcha image and its challenge) are left as a pair, so
      // they still match: a reset does not touch hidden fields and the answers were emptied by the reset itself.
      warnOnce(
        WIDGET,
        'refill',
        `could not refresh the quiz and captcha (${error instanceof Error ? error.message : String(error)}); the form keeps the ones it shows`,
      );
    }
    if (signal.aborted) return;
    if (answer && !Array.isArray(answer)) applyRefill(form, { quiz: answer.quiz, captcha: answer.captcha });
    if (!resetDetail) return;
    finish();
    // Without an answer the event still fires (theme code and our counters and acceptance gate reset on it)
    // with an empty refill, so `detail.apiResponse.quiz` stays readable.
    fireNative(form, 'wpcf7reset', { ...resetDetail, apiResponse: answer ?? {} });
    if (valuesReset) restoreCountedDefaults(form);
    else updateCounters(form);
    updateAcceptanceGate(form);
  };

  const onReset = (): void => {
    draft.clear();
    sequence(true);
    // The form's own reset runs after this event: let it finish before reading values back.
    queueMicrotask(() => {
      restoreCountedDefaults(form);
      updateFreeText(form);
      updateAcceptanceGate(form);
    });
  };

  return {
    listen: () => form.addEventListener('reset', onReset, { signal }),
    sequence,
    refill,
    afterMailSent() {
      draft.clear();
      // Before form.reset(): its reset event starts the sequence that ends on this.
      resetOnMailSent = true;
      form.reset();
    },
  };
}
