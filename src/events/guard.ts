import { warnOnce } from '../log';

/**
 * The one way we call theme and plugin code (their event handlers, and our handlers running inside their
 * `trigger()`): jQuery does not catch, so one throwing handler would stop our flow half-way (a checkout left
 * processing behind its overlay, a cart page left blocked) or throw back into the theme's own script. A throw is
 * logged once, naming the widget and the event, and the call counts as having returned `fallback`.
 */
export function callThirdParty<T>(owner: string, event: string, call: () => T, fallback: T): T {
  try {
    return call();
  } catch (error) {
    warnOnce(owner, event, `a handler threw (ignored, we carry on): ${describeError(error)}`);
    return fallback;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'an unprintable value';
  }
}
