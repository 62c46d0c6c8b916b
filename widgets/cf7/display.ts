/**
 * What Contact Form 7 shows: field errors (tips, ARIA, the screen-reader list), the response output with
 * Avada's alert, reflections, and quiz/captcha refills. DOM only, no network.
 */
import { cssEscape, cssString } from '../../src/dom/selector';
import { env } from '../../src/env';
import { httpUrlText } from '../../src/net/url-attrs';
import { alertKind, captchaChallenge, validationErrorId } from './logic';
import { isFile, type FieldValue } from './values';


export function wrapsOf(form: HTMLFormElement, field: string): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(`.wpcf7-form-control-wrap[data-name=${cssString(field)}]`)];
}

function srList(form: HTMLFormElement): HTMLUListElement | null {
  return (form.closest('.wpcf7') ?? form).querySelector('.screen-reader-response ul');
}

function srStatus(form: HTMLFormElement): HTMLElement | null {
  return (form.closest('.wpcf7') ?? form).querySelector('.screen-reader-response [role="status"]');
}

function tokens(el: Element, attr: string): string[] {
  return (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean);
}

function addToken(el: Element, attr: string, token: string): void {
  const list = tokens(el, attr);
  if (!list.includes(token)) el.setAttribute(attr, [...list, token].join(' '));
}

function removeTokens(el: Element, attr: string, drop: (token: string) => boolean): void {
  const list = tokens(el, attr);
  const kept = list.filter((t) => !drop(t));
  if (kept.length === list.length) return;
  if (kept.length) el.setAttribute(attr, kept.join(' '));
  else el.removeAttribute(attr);
}

function setValidity(el: Element, message: string): void {
  if ('setCustomValidity' in el && typeof (el as HTMLInputElement).setCustomValidity === 'function') (el as HTMLInputElement).setCustomValidity(message);
}

/** Show a field's error: list item (a link to the control when it has an id), tip, aria-invalid, describedby. */
export function setFieldError(form: HTMLFormElement, unitTag: string, field: string, message: string, signal?: AbortSignal): void {
  const id = validationErrorId(unitTag, field);
  const wraps = wrapsOf(form, field);
  const list = srList(form);
  if (list && !list.querySelector(`[id=${cssString(id)}]`)) {
    const item = document.createElement('li');
    item.id = id;
    const firstControl = wraps[0]?.querySelector<HTMLElement>('.wpcf7-form-control');
    if (firstControl?.id) {
      const link = document.createElement('a');
      link.href = `#${firstControl.id}`;
      link.textContent = message;
      item.append(link);
    } else {
      item.textContent = message;
    }
    list.append(item);
  }
  for (const wrap of wraps) {
    const tip = document.createElement('span');
    tip.className = 'wpcf7-not-valid-tip';
    tip.setAttribute('aria-hidden', 'true');
    tip.textContent = message;
    wrap.append(tip);
    for (const el of wrap.querySelectorAll('[aria-invalid]')) el.setAttribute('aria-invalid', 'true');
    for (const control of wrap.querySelectorAll('.wpcf7-form-control')) {
      control.classList.add('wpcf7-not-valid');
      addToken(control, 'aria-describedby', id);
      setValidity(control, message);
    }
    if (wrap.closest('.use-floating-validation-tip')) {
      const hide = () => tip.setAttribute('style', 'display: none');
      for (const control of wrap.querySelectorAll('input, textarea')) control.addEventListener('focus', hide, { once: true, signal });
      tip.addEventListener('click', hide, { once: true, signal });
    }
  }
}

/** Undo setFieldError for one field. */
export function removeFieldError(form: HTMLFormElement, unitTag: string, field: string): void {
  const id = validationErrorId(unitTag, field);
  srList(form)?.querySelector(`[id=${cssString(id)}]`)?.remove();
  for (const wrap of wrapsOf(form, field)) {
    for (const tip of wrap.querySelectorAll('.wpcf7-not-valid-tip')) tip.remove();
    for (const el of wrap.querySelectorAll('[aria-invalid]')) el.setAttribute('aria-invalid', 'false');
    for (const control of wrap.querySelectorAll('.wpcf7-form-control')) {
      control.classList.remove('wpcf7-not-valid');
      removeTokens(control, 'aria-describedby', (t) => t === id);
      setValidity(control, '');
    }
  }
}

const ALERT_CLASSES = ['fusion-alert', 'error', 'fusion-danger', 'success', 'fusion-success'];

/** Every response output of the form (the `[response]` tag may move it inside the form body). */
export function outputsOf(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('.wpcf7-response-output')];
}

function resetOutput(output: HTMLElement): void {
  output.textContent = '';
  output.classList.remove(...ALERT_CLASSES);
  output.style.removeProperty('display');
  output.style.removeProperty('overflow');
  output.removeAttribute('tabindex');
  // Restored: the same words are announced by the screen-reader region, once.
  output.setAttribute('aria-hidden', 'true');
}

/** Clear every field error, the screen-reader texts and the response outputs. */
export function clearResponse(form: HTMLFormElement, unitTag: string): void {
  const status = srStatus(form);
  if (status) status.textContent = '';
  const list = srList(form);
  if (list) list.textContent = '';
  for (const tip of form.querySelectorAll('.wpcf7-not-valid-tip')) tip.remove();
  for (const el of form.querySelectorAll('[aria-invalid]')) el.setAttribute('aria-invalid', 'false');
  const ours = `${validationErrorId(unitTag, '')}`;
  for (const control of form.querySelectorAll('.wpcf7-form-control')) {
    control.classList.remove('wpcf7-not-valid');
    removeTokens(control, 'aria-describedby', (t) => t.startsWith(ours));
    setValidity(control, '');
  }
  for (const output of outputsOf(form)) resetOutput(output);
}

/** Append a message to the screen-reader status region (polite, atomic), as text. */
export function announce(form: HTMLFormElement, message: string): void {
  const status = srStatus(form);
  if (status && message) status.append(document.createTextNode(message));
}

/**
 * Put the message in every response output, dressed as Avada's alert for the status (error or success), with a
 * labelled close button when the output is `alert-dismissable`. Classes are replaced, never stacked.
 */
export function showResponse(form: HTMLFormElement, message: string, statusCls: string, signal?: AbortSignal): void {
  const kind = alertKind(statusCls);
  for (const output of outputsOf(form)) {
    resetOutput(output);
    if (!kind) {
      output.textContent = message;
      continue;
    }
    output.classList.add('fusion-alert', ...(kind === 'error' ? ['error', 'fusion-danger'] : ['success', 'fusion-success']));
    const wrapper = document.createElement('div');
    wrapper.className = 'fusion-alert-content-wrapper';
    const iconWrap = document.createElement('span');
    iconWrap.className = 'alert-icon';
    const icon = document.createElement('i');
    icon.className = `awb-icon fa-lg fa ${kind === 'error' ? 'fa-exclamation-triangle' : 'fa-check-circle'}`;
    icon.setAttribute('aria-hidden', 'true');
    iconWrap.append(icon);
    const content = document.createElement('span');
    content.className = 'fusion-alert-content';
    content.textContent = message;
    wrapper.append(iconWrap, content);
    if (output.classList.contains('alert-dismissable')) {
      // A focusable button must not sit inside aria-hidden: expose the output, hide only the repeated text.
      output.removeAttribute('aria-hidden');
      wrapper.setAttribute('aria-hidden', 'true');
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'close toggle-alert';
      close.setAttribute('data-dismiss', 'alert');
      close.setAttribute('aria-label', 'Close');
      close.textContent = '×';
      close.addEventListener('click', () => dismissOutput(form, output), { signal });
      output.append(close, wrapper);
    } else {
      output.append(wrapper);
    }
  }
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
  const animation = output.animate([{ height: `${output.offsetHeight}px`, opacity: 1 }, { height: '0px', opacity: 0, paddingTop: '0px', paddingBottom: '0px', marginTop: '0px', marginBottom: '0px' }], { duration: 300, easing: 'ease-in-out' });
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
export function applyRefill(form: HTMLFormElement, refill: { quiz?: Record<string, [string, string]>; captcha?: Record<string, string> }): void {
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
