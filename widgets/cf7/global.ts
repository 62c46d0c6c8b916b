/**
 * `window.wpcf7` after boot, as theme and plugin code expect it: `{init, submit, reset, validate, schemas}` plus
 * the page's own keys (`api`, `cached`, `blocked`…), which win. reCAPTCHA wraps `submit`; callers look it up
 * at call time.
 */
import type { Schema } from './api';
import type { FormController } from './form';
import { freshToken, type readRecaptchaSettings } from './recaptcha';

export interface Wpcf7Api {
  init(form: HTMLFormElement): void;
  submit(form: HTMLFormElement, options?: { submitter?: HTMLElement }): void;
  reset(form: HTMLFormElement): void;
  validate(form: HTMLFormElement, options?: { target?: Element }): void;
  schemas: Map<number, Schema>;
  [key: string]: unknown;
}

const controllers = new WeakMap<HTMLFormElement, FormController>();

export function register(form: HTMLFormElement, controller: FormController): () => void {
  controllers.set(form, controller);
  return () => {
    if (controllers.get(form) === controller) controllers.delete(form);
  };
}

export function controllerOf(form: unknown): FormController | undefined {
  return form instanceof HTMLFormElement ? controllers.get(form) : undefined;
}

const INSTALLED = Symbol.for('storefront-islands.cf7');

/** Install the API once per page, keeping the page's keys. */
export function installGlobal(recaptcha: ReturnType<typeof readRecaptchaSettings>): Wpcf7Api {
  const w = window as unknown as { wpcf7?: Record<string | symbol, unknown> };
  const existing = w.wpcf7 ?? {};
  if (existing[INSTALLED]) return existing as unknown as Wpcf7Api;
  const pending = new WeakSet<HTMLFormElement>();
  const api: Wpcf7Api = {
    init(form) {
      // Markup a theme inserted and announced: our runtime's observer mounts it; scan covers detached roots.
      const root = form.closest('.wpcf7') ?? form;
      (window as unknown as { StorefrontIslands?: { scan(root?: ParentNode): void } }).StorefrontIslands?.scan(root);
    },
    submit(form, options = {}) {
      void controllerOf(form)?.submit(options.submitter);
    },
    reset(form) {
      // The plugin's reset: response, status and refill; what the visitor typed stays (form.reset() clears it).
      controllerOf(form)?.resetSequence();
    },
    validate(form, options = {}) {
      // With a target: the fields up to it (as on change); without one: the whole form.
      controllerOf(form)?.validateAround(options.target instanceof Element ? options.target : undefined);
    },
    schemas: new Map(),
    ...(existing as Record<string, unknown>),
  };
  if (recaptcha) {
    // Each submit first gets a fresh token (they expire after two minutes), then goes; one wait per form.
    const inner = api.submit;
    api.submit = function submitWithToken(form, options) {
      const controller = controllerOf(form);
      if (!controller || controller.busy || pending.has(form)) return;
      pending.add(form);
      void freshToken(recaptcha).then(() => {
        pending.delete(form);
        inner.call(api, form, options);
      });
    };
  }
  Object.defineProperty(api, INSTALLED, { value: true });
  w.wpcf7 = api as unknown as Record<string | symbol, unknown>;
  return api;
}
