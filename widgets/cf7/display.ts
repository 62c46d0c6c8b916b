/**
 * DOM helpers for what Contact Form 7 shows: the attribute helpers the view's effects use (tokens, validity,
 * the output's reset), the alert's dismissal, reflections and quiz/captcha refills. No network. Tips, the
 * screen-reader texts and the response output's content are rendered by the React view (Cf7View.tsx).
 */
import { cssEscape, cssString } from '../../src/dom/selector';
import { env } from '../../src/env';
import { httpUrlText } from '../../src/net/url-attrs';
import { captchaChallenge } from './logic';
import { isFile, type FieldValue } from './values';

export function wrapsOf(form: HTMLFormElement, field: string): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(`.wpcf7-form-control-wrap[data-name=${cssString(field)}]`)];
}

function tokens(el: Element, attr: string): string[] {
  return (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean);
}

export function addToken(el: Element, attr: string, token: string): void {
  const list = tokens(el, attr);
  if (!list.includes(token)) el.setAttribute(attr, [...list, token].join(' '));
}

export function removeTokens(el: Element, attr: string, drop: (token: string) => boolean): void {
  const list = tokens(el, attr);
  const kept = list.filter((t) => !drop(t));
  if (kept.length === list.length) return;
  if (kept.length) el.setAttribute(attr, kept.join(' '));
  else el.removeAttribute(attr);
}

export function setValidity(el: Element, message: string): void {
  if ('setCustomValidity' in el && typeof (el as HTMLInputElement).setCustomValidity === 'function')
    (el as HTMLInputElement).setCustomValidity(message);
}

/**
 * Put a status on the form as the plugin's setStatus does: `data-status`, the status class swapped, then `inert`
 * (with `active-on-any`) moved to the `.inert-on-{status}` elements. Idempotent.
 */
export function applyStatus(form: HTMLFormElement, status: string): void {
  const prev = form.getAttribute('data-status');
  form.setAttribute('data-status', status);
  if (prev && prev !== status) form.classList.remove(prev);
  form.classList.add(status);
  for (const el of form.querySelectorAll('.active-on-any')) {
    el.removeAttribute('inert');
    el.classList.remove('active-on-any');
  }
  for (const el of form.querySelectorAll(`.inert-on-${cssEscape(status)}`)) {
    el.setAttribute('inert', 'inert');
    el.classList.add('active-on-any');
  }
}

export const ALERT_CLASSES = ['fusion-alert', 'error', 'fusion-danger', 'success', 'fusion-success'];

/** Every response output of the form (the `[response]` tag may move it inside the form body). */
export function outputsOf(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('.wpcf7-response-output')];
}

/** An output as before any answer: no alert classes, shown, hidden from screen readers (the status region speaks). */
export function resetOutput(output: HTMLElement): void {
  output.classList.remove(...ALERT_CLASSES);
  output.style.removeProperty('display');
  output.style.removeProperty('overflow');
  output.removeAttribute('tabindex');
  output.setAttribute('aria-hidden', 'true');
}

/** Slide an alert up (instantly under reduced motion); focus goes back to the form's submit button. */
export function dismissOutput(form: HTMLFormElement, output: HTMLElement): void {
  const hadFocus = output.contains(document.activeElement);
  const finish = () => {
    output.style.display = 'none';
    output.style.removeProperty('overflow');
    if (hadFocus) form.querySelector<HTMLElement>('.wpcf7-submit')?.focus();
  };
  if (env().prefersReducedMotion() || typeof output.animate !== 'function' || !output.offsetHeight) {
    finish();
    return;
  }
  output.style.overflow = 'hidden';
  const animation = output.animate(
    [
      { height: `${output.offsetHeight}px`, opacity: 1 },
      { height: '0px', opacity: 0, paddingTop: '0px', paddingBottom: '0px', marginTop: '0px', marginBottom: '0px' },
    ],
    { duration: 300, easing: 'ease-in-out' },
  );
  animation.addEventListener('finish', finish, { once: true });
  animation.addEventListener('cancel', finish, { once: true });
}

/** Rebuild a field's reflections from its valid values (file names for files; the default text when none). */
export function updateReflection(form: HTMLFormElement, field: string, values: readonly FieldValue[]): void {
  const texts = values.map((v) => (isFile(v) ? v.name : v));
  for (const reflection of form.querySelectorAll<HTMLElement>(`[data-reflection-of=${cssString(field)}]`)) {
    if (reflection.tagName === 'OUTPUT') {
      reflection.textContent = texts[0] ?? reflection.getAttribute('data-default') ?? '';
      continue;
    }
    for (const output of reflection.querySelectorAll('output')) {
      if (output.hasAttribute('data-default')) output.toggleAttribute('hidden', texts.length > 0);
      else output.remove();
    }
    for (const text of texts) {
      const output = document.createElement('output');
      output.setAttribute('name', field);
      output.textContent = text;
      reflection.append(output);
    }
  }
}

/** Apply a refill: new quiz questions and answer hashes, new captcha images and challenges; answers emptied. */
export function applyRefill(
  form: HTMLFormElement,
  refill: { quiz?: Record<string, [string, string]>; captcha?: Record<string, string> },
): void {
  for (const [name, [question, hash]] of Object.entries(refill.quiz ?? {})) {
    for (const wrap of wrapsOf(form, name)) {
      const input = wrap.querySelector<HTMLInputElement>(`input[name=${cssString(name)}]`);
      if (input) input.value = '';
      const label = wrap.querySelector('.wpcf7-quiz-label');
      if (label) label.textContent = question;
      const answer = wrap.querySelector<HTMLInputElement>(`input[name=${cssString(`_wpcf7_quiz_answer_${name}`)}]`);
      if (answer) answer.value = hash;
    }
  }
  for (const [name, imageUrl] of Object.entries(refill.captcha ?? {})) {
    const src = httpUrlText(imageUrl);
    if (!src) continue;
    const input = form.querySelector<HTMLInputElement>(`input[name=${cssString(name)}]`);
    if (input) input.value = '';
    for (const img of form.querySelectorAll<HTMLImageElement>(`img.wpcf7-captcha-${cssEscape(name.replace(/:/g, ''))}`)) img.src = src;
    const challenge = captchaChallenge(imageUrl);
    const hidden = form.querySelector<HTMLInputElement>(`input[name=${cssString(`_wpcf7_captcha_challenge_${name}`)}]`);
    if (hidden && challenge) hidden.value = challenge;
  }
}
