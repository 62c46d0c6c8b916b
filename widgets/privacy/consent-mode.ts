/**
 * Google Consent Mode v2, for pages that carry Google's tag (`gtag`) or Tag Manager (`dataLayer`) and print the
 * theme's privacy bar: `consent default` (denied, with `wait_for_update`) when the consent store starts, `consent
 * update` whenever a choice exists or changes, each only for the signals the bar owns (`ownedSignals`). Nothing is
 * created on pages without gtag/dataLayer or without the privacy feature.
 */
import { pageGlobal } from '../../src/config/globals';
import { warnOnce } from '../../src/log';
import {
  consentUpdate,
  defaultConsentState,
  ownedSignals,
  readConsentModeConfig,
  WIDGET,
  type ConsentModeConfig,
  type PrivacyConfig,
} from './logic';

type Gtag = (...args: unknown[]) => void;

function readConfig(): ConsentModeConfig {
  const read = readConsentModeConfig(pageGlobal('storefrontConsentMode'));
  for (const p of read.problems) warnOnce(WIDGET, p.field, p.message);
  return read.config;
}

/**
 * The page's command queue: its `gtag` when defined, else a push of an Arguments object onto `dataLayer`, which
 * is what gtag.js and Tag Manager read as a command (a plain array would be a data event).
 */
function gtag(config: ConsentModeConfig): Gtag | undefined {
  if (!config.enabled) return undefined;
  const g = pageGlobal('gtag');
  if (typeof g === 'function') return g as Gtag;
  const layer = pageGlobal('dataLayer');
  if (!Array.isArray(layer)) return undefined;
  return function push() {
    // oxlint-disable-next-line prefer-rest-params -- gtag commands must be Arguments objects
    layer.push(arguments);
  };
}

/**
 * Whether the page already declared its own default (its own banner, snippet or consent tool): that one stands.
 * Queued commands stay in `dataLayer`; gtag.js also keeps the state it applied in `google_tag_data.ics.entries`.
 */
function pageHasDefault(): boolean {
  const layer = pageGlobal('dataLayer');
  if (
    Array.isArray(layer) &&
    layer.some(
      (entry) =>
        entry &&
        typeof entry === 'object' &&
        (entry as ArrayLike<unknown>)[0] === 'consent' &&
        (entry as ArrayLike<unknown>)[1] === 'default',
    )
  )
    return true;
  const entries = (pageGlobal('google_tag_data') as { ics?: { entries?: unknown } } | undefined)?.ics?.entries;
  return !!entries && typeof entries === 'object' && Object.keys(entries).length > 0;
}

/** An Arguments object, the shape gtag.js and Tag Manager read as a command. */
function command(..._args: unknown[]): IArguments {
  // oxlint-disable-next-line prefer-rest-params -- gtag commands must be Arguments objects
  return arguments;
}

export interface ConsentMode {
  /**
   * The default must come before the tag's own commands (`js`, `config`), which the page's snippet queued before
   * our bundle ran: while gtag.js or Tag Manager has not taken over the queue yet (its `push` is still the
   * array's own), the default goes to its front; afterwards it can only follow.
   */
  pushDefault(): void;
  /** The visitor's choice, each distinct one once. */
  pushUpdate(consents: readonly string[]): void;
}

/**
 * The page's Consent Mode, created with its consent store (one per page). `privacy`: the bar's settings, undefined
 * on a page without the privacy feature (then nothing is pushed).
 */
export function createConsentMode(privacy: PrivacyConfig | undefined): ConsentMode {
  let mode: ConsentModeConfig | undefined;
  const config = (): ConsentModeConfig => (mode ??= readConfig());
  let lastUpdate: string | undefined;
  return {
    pushDefault() {
      const push = gtag(config());
      const state = defaultConsentState(config(), ownedSignals(config(), privacy));
      if (!push || !state || pageHasDefault()) return;
      const layer = pageGlobal('dataLayer');
      if (Array.isArray(layer) && layer.push === Array.prototype.push) layer.unshift(command('consent', 'default', state));
      else push('consent', 'default', state);
    },
    pushUpdate(consents) {
      const push = gtag(config());
      const state = consentUpdate(consents, config(), ownedSignals(config(), privacy));
      if (!push || !state) return;
      const key = JSON.stringify(state);
      if (key === lastUpdate) return;
      lastUpdate = key;
      push('consent', 'update', state);
    },
  };
}
