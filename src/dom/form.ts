/**
 * A form's successful controls, as jQuery's `serialize()` sends them: form-urlencoded text fields, checked boxes,
 * selected options; no buttons (unless the submitter is given), no files.
 */
export function serializeForm(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  let data: FormData;
  try {
    data = submitter ? new FormData(form, submitter) : new FormData(form);
  } catch {
    data = new FormData(form);
  }
  const params = new URLSearchParams();
  for (const [key, value] of data) if (typeof value === 'string') params.append(key, value);
  return params;
}
