/**
 * `window.rocket_beacon_data`, read defensively: every malformed field gives one warning and its default, and
 * what the beacon cannot work without (where to post, the nonce, the page URL) makes it finish without sending.
 */
import { httpUrl } from '../../src/net/url';

export interface BeaconConfig {
  ajaxUrl: string;
  nonce: string;
  url: string;
  isMobile: boolean;
  widthThreshold: number;
  heightThreshold: number;
  delay: number;
  debug: boolean;
  atf: boolean;
  lrc: boolean;
  elements: string;
  lrcThreshold: number;
  skipStrings: string[];
  exclusions: [string, RegExp][];
}

type Warn = (field: string, message: string) => void;

const DEFAULT_SKIP_STRINGS = ['memex'];
/** The longest wait before starting: as long as the report's own guard, far past WP Rocket's 500 ms default. */
const MAX_DELAY_MS = 10_000;
const DEFAULT_ELEMENTS = 'img, video, picture, p, main, div, li, svg, section, header, span';

function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === '' || value === 'false' || value === null) return false;
  return undefined;
}

function number(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The config, or undefined when the beacon must not send (a warning says why). */
export function readConfig(raw: unknown, warn: Warn): BeaconConfig | undefined {
  if (!raw || typeof raw !== 'object') {
    warn('rocket_beacon_data', 'is not an object; nothing is measured.');
    return undefined;
  }
  const data = raw as Record<string, unknown>;
  const ajaxUrl = httpUrl(data.ajax_url);
  if (!ajaxUrl) return void warn('rocket_beacon_data.ajax_url', 'is not an http(s) URL; nothing is measured.');
  if (typeof data.nonce !== 'string' || data.nonce === '') return void warn('rocket_beacon_data.nonce', 'is missing; nothing is measured.');
  if (typeof data.url !== 'string' || data.url === '') return void warn('rocket_beacon_data.url', 'is missing; nothing is measured.');

  const pick = <T>(field: string, parsed: T | undefined, fallback: T): T => {
    if (parsed !== undefined) return parsed;
    if (data[field] !== undefined) warn(`rocket_beacon_data.${field}`, `is malformed; using ${JSON.stringify(fallback)}.`);
    return fallback;
  };
  let delay = pick('delay', number(data.delay), 500);
  if (delay > MAX_DELAY_MS) {
    // Past 2^31 - 1 ms a browser timer fires at once: a delay meant as "much later" would measure the page
    // before it settled.
    warn('rocket_beacon_data.delay', `is ${delay} ms; waiting ${MAX_DELAY_MS} ms.`);
    delay = MAX_DELAY_MS;
  }
  const isMobile = pick('is_mobile', flag(data.is_mobile), false);
  const status = data.status && typeof data.status === 'object' ? (data.status as Record<string, unknown>) : undefined;
  if (data.status !== undefined && !status) warn('rocket_beacon_data.status', 'is not an object; both detections run.');

  let elements = DEFAULT_ELEMENTS;
  if (typeof data.elements === 'string' && data.elements.trim() !== '') {
    try {
      document.createDocumentFragment().querySelector(data.elements);
      elements = data.elements;
    } catch {
      warn('rocket_beacon_data.elements', 'is not a valid selector list; using the default.');
    }
  } else if (data.elements !== undefined) warn('rocket_beacon_data.elements', 'is not a selector list; using the default.');

  // Absent, WP Rocket's beacon skips ids containing "memex" on every site; a list the site sets (even an empty
  // one) replaces that default.
  let skipStrings = DEFAULT_SKIP_STRINGS;
  if (Array.isArray(data.skipStrings)) skipStrings = data.skipStrings.filter((s): s is string => typeof s === 'string' && s !== '');
  else if (data.skipStrings !== undefined)
    warn('rocket_beacon_data.skipStrings', `is not a list; using ${JSON.stringify(DEFAULT_SKIP_STRINGS)}.`);

  const exclusions: [string, RegExp][] = [];
  if (Array.isArray(data.exclusions)) {
    for (const pair of data.exclusions) {
      try {
        if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') throw new Error('not a pair');
        exclusions.push([pair[0], new RegExp(pair[1])]);
      } catch {
        warn('rocket_beacon_data.exclusions', 'holds an entry that is not an [attribute, regex] pair; it is ignored.');
      }
    }
  } else if (data.exclusions !== undefined) warn('rocket_beacon_data.exclusions', 'is not a list; ignored.');

  return {
    ajaxUrl: ajaxUrl.href,
    nonce: data.nonce,
    url: data.url,
    isMobile,
    widthThreshold: pick('width_threshold', number(data.width_threshold), isMobile ? 393 : 1600),
    heightThreshold: pick('height_threshold', number(data.height_threshold), isMobile ? 830 : 700),
    delay,
    debug: Boolean(data.debug),
    atf: status ? (flag(status.atf) ?? true) : true,
    lrc: status ? (flag(status.lrc) ?? true) : true,
    elements,
    lrcThreshold: pick('lrc_threshold', number(data.lrc_threshold), 1800),
    skipStrings,
    exclusions,
  };
}
