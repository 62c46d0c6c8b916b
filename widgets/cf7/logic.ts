/**
 * Contact Form 7's pure rules besides validation (rules.ts): statuses and their classes, event names, error ids,
 * REST URLs, the URL prefix, acceptance, character counts, refills and the draft key. No DOM.
 */

/** API statuses and the status class (and `data-status`) each one gives the form. */
const STATUS_CLASSES: Record<string, string> = {
  init: 'init',
  validation_failed: 'invalid',
  acceptance_missing: 'unaccepted',
  spam: 'spam',
  aborted: 'aborted',
  mail_sent: 'sent',
  mail_failed: 'failed',
  payment_required: 'payment-required',
  validating: 'validating',
  submitting: 'submitting',
  resetting: 'resetting',
};

/** Every class a status can give, except the open-ended `custom-*`. */
export const KNOWN_STATUS_CLASSES: readonly string[] = Object.values(STATUS_CLASSES);

/**
 * The form's status class for an API (or client) status. Anything else is `custom-` plus the status with every
 * run of characters outside [0-9A-Za-z] turned into "-", as the server prints it for non-JS postbacks (the
 * original script replaced only the first run).
 */
export function statusClass(status: string): string {
  if (Object.hasOwn(STATUS_CLASSES, status)) return STATUS_CLASSES[status]!;
  return `custom-${status.replace(/[^0-9a-z]+/gi, '-')}`;
}

export function isStatusClass(name: string): boolean {
  return Object.values(STATUS_CLASSES).includes(name) || name.startsWith('custom-');
}

/** The specific event after an answer, before `wpcf7submit` (none for payment_required and custom statuses). */
export function statusEventName(status: string): string | undefined {
  switch (statusClass(status)) {
    case 'invalid':
      return 'wpcf7invalid';
    case 'unaccepted':
      return 'wpcf7unaccepted';
    case 'spam':
      return 'wpcf7spam';
    case 'aborted':
      return 'wpcf7aborted';
    case 'sent':
      return 'wpcf7mailsent';
    case 'failed':
      return 'wpcf7mailfailed';
    default:
      return undefined;
  }
}

/** Which Avada alert a status gets, if any. */
export function alertKind(statusCls: string): 'error' | 'success' | undefined {
  if (['invalid', 'unaccepted', 'spam', 'failed'].includes(statusCls)) return 'error';
  if (statusCls === 'sent') return 'success';
  return undefined;
}

/** `{unitTag}-ve-{field}` without the characters an id should not hold. */
export function validationErrorId(unitTag: string, field: string): string {
  return `${unitTag}-ve-${field}`.replace(/[^0-9a-z_-]+/gi, '');
}

/**
 * A REST URL from the page global: root + namespace + path. With plain permalinks the root already holds
 * `?rest_route=/`, so a `?` in our path becomes `&`.
 */
export function restUrl(root: string, namespace: string, path: string): string {
  const base = root.endsWith('/') ? root : `${root}/`;
  const ns = namespace.replace(/^\/+|\/+$/g, '');
  let tail = `${ns}/${path.replace(/^\/+/, '')}`;
  if (base.includes('?')) tail = tail.replace('?', '&');
  return `${base}${tail}`;
}

/**
 * The URL field's helper: trim; a value with a dot and no scheme gets `http://` (leading slashes dropped), so
 * "shop.example" is accepted as a URL.
 */
export function prefixUrl(value: string): string {
  const url = value.trim();
  if (url === '' || /^[a-z][a-z0-9.+-]*:/i.test(url) || !url.includes('.')) return url;
  return `http://${url.replace(/^\/+/, '')}`;
}

export interface AcceptanceBox {
  checked: boolean;
  optional: boolean;
  invert: boolean;
}

/** The index of the first box that is not in its required state (checked, or unchecked for `invert`), or -1. */
export function firstUnaccepted(boxes: readonly AcceptanceBox[]): number {
  return boxes.findIndex((b) => !b.optional && b.checked === b.invert);
}

export interface CountState {
  current: number;
  tooLong: boolean;
  tooShort: boolean;
}

/** The character counter: trimmed length up, or what is left down; limits judged on the untrimmed length. */
export function characterCount(value: string, direction: 'up' | 'down', starting: number, maximum: number, minimum: number): CountState {
  const length = value.trim().length;
  const current = direction === 'down' ? starting - length : length;
  return {
    current,
    tooLong: maximum > 0 && maximum < value.length,
    tooShort: minimum > 0 && value.length < minimum,
  };
}

/** The challenge of a captcha image: the digits of its file name. */
export function captchaChallenge(imageUrl: string): string | undefined {
  return /([0-9]+)\.(png|gif|jpeg)$/.exec(imageUrl)?.[1];
}

/**
 * The session-storage key of a form's draft: one per form id and page path, so the same form on two pages keeps
 * two drafts. Inside it, drafts are keyed by unit tag (the same form twice on one page).
 */
export function draftKey(formId: number | string, pagePath: string): string {
  return `sf_cf7_${formId}_${pagePath}`;
}

/** Inputs that must never be kept in storage. */
const SECRET_AUTOCOMPLETE = /\b(?:new-password|current-password|one-time-code|cc-number|cc-csc|cc-exp(?:-month|-year)?)\b/i;

export function isDraftable(control: { type: string; name: string; autocomplete?: string; className?: string }): boolean {
  // Free text beside a checkbox is typed by the visitor; every other `_` name belongs to the plugin.
  if (!control.name || (control.name.startsWith('_') && !control.name.startsWith('_wpcf7_free_text_'))) return false;
  if (['file', 'password', 'hidden', 'submit', 'button', 'image', 'reset'].includes(control.type)) return false;
  if (control.autocomplete && SECRET_AUTOCOMPLETE.test(control.autocomplete)) return false;
  // Quiz and captcha answers belong to one challenge; consent is given again, not replayed.
  if (control.className && /\bwpcf7-(?:quiz|captchar)\b/.test(control.className)) return false;
  return true;
}
