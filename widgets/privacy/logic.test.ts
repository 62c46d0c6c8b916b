import { describe, expect, it } from 'vitest';
import {
  acceptedConsents,
  blockedKind,
  carriesToScript,
  consentUpdate,
  DEFAULT_CONSENT_MODE,
  defaultConsentState,
  formatConsentCookie,
  initialChecked,
  isAllowed,
  NO_PRIVACY,
  ownedSignals,
  parseConsentCookie,
  playerUrl,
  readConfig,
  readConsentModeConfig,
  rejectedConsents,
  restoreScriptText,
  waitsForMaps,
  withdrawn,
  type PrivacyConfig,
} from './logic';

const AVADA = {
  name: 'privacy_embeds',
  days: '30',
  path: '/',
  types: ['youtube', 'vimeo', 'gmaps', 'tracking'],
  defaults: ['youtube'],
  button: '0',
};
const config = (over: Partial<PrivacyConfig> = {}): PrivacyConfig => ({ ...readConfig(AVADA).config, ...over });

describe('avadaPrivacyVars', () => {
  it('reads the printed global (string numbers and flags)', () => {
    expect(readConfig(AVADA)).toEqual({
      config: {
        name: 'privacy_embeds',
        days: 30,
        path: '/',
        types: ['youtube', 'vimeo', 'gmaps', 'tracking'],
        defaults: ['youtube'],
        button: false,
      },
      problems: [],
    });
    expect(readConfig({ ...AVADA, button: 1, days: 7, name: 'my_consent', path: '/shop/' }).config).toMatchObject({
      button: true,
      days: 7,
      name: 'my_consent',
      path: '/shop/',
    });
    expect(readConfig({ ...AVADA, button: 'true' }).config.button).toBe(true);
  });
  it('without the global, privacy is off: every type allowed', () => {
    expect(readConfig(undefined)).toEqual({ config: NO_PRIVACY, problems: [] });
    expect(isAllowed('youtube', [], NO_PRIVACY)).toBe(true);
  });
  it('a global that is not an object keeps every type blocked and says so once', () => {
    const { config: c, problems } = readConfig('privacy');
    expect(problems).toEqual([{ field: 'avadaPrivacyVars', message: expect.stringContaining('not an object') }]);
    expect(c.types).toBe('all');
    expect(isAllowed('youtube', [], c)).toBe(false);
    expect(isAllowed('anything', ['anything'], c)).toBe(true);
  });
  it('a malformed field warns with its name and takes the safe default', () => {
    const { config: c, problems } = readConfig({
      ...AVADA,
      name: 'a;b',
      days: 'soon',
      path: 'shop',
      types: 'youtube',
      defaults: [1],
      button: 'maybe',
    });
    expect(problems.map((p) => p.field)).toEqual([
      'avadaPrivacyVars.name',
      'avadaPrivacyVars.days',
      'avadaPrivacyVars.path',
      'avadaPrivacyVars.types',
      'avadaPrivacyVars.defaults',
      'avadaPrivacyVars.button',
    ]);
    expect(c).toEqual({ name: 'privacy_embeds', days: 30, path: '/', types: 'all', defaults: [], button: false });
  });
});

describe('the consent cookie', () => {
  it('reads the comma list, tolerating empty entries and repeats', () => {
    expect(parseConsentCookie('consent,youtube,gmaps')).toEqual({ consents: ['consent', 'youtube', 'gmaps'], garbage: false });
    expect(parseConsentCookie(',consent')).toEqual({ consents: ['consent'], garbage: false });
    expect(parseConsentCookie('youtube,youtube')).toEqual({ consents: ['youtube'], garbage: false });
    expect(parseConsentCookie(undefined)).toEqual({ consents: [], garbage: false });
    expect(parseConsentCookie('')).toEqual({ consents: [], garbage: false });
  });
  it('treats garbage as no answer at all', () => {
    expect(parseConsentCookie('consent,<script>')).toEqual({ consents: [], garbage: true });
    expect(parseConsentCookie('{"consent":true}')).toEqual({ consents: [], garbage: true });
  });
  it('writes the list unencoded with its commas', () => {
    expect(formatConsentCookie(['consent', 'youtube', 'gmaps'])).toBe('consent,youtube,gmaps');
    expect(formatConsentCookie(['consent', 'consent'])).toBe('consent');
  });
});

describe('which types are allowed', () => {
  it('a gated type needs its own consent; an ungated one is always allowed', () => {
    const c = config();
    expect(isAllowed('youtube', ['consent'], c)).toBe(false);
    expect(isAllowed('youtube', ['consent', 'youtube'], c)).toBe(true);
    expect(isAllowed('youtube', ['youtube'], c)).toBe(true); // a placeholder's button, before the bar was answered
    expect(isAllowed('soundcloud', [], c)).toBe(true);
  });
});

describe('accept and reject', () => {
  const choices = [
    { type: 'youtube', checked: true },
    { type: 'vimeo', checked: false },
    { type: 'tracking', checked: true },
  ];
  it('with the panel closed and button 0, appends consent to what was there', () => {
    expect(acceptedConsents({ consents: ['gmaps'], panelOpen: false, pending: false, choices }, config())).toEqual(['gmaps', 'consent']);
    expect(acceptedConsents({ consents: [], panelOpen: false, pending: false, choices }, config())).toEqual(['consent']);
  });
  it('with the panel open, a pending change or button 1, saves consent and the checked types', () => {
    const expected = ['consent', 'youtube', 'tracking'];
    expect(acceptedConsents({ consents: ['gmaps'], panelOpen: true, pending: false, choices }, config())).toEqual(expected);
    expect(acceptedConsents({ consents: ['gmaps'], panelOpen: false, pending: true, choices }, config())).toEqual(expected);
    expect(acceptedConsents({ consents: ['gmaps'], panelOpen: false, pending: false, choices }, config({ button: true }))).toEqual(
      expected,
    );
  });
  it('button 1 without checkboxes saves consent and the defaults', () => {
    expect(acceptedConsents({ consents: [], panelOpen: false, pending: false, choices: [] }, config({ button: true }))).toEqual([
      'consent',
      'youtube',
    ]);
  });
  it('reject keeps only consent; what a new choice takes back is known', () => {
    expect(rejectedConsents()).toEqual(['consent']);
    expect(withdrawn(['consent', 'youtube', 'gmaps'], ['consent', 'gmaps'])).toEqual(['youtube']);
    expect(withdrawn(['youtube'], ['consent', 'youtube', 'vimeo'])).toEqual([]);
  });
  it('checkboxes start from the standing choice, else from what the theme printed', () => {
    expect(initialChecked('youtube', true, ['consent'])).toBe(false);
    expect(initialChecked('vimeo', false, ['consent', 'vimeo'])).toBe(true);
    expect(initialChecked('youtube', true, [])).toBe(true);
    expect(initialChecked('vimeo', false, ['vimeo'])).toBe(true);
  });
});

describe('blocked forms', () => {
  const attrs = (a: Record<string, string>, classes: string[] = []) => ({
    has: (n: string) => n in a,
    get: (n: string) => a[n] ?? null,
    classes,
  });
  it('tells each form the server prints apart', () => {
    expect(blockedKind('IFRAME', attrs({ 'data-privacy-src': 'x', 'data-privacy-type': 'youtube' }))).toBe('source');
    expect(blockedKind('IMG', attrs({ 'data-privacy-src': 'x' }))).toBe('source');
    expect(blockedKind('NOSCRIPT', attrs({ 'data-privacy-script': 'true' }))).toBe('script');
    expect(blockedKind('SPAN', attrs({ 'data-privacy-script': 'true' }))).toBe('script');
    expect(blockedKind('NOSCRIPT', attrs({ 'data-privacy-video': 'true' }))).toBe('video');
    expect(blockedKind('PRIV-FAC-LITE-YOUTUBE', attrs({}))).toBe('facade');
    expect(blockedKind('LITE-VIMEO', attrs({}))).toBe('lite');
    expect(blockedKind('DIV', attrs({}, ['fusion-privacy-placeholder']))).toBe('placeholder');
    expect(blockedKind('A', attrs({}, ['fusion-button', 'fusion-privacy-consent']))).toBe('consent-button');
    expect(blockedKind('IFRAME', attrs({ src: 'x' }))).toBe('none');
  });
  it('map scripts that use the API wait for it; the API itself does not', () => {
    expect(waitsForMaps('https://maps.googleapis.com/maps/api/js?key=k', '')).toBe(false);
    expect(waitsForMaps('/wp-content/themes/Avada/infobox_packed.js', '')).toBe(true);
    expect(waitsForMaps(null, 'new google.maps.Map(el)')).toBe(true);
  });
  it('gives blocked inline code its src= back (the server renamed it inside the code too)', () => {
    expect(restoreScriptText('js.data-privacy-src="https://connect.facebook.net/sdk.js";')).toBe(
      'js.src="https://connect.facebook.net/sdk.js";',
    );
  });
  it('carries the script attributes, never the blocking ones or handlers', () => {
    expect(['id', 'type', 'async', 'crossorigin'].every(carriesToScript)).toBe(true);
    expect(['class', 'data-privacy-src', 'data-privacy-type', 'src', 'nonce', 'onload'].some(carriesToScript)).toBe(false);
  });
  it('plays lite embeds from the privacy-enhanced hosts with autoplay', () => {
    expect(playerUrl('youtube', 'aqz-KE-bpKQ', 'controls=1&start=10')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?controls=1&start=10&autoplay=1',
    );
    expect(playerUrl('vimeo', '76979871', null)).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
    expect(playerUrl('youtube', 'aqz-KE-bpKQ', 'autoplay=0')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
  });
});

describe('Google Consent Mode mapping', () => {
  const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
  const asking = (...types: string[]) => ({ ...NO_PRIVACY, types });
  const ALL_TYPES = asking('youtube', 'vimeo', 'gmaps', 'tracking');
  const owned = (mode = DEFAULT_CONSENT_MODE, privacy: PrivacyConfig | undefined = ALL_TYPES) => ownedSignals(mode, privacy);
  it('defaults every owned signal to denied, waiting for an update', () => {
    expect(defaultConsentState(DEFAULT_CONSENT_MODE, owned())).toEqual({ ...denied, wait_for_update: 500 });
  });
  it('by default the tracking type grants all four signals', () => {
    expect(consentUpdate(['consent', 'tracking'], DEFAULT_CONSENT_MODE, owned())).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'granted',
    });
    expect(consentUpdate(['consent', 'youtube'], DEFAULT_CONSENT_MODE, owned())).toEqual(denied);
    expect(consentUpdate(['consent'], DEFAULT_CONSENT_MODE, owned())).toEqual(denied);
  });
  it('follows a shop mapping', () => {
    const { config: mode, problems } = readConsentModeConfig({
      types: { tracking: ['analytics_storage'], youtube: ['ad_storage', 'ad_user_data', 'ad_personalization'] },
      wait_for_update: '800',
    });
    expect(problems).toEqual([]);
    expect(defaultConsentState(mode, owned(mode))?.wait_for_update).toBe(800);
    expect(consentUpdate(['consent', 'tracking'], mode, owned(mode))).toEqual({ ...denied, analytics_storage: 'granted' });
    expect(consentUpdate(['consent', 'youtube'], mode, owned(mode))).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });
  it('speaks only for the types the bar asks about', () => {
    // Avada's bar gating embeds only: another tool owns analytics and ads, we say nothing about them.
    const embedsOnly = asking('youtube', 'vimeo', 'gmaps');
    expect(owned(DEFAULT_CONSENT_MODE, embedsOnly)).toEqual([]);
    expect(defaultConsentState(DEFAULT_CONSENT_MODE, owned(DEFAULT_CONSENT_MODE, embedsOnly))).toBeNull();
    expect(
      consentUpdate(['consent', 'youtube', 'vimeo', 'gmaps'], DEFAULT_CONSENT_MODE, owned(DEFAULT_CONSENT_MODE, embedsOnly)),
    ).toBeNull();
    // A split mapping: the bar asks about tracking but not marketing, so the ads signals are not ours.
    const split = readConsentModeConfig({
      types: { tracking: ['analytics_storage'], marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'] },
    }).config;
    expect(owned(split, asking('youtube', 'tracking'))).toEqual(['analytics_storage']);
    expect(consentUpdate(['consent', 'tracking', 'marketing'], split, owned(split, asking('youtube', 'tracking')))).toEqual({
      analytics_storage: 'granted',
    });
    // An unreadable types list gates every type: the bar then answers for every mapped signal.
    expect(owned(DEFAULT_CONSENT_MODE, { ...NO_PRIVACY, types: 'all' })).toEqual([
      'ad_storage',
      'ad_user_data',
      'ad_personalization',
      'analytics_storage',
    ]);
  });
  it('says nothing on a page without the privacy feature, nor when turned off', () => {
    expect(ownedSignals(DEFAULT_CONSENT_MODE, undefined)).toEqual([]);
    expect(owned(readConsentModeConfig(false).config)).toEqual([]);
  });
  it('can be turned off, and falls back to the default mapping on garbage', () => {
    expect(readConsentModeConfig('0').config.enabled).toBe(false);
    expect(readConsentModeConfig(false).config.enabled).toBe(false);
    const bad = readConsentModeConfig({ types: { tracking: ['cookies'] }, wait_for_update: -1 });
    expect(bad.problems.map((p) => p.field)).toEqual(['storefrontConsentMode.types', 'storefrontConsentMode.wait_for_update']);
    expect(bad.config).toEqual(DEFAULT_CONSENT_MODE);
    expect(readConsentModeConfig('yes please').problems[0]?.field).toBe('storefrontConsentMode');
  });
});
