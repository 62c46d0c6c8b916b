/**
 * The privacy bar's rules, with no DOM: the `avadaPrivacyVars` global, the consent cookie's format, which types
 * are allowed, what accepting writes, how a blocked element is unblocked, and the Google Consent Mode mapping.
 */
import * as z from 'zod/mini';
import { parseFlag, parseNumber } from '../../src/config/parse';

export const WIDGET = 'privacy';
export const CONSENT = 'consent';
export const KNOWN_TYPES = ['youtube', 'vimeo', 'soundcloud', 'facebook', 'flickr', 'twitter', 'gmaps', 'tracking'] as const;

/** A problem with the page's input: one console warning naming the field. */
export interface Problem {
  field: string;
  message: string;
}

export interface PrivacyConfig {
  /** Cookie name (default `privacy_embeds`). */
  name: string;
  days: number;
  path: string;
  /** The gated types; `all` when the global was unreadable: every type waits for consent (the safe side). */
  types: readonly string[] | 'all';
  defaults: readonly string[];
  /** Avada's `button == 1`: the accept button always saves the checked types. */
  button: boolean;
}

export const DEFAULT_COOKIE = { name: 'privacy_embeds', days: 30, path: '/' } as const;

/** Without the global the theme's privacy feature is off: every type is allowed (contract). */
export const NO_PRIVACY: PrivacyConfig = { ...DEFAULT_COOKIE, types: [], defaults: [], button: false };

const TYPE = /^[\w-]{1,40}$/;
const COOKIE_NAME = /^[!#$%&'*+.^`|~\w-]{1,100}$/;
const typeList = z.array(z.string().check(z.regex(TYPE)));

/**
 * Read `avadaPrivacyVars` field by field. A missing global means no privacy feature (everything allowed); a
 * global that is there but unreadable keeps every embed blocked.
 */
export function readConfig(raw: unknown): { config: PrivacyConfig; problems: Problem[] } {
  if (raw === undefined) return { config: NO_PRIVACY, problems: [] };
  const problems: Problem[] = [];
  const bad = (field: string, value: unknown, fallback: string) =>
    problems.push({ field: `avadaPrivacyVars.${field}`, message: `unexpected value ${safeJson(value)}; ${fallback}` });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({ field: 'avadaPrivacyVars', message: 'is not an object; every embed stays blocked until the visitor consents' });
    return { config: { ...DEFAULT_COOKIE, types: 'all', defaults: [], button: false }, problems };
  }
  const g = raw as Record<string, unknown>;

  let name: string = DEFAULT_COOKIE.name;
  if (g.name !== undefined) {
    if (typeof g.name === 'string' && COOKIE_NAME.test(g.name)) name = g.name;
    else bad('name', g.name, `using "${DEFAULT_COOKIE.name}"`);
  }
  let days: number = DEFAULT_COOKIE.days;
  if (g.days !== undefined) {
    const n = parseNumber(g.days);
    if (n !== undefined && n > 0 && n <= 3650) days = n;
    else bad('days', g.days, `using ${DEFAULT_COOKIE.days}`);
  }
  let path: string = DEFAULT_COOKIE.path;
  if (g.path !== undefined) {
    if (typeof g.path === 'string' && /^\/[^;,\s]*$/.test(g.path)) path = g.path;
    else bad('path', g.path, 'using "/"');
  }
  let types: PrivacyConfig['types'] = 'all';
  const parsedTypes = typeList.safeParse(g.types);
  if (parsedTypes.success) types = parsedTypes.data;
  else bad('types', g.types, 'every embed stays blocked until the visitor consents');
  let defaults: string[] = [];
  if (g.defaults !== undefined) {
    const parsed = typeList.safeParse(g.defaults);
    if (parsed.success) defaults = parsed.data;
    else bad('defaults', g.defaults, 'using none');
  }
  let button = false;
  if (g.button !== undefined) {
    const flag = parseFlag(g.button);
    if (flag === undefined) bad('button', g.button, 'using "0"');
    else button = flag;
  }
  return { config: { name, days, path, types, defaults, button }, problems };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

// ---- the cookie ------------------------------------------------------------------------------------------------

/**
 * The cookie's comma list (already URL-decoded). Empty entries (a leading comma the original writes when the
 * cookie was empty) are dropped; any other entry that is not a type name makes the whole value garbage: no
 * consent at all, so the bar shows and embeds stay blocked.
 */
export function parseConsentCookie(value: string | undefined): { consents: string[]; garbage: boolean } {
  if (value === undefined) return { consents: [], garbage: false };
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.some((e) => !TYPE.test(e))) return { consents: [], garbage: true };
  return { consents: [...new Set(entries)], garbage: false };
}

/** The value written: the list unencoded, commas kept, as the theme reads it server-side. */
export function formatConsentCookie(consents: readonly string[]): string {
  return [...new Set(consents.filter((c) => TYPE.test(c)))].join(',');
}

export const hasAnswered = (consents: readonly string[]) => consents.includes(CONSENT);

/** A type not gated by the theme is always allowed; a gated one needs the visitor's consent for that type. */
export function isAllowed(type: string, consents: readonly string[], config: PrivacyConfig): boolean {
  if (consents.includes(type)) return true;
  return config.types !== 'all' && !config.types.includes(type);
}

export interface AcceptInput {
  /** Current cookie entries. */
  consents: readonly string[];
  /** The `.fusion-privacy-bar-full` panel is open. */
  panelOpen: boolean;
  /** A checkbox differs from what it showed (the button reads its alternative text). */
  pending: boolean;
  /** The bar's checkboxes (value, checked); empty when it prints none. */
  choices: readonly { type: string; checked: boolean }[];
}

/**
 * What the accept button writes: with the panel open, a pending change, or `button == 1`, `consent` plus the
 * checked types (no checkboxes and `button == 1`: plus the defaults); otherwise `consent` appended to the list.
 */
export function acceptedConsents(input: AcceptInput, config: PrivacyConfig): string[] {
  if (input.panelOpen || input.pending || config.button) {
    if (input.choices.length) return [CONSENT, ...input.choices.filter((c) => c.checked).map((c) => c.type)];
    return config.button ? [CONSENT, ...config.defaults] : [CONSENT];
  }
  return [...input.consents.filter((c) => c !== CONSENT), CONSENT];
}

/** Reject: only `consent` (the page reloads, so nothing unblocked earlier keeps running). */
export const rejectedConsents = (): string[] => [CONSENT];

/** Types the new list withdraws from the old one: embeds already running for them need a reload to stop. */
export function withdrawn(before: readonly string[], after: readonly string[]): string[] {
  return before.filter((t) => t !== CONSENT && !after.includes(t));
}

/** The checkbox a reopened or first-shown bar starts with. */
export function initialChecked(type: string, printedChecked: boolean, consents: readonly string[]): boolean {
  if (hasAnswered(consents)) return consents.includes(type);
  return printedChecked || consents.includes(type);
}

// ---- blocked forms ---------------------------------------------------------------------------------------------

export type BlockedKind = 'source' | 'script' | 'video' | 'facade' | 'lite' | 'placeholder' | 'consent-button' | 'map' | 'none';

/**
 * How the server blocked an element, from its tag and attributes (the contract's forms):
 * `iframe`/`img` with `data-privacy-src` (source), `noscript`/`span` with `data-privacy-script` (script),
 * `noscript` with `data-privacy-video` (video), `priv-fac-lite-*` (facade), the placeholder and its button.
 */
export function blockedKind(
  tag: string,
  attrs: { has(name: string): boolean; get(name: string): string | null; classes: readonly string[] },
): BlockedKind {
  const t = tag.toLowerCase();
  if (attrs.classes.includes('fusion-privacy-placeholder')) return 'placeholder';
  if (attrs.classes.includes('fusion-privacy-consent')) return 'consent-button';
  if (t === 'priv-fac-lite-youtube' || t === 'priv-fac-lite-vimeo') return 'facade';
  if (t === 'lite-youtube' || t === 'lite-vimeo') return 'lite';
  if ((t === 'iframe' || t === 'img') && attrs.has('data-privacy-src')) return 'source';
  if (t === 'noscript' && attrs.get('data-privacy-video') === 'true') return 'video';
  if ((t === 'noscript' || t === 'span') && attrs.get('data-privacy-script') === 'true') return 'script';
  if (attrs.classes.includes('fusion-google-map')) return 'map';
  return 'none';
}

/**
 * Map scripts need the Maps API (and InfoBox when the page loads it) before they run: the API itself and
 * unrelated scripts go in at once, scripts that use `google.maps` or are InfoBox wait.
 */
export function waitsForMaps(src: string | null, text: string): boolean {
  return (!!src && src.includes('infobox_packed')) || text.includes('google.maps');
}

/**
 * The server blocks a script by renaming every `src=` in its tag, its code included (`js.src="…"` arrives as
 * `js.data-privacy-src="…"`): the code gets its `src=` back.
 */
export function restoreScriptText(text: string): string {
  return text.replace(/data-privacy-src=/g, 'src=');
}

/** Attributes of a blocked script element that must not be carried to the real `<script>`. */
export function carriesToScript(name: string): boolean {
  return !(name === 'class' || name === 'src' || name === 'nonce' || name.startsWith('data-privacy-') || name.startsWith('on'));
}

// ---- lite embeds ---------------------------------------------------------------------------------------------

export const YOUTUBE_ID = /^[\w-]{11}$/;
export const VIMEO_ID = /^\d{1,12}$/;

/** The still shown before a click (loaded only once the type is allowed). */
export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;

/**
 * The player a click loads: YouTube's privacy-enhanced host, Vimeo with do-not-track; the printed `params`
 * (a query string) kept, autoplay added because the visitor just asked to play.
 */
export function playerUrl(kind: 'youtube' | 'vimeo', id: string, params: string | null): string {
  const url =
    kind === 'youtube' ? new URL(`https://www.youtube-nocookie.com/embed/${id}`) : new URL(`https://player.vimeo.com/video/${id}`);
  for (const [k, v] of new URLSearchParams(params ?? '')) url.searchParams.set(k, v);
  url.searchParams.set('autoplay', '1');
  if (kind === 'vimeo') url.searchParams.set('dnt', '1');
  return url.href;
}

// ---- Google Consent Mode v2 ------------------------------------------------------------------------------------

export const SIGNALS = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;
export type Signal = (typeof SIGNALS)[number];
export const REQUIRED_SIGNALS: readonly Signal[] = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'];

export interface ConsentModeConfig {
  enabled: boolean;
  /** Type → the signals its consent grants. */
  types: Record<string, Signal[]>;
  waitForUpdate: number;
}

export const DEFAULT_CONSENT_MODE: ConsentModeConfig = { enabled: true, types: { tracking: [...REQUIRED_SIGNALS] }, waitForUpdate: 500 };

const isSignal = (s: unknown): s is Signal => typeof s === 'string' && (SIGNALS as readonly string[]).includes(s);

/**
 * Our own setting `storefrontConsentMode` (see README): `false`/`"0"` turns the pushes off;
 * `{types: {<type>: [<signal>…]}, wait_for_update: <ms>}` replaces the mapping.
 */
export function readConsentModeConfig(raw: unknown): { config: ConsentModeConfig; problems: Problem[] } {
  if (raw === undefined) return { config: DEFAULT_CONSENT_MODE, problems: [] };
  if (parseFlag(raw) === false) return { config: { ...DEFAULT_CONSENT_MODE, enabled: false }, problems: [] };
  const problems: Problem[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({
      field: 'storefrontConsentMode',
      message: 'is not an object; using the default mapping (tracking grants all four signals)',
    });
    return { config: DEFAULT_CONSENT_MODE, problems };
  }
  const g = raw as Record<string, unknown>;
  let types = DEFAULT_CONSENT_MODE.types;
  if (g.types !== undefined) {
    const ok =
      g.types !== null &&
      typeof g.types === 'object' &&
      !Array.isArray(g.types) &&
      Object.entries(g.types).every(([k, v]) => TYPE.test(k) && Array.isArray(v) && v.every(isSignal));
    if (ok) types = g.types as Record<string, Signal[]>;
    else
      problems.push({
        field: 'storefrontConsentMode.types',
        message: `expected {type: [${REQUIRED_SIGNALS.join(', ')}…]}, got ${safeJson(g.types)}; using the default mapping`,
      });
  }
  let waitForUpdate = DEFAULT_CONSENT_MODE.waitForUpdate;
  if (g.wait_for_update !== undefined) {
    const n = parseNumber(g.wait_for_update);
    if (n !== undefined && n >= 0 && n <= 10_000) waitForUpdate = n;
    else
      problems.push({
        field: 'storefrontConsentMode.wait_for_update',
        message: `expected milliseconds, got ${safeJson(g.wait_for_update)}; using 500`,
      });
  }
  return { config: { enabled: true, types, waitForUpdate }, problems };
}

export type ConsentState = Partial<Record<Signal, 'granted' | 'denied'>>;

/**
 * The signals the bar speaks for: those mapped to a type it asks the visitor about (a type in
 * `avadaPrivacyVars.types`; every mapped type when that list was unreadable, since every type then waits for the
 * bar). None on a page without the privacy feature, and none for a type the bar does not ask about: a separate
 * consent tool owns those, and our word on them would override the visitor's answer there.
 */
export function ownedSignals(mode: ConsentModeConfig, privacy: PrivacyConfig | undefined): Signal[] {
  if (!mode.enabled || !privacy) return [];
  const asked = privacy.types;
  const owned = Object.entries(mode.types)
    .filter(([type]) => asked === 'all' || asked.includes(type))
    .flatMap(([, signals]) => signals);
  return SIGNALS.filter((s) => owned.includes(s));
}

/** The owned signals denied until a choice exists; null when the bar owns none (nothing to say). */
export function defaultConsentState(
  mode: ConsentModeConfig,
  owned: readonly Signal[],
): (ConsentState & { wait_for_update: number }) | null {
  if (!owned.length) return null;
  const state: ConsentState = {};
  for (const s of owned) state[s] = 'denied';
  return { ...state, wait_for_update: mode.waitForUpdate };
}

/**
 * The owned signals only: granted when the visitor explicitly consented to a type mapped to it (in the cookie),
 * else denied. A type the theme does not gate loads its embeds, but never grants a signal on its own. Null when the
 * bar owns none.
 */
export function consentUpdate(consents: readonly string[], mode: ConsentModeConfig, owned: readonly Signal[]): ConsentState | null {
  if (!owned.length) return null;
  const state: ConsentState = {};
  for (const s of owned) state[s] = 'denied';
  for (const [type, signals] of Object.entries(mode.types))
    if (consents.includes(type)) for (const s of signals) if (owned.includes(s)) state[s] = 'granted';
  return state;
}
