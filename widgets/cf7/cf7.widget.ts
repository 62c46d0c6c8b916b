/**
 * Contact Form 7 on every `.wpcf7` wrapper, including forms inserted later (popups, quick view): the runtime's
 * observer mounts them, each once. See README.md for the decisions beyond the original.
 */
import { defineWidget } from '../../mount/types';
import { errorOnce } from '../../src/log';
import { pageGlobal } from '../../src/config/globals';
import { fetchSchema, readConfig, WIDGET } from './api';
import { FormController } from './form';
import { controllerOf, installGlobal, register } from './global';
import { readRecaptchaSettings, useRecaptcha } from './recaptcha';
import { adoptStyles } from '../../src/dom/styles';
import { CF7_CSS } from './styles';

const WRONG_PLACE = '<p class="wpcf7-form-in-wrong-place"><strong>Error:</strong> This contact form is placed in the wrong place.</p>';

/** What the original needs before it initialises; without it the form keeps posting without JavaScript. */
function missingFeatures(): string[] {
  const missing: string[] = [];
  if (typeof fetch !== 'function') missing.push('fetch');
  if (typeof FormData !== 'function') missing.push('FormData');
  if (typeof NodeList === 'undefined' || typeof NodeList.prototype.forEach !== 'function') missing.push('NodeList.prototype.forEach');
  if (typeof String.prototype.replaceAll !== 'function') missing.push('String.prototype.replaceAll');
  return missing;
}

export default defineWidget({
  async mount(element, ctx) {
    const { signal, onCleanup } = ctx;
    if (element.matches('form .wpcf7[data-wpcf7-id]')) {
      // A form inside another form cannot post: say so where it would have been.
      const notice = document.createElement('template');
      notice.innerHTML = WRONG_PLACE;
      element.replaceWith(notice.content);
      return;
    }
    const form = element.querySelector<HTMLFormElement>('form.wpcf7-form');
    if (!form) return; // p.wpcf7-invalid-action-url, subscribers-only, raw form: nothing to run
    if (controllerOf(form)) return; // another wrapper already runs this form

    const config = readConfig(pageGlobal('wpcf7'));
    const missing = missingFeatures();
    if (!config || missing.length) {
      errorOnce(WIDGET, config ? `this browser lacks ${missing.join(', ')}; the form posts without JavaScript` : 'wpcf7.api is missing; the form posts without JavaScript');
      return;
    }
    const recaptcha = readRecaptchaSettings(pageGlobal('wpcf7_recaptcha'));
    const api = installGlobal(recaptcha);
    adoptStyles('cf7', CF7_CSS);

    const controller = new FormController(form, element, config, signal);
    onCleanup(register(form, controller));
    onCleanup(() => {
      if (form.wpcf7?.unitTag === controller.identity.unitTag) delete form.wpcf7;
    });
    element.classList.remove('no-js');
    element.classList.add('js');
    onCleanup(() => form.querySelectorAll('.wpcf7-submit[aria-disabled]').forEach((s) => s.removeAttribute('aria-disabled')));

    form.addEventListener('submit', (event) => controller.onSubmitEvent(event as SubmitEvent), { signal });
    controller.start();
    onCleanup(useRecaptcha(recaptcha));

    const id = controller.identity.contactFormId;
    if (id) {
      void fetchSchema(config, id).then((schema) => {
        if (schema && !signal.aborted) api.schemas.set(id, schema);
      });
    }
    if (config.cached && id) {
      // A cached page holds yesterday's quiz and captcha: refresh them after load, without form.reset(), which
      // would wipe what the browser restored.
      const refresh = () => void controller.refill();
      if (document.readyState === 'complete') refresh();
      else window.addEventListener('load', refresh, { once: true, signal });
    }
    // The controller holds the form (its double submit, the draft) while React loads; the view then renders
    // what it has shown so far. If the view cannot load, the runtime tears this form down: it posts as printed.
    const { mountView } = await import('./cf7.island');
    if (!signal.aborted) await mountView(element, controller, ctx);
  },
});
