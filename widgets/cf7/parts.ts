/** What the parts of one form's controller (form.ts) share: each part gets these and returns its own object. */
import type { Cf7Config } from './api';
import type { Draft } from './draft';
import type { FormIdentity, SubmitDetail } from './identity';
import type { FormStatus } from './status';
import type { Cf7Display } from './view-state';

export interface FormParts {
  readonly form: HTMLFormElement;
  readonly identity: FormIdentity;
  readonly config: Cf7Config;
  /** Aborted when the form is unmounted: listeners go, and an answer arriving later is dropped. */
  readonly signal: AbortSignal;
  readonly display: Cf7Display;
  readonly status: FormStatus;
  readonly draft: Draft;
}

/** The `detail` of CF7's events: the form's identity, its status now and what it posts (`_…` fields left out). */
export function submitDetail({ identity, status }: FormParts, formData: FormData): SubmitDetail {
  return {
    ...identity,
    status: status.get(),
    inputs: [...formData].filter(([name]) => !name.startsWith('_')).map(([name, value]) => ({ name, value })),
    formData,
  };
}
