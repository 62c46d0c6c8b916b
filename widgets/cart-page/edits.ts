/** Fields a shopper types into (quantities, plugins' per-line text): what an answer must not overwrite. */
export const TYPED_FIELDS =
  'input[name]:not([type="hidden"], [type="submit"], [type="button"], [type="image"], [type="reset"], [type="file"], [type="checkbox"], [type="radio"]), textarea[name], select[name]';

/** Each typed field's value by name: what the server was sent, or what it printed. */
export function typedValues(form: HTMLFormElement | null, which: 'current' | 'printed'): Map<string, string> {
  const out = new Map<string, string>();
  for (const el of form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(TYPED_FIELDS) ?? []) {
    const printed =
      el instanceof HTMLSelectElement
        ? ([...el.options].find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? '')
        : el.defaultValue;
    out.set(el.name, which === 'current' ? el.value : printed);
  }
  return out;
}

/** What the shopper typed that the server has not seen (since `baseline` was sent, or ever). */
export function unsentEdits(form: HTMLFormElement, baseline = typedValues(form, 'printed')): [string, string][] {
  return [...typedValues(form, 'current')].filter(([name, value]) => baseline.get(name) !== value);
}

/** Put unsent edits back into the answer's fields; true when any now differs from what the server printed. */
export function restoreEdits(target: HTMLFormElement, edits: readonly [string, string][]): boolean {
  let unsaved = false;
  for (const [name, value] of edits) {
    const field = target.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`);
    if (!field || !field.matches(TYPED_FIELDS)) continue;
    field.value = value;
    if (typedValues(target, 'printed').get(name) !== value) unsaved = true;
  }
  return unsaved;
}

export function setUpdateEnabled(form: HTMLFormElement | null, enabled: boolean): void {
  for (const b of form?.querySelectorAll<HTMLButtonElement | HTMLInputElement>('[name="update_cart"]') ?? []) b.disabled = !enabled;
}
