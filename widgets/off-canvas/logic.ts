import { parseFlag, parseNumber } from '../../src/config/parse';

/**
 * Avada's off-canvas rules without the DOM: the `window.off_canvas_{ID}` config with its defaults, the stored
 * visitor state, the display rules (combined with AND, evaluated once per load), the arriving-from
 * classification, scroll positions and the animation class names.
 */

const FREQUENCIES = ['forever', 'close', 'once', 'xtimes', 'session', 'day', 'week', 'month', 'xdays'] as const;
const ORIGINS = ['internal', 'external', 'search'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type Origin = (typeof ORIGINS)[number];
export type ScrollPosition = { unit: 'px' | '%'; value: number };

export interface OffCanvasConfig {
  type: 'popup' | 'sliding-bar';
  width: string;
  height: 'fit' | 'full' | 'custom';
  horizontal_position: string;
  vertical_position: string;
  position: 'left' | 'right' | 'top' | 'bottom';
  transition: 'overlap' | 'push';
  enter_animation: string;
  enter_animation_direction: string;
  enter_animation_speed: number;
  exit_animation: string;
  exit_animation_direction: string;
  exit_animation_speed: number;
  sb_enter_animation: string;
  status_css_animations: 'desktop' | 'on' | 'off';
  overlay: boolean;
  overlay_page_scrollbar: boolean;
  overlay_close_on_click: boolean;
  close_on_anchor_click: boolean;
  close_on_esc: boolean;
  close_button: boolean;
  /** Seconds; 0 = never. */
  auto_close_after_time: number;
  show_close_button_after_time: number;
  off_canvas_state: 'closed' | 'opened';
  frequency: Frequency;
  frequency_xtimes: number;
  frequency_xdays: number;
  after_x_page_views: boolean;
  number_of_page_views: number;
  after_x_sessions: boolean;
  number_of_sessions: number;
  when_arriving_from: Origin[];
  on_page_load: boolean;
  time_on_page: boolean;
  time_on_page_duration: number;
  on_scroll: boolean;
  scroll_direction: 'up' | 'down';
  scroll_to: 'position' | 'element';
  scroll_position: ScrollPosition;
  scroll_element: string;
  exit_intent: boolean;
  after_inactivity: boolean;
  inactivity_duration: number;
  on_click: boolean;
  on_click_element: string;
  on_add_to_cart: boolean;
  is_mobile: boolean;
  has_js_rules: boolean;
}

type Reader<T> = (value: unknown) => T | undefined;
interface Field<T> {
  read: Reader<T>;
  fallback: T;
  expected: string;
}

// Plain readers, not schemas: this config is read on every page with a popup, during load, and building zod
// schemas for ~50 flat keys cost a long task there (and zod's core chunk) for checks a `typeof` does.
const oneOf =
  <const T extends readonly [string, ...string[]]>(values: T): Reader<T[number]> =>
  (v) => {
    const s = typeof v === 'string' ? v.trim() : v;
    return (values as readonly unknown[]).includes(s) ? (s as T[number]) : undefined;
  };
const text: Reader<string> = (v) => (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? String(v).trim() : undefined);
const seconds: Reader<number> = (v) => {
  const n = parseNumber(v);
  return n !== undefined && n >= 0 ? n : undefined;
};
const count: Reader<number> = (v) => {
  const n = parseNumber(v);
  return n !== undefined && n >= 0 ? Math.floor(n) : undefined;
};
const origins: Reader<Origin[]> = (v) => {
  const list =
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v;
  if (!Array.isArray(list)) return undefined;
  const origin = oneOf(ORIGINS);
  const read = list.map((o) => (typeof o === 'string' ? origin(o) : undefined));
  return read.every((o) => o !== undefined) ? [...new Set(read as Origin[])] : undefined;
};

const flag = (fallback: boolean): Field<boolean> => ({ read: parseFlag, fallback, expected: '"yes" or "no"' });
const enumField = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]): Field<T[number]> => ({
  read: oneOf(values),
  fallback,
  expected: values.map((v) => JSON.stringify(v)).join(', '),
});
const textField = (fallback: string): Field<string> => ({ read: text, fallback, expected: 'a string' });
const secondsField = (fallback: number): Field<number> => ({ read: seconds, fallback, expected: 'seconds (a number ≥ 0)' });
const countField = (fallback: number): Field<number> => ({ read: count, fallback, expected: 'a whole number ≥ 0' });

/** Every key of the contract with its default (contract §1; a missing animation speed means 1 s). */
const FIELDS: { [K in keyof OffCanvasConfig]: Field<OffCanvasConfig[K]> } = {
  type: enumField(['popup', 'sliding-bar'], 'popup'),
  width: textField(''),
  height: enumField(['fit', 'full', 'custom'], 'fit'),
  horizontal_position: textField('center'),
  vertical_position: textField('center'),
  position: enumField(['left', 'right', 'top', 'bottom'], 'left'),
  transition: enumField(['overlap', 'push'], 'overlap'),
  enter_animation: textField(''),
  enter_animation_direction: textField('static'),
  enter_animation_speed: secondsField(1),
  exit_animation: textField(''),
  exit_animation_direction: textField('static'),
  exit_animation_speed: secondsField(1),
  sb_enter_animation: textField('slideShort'),
  status_css_animations: enumField(['desktop', 'on', 'off'], 'desktop'),
  overlay: flag(true),
  overlay_page_scrollbar: flag(true),
  overlay_close_on_click: flag(true),
  close_on_anchor_click: flag(false),
  close_on_esc: flag(true),
  close_button: flag(true),
  auto_close_after_time: secondsField(0),
  show_close_button_after_time: secondsField(0),
  off_canvas_state: enumField(['closed', 'opened'], 'closed'),
  frequency: enumField(FREQUENCIES, 'forever'),
  frequency_xtimes: countField(1),
  frequency_xdays: countField(1),
  after_x_page_views: flag(false),
  number_of_page_views: countField(0),
  after_x_sessions: flag(false),
  number_of_sessions: countField(0),
  when_arriving_from: { read: origins, fallback: [], expected: 'a list of "internal", "external", "search"' },
  on_page_load: flag(false),
  time_on_page: flag(false),
  time_on_page_duration: secondsField(0),
  on_scroll: flag(false),
  scroll_direction: enumField(['up', 'down'], 'down'),
  scroll_to: enumField(['position', 'element'], 'position'),
  scroll_position: {
    read: (v) => parseScrollPosition(v),
    fallback: { unit: 'px', value: 0 },
    expected: 'pixels ("300") or a percentage ("40%")',
  },
  scroll_element: textField(''),
  exit_intent: flag(false),
  after_inactivity: flag(false),
  inactivity_duration: secondsField(0),
  on_click: flag(false),
  on_click_element: textField(''),
  on_add_to_cart: flag(false),
  is_mobile: flag(false),
  has_js_rules: flag(false),
};

export interface Problem {
  field: string;
  message: string;
}

export interface ParsedConfig {
  config: OffCanvasConfig;
  /** Malformed input: each is warned once, and automatic opening is off for this load (the safe side). */
  problems: Problem[];
}

/**
 * Read `window.off_canvas_{ID}` field by field. Missing keys (and the empty strings WordPress prints for unset
 * options) take the defaults silently; a malformed value takes its default and is reported.
 */
export function parseConfig(raw: unknown, source: string): ParsedConfig {
  const problems: Problem[] = [];
  const record = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  if (raw !== undefined && !record) problems.push({ field: source, message: `expected an object, got ${describe(raw)}` });
  const config = {} as Record<string, unknown>;
  for (const [key, field] of Object.entries(FIELDS) as [string, Field<unknown>][]) {
    const value = record?.[key];
    if (value === undefined || value === null || (value === '' && field.read('') === undefined)) {
      config[key] = field.fallback;
      continue;
    }
    const parsed = field.read(value);
    if (parsed === undefined) {
      problems.push({ field: `${source}.${key}`, message: `expected ${field.expected}, got ${describe(value)}` });
      config[key] = field.fallback;
    } else config[key] = parsed;
  }
  return { config: config as unknown as OffCanvasConfig, problems };
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `300`, `"300"`, `"300px"` or `"40%"`. */
export function parseScrollPosition(value: unknown): ScrollPosition | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? { unit: 'px', value } : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|%)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (m[2] === '%') return n <= 100 ? { unit: '%', value: n } : undefined;
  return { unit: 'px', value: n };
}

/** The scroll offset (px) at which a "scroll down to a position" trigger fires. */
export function scrollThreshold(position: ScrollPosition, documentHeight: number): number {
  return position.unit === '%' ? (documentHeight * position.value) / 100 : position.value;
}

// ——— stored visitor state ———

/** `localStorage["off_canvas_{ID}"]`, as the theme writes it. */
export interface StoredState {
  last_open_date?: string;
  open_count: number;
  close_count: number;
  closed: boolean;
  page_views: number;
  sessions: number;
}

export const EMPTY_STATE: StoredState = { open_count: 0, close_count: 0, closed: false, page_views: 0, sessions: 0 };

export interface ParsedState {
  state: StoredState;
  problems: Problem[];
}

/**
 * The stored JSON text (null when absent). Older theme versions wrote counters as strings; those are accepted.
 * Anything unreadable is reported (the caller keeps the panel closed this load) and replaced by a clean value.
 */
export function parseStoredState(textValue: string | null, key: string): ParsedState {
  if (textValue === null) return { state: { ...EMPTY_STATE }, problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(textValue);
  } catch {
    return { state: { ...EMPTY_STATE }, problems: [{ field: key, message: `is not JSON (${describe(textValue.slice(0, 40))})` }] };
  }
  const lastOpen = raw !== null && typeof raw === 'object' ? (raw as { last_open_date?: unknown }).last_open_date : undefined;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || (lastOpen != null && typeof lastOpen !== 'string'))
    return { state: { ...EMPTY_STATE }, problems: [{ field: key, message: `expected an object, got ${describe(raw)}` }] };
  const problems: Problem[] = [];
  const data = raw as Record<'open_count' | 'close_count' | 'closed' | 'page_views' | 'sessions' | 'last_open_date', unknown>;
  const counter = (name: 'open_count' | 'close_count' | 'page_views' | 'sessions'): number => {
    const v = data[name];
    if (v === undefined || v === null) return 0;
    const n = count(v);
    if (n === undefined) problems.push({ field: `${key}.${name}`, message: `expected a whole number, got ${describe(v)}` });
    return n ?? 0;
  };
  let closed = false;
  if (data.closed !== undefined && data.closed !== null) {
    const f = parseFlag(data.closed);
    if (f === undefined) problems.push({ field: `${key}.closed`, message: `expected true or false, got ${describe(data.closed)}` });
    closed = f ?? false;
  }
  let last: string | undefined;
  if (typeof data.last_open_date === 'string' && data.last_open_date !== '') {
    if (Number.isNaN(Date.parse(data.last_open_date)))
      problems.push({ field: `${key}.last_open_date`, message: `expected an ISO date, got ${describe(data.last_open_date)}` });
    else last = data.last_open_date;
  }
  const state: StoredState = {
    open_count: counter('open_count'),
    close_count: counter('close_count'),
    closed,
    page_views: counter('page_views'),
    sessions: counter('sessions'),
  };
  if (last) state.last_open_date = last;
  return { state, problems };
}

// ——— dates ———

const DAY = 24 * 60 * 60 * 1000;

/** One calendar month later in local time; the 31st of a shorter month becomes its last day. */
export function addCalendarMonth(from: Date): Date {
  const target = new Date(from.getTime());
  const day = target.getDate();
  target.setDate(1);
  target.setMonth(target.getMonth() + 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(day, lastDay));
  return target;
}

/** When a panel last opened may open again under a time-based frequency; undefined for the others. */
export function reopensAt(frequency: Frequency, lastOpen: Date, xdays: number): number | undefined {
  switch (frequency) {
    case 'day':
      return lastOpen.getTime() + DAY;
    case 'week':
      return lastOpen.getTime() + 7 * DAY;
    case 'xdays':
      return lastOpen.getTime() + xdays * DAY;
    case 'month':
      return addCalendarMonth(lastOpen).getTime();
    default:
      return undefined;
  }
}

// ——— arriving from ———

const SEARCH_ENGINE = /\.?(google|bing|yahoo|duckduckbot|yandex|baidu|msn|teoma|slurp)\./;

/** Where the visitor came from: empty referrer or one containing our host is internal. */
export function arrivingFrom(referrer: string, host: string): Origin {
  if (referrer === '' || (host !== '' && referrer.includes(host))) return 'internal';
  if (SEARCH_ENGINE.test(referrer)) return 'search';
  return 'external';
}

// ——— rules ———

export interface RuleInput {
  config: OffCanvasConfig;
  state: StoredState;
  now: number;
  /** Whether `sessionStorage["off_canvas_{ID}_opened"]` exists. */
  sessionFlag: boolean;
  /** Whether `sessionStorage["off_canvas_{ID}"]` exists (this session was counted). */
  sessionCounted: boolean;
  referrer: string;
  host: string;
}

export interface RuleOutcome {
  show: boolean;
  /** Which rules said stop (for debugging and tests). */
  stops: string[];
  /** The state to store (page views and sessions counted). */
  state: StoredState;
  /** Set `sessionStorage["off_canvas_{ID}_opened"]` now. */
  setSessionFlag: boolean;
  /** Set `sessionStorage["off_canvas_{ID}"]` now (the session is counted). */
  markSessionCounted: boolean;
}

/**
 * Every display rule, each evaluated (their counters move on every load) and combined with AND: any stop wins,
 * unlike the original, where the arriving-from rule could overwrite an earlier stop.
 */
export function evaluateRules(input: RuleInput): RuleOutcome {
  const { config, now } = input;
  const state = { ...input.state };
  const stops: string[] = [];
  let setSessionFlag = false;
  let markSessionCounted = false;

  switch (config.frequency) {
    case 'close':
      if (state.closed) stops.push('frequency');
      break;
    case 'once':
      if (state.open_count > 0) stops.push('frequency');
      break;
    case 'xtimes':
      if (state.open_count >= config.frequency_xtimes) stops.push('frequency');
      break;
    case 'session':
      if (input.sessionFlag) stops.push('frequency');
      else setSessionFlag = true;
      break;
    case 'day':
    case 'week':
    case 'month':
    case 'xdays': {
      const last = state.last_open_date ? new Date(state.last_open_date) : undefined;
      const at = last && !Number.isNaN(last.getTime()) ? reopensAt(config.frequency, last, config.frequency_xdays) : undefined;
      if (at !== undefined && now < at) stops.push('frequency');
      break;
    }
    case 'forever':
      break;
  }

  if (config.after_x_page_views && state.page_views < config.number_of_page_views) {
    stops.push('page views');
    state.page_views += 1;
  }

  if (config.after_x_sessions) {
    if (!input.sessionCounted) {
      state.sessions += 1;
      markSessionCounted = true;
    }
    if (state.sessions <= config.number_of_sessions) stops.push('sessions');
  }

  if (config.when_arriving_from.length > 0 && !config.when_arriving_from.includes(arrivingFrom(input.referrer, input.host)))
    stops.push('arriving from');

  return { show: stops.length === 0, stops, state, setSessionFlag, markSessionCounted };
}

/** How an open changes the stored state: every open stamps the date; only automatic ones count. */
export function recordOpen(state: StoredState, now: number, counted: boolean): StoredState {
  return { ...state, last_open_date: new Date(now).toISOString(), open_count: state.open_count + (counted ? 1 : 0) };
}

export function recordClose(state: StoredState): StoredState {
  return { ...state, close_count: state.close_count + 1, closed: true };
}

// ——— hash links ———

export type HashAction = { action: 'toggle' | 'open' | 'close'; id: string } | { action: 'close-all' };

/** `#awb-oc__{ID}` toggles, `#awb-open-oc__{ID}` opens, `#awb-close-oc__{ID}` closes, `#awb-close-oc__` closes all. */
export function parseHash(hash: string): HashAction | undefined {
  const m = /^#awb-(open-|close-)?oc__(.*)$/.exec(hash);
  if (!m) return undefined;
  const id = m[2]!;
  if (m[1] === 'close-') return id === '' ? { action: 'close-all' } : { action: 'close', id };
  if (id === '') return undefined;
  return { action: m[1] === 'open-' ? 'open' : 'toggle', id };
}

/** The hash part of a link's href attribute (menus print `#awb-oc__1` or a full URL ending in one). */
export function hrefHash(href: string | null): string {
  if (!href) return '';
  const i = href.indexOf('#');
  return i < 0 ? '' : href.slice(i);
}

// ——— animations ———

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Avada's animate.css names: `fadeInLeft`, `slideShortInRight`, `fadeOut` (direction `static`). */
export function animationName(name: string, phase: 'In' | 'Out', direction: string): string | undefined {
  if (!name || name === 'none') return undefined;
  const dir = direction && direction !== 'static' ? capitalize(direction) : '';
  return `${name}${phase}${dir}`;
}

export interface Animation {
  className: string;
  /** Seconds. */
  speed: number;
}

/**
 * The enter or exit animation of a panel, or undefined when none runs: animations off for this device, under
 * reduced motion, or none chosen. Sliding bars slide in from (and out to) their own edge.
 */
export function panelAnimation(
  config: OffCanvasConfig,
  phase: 'In' | 'Out',
  options: { reducedMotion: boolean; mobile: boolean },
): Animation | undefined {
  if (options.reducedMotion || config.status_css_animations === 'off') return undefined;
  if (config.status_css_animations === 'desktop' && options.mobile) return undefined;
  if (config.type === 'sliding-bar') {
    const className = animationName(config.sb_enter_animation, phase, config.position);
    return className ? { className, speed: phase === 'In' ? config.enter_animation_speed : config.exit_animation_speed } : undefined;
  }
  const className =
    phase === 'In'
      ? animationName(config.enter_animation, 'In', config.enter_animation_direction)
      : animationName(config.exit_animation, 'Out', config.exit_animation_direction);
  return className ? { className, speed: phase === 'In' ? config.enter_animation_speed : config.exit_animation_speed } : undefined;
}

/** How far a push bar moves `#wrapper` (px), mirrored in right-to-left pages. */
export function pushOffset(position: OffCanvasConfig['position'], size: number, rtl: boolean): { axis: 'x' | 'y'; px: number } {
  if (position === 'top') return { axis: 'y', px: size };
  if (position === 'bottom') return { axis: 'y', px: -size };
  const sign = position === 'left' ? 1 : -1;
  return { axis: 'x', px: (rtl ? -sign : sign) * size };
}
