/**
 * The visitor's consent for this page: the `avadaPrivacyVars` global and the consent cookie, read once, written
 * through one function, with subscribers (the unblocking code, the bar island, Google Consent Mode). Small and
 * framework-free: the lazy images and the lightbox may import `typeAllowed` to ask before they load a source.
 */
import { pageGlobal } from '../../src/config/globals';
import { provideConsentGate } from '../../src/dom/consent-gate';
import { pageService } from '../../src/host';
import { warnOnce } from '../../src/log';
import { getCookie, setRawCookie } from '../../src/storage/cookies';
import { createConsentMode } from './consent-mode';
import { gatedType } from './hosts';
import { formatConsentCookie, hasAnswered, isAllowed, parseConsentCookie, readConfig, WIDGET, type PrivacyConfig } from './logic';

type Listener = (consents: readonly string[], previous: readonly string[]) => void;

export interface ConsentStore {
  readonly config: PrivacyConfig;
  consents(): readonly string[];
  answered(): boolean;
  allowed(type: string): boolean;
  /** Write the cookie and tell every subscriber. */
  set(next: readonly string[]): void;
  subscribe(fn: Listener): () => void;
}

/** The reload after a reject or a withdrawal (a seam for tests). */
export const navigation = { reload: () => location.reload() };

function cookiePresent(name: string): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

function readCookie(config: PrivacyConfig): string[] {
  const raw = getCookie(config.name);
  const { consents, garbage } = parseConsentCookie(raw);
  if (garbage || (raw === undefined && cookiePresent(config.name))) {
    warnOnce(
      WIDGET,
      `cookie ${config.name}`,
      `unreadable value ${JSON.stringify(raw ?? '')}; treated as no answer (embeds stay blocked, the bar shows)`,
    );
  }
  return consents;
}

/**
 * The page's consent store, created on first use (reads the global and the cookie, pushes `consent default`): a
 * service of the page's runtime, which the bar, the embeds, the lightbox, popups and the core's gate all share.
 */
export function consentStore(): ConsentStore {
  return pageService('privacy:consent', createConsentStore);
}

function createConsentStore(): ConsentStore {
  const raw = pageGlobal('avadaPrivacyVars');
  const { config, problems } = readConfig(raw);
  // Without the global the theme asks nothing (the lightbox may still create the store): Consent Mode is not ours.
  const bar = raw === undefined ? undefined : config;
  const consentMode = createConsentMode(bar);
  for (const p of problems) warnOnce(WIDGET, p.field, p.message);
  let consents = readCookie(config);
  const listeners = new Set<Listener>();
  const created: ConsentStore = {
    config,
    consents: () => consents,
    answered: () => hasAnswered(consents),
    allowed: (type) => isAllowed(type, consents, config),
    set(next) {
      const previous = consents;
      const value = formatConsentCookie(next);
      consents = value ? value.split(',') : [];
      setRawCookie(config.name, value, { days: config.days, path: config.path });
      consentMode.pushUpdate(consents);
      for (const fn of listeners) fn(consents, previous);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  // Consent Mode: the default before anything of ours paints or loads, then the visitor's standing choice.
  consentMode.pushDefault();
  if (consents.length) consentMode.pushUpdate(consents);
  return created;
}

/** Whether an embed of this type may load now (the lightbox and lazy images ask before loading a source). */
export function typeAllowed(type: string): boolean {
  return consentStore().allowed(type);
}

/**
 * The consent type that still blocks loading this URL (a frame, script or image from a gated host the visitor has
 * not allowed), or null when it may load. Whatever inserts such an element asks first, whatever widget it is.
 */
export function blockedBy(href: string): string | null {
  const type = gatedType(href, document.baseURI);
  return type && !typeAllowed(type) ? type : null;
}
// The core's inserts (the mini-cart's fragments) ask the same gate, on pages where this module is loaded.
provideConsentGate(blockedBy);

/** The theme asks for consent and the visitor has not answered yet (the bar shows): popups wait. */
export function consentPending(): boolean {
  return pageGlobal('avadaPrivacyVars') !== undefined && !consentStore().answered();
}
