/**
 * Contact Form 7 on every `.wpcf7` wrapper, including forms inserted later (popups, quick view): the runtime's
 * observer mounts them, each once. See README.md for the decisions beyond the original.
 */
import { defineWidget } from '../../src/widget';
import { errorOnce } from '../../src/log';
import { pageGlobal } from '../../src/config/globals';
import { createSchemas, readConfig, WIDGET } from './api';
import { addSpinners } from './behaviours';
import { FormController } from './form';
import { controllerOf, installGlobal, register } from './global';
import { readRecaptchaSettings, useRecaptcha } from './recaptcha';
import { adoptStyles } from '../../src/dom/styles';
import { CF7_CSS } from './styles';
import { deferView } from '../../src/react/defer';

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

/** What brings the visitor to the form: the view (and React) load then, while they still read the first label. */
const REACHED = ['focusin', 'pointerdown', 'keydown', 'input', 'change'] as const;

export default defineWidget({
  mount(element, ctx) {
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
      errorOnce(
        WIDGET,
        config
          ? `this browser lacks ${missing.join(', ')}; the form posts without JavaScript`
          : 'wpcf7.api is missing; the form posts without JavaScript',
      );
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
    const spinners = addSpinners(form);
    onCleanup(() => spinners.forEach((s) => s.remove()));
    onCleanup(() => form.querySelectorAll('.wpcf7-submit[aria-disabled]').forEach((s) => s.removeAttribute('aria-disabled')));

    form.addEventListener('submit', (event) => controller.onSubmitEvent(event as SubmitEvent), { signal });
    const id = controller.identity.contactFormId;
    const schema = id ? ctx.page('cf7:schemas', (scope) => createSchemas(scope.signal)).get(config, id) : undefined;
    controller.start(schema);
    onCleanup(useRecaptcha(recaptcha));

    if (id && schema) {
      void schema.then((found) => {
        if (found && !signal.aborted) api.schemas.set(id, found);
      });
    }
    if (config.cached && id) {
      // A cached page holds yesterday's quiz and captcha: refresh them after load, without form.reset(), which
      // would wipe what the browser restored.
      const refresh = () => void controller.refill();
      if (document.readyState === 'complete') refresh();
      else window.addEventListener('load', refresh, { once: true, signal });
    }
    // The view (and React) load only when the form needs them: the visitor reaches it, or what it shows changes
    // (a submit, a reset, a third party's wpcf7.submit). Meanwhile the controller holds the form (its double
    // submit, the draft), and a page nobody writes from never loads React. If the view cannot load, the form
    // posts as printed: the server's page answers.
    const view = deferView(ctx, {
      load: () => import('./cf7.island'),
      mount: ({ mountView }) => mountView(element, controller, ctx),
      fallback: 'the form posts without JavaScript',
    });
    const loadView = () => view.want().then((mounted) => mounted !== undefined);
    controller.loadView = loadView;
    controller.display.wanted = () => void loadView();
    for (const type of REACHED) element.addEventListener(type, () => void loadView(), { signal, once: true, capture: true });
  },
});
