import { INVALID_CLASSES, VALID_CLASS, cleanLabel, fieldMessage, fieldProblem, rowClasses } from './logic';

/** The controls WooCommerce validates: text-like inputs (`.input-text`), selects and checkboxes. */
export const FIELD_SELECTOR = '.input-text, select, input[type="checkbox"]';
const MESSAGE_CLASS = 'checkout-inline-error-message';

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Runs a layout change now, or after the pointer pressed on the page is released (src/dom/press.ts): a message
 * put into the flow under a pressed button moves the button (scroll anchoring shifts the whole page when the
 * row is above the viewport) and the shopper's click is lost.
 */
export type Later = (fn: () => void) => void;
const now: Later = (fn) => fn();

export function isField(el: unknown): el is Field {
  return (
    (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && el.matches(FIELD_SELECTOR)
  );
}

/** Hidden inputs and radios are never reported invalid (Avada counts them as valid). */
export function countsAsValid(field: Element | null): boolean {
  return !field || (field instanceof HTMLInputElement && (field.type === 'hidden' || field.type === 'radio'));
}

export function isVisible(el: Element | null): boolean {
  for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
    if (!(node instanceof HTMLElement)) continue;
    if (node.hidden) return false;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    if (node instanceof HTMLInputElement && node.type === 'hidden') return false;
  }
  return !!el?.isConnected;
}

function messageId(field: Field): string {
  return `${field.id || field.name}_description`;
}

function labelOf(field: Field, row: Element): string {
  const label = (field.id ? row.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null) ?? row.querySelector('label');
  return cleanLabel(label?.textContent ?? field.getAttribute('aria-label') ?? '');
}

function setDescribedBy(field: Field, id: string, on: boolean): void {
  const tokens = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== id);
  if (on) tokens.push(id);
  if (tokens.length) field.setAttribute('aria-describedby', tokens.join(' '));
  else field.removeAttribute('aria-describedby');
}

/** Remove a field's invalid state and message (typing again), without marking it valid. */
export function clearField(field: Field): void {
  const row = field.closest('.form-row');
  field.removeAttribute('aria-invalid');
  removeMessage(field);
  row?.classList.remove(...INVALID_CLASSES, VALID_CLASS);
}

/** The message leaves the field's description at once; the node leaves the layout when `later` allows. */
function removeMessage(field: Field, later: Later = now): void {
  const id = messageId(field);
  const message = document.getElementById(id);
  setDescribedBy(field, id, false);
  if (!message) return;
  message.removeAttribute('id');
  later(() => message.remove());
}

/**
 * Show a message tied to the field: `p.checkout-inline-error-message#<id>_description` at the end of its row.
 * The field's state (`aria-invalid`, the row's classes) and its description are set at once, so assistive tech
 * has the reason as soon as the field is invalid; the message takes its place in the layout when `later` allows
 * (until then it is not displayed, which takes no room, and still describes the field).
 */
export function showFieldError(
  field: Field,
  message: string,
  reason: 'required' | 'email' | 'phone' | null = null,
  later: Later = now,
): void {
  const row = field.closest('.form-row');
  const existing = document.getElementById(messageId(field));
  field.setAttribute('aria-invalid', 'true');
  if (row) {
    row.classList.remove(VALID_CLASS, ...INVALID_CLASSES);
    row.classList.add('woocommerce-invalid', ...(reason ? rowClasses(reason).slice(1) : []));
  }
  if (existing?.classList.contains(MESSAGE_CLASS)) {
    // Already in the layout: the new wording replaces the old in place.
    existing.textContent = message;
    setDescribedBy(field, existing.id, true);
    later(() => existing.style.removeProperty('display'));
    return;
  }
  removeMessage(field);
  const p = document.createElement('p');
  p.className = MESSAGE_CLASS;
  p.id = messageId(field);
  p.textContent = message;
  p.style.display = 'none';
  (row ?? field.parentElement)?.appendChild(p);
  setDescribedBy(field, p.id, true);
  later(() => p.style.removeProperty('display'));
}

/** Validate one field as WooCommerce does on change, focusout and `validate`; true when valid. */
export function validateField(field: Field, later: Later = now): boolean {
  const row = field.closest('.form-row');
  if (!row || countsAsValid(field)) return true;
  const problem = fieldProblem({
    value: field.value,
    checkbox: field instanceof HTMLInputElement && field.type === 'checkbox',
    checked: field instanceof HTMLInputElement && field.checked,
    required: row.classList.contains('validate-required'),
    email: row.classList.contains('validate-email'),
    phone: row.classList.contains('validate-phone'),
  });
  if (problem === null) {
    field.removeAttribute('aria-invalid');
    removeMessage(field, later);
    row.classList.remove(...INVALID_CLASSES);
    row.classList.add(VALID_CLASS);
    return true;
  }
  showFieldError(field, fieldMessage(labelOf(field, row), problem), problem, later);
  return false;
}

/** Remove every inline message (a new submit brings its own). */
export function clearInlineMessages(root: ParentNode): void {
  for (const p of root.querySelectorAll(`.${MESSAGE_CLASS}`)) {
    const field = p.closest('.form-row')?.querySelector<Field>(FIELD_SELECTOR);
    p.remove();
    if (field) setDescribedBy(field, p.id, false);
  }
}

/** Every visible field, validated (after a failed checkout or order review, as WooCommerce's). */
export function validateAll(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<Field>(FIELD_SELECTOR)) if (isVisible(field)) validateField(field);
}
