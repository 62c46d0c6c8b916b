/**
 * Contact Form 7's small field behaviours: acceptance gating, exclusive checkboxes, free text, the URL prefix,
 * character counts and spinners. DOM only; the rules behind them are in logic.ts.
 */
import { cssString } from '../../src/dom/selector';
import { characterCount, firstUnaccepted, prefixUrl } from './logic';

export const UNACCEPTED_TEXT = 'You must accept the terms and conditions before sending your message.';

function acceptanceBoxes(form: HTMLFormElement): { input: HTMLInputElement; optional: boolean; invert: boolean }[] {
  return [...form.querySelectorAll<HTMLElement>('.wpcf7-acceptance')].flatMap((group) =>
    [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((input) => ({
      input,
      optional: group.classList.contains('optional'),
      invert: group.classList.contains('invert'),
    })),
  );
}

/** The first acceptance box that blocks sending, or undefined when the form may be sent. */
export function blockingAcceptance(form: HTMLFormElement): HTMLInputElement | undefined {
  return form.classList.contains('wpcf7-acceptance-as-validation') ? undefined : firstUnacceptedBox(form);
}

/** The first acceptance box not in its required state, whether or not the form gates on it. */
export function firstUnacceptedBox(form: HTMLFormElement): HTMLInputElement | undefined {
  const boxes = acceptanceBoxes(form);
  const index = firstUnaccepted(boxes.map((b) => ({ checked: b.input.checked, optional: b.optional, invert: b.invert })));
  return index < 0 ? undefined : boxes[index]?.input;
}

/**
 * Mark every submit button as unavailable while acceptance blocks sending. `aria-disabled` instead of `disabled`:
 * the button stays focusable and can explain itself when activated (see the widget's click guard).
 */
export function updateAcceptanceGate(form: HTMLFormElement): boolean {
  const blocked = blockingAcceptance(form) !== undefined;
  for (const submit of form.querySelectorAll<HTMLElement>('.wpcf7-submit')) {
    if (blocked) submit.setAttribute('aria-disabled', 'true');
    else submit.removeAttribute('aria-disabled');
  }
  return blocked;
}

/** Checking one box of an exclusive group unchecks the others of the same name. */
export function applyExclusive(target: Element): void {
  if (!(target instanceof HTMLInputElement) || target.type !== 'checkbox' || !target.checked) return;
  const group = target.closest('.wpcf7-exclusive-checkbox');
  if (!group) return;
  for (const other of group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    if (other !== target && other.name === target.name) other.checked = false;
  }
}

/** A free-text input is usable only while its box is checked; it takes focus when the box becomes checked. */
export function updateFreeText(form: HTMLFormElement, changed?: Element): void {
  for (const item of form.querySelectorAll('.has-free-text')) {
    const box = item.querySelector<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
    const text = item.querySelector<HTMLInputElement>('input.wpcf7-free-text');
    if (!box || !text) continue;
    text.disabled = !box.checked;
    if (box.checked && changed === box) text.focus();
  }
}

/**
 * The plugin prints the free-text input without a label; name it after its option ("Something else") so it is
 * not an anonymous field to screen readers.
 */
export function labelFreeText(form: HTMLFormElement): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('.has-free-text input.wpcf7-free-text')) {
    if (input.hasAttribute('aria-label') || input.hasAttribute('aria-labelledby') || input.labels?.length) continue;
    const label = input.closest('.wpcf7-list-item')?.querySelector('.wpcf7-list-item-label')?.textContent?.trim();
    if (label) input.setAttribute('aria-label', label);
  }
}

/** Trim a URL field and give a bare host `http://`. */
export function applyUrlPrefix(target: Element): void {
  if (!(target instanceof HTMLInputElement) || !target.classList.contains('wpcf7-validates-as-url')) return;
  const value = prefixUrl(target.value);
  if (value !== target.value) target.value = value;
}

const int = (el: Element, attr: string) => {
  const n = Number.parseInt(el.getAttribute(attr) ?? '', 10);
  return Number.isFinite(n) ? n : 0;
};

/** Refresh the character counters of a form (all, or those counting `name`). */
export function updateCounters(form: HTMLFormElement, name?: string): void {
  for (const counter of form.querySelectorAll<HTMLElement>('.wpcf7-character-count[data-target-name]')) {
    const target = counter.getAttribute('data-target-name')!;
    if (name !== undefined && target !== name) continue;
    const control = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name=${cssString(target)}]`);
    if (!control || !('value' in control)) continue;
    const state = characterCount(
      control.value,
      counter.classList.contains('down') ? 'down' : 'up',
      int(counter, 'data-starting-value'),
      int(counter, 'data-maximum-value'),
      int(counter, 'data-minimum-value'),
    );
    counter.setAttribute('data-current-value', String(state.current));
    counter.textContent = String(state.current);
    counter.classList.toggle('too-long', state.tooLong);
    counter.classList.toggle('too-short', state.tooShort);
  }
}

/** After a reset the counted fields go back to their printed values. */
export function restoreCountedDefaults(form: HTMLFormElement): void {
  for (const counter of form.querySelectorAll<HTMLElement>('.wpcf7-character-count[data-target-name]')) {
    const target = counter.getAttribute('data-target-name')!;
    const control = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name=${cssString(target)}]`);
    if (control && 'defaultValue' in control) control.value = control.defaultValue;
  }
  updateCounters(form);
}

/**
 * `<span class="wpcf7-spinner">` after each `.has-spinner`, once, at mount (returns what it added). Plain, not the
 * view's: the theme's CSS gives it room beside the button even while hidden, so adding it only when React arrives
 * (on the visitor's first focus) would move the button under their pointer.
 */
export function addSpinners(form: HTMLFormElement): HTMLElement[] {
  const added: HTMLElement[] = [];
  for (const el of form.querySelectorAll('.has-spinner')) {
    if (el.nextElementSibling?.classList.contains('wpcf7-spinner')) continue;
    const spinner = document.createElement('span');
    spinner.className = 'wpcf7-spinner';
    el.after(spinner);
    added.push(spinner);
  }
  return added;
}
