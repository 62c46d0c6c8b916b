/**
 * reCAPTCHA v3 as Contact Form 7's add-on runs it: a token for `homepage` when ready, one for `contactform` on
 * every change in the document and a fresh one before every submit (tokens expire after two minutes), each
 * written into every form's `_wpcf7_recaptcha_response` and announced with `wpcf7grecaptchaexecuted`. Page-wide:
 * started with the first form, stopped with the last. Failures are logged only; the server then answers spam.
 */
import { errorOnce, warnOnce } from '../../src/log';
import { fireNative } from '../../src/events/bus';
import { WIDGET } from './api';

interface Grecaptcha {
  ready?(fn: () => void): void;
  execute(sitekey: string, options: { action: string }): PromiseLike<string>;
}

interface RecaptchaSettings {
  sitekey: string;
  homepage: string;
  contactform: string;
}

/** Past this, a submit goes without a fresh token rather than never. */
export const TOKEN_WAIT = 5_000;

const API_SCRIPT = 'https://www.google.com/recaptcha/api.js';

export function readRecaptchaSettings(raw: unknown): RecaptchaSettings | undefined {
  if (raw === undefined || raw === null) return undefined;
  const sitekey = typeof raw === 'object' ? (raw as { sitekey?: unknown }).sitekey : undefined;
  if (typeof sitekey !== 'string' || sitekey.trim() === '') {
    // The add-on printed its global without a key: no tokens can be had, and the server will answer spam.
    warnOnce(WIDGET, 'wpcf7_recaptcha.sitekey', `expected a site key, got ${JSON.stringify(sitekey ?? raw)}; reCAPTCHA is off`);
    return undefined;
  }
  const { actions } = raw as { actions?: unknown };
  const a = actions && typeof actions === 'object' ? (actions as Record<string, unknown>) : {};
  return {
    sitekey: sitekey.trim(),
    homepage: typeof a.homepage === 'string' && a.homepage ? a.homepage : 'homepage',
    contactform: typeof a.contactform === 'string' && a.contactform ? a.contactform : 'contactform',
  };
}

const grecaptcha = (): Grecaptcha | undefined => {
  const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  return g && typeof g.execute === 'function' ? g : undefined;
};

function writeToken(token: string): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('form.wpcf7-form input[name="_wpcf7_recaptcha_response"]'))
    input.value = token;
}

/** One token for an action; resolves false (after logging) when the service fails or is missing. */
export async function executeRecaptcha(settings: RecaptchaSettings, action: string): Promise<boolean> {
  const g = grecaptcha();
  if (!g) return false;
  try {
    const token = await g.execute(settings.sitekey, { action });
    if (typeof token !== 'string' || token === '') throw new Error('empty token');
    fireNative(document, 'wpcf7grecaptchaexecuted', { action, token });
    writeToken(token);
    return true;
  } catch (error) {
    errorOnce(WIDGET, `reCAPTCHA could not give a token for "${action}"; the server will treat the message as spam`, error);
    return false;
  }
}

/** A fresh token before a submit, waiting at most TOKEN_WAIT. */
export function freshToken(settings: RecaptchaSettings, wait = TOKEN_WAIT): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      errorOnce(WIDGET, 'reCAPTCHA did not answer in time; sending without a fresh token');
      resolve();
    }, wait);
    void executeRecaptcha(settings, settings.contactform).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let users = 0;
let stop: (() => void) | undefined;

/** Start the page-wide reCAPTCHA behaviour (once); returns the release for one form. */
export function useRecaptcha(settings: RecaptchaSettings | undefined): () => void {
  if (!settings) return () => {};
  users += 1;
  if (users === 1) {
    const controller = new AbortController();
    if (!grecaptcha() && !document.querySelector(`script[src^="${API_SCRIPT}"]`)) {
      // The plugin normally prints this tag; load it when a cached or trimmed page lost it.
      const script = document.createElement('script');
      script.src = `${API_SCRIPT}?render=${encodeURIComponent(settings.sitekey)}`;
      script.async = true;
      document.head.append(script);
    }
    const whenReady = (fn: () => void) => {
      const g = grecaptcha();
      if (g?.ready) g.ready(fn);
      else if (g) fn();
    };
    const onLoad = () => whenReady(() => void executeRecaptcha(settings, settings.homepage));
    if (grecaptcha()) onLoad();
    else
      document.querySelector(`script[src^="${API_SCRIPT}"]`)?.addEventListener('load', onLoad, { once: true, signal: controller.signal });
    document.addEventListener('change', () => whenReady(() => void executeRecaptcha(settings, settings.contactform)), {
      signal: controller.signal,
    });
    stop = () => controller.abort();
  }
  return () => {
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = undefined;
    }
  };
}
