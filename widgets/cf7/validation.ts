import type { Schema } from './api';
import { collectEntries, validatableWraps } from './collect';
import { updateReflection } from './display';
import { validate } from './rules';
import { buildValueTree } from './values';
import type { Cf7Display } from './view-state';

/**
 * Validate on a control's change: fields up to and including the changed one, in document order, so earlier
 * skipped fields reveal their errors and later ones are left alone. Without a target every field is validated.
 * The status reads `validating` meanwhile, as the plugin's does.
 */
export function validateAround(
  form: HTMLFormElement,
  schema: Schema,
  display: Cf7Display,
  status: { get(): string; set(status: string): string },
  target?: Element,
): void {
  const all = validatableWraps(form);
  let wraps = all;
  if (target) {
    if (!form.contains(target) || target.closest('.novalidate')) return;
    const targetWrap = target.closest('.wpcf7-form-control-wrap[data-name]');
    const end = targetWrap ? all.indexOf(targetWrap as HTMLElement) : -1;
    if (end < 0) return;
    wraps = all.slice(0, end + 1);
  }
  const fields = new Set(wraps.map((w) => w.getAttribute('data-name')!));
  const results = validate(schema.rules, buildValueTree(collectEntries(wraps)), fields);
  const previous = status.get();
  status.set('validating');
  const done = new Set<string>();
  for (const wrap of wraps) {
    const field = wrap.getAttribute('data-name')!;
    const result = results.get(field);
    if (!result || done.has(field)) continue;
    done.add(field);
    display.removeFieldError(field);
    if (result.error) display.setFieldError(field, result.error);
    updateReflection(form, field, result.validValues);
  }
  status.set(previous);
}
