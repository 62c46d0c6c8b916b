/**
 * What the rules see of a form, collected as Contact Form 7 does (not FormData): per wrap, enabled named
 * controls, checked boxes only, every selected option, every chosen file.
 */
import type { FieldValue } from './values';

const SKIPPED_TYPES = new Set(['button', 'image', 'reset', 'submit']);

function isDisabled(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): boolean {
  if (control.disabled) return true;
  // A disabled fieldset disables its controls, except those in its first legend.
  const fieldset = control.closest('fieldset[disabled]');
  return !!fieldset && !fieldset.querySelector(':scope > legend')?.contains(control);
}

/** The wraps validation walks, in document order (anything inside `.novalidate` is skipped). */
export function validatableWraps(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap[data-name]')].filter((w) => !w.closest('.novalidate'));
}

/** The entries of the given wraps, in order. */
export function collectEntries(wraps: readonly Element[]): [string, FieldValue][] {
  const entries: [string, FieldValue][] = [];
  for (const wrap of wraps) {
    for (const control of wrap.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, textarea, select')) {
      const name = control.name;
      if (!name || isDisabled(control) || control.closest('.novalidate')) continue;
      if (control instanceof HTMLInputElement) {
        const type = control.type.toLowerCase();
        if (SKIPPED_TYPES.has(type)) continue;
        if ((type === 'checkbox' || type === 'radio') && !control.checked) continue;
        if (type === 'file') {
          for (const file of control.files ?? []) entries.push([name, file]);
          continue;
        }
        entries.push([name, control.value]);
      } else if (control instanceof HTMLSelectElement && control.multiple) {
        for (const option of control.options) if (option.selected) entries.push([name, option.value]);
      } else {
        entries.push([name, control.value]);
      }
    }
  }
  return entries;
}

/** True when any file input of the form holds a file (the post then gets the longer timeout). */
export function hasFiles(form: HTMLFormElement): boolean {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].some((input) => (input.files?.length ?? 0) > 0);
}
