/**
 * The lightbox's rules, with no DOM: which links are targets, which of them qualify, what kind of item a link
 * is, the `fusionLightboxVars` settings, the deep-link hash, captions and titles, slideshow and looping.
 */
import { flag, num, readSettings, str, type FieldSpec, type Spec } from '../../src/config/globals';
import { parseNumber } from '../../src/config/parse';
import { warnOnce } from '../../src/log';

export const WIDGET = 'lightbox';

/** Groups: the group name is the whole attribute value (`iLightbox[gallery-1]`, legacy `prettyPhoto[…]`). */
export const GROUP_SELECTOR = '[data-rel^="iLightbox["], [rel^="iLightbox["], [data-rel^="prettyPhoto["], [rel^="prettyPhoto["]';
export const SINGLE_SELECTOR = 'a[data-rel="iLightbox"], #lightbox-link, .lightbox-link, .fusion-lightbox-link';
export const TARGET_SELECTOR = `${GROUP_SELECTOR}, ${SINGLE_SELECTOR}`;
/**
 * Post images (`lightbox_post_images`): not established by the contract. We take links that wrap an image inside
 * a post's content (`.type-post .post-content`, Avada's single-post and blog markup), grouped per post.
 */
export const POST_IMAGE_SELECTOR = '.type-post .post-content a[href]';
export const NO_LIGHTBOX_CLASS = 'fusion-no-lightbox';
export const POST_IMAGES_GROUP = 'iLightbox[postimages]';

// ---- items ----------------------------------------------------------------------------------------------------

export type ItemType = 'image' | 'video' | 'youtube' | 'vimeo' | 'iframe' | 'inline' | 'ajax' | 'html' | 'flash';

const IMAGE_EXT = /\.(bmp|gif|jpe?g|png|tiff?|jfif|jpe|svg|webp)$/i;
const VIDEO_EXT = /\.(mp4|ogg|webm)$/i;
/** Types a theme may state in `data-type`: a stated intent qualifies the link even without a media URL. */
const STATED_TYPES = new Set(['image', 'video', 'iframe', 'inline', 'ajax', 'html', 'flash']);

function parseUrl(href: string, base: string): URL | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The 11-character id of a YouTube URL (watch, youtu.be, embed, shorts, nocookie), else null. */
export function youtubeId(href: string, base = 'http://localhost/'): string | null {
  const url = parseUrl(href, base);
  if (!url) return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const path = /^\/(?:embed|shorts|v|live)\/([^/?#]+)/.exec(url.pathname);
    id = path ? (path[1] ?? null) : url.pathname === '/watch' ? url.searchParams.get('v') : null;
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}

/** The numeric id of a Vimeo URL (vimeo.com/ID, vimeo.com/channels/x/ID, player.vimeo.com/video/ID), else null. */
export function vimeoId(href: string, base = 'http://localhost/'): string | null {
  const url = parseUrl(href, base);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const match = /\/(\d{1,12})(?:\/|$)/.exec(url.pathname);
  return match ? (match[1] ?? null) : null;
}

export function isInlineHref(href: string): boolean {
  return /^#[A-Za-z][\w:.-]*$/.test(href.trim());
}

/**
 * The kind of item a link is, or null when it does not qualify for the lightbox. The contract's rule (an image or
 * video extension, or a YouTube or Vimeo URL) decides for plain links; a stated `data-type` (Avada's lightbox
 * element prints iframe, inline and ajax items) and an in-page `#id` qualify too.
 */
export function itemType(href: string, statedType: string | null | undefined, base = 'http://localhost/'): ItemType | null {
  const stated = statedType?.trim().toLowerCase();
  const raw = href.trim();
  if (stated && STATED_TYPES.has(stated)) {
    if (stated === 'video' && youtubeId(raw, base)) return 'youtube';
    if (stated === 'video' && vimeoId(raw, base)) return 'vimeo';
    if (stated === 'inline') return isInlineHref(raw) ? 'inline' : null;
    return parseUrl(raw, base) ? (stated as ItemType) : null;
  }
  if (isInlineHref(raw)) return 'inline';
  const url = parseUrl(raw, base);
  if (!url) return null;
  if (youtubeId(raw, base)) return 'youtube';
  if (vimeoId(raw, base)) return 'vimeo';
  if (IMAGE_EXT.test(url.pathname)) return 'image';
  if (VIDEO_EXT.test(url.pathname)) return 'video';
  return null;
}

/**
 * A post image is a link the theme did not mark: only a media URL qualifies (image, video, YouTube, Vimeo), never
 * an in-page anchor (`#comments`: the lightbox would move its target into the dialog) nor a stated type.
 */
export function mediaType(href: string, base = 'http://localhost/'): ItemType | null {
  const type = itemType(href, null, base);
  return type === 'inline' ? null : type;
}

/** Whether a stated `data-type` is one we know (an unknown one gets a warning and the URL decides). */
export const knownStatedType = (value: string) => STATED_TYPES.has(value.trim().toLowerCase());

export function videoMime(href: string): string {
  const ext = /\.(mp4|ogg|webm)(?:$|[?#])/i.exec(href)?.[1]?.toLowerCase();
  return ext === 'ogg' ? 'video/ogg' : ext === 'webm' ? 'video/webm' : 'video/mp4';
}

export const videoId = (kind: 'youtube' | 'vimeo', href: string, base?: string) =>
  (kind === 'youtube' ? youtubeId(href, base) : vimeoId(href, base)) ?? '';

/** The player URL: YouTube's privacy-enhanced host, Vimeo with do-not-track; autoplay because a click asked. */
export function embedUrl(kind: 'youtube' | 'vimeo', id: string): string {
  return kind === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}

// ---- captions and titles -------------------------------------------------------------------------------------

export interface CaptionSources {
  dataTitle?: string | null;
  dataCaption?: string | null;
  titleAttr?: string | null;
  galleryCaption?: string | null;
  imageAlt?: string | null;
}

const firstText = (...values: (string | null | undefined)[]) => values.map((v) => v?.trim() ?? '').find(Boolean) ?? '';

/** Title: `data-title`, else the `title` attribute, else the image alt. Caption: `data-caption`, else `.gallery-caption`. */
export function captionAndTitle(s: CaptionSources): { title: string; caption: string } {
  const title = firstText(s.dataTitle, s.titleAttr, s.imageAlt);
  const caption = firstText(s.dataCaption, s.galleryCaption);
  return { title, caption: caption === title ? '' : caption };
}

// ---- per-item options (`data-options`) --------------------------------------------------------------------------

export interface ItemOptions {
  width?: number;
  height?: number;
  thumbnail?: string;
}

/**
 * iLightbox's `data-options` as themes print it: `width: 800, height: 450, thumbnail: 'x.jpg'` (or JSON). Read
 * without evaluating anything; null when the text is not that shape.
 */
export function parseItemOptions(text: string): ItemOptions | null {
  const body = text
    .trim()
    .replace(/^\{|\}$/g, '')
    .trim();
  if (!body) return {};
  const out: Record<string, string> = {};
  for (const part of body.split(',')) {
    const match = /^\s*["']?([A-Za-z_]\w*)["']?\s*:\s*(.*?)\s*$/.exec(part);
    if (!match) return null;
    out[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  const options: ItemOptions = {};
  for (const key of ['width', 'height'] as const) {
    if (out[key] === undefined) continue;
    const n = parseNumber(out[key]);
    if (n === undefined || n <= 0) return null;
    options[key] = n;
  }
  if (out.thumbnail) options.thumbnail = out.thumbnail;
  return options;
}

// ---- deep links ------------------------------------------------------------------------------------------------

/** `#iLightbox[gallery-1]/2`: the group name as printed and the item's index from 0 (iLightbox's numbering). */
export function formatHash(group: string, index: number): string {
  return `#${group}/${index}`;
}

/** The group and index of a deep link; brackets may arrive plain or encoded (%5B/%5D). Null when not one. */
export function parseHash(hash: string): { group: string; index: number } | null {
  let text = hash.replace(/^#/, '');
  try {
    text = decodeURIComponent(text);
  } catch {
    text = text.replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  }
  const match = /^(.+\[[^\]]*\])\/(\d{1,6})$/.exec(text);
  if (!match) return null;
  return { group: match[1]!, index: Number(match[2]) };
}

// ---- behaviour -------------------------------------------------------------------------------------------------

/** Looping needs at least three items (with two, "next" and "previous" would be the same slide). */
export const canLoop = (count: number) => count >= 3;
/** The slideshow wraps from the last item to the first. */
export const slideshowNext = (index: number, count: number) => (count > 0 ? (index + 1) % count : 0);
export const IDLE_MS = 3000;

/** The contract's swipe: more than 100 px along the lightbox's path within 1 s changes the item. */
export const SWIPE_MIN_PX = 100;
export const SWIPE_MAX_MS = 1000;

/**
 * Where a finished drag goes: +1 (next: content pushed left, or up on a vertical path), -1 (previous) or 0 (spring
 * back). Only the path's axis counts (horizontal: x; vertical: y, and x as well since the strip still slides
 * sideways); a gesture mostly across the path is not a swipe.
 */
export function swipeStep(input: { dx: number; dy: number; ms: number; path: 'horizontal' | 'vertical' }): -1 | 0 | 1 {
  const { dx, dy, ms, path } = input;
  if (!(ms >= 0 && ms <= SWIPE_MAX_MS)) return 0;
  const along = path === 'vertical' && Math.abs(dy) > Math.abs(dx) ? dy : Math.abs(dx) >= Math.abs(dy) ? dx : 0;
  if (Math.abs(along) <= SWIPE_MIN_PX) return 0;
  return along < 0 ? 1 : -1;
}

// ---- thumbnails and sharing ------------------------------------------------------------------------------------

/** Thumbnails fit in 120×80 (the contract's maximum). */
export const THUMB_MAX = { width: 120, height: 80 } as const;

/**
 * A thumbnail's image for an item: the `thumbnail` of its `data-options`, else the image the link wraps, else the
 * image itself (image items); other items (players, iframes, inline content) get none: no third-party request is
 * made for a thumbnail, and the button shows the item's kind instead.
 */
export function thumbnailSource(
  item: { type: ItemType; href: string; options: { thumbnail?: string } },
  linkImage: string | null | undefined,
): string | null {
  const safe = (value: string | null | undefined) => {
    const text = value?.trim();
    if (!text) return null;
    try {
      const url = new URL(text, 'http://localhost/');
      return url.protocol === 'http:' || url.protocol === 'https:' ? text : null;
    } catch {
      return null;
    }
  };
  return safe(item.options.thumbnail) ?? safe(linkImage) ?? (item.type === 'image' ? safe(item.href) : null);
}

export interface SocialLink {
  /** The key Avada prints (`facebook`, `twitter` …), reduced to a class-safe name. */
  network: string;
  /** The share URL template, `{URL}` (and `{TITLE}`) to fill. */
  source: string;
  /** The link's accessible name ("Share on Facebook"). */
  text: string;
}

const SHARE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * `lightbox_social_links` as Avada prints it: `{facebook: {source: "https://…?u={URL}", text: "Share on Facebook"}}`.
 * Entries that are not that shape, or whose URL is not http(s) or mailto, get one warning naming the entry and are
 * left out; the others are kept in order.
 */
export function readSocialLinks(raw: Record<string, unknown>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const field = `fusionLightboxVars.lightbox_social_links.${key}`;
    const entry = value !== null && typeof value === 'object' ? (value as { source?: unknown; text?: unknown }) : undefined;
    const source = typeof entry?.source === 'string' ? entry.source.trim() : '';
    const text = typeof entry?.text === 'string' ? entry.text.trim() : '';
    let scheme = '';
    try {
      scheme = new URL(source.replace(/\{(URL|TITLE)\}/g, ''), 'http://invalid/').protocol;
    } catch {
      /* reported below */
    }
    if (!source || !text || !SHARE_SCHEMES.has(scheme) || !/^(https?|mailto):/i.test(source)) {
      warnOnce(
        WIDGET,
        field,
        `expected {source: an http(s) or mailto URL with {URL}, text: a name}, got ${JSON.stringify(value)}; that link is left out`,
      );
      continue;
    }
    links.push({ network: key.replace(/[^\w-]/g, '').toLowerCase() || 'share', source, text });
  }
  return links;
}

/** A share link for one item: `{URL}` and `{TITLE}` filled in, each encoded as one URL component. */
export function shareHref(link: SocialLink, url: string, title: string): string {
  return link.source.replace(/\{URL\}/g, encodeURIComponent(url)).replace(/\{TITLE\}/g, encodeURIComponent(title));
}

export function canGo(direction: -1 | 1, index: number, count: number): boolean {
  if (count < 2) return false;
  if (canLoop(count)) return true;
  return direction < 0 ? index > 0 : index < count - 1;
}

// ---- settings --------------------------------------------------------------------------------------------------

export const TEXTS = {
  imageError: 'An error occurred when trying to load photo.',
  ajaxError: 'An error occurred when trying to load contents.',
  loading: 'Loading…',
} as const;

export interface Texts {
  close: string;
  enterFullscreen: string;
  exitFullscreen: string;
  slideShow: string;
  next: string;
  previous: string;
}

export const DEFAULT_TEXTS: Texts = {
  close: 'Press Esc to close',
  enterFullscreen: 'Enter Fullscreen (Shift+Enter)',
  exitFullscreen: 'Exit Fullscreen (Shift+Enter)',
  slideShow: 'Slideshow',
  next: 'Next',
  previous: 'Previous',
};

const SPEEDS: Record<string, number> = { fast: 100, normal: 400, slow: 800 };
const speed: FieldSpec<number> = {
  read: (v) => (typeof v === 'string' && v.trim().toLowerCase() in SPEEDS ? SPEEDS[v.trim().toLowerCase()] : undefined),
  fallback: 400,
  expected: '"fast", "normal" or "slow"',
};
const path: FieldSpec<'horizontal' | 'vertical'> = {
  read: (v) => (v === 'horizontal' || v === 'vertical' ? v : undefined),
  fallback: 'horizontal',
  expected: '"horizontal" or "vertical"',
};
const positive = (fallback: number): FieldSpec<number> => ({
  read: (v) => {
    const n = num(fallback).read(v);
    return n !== undefined && n > 0 ? n : undefined;
  },
  fallback,
  expected: 'a positive number',
});
const opacity: FieldSpec<number> = {
  read: (v) => {
    const n = num(0.85).read(v);
    return n !== undefined && n >= 0 && n <= 1 ? n : undefined;
  },
  fallback: 0.85,
  expected: 'a number from 0 to 1',
};
const objectField: FieldSpec<Record<string, unknown>> = {
  read: (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined),
  fallback: {},
  expected: 'an object of texts',
};

/** PHP prints an empty array as `[]`: that is "no links", not garbage. */
const socialField: FieldSpec<Record<string, unknown>> = {
  read: (v) => (Array.isArray(v) && v.length === 0 ? {} : objectField.read(v)),
  fallback: {},
  expected: 'an object of {source, text} share links',
};

export interface Settings {
  status_lightbox: boolean;
  lightbox_gallery: boolean;
  lightbox_autoplay: boolean;
  lightbox_slideshow_speed: number;
  lightbox_animation_speed: number;
  lightbox_arrows: boolean;
  lightbox_skin: string;
  lightbox_path: 'horizontal' | 'vertical';
  lightbox_opacity: number;
  lightbox_title: boolean;
  lightbox_desc: boolean;
  lightbox_social: boolean;
  lightbox_social_links: Record<string, unknown>;
  lightbox_deeplinking: boolean;
  lightbox_post_images: boolean;
  l10n: Record<string, unknown>;
}

const SETTINGS_SPEC: Spec<Settings> = {
  status_lightbox: flag(true),
  lightbox_gallery: flag(true),
  lightbox_autoplay: flag(false),
  lightbox_slideshow_speed: positive(5000),
  lightbox_animation_speed: speed,
  lightbox_arrows: flag(true),
  lightbox_skin: str('metro-white'),
  lightbox_path: path,
  lightbox_opacity: opacity,
  lightbox_title: flag(true),
  lightbox_desc: flag(true),
  lightbox_social: flag(false),
  lightbox_social_links: socialField,
  lightbox_deeplinking: flag(true),
  lightbox_post_images: flag(true),
  l10n: objectField,
};

const TEXT_SPEC: Spec<Texts> = {
  close: str(DEFAULT_TEXTS.close),
  enterFullscreen: str(DEFAULT_TEXTS.enterFullscreen),
  exitFullscreen: str(DEFAULT_TEXTS.exitFullscreen),
  slideShow: str(DEFAULT_TEXTS.slideShow),
  next: str(DEFAULT_TEXTS.next),
  previous: str(DEFAULT_TEXTS.previous),
};

export interface VideoSize {
  lightbox_video_width: number;
  lightbox_video_height: number;
}

/** `fusionLightboxVars` (with its l10n texts) and `fusionLightboxVideoVars`; malformed fields warn and default. */
export function readLightboxConfig(vars: unknown, videoVars: unknown): { settings: Settings; texts: Texts; video: VideoSize } {
  const settings = readSettings(vars, SETTINGS_SPEC, WIDGET, 'fusionLightboxVars');
  const texts = readSettings(
    vars && typeof vars === 'object' ? (vars as { l10n?: unknown }).l10n : undefined,
    TEXT_SPEC,
    WIDGET,
    'fusionLightboxVars.l10n',
  );
  for (const key of Object.keys(texts) as (keyof Texts)[]) if (!texts[key].trim()) texts[key] = DEFAULT_TEXTS[key];
  const video = readSettings(
    videoVars,
    { lightbox_video_width: positive(1280), lightbox_video_height: positive(720) },
    WIDGET,
    'fusionLightboxVideoVars',
  );
  return { settings, texts, video };
}
