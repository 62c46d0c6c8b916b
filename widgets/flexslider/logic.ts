/**
 * FlexSlider's rules, no DOM: the page global and the per-element data attributes read into one set of options,
 * the slide-excerpt cut on small screens, and the YouTube/Vimeo player messages.
 */
import { flag, type Spec } from '../../src/config/globals';
import { parseFlag, parseNumber } from '../../src/config/parse';

/** `fusionFlexSliderVars` as Avada prints it (string booleans, milliseconds as text). */
export interface FlexSliderVars {
  status_vimeo: boolean;
  status_yt: boolean;
  slideshow_autoplay: boolean;
  slideshow_speed: number;
  pagination_video_slide: boolean;
  flex_smoothHeight: boolean;
}

export const FLEX_VARS_SPEC: Spec<FlexSliderVars> = {
  status_vimeo: flag(false),
  status_yt: flag(false),
  slideshow_autoplay: flag(true),
  // The contract: 5000 when unset ("" included); shorter than MIN_SPEED is malformed.
  slideshow_speed: { read: (raw) => globalSpeed(raw), fallback: 5000, expected: 'milliseconds (at least 1000)' },
  pagination_video_slide: flag(false),
  flex_smoothHeight: flag(false),
};

/** The slideshow speed when the global leaves it empty (the contract: 5000 when unset). */
export const UNSET_SPEED = 5000;
/** Shorter than this between slides nobody can read a slide (and "0" would spin): the global's value is used. */
export const MIN_SPEED = 1000;
export const DEFAULT_PREV_ICON = 'awb-icon-angle-left';
export const DEFAULT_NEXT_ICON = 'awb-icon-angle-right';

export type Animation = 'fade' | 'slide';
export type ControlNav = 'dots' | 'thumbnails' | false;

export interface FlexOptions {
  autoplay: boolean;
  /** Milliseconds each slide shows. */
  speed: number;
  animation: Animation;
  smoothHeight: boolean;
  controlNav: ControlNav;
  directionNav: boolean;
  prevIcon: string;
  nextIcon: string;
  /** With a video slide active: push the control nav 20 px down instead of hiding it. */
  pushNavForVideo: boolean;
  youtubeApi: boolean;
  vimeoApi: boolean;
}

export type Warn = (field: string, message: string) => void;
type Read = (name: string) => string | null;

/** Icon classes only: the value ends up in a class attribute. */
const ICON_CLASSES = /^[\w-]+( [\w-]+)*$/;

/** The global's speed: "" means 5000. */
export function globalSpeed(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return UNSET_SPEED;
  const n = parseNumber(raw);
  return n !== undefined && n >= MIN_SPEED ? n : undefined;
}

/**
 * The options of one slider: each data attribute wins over the global when it is well formed; a malformed one
 * gets one warning naming the attribute and falls back to the global's value.
 */
export function readFlexOptions(read: Read, vars: FlexSliderVars, attachments: boolean, warn: Warn): FlexOptions {
  const flagAttr = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === null) return fallback;
    const value = parseFlag(raw);
    if (value === undefined)
      warn(name, `expected a flag ("1", "0", "yes", "no", "true", "false"), got ${JSON.stringify(raw)}; using ${fallback}`);
    return value ?? fallback;
  };

  let speed = vars.slideshow_speed;
  const rawSpeed = read('data-slideshow_speed');
  if (rawSpeed !== null && rawSpeed.trim() !== '') {
    const n = parseNumber(rawSpeed);
    if (n === undefined || n < MIN_SPEED)
      warn('data-slideshow_speed', `expected milliseconds (at least ${MIN_SPEED}), got ${JSON.stringify(rawSpeed)}; using ${speed}`);
    else speed = n;
  }

  let animation: Animation = 'fade';
  const rawAnimation = read('data-slideshow_animation');
  if (rawAnimation !== null && rawAnimation.trim() !== '') {
    const word = rawAnimation.trim().toLowerCase();
    if (word === 'fade' || word === 'slide') animation = word;
    else warn('data-slideshow_animation', `expected "fade" or "slide", got ${JSON.stringify(rawAnimation)}; using "fade"`);
  }

  const icon = (name: string, fallback: string): string => {
    const raw = read(name);
    if (raw === null || raw.trim() === '') return fallback;
    if (ICON_CLASSES.test(raw.trim())) return raw.trim();
    warn(name, `expected icon class names, got ${JSON.stringify(raw)}; using "${fallback}"`);
    return fallback;
  };

  const controls = flagAttr('data-slideshow_control_nav', true);
  return {
    autoplay: flagAttr('data-slideshow_autoplay', vars.slideshow_autoplay),
    speed,
    animation,
    smoothHeight: flagAttr('data-slideshow_smooth_height', vars.flex_smoothHeight),
    controlNav: attachments ? 'thumbnails' : controls ? 'dots' : false,
    directionNav: flagAttr('data-slideshow_direction_nav', true),
    prevIcon: icon('data-slideshow_prev_text', DEFAULT_PREV_ICON),
    nextIcon: icon('data-slideshow_next_text', DEFAULT_NEXT_ICON),
    pushNavForVideo: vars.pagination_video_slide,
    youtubeApi: vars.status_yt,
    vimeoApi: vars.status_vimeo,
  };
}

/** Viewports narrower than this get the short excerpts. */
export const EXCERPT_VIEWPORT = 480;
export const EXCERPT_WORDS = 10;

/**
 * A slide excerpt on a small screen: longer than 11 words, it is cut to its first 10 (and marked as cut);
 * otherwise, and on wider screens, it stays whole.
 */
export function cutExcerpt(text: string, viewportWidth: number): string {
  if (viewportWidth >= EXCERPT_VIEWPORT) return text;
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= EXCERPT_WORDS + 1) return text;
  return `${words.slice(0, EXCERPT_WORDS).join(' ')}…`;
}

export type Player = 'youtube' | 'vimeo';

/** Which embedded player an iframe holds, by its host (the privacy-friendly YouTube host included). */
export function playerOf(src: string | null | undefined, base = 'http://localhost/'): Player | undefined {
  if (!src) return undefined;
  let host: string;
  try {
    host = new URL(src, base).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (/(^|\.)(youtube\.com|youtube-nocookie\.com)$/.test(host)) return 'youtube';
  if (host === 'player.vimeo.com') return 'vimeo';
  return undefined;
}

/** The origin a player's messages come from and go to. */
export function playerOrigin(src: string, base = 'http://localhost/'): string | undefined {
  try {
    return new URL(src, base).origin;
  } catch {
    return undefined;
  }
}

/** `listen`: YouTube's subscription to state changes (Vimeo subscribes per event, see VIMEO_EVENTS). */
export type PlayerCommand = 'play' | 'pause' | 'mute' | 'listen';

/** The postMessage text each player's iframe API understands (YouTube needs `enablejsapi=1` in the URL). */
export function playerMessage(player: Player, command: PlayerCommand): string {
  if (player === 'youtube') {
    if (command === 'listen') return JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });
    const func = command === 'play' ? 'playVideo' : command === 'pause' ? 'pauseVideo' : 'mute';
    return JSON.stringify({ event: 'command', func, args: [] });
  }
  if (command === 'listen') return JSON.stringify({ method: 'addEventListener', value: 'play' });
  if (command === 'mute') return JSON.stringify({ method: 'setVolume', value: 0 });
  return JSON.stringify({ method: command });
}

/** The Vimeo events to subscribe to (one addEventListener message each). */
export const VIMEO_EVENTS = ['play', 'pause', 'ended'] as const;

export type PlayerState = 'playing' | 'stopped';

/**
 * What a player's message says about playback: playing, stopped (paused, ended) or nothing we care about.
 * Messages come as JSON text (or objects); anything else is ignored.
 */
export function playerState(player: Player, data: unknown): PlayerState | undefined {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (message === null || typeof message !== 'object') return undefined;
  const m = message as Record<string, unknown>;
  if (player === 'youtube') {
    const info = m.info;
    const state =
      m.event === 'onStateChange'
        ? info
        : m.event === 'infoDelivery' && info && typeof info === 'object'
          ? (info as Record<string, unknown>).playerState
          : undefined;
    if (state === 1) return 'playing';
    if (state === 0 || state === 2) return 'stopped';
    return undefined;
  }
  if (m.event === 'play' || m.event === 'playing') return 'playing';
  if (m.event === 'pause' || m.event === 'ended' || m.event === 'finish') return 'stopped';
  return undefined;
}

/** FlexSlider's touch rule: a swipe of at least 50 px within 550 ms moves one slide, or any drag past half the width. */
export const SWIPE_MIN_PX = 50;
export const SWIPE_MAX_MS = 550;

/**
 * The slide a finished horizontal drag lands on: one further (towards where the content was pushed) when the swipe
 * was long and quick enough or dragged past half the slider's width, else back where it started. Undefined for a
 * mostly vertical gesture (a page scroll, not a swipe). Wraps, as FlexSlider's previous/next do.
 */
export function swipeTarget(input: {
  dx: number;
  dy: number;
  ms: number;
  width: number;
  start: number;
  count: number;
}): number | undefined {
  const { dx, dy, ms, width, start, count } = input;
  if (count < 2 || Math.abs(dy) > Math.abs(dx)) return undefined;
  const far = Math.abs(dx) > width / 2;
  const quick = Math.abs(dx) >= SWIPE_MIN_PX && ms <= SWIPE_MAX_MS;
  if (!far && !quick) return start;
  return (start + (dx < 0 ? 1 : -1) + count) % count;
}
