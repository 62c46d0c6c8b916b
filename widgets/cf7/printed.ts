/** What a non-JS postback printed (tips, response, status) and its removal once the view renders it. */
import { outputsOf } from './display';
import type { FieldError } from './view-state';

/**
 * A non-JS postback prints its tips, response and screen-reader status: they become the view's state, so the next answer replaces them
 * as it replaces its own. The markup keeps showing them until the view renders them (clearPrinted).
 */
export function readPrinted(
  form: HTMLFormElement,
  wrapper: Element,
  printed: string,
): [FieldError[], { message: string; statusCls: string } | null, string] {
  const errors: FieldError[] = [];
  for (const tip of form.querySelectorAll('.wpcf7-form-control-wrap[data-name] .wpcf7-not-valid-tip')) {
    const field = tip.closest('.wpcf7-form-control-wrap')!.getAttribute('data-name')!;
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: tip.textContent ?? '' });
  }
  let response: { message: string; statusCls: string } | null = null;
  for (const output of outputsOf(form)) {
    const message = output.textContent?.trim() ?? '';
    if (message && printed !== 'init') response ??= { message, statusCls: printed };
  }
  // The screen-reader status the server printed (its answer) stays what the region says.
  const announcement =
    printed === 'init' ? '' : (wrapper.querySelector('.screen-reader-response [role="status"]')?.textContent?.trim() ?? '');
  return [errors, response, announcement];
}

/** Right before the view mounts: the printed tips, outputs and list leave the markup (the view renders its state). */
export function clearPrinted(form: HTMLFormElement, wrapper: Element): void {
  for (const tip of form.querySelectorAll('.wpcf7-form-control-wrap[data-name] .wpcf7-not-valid-tip')) tip.remove();
  for (const output of outputsOf(form)) output.replaceChildren();
  wrapper.querySelector('.screen-reader-response ul')?.replaceChildren();
}
