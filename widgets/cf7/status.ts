/** One form's status: `form.wpcf7.status`, `data-status`, the status class and `wpcf7statuschanged`, kept as one. */
import { fireNative } from '../../src/events/bus';
import { applyStatus } from './display';
import type { FormIdentity } from './identity';
import { isStatusClass, statusClass } from './logic';
import type { Cf7Display } from './view-state';

export interface FormStatus {
  /** The status class now (`init`, `submitting`, `sent`, `invalid`…). */
  get(): string;
  /** Set an API or client status; returns its class. */
  set(status: string): string;
}

/**
 * Adopt the status the server printed (a non-JS postback arrives with its own) and give the form the
 * `form.wpcf7` object theme code reads. Returns that status.
 */
export function adoptPrinted(form: HTMLFormElement, wrapper: Element, identity: FormIdentity): string {
  const printed = form.getAttribute('data-status') ?? [...form.classList].find((c) => isStatusClass(c)) ?? 'init';
  form.wpcf7 = {
    id: identity.contactFormId,
    status: printed,
    pluginVersion: identity.pluginVersion,
    locale: identity.contactFormLocale,
    unitTag: identity.unitTag,
    containerPost: identity.containerPostId,
    parent: wrapper,
  };
  if (!form.hasAttribute('data-status')) form.setAttribute('data-status', printed);
  form.classList.add(printed);
  return printed;
}

export function createStatus(form: HTMLFormElement, identity: FormIdentity, display: Cf7Display): FormStatus {
  const get = (): string => form.wpcf7?.status ?? form.getAttribute('data-status') ?? 'init';
  return {
    get,
    set(status) {
      const cls = statusClass(status);
      const prev = get();
      if (form.wpcf7) form.wpcf7.status = cls;
      // On the form at once (data-status, the class, inert-on-*), as the plugin does before its event, whether or
      // not the view has loaded yet; the view's state follows.
      applyStatus(form, cls);
      display.setStatus(cls);
      if (prev && prev !== cls) fireNative(form, 'wpcf7statuschanged', { ...identity, status: cls, prevStatus: prev });
      return cls;
    },
  };
}
