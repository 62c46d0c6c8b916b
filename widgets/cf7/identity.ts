/** Who a form is (its hidden fields) and the per-form object theme code reads as `form.wpcf7`. */
import type { Schema } from './api';

export interface FormIdentity {
  contactFormId: number;
  pluginVersion: string;
  contactFormLocale: string;
  unitTag: string;
  containerPostId: number;
}

export interface SubmitDetail extends FormIdentity {
  status: string;
  inputs: { name: string; value: FormDataEntryValue }[];
  formData: FormData;
  apiResponse?: unknown;
}

/** The per-form object the original exposes as `form.wpcf7`; theme code reads `status` and `unitTag`. */
export interface FormState {
  id: number;
  status: string;
  pluginVersion: string;
  locale: string;
  unitTag: string;
  containerPost: number;
  parent: Element;
  schema?: Schema;
}

declare global {
  interface HTMLFormElement {
    wpcf7?: FormState;
  }
}

const hidden = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
const toInt = (text: string) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
};

export function readIdentity(form: HTMLFormElement, wrapper: Element): FormIdentity {
  return {
    contactFormId: toInt(hidden(form, '_wpcf7') || (wrapper.getAttribute('data-wpcf7-id') ?? '')),
    pluginVersion: hidden(form, '_wpcf7_version'),
    contactFormLocale: hidden(form, '_wpcf7_locale'),
    unitTag: hidden(form, '_wpcf7_unit_tag') || wrapper.id,
    containerPostId: toInt(hidden(form, '_wpcf7_container_post')),
  };
}
