/**
 * What the visitor typed survives a reload until the form is sent: a snapshot in sessionStorage (this tab only,
 * gone when it closes). Never files, passwords, hidden fields, quiz/captcha answers or consent boxes.
 *
 * Key: `sf_cf7_{form id}_{page path}`; value: `{ "{unit tag}": { "{name}#{n}": value } }` where n counts controls
 * of the same name, and checkboxes and radios are keyed by name and value with `true`.
 */
import { warnOnce } from '../../src/log';
import { session } from '../../src/storage/storage';
import { WIDGET } from './api';
import { draftKey, isDraftable } from './logic';

type Snapshot = Record<string, string | string[] | boolean>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function draftables(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>('input, select, textarea')].filter(
    (c) =>
      !c.closest('.wpcf7-acceptance') &&
      isDraftable({ type: c.type.toLowerCase(), name: c.name, autocomplete: c.getAttribute('autocomplete') ?? '', className: c.className }),
  );
}

function keyed(form: HTMLFormElement): [string, Control][] {
  const seen = new Map<string, number>();
  return draftables(form).map((control) => {
    const type = control.type.toLowerCase();
    if (type === 'checkbox' || type === 'radio') return [`${control.name}=${(control as HTMLInputElement).value}`, control];
    const n = seen.get(control.name) ?? 0;
    seen.set(control.name, n + 1);
    return [`${control.name}#${n}`, control];
  });
}

function snapshot(form: HTMLFormElement): Snapshot {
  const out: Snapshot = {};
  for (const [key, control] of keyed(form)) {
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked) out[key] = true;
    } else if (control instanceof HTMLSelectElement && control.multiple) {
      // Read each option, not selectedOptions: happy-dom caches that collection across option.selected writes.
      out[key] = [...control.options].filter((o) => o.selected).map((o) => o.value);
    } else if (control.value !== '') {
      out[key] = control.value;
    }
  }
  return out;
}

/** Only controls still showing what the page printed: never overwrite what the browser or the visitor filled in. */
function atDefault(control: Control): boolean {
  // Read the printed state from the attributes: they are what the server sent.
  if (control instanceof HTMLInputElement) {
    return control.type === 'checkbox' || control.type === 'radio'
      ? control.checked === control.hasAttribute('checked')
      : control.value === (control.getAttribute('value') ?? '');
  }
  if (control instanceof HTMLTextAreaElement) return control.value === (control.textContent ?? '');
  const options = [...control.options];
  if (options.every((o) => o.selected === o.hasAttribute('selected'))) return true;
  // A single select with nothing marked shows its first option.
  return !control.multiple && control.selectedIndex === 0 && !options.some((o) => o.hasAttribute('selected'));
}

export interface Draft {
  save(): void;
  /** Put a saved draft back; true when anything was restored. */
  restore(): boolean;
  clear(): void;
}

export function createDraft(form: HTMLFormElement, formId: number | string, unitTag: string, pagePath: string): Draft {
  const key = draftKey(formId, pagePath);
  const read = (): Record<string, Snapshot> => {
    const data = session.getJSON<unknown>(key);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, Snapshot>) : {};
  };
  return {
    save() {
      const all = read();
      const snap = snapshot(form);
      if (Object.keys(snap).length) all[unitTag] = snap;
      else delete all[unitTag];
      if (!Object.keys(all).length) session.remove(key);
      else if (!session.setJSON(key, all)) {
        // Full (quota) or disabled storage: the form itself still works, only a reload would lose the typing.
        warnOnce(WIDGET, 'draft', `sessionStorage refused the draft of form ${formId}; what is typed is not kept across a reload`);
      }
    },
    restore() {
      const snap = read()[unitTag];
      if (!snap || typeof snap !== 'object') return false;
      let restored = false;
      for (const [k, control] of keyed(form)) {
        if (!(k in snap) || !atDefault(control)) continue;
        const value = snap[k];
        if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
          if (value === true) {
            control.checked = true;
            restored = true;
          }
        } else if (control instanceof HTMLSelectElement && control.multiple) {
          if (Array.isArray(value)) {
            for (const o of control.options) o.selected = value.includes(o.value);
            restored = true;
          }
        } else if (typeof value === 'string') {
          if (control instanceof HTMLSelectElement && ![...control.options].some((o) => o.value === value)) continue;
          control.value = value;
          restored = true;
        }
      }
      return restored;
    },
    clear() {
      const all = read();
      if (!(unitTag in all)) return;
      delete all[unitTag];
      if (Object.keys(all).length) session.setJSON(key, all);
      else session.remove(key);
    },
  };
}
