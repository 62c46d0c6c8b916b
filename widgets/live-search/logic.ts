import * as z from 'zod/mini';
import { flag, readSettings, str, type FieldSpec, type Spec } from '../../src/config/globals';
import { parseFlag } from '../../src/config/parse';
import { fromSchema } from '../../src/config/schema';
import { httpUrl } from '../../src/net/url';
import type { FormBody } from '../../src/net/request';
import { decodeEntities } from '../../src/text/entities';

/**
 * Live search rules, no DOM: the settings (global, then the element's hidden inputs), the request, the answer,
 * the cache key. Contract: theme.md §3.
 */

export const ACTION = 'live_search_retrieve_posts';
export const DEBOUNCE_MS = 500;
export const HIDE_TRANSITION_MS = 300;
export const DEFAULT_NO_RESULTS = 'No search results match your query. Please try again';

export interface LiveSearchSettings {
  ajaxurl: string;
  noResults: string;
  minChars: number;
  perPage: number;
  showImage: boolean;
  showPostType: boolean;
  postTypes: string[];
  titlesOnly: boolean;
  scrollbar: boolean;
}

/** A whole number, as a number or a digit string ("4", " 10 "): WordPress prints numbers as strings. */
const wholeNumber = z.pipe(
  z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\s*\d+\s*$/))]),
  z.transform((value) => Number(value)),
);
/** admin-ajax as printed; anything that is not an http(s) URL (relative ones resolve against the page) is refused. */
const endpoint = (fallback: string): FieldSpec<string> => ({
  read: (value) => (typeof value === 'string' && httpUrl(value) ? value.trim() : undefined),
  fallback,
  expected: 'an http(s) URL',
});
const wholeCount = (fallback: number): FieldSpec<number> => fromSchema(wholeNumber, fallback, 'a whole number');

interface GlobalShape {
  ajaxurl: string;
  no_search_results: string;
  min_char_count: number;
  per_page: number;
  show_feat_img: boolean;
  display_post_type: boolean;
}

const GLOBAL_SPEC: Spec<GlobalShape> = {
  ajaxurl: endpoint('/wp-admin/admin-ajax.php'),
  no_search_results: str(DEFAULT_NO_RESULTS),
  min_char_count: wholeCount(4),
  per_page: wholeCount(100),
  show_feat_img: flag(true),
  display_post_type: flag(true),
};

/** `avadaLiveSearchVars` as printed; a malformed field warns (naming it) and takes Avada's default. */
export function readGlobalSettings(raw: unknown, owner = 'live-search'): LiveSearchSettings {
  const g = readSettings(raw, GLOBAL_SPEC, owner, 'avadaLiveSearchVars');
  return {
    ajaxurl: g.ajaxurl,
    noResults: g.no_search_results.trim() ? g.no_search_results : DEFAULT_NO_RESULTS,
    minChars: g.min_char_count,
    perPage: g.per_page || GLOBAL_SPEC.per_page.fallback,
    showImage: g.show_feat_img,
    showPostType: g.display_post_type,
    postTypes: [],
    titlesOnly: false,
    scrollbar: false,
  };
}

type Overridable = 'minChars' | 'perPage' | 'showImage' | 'showPostType' | 'titlesOnly' | 'scrollbar';

/**
 * The builder element's hidden inputs, by name. Older Avada printed `perPage` and `searchLimiPostTitles` (sic);
 * both spellings are read, the current one wins when both are there.
 */
const OVERRIDES: Record<string, { key: Overridable; kind: 'count' | 'flag' | 'scrollbar'; rank: number }> = {
  live_min_character: { key: 'minChars', kind: 'count', rank: 1 },
  live_posts_per_page: { key: 'perPage', kind: 'count', rank: 1 },
  perPage: { key: 'perPage', kind: 'count', rank: 0 },
  live_search_display_featured_image: { key: 'showImage', kind: 'flag', rank: 1 },
  live_search_display_post_type: { key: 'showPostType', kind: 'flag', rank: 1 },
  live_results_scrollbar: { key: 'scrollbar', kind: 'scrollbar', rank: 1 },
  search_limit_to_post_titles: { key: 'titlesOnly', kind: 'flag', rank: 1 },
  searchLimiPostTitles: { key: 'titlesOnly', kind: 'flag', rank: 0 },
};
const POST_TYPE_FIELDS = new Set(['post_type[]', 'post_type']);

/**
 * The builder prints its scrollbar setting as "default" or "custom" (no input for "hidden"): any such word turns
 * the scrolling list on; "hidden" and the false flags turn it off. Undefined for anything else.
 */
function scrollbarOn(value: string): boolean | undefined {
  const word = value.trim();
  if (/^hidden$/i.test(word)) return false;
  return parseFlag(word) ?? (/^[\w-]+$/.test(word) ? true : undefined);
}

/** The names of the hidden inputs this widget reads (the view's selector). */
export const OVERRIDE_FIELDS = [...Object.keys(OVERRIDES), ...POST_TYPE_FIELDS];

/**
 * Apply the element's hidden inputs (name/value pairs in document order) over the global settings. A value that
 * does not parse warns with the input's name and keeps the global's value.
 */
export function applyOverrides(
  base: LiveSearchSettings,
  inputs: readonly (readonly [string, string])[],
  warn: (field: string, message: string) => void,
): LiveSearchSettings {
  const out: LiveSearchSettings = { ...base, postTypes: [...base.postTypes] };
  const rankOf: Partial<Record<Overridable, number>> = {};
  const postTypes: string[] = [];
  for (const [name, value] of inputs) {
    if (POST_TYPE_FIELDS.has(name)) {
      const type = value.trim();
      if (type && !postTypes.includes(type)) postTypes.push(type);
      continue;
    }
    const field = OVERRIDES[name];
    if (!field || (rankOf[field.key] ?? -1) > field.rank) continue;
    if (field.kind === 'count') {
      const parsed = wholeNumber.safeParse(value);
      if (!parsed.success || (field.key === 'perPage' && parsed.data === 0)) {
        warn(name, `expected a whole number, got ${JSON.stringify(value)}; using ${out[field.key]}`);
        continue;
      }
      (out[field.key] as number) = parsed.data;
    } else {
      const parsed = field.kind === 'scrollbar' ? scrollbarOn(value) : parseFlag(value);
      if (parsed === undefined) {
        warn(
          name,
          `expected ${field.kind === 'scrollbar' ? '"default", "custom", "hidden" or ' : ''}a flag ("1", "0", "yes", "no"), got ${JSON.stringify(value)}; using ${out[field.key] ? '"1"' : '"0"'}`,
        );
        continue;
      }
      (out[field.key] as boolean) = parsed;
    }
    rankOf[field.key] = field.rank;
  }
  if (postTypes.length) out.postTypes = postTypes;
  return out;
}

/**
 * The class Avada's script gave the list for the element's `live_results_scrollbar` input,
 * `live-results-scrollbar-{value}` (the theme styles it), or "" without one.
 */
export function scrollbarClass(inputs: readonly (readonly [string, string])[]): string {
  const value = inputs.find(([name]) => name === 'live_results_scrollbar')?.[1].trim() ?? '';
  return /^[\w-]+$/.test(value) ? `live-results-scrollbar-${value}` : '';
}

/** The text that is searched: trimmed, and only once it is at least the minimum length (never empty). */
export function searchable(value: string, minChars: number): string | undefined {
  const query = value.trim();
  return query.length >= Math.max(1, minChars) ? query : undefined;
}

const flagValue = (on: boolean) => (on ? '1' : '0');

/** The POST fields, exactly the current Avada names (not the old `perPage` / `searchLimiPostTitles`). */
export function requestBody(query: string, settings: LiveSearchSettings): FormBody {
  return {
    action: ACTION,
    search: query,
    per_page: String(settings.perPage),
    show_feat_img: flagValue(settings.showImage),
    display_post_type: flagValue(settings.showPostType),
    'post_type[]': settings.postTypes,
    search_limit_to_post_titles: flagValue(settings.titlesOnly),
  };
}

/**
 * Answers are kept for the page's life per (query text, post types), as the theme does. The other request
 * fields go into the key too, so two elements on one page that ask differently never share an answer.
 */
export function cacheKey(query: string, settings: LiveSearchSettings): string {
  const { ajaxurl, perPage, showImage, showPostType, titlesOnly } = settings;
  return JSON.stringify([query, settings.postTypes, ajaxurl, perPage, showImage, showPostType, titlesOnly]);
}

export interface SearchResult {
  id: string;
  title: string;
  /** The post type label, or "". */
  type: string;
  /** `post_url` as the answer wrote it (trimmed), once it is known to lead to an http(s) URL: the link's href. */
  url: string;
  /** An http(s) image URL, or "". */
  image: string;
}

const itemSchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  type: z.optional(z.unknown()),
  title: z.optional(z.unknown()),
  post_url: z.optional(z.unknown()),
  image_url: z.optional(z.unknown()),
});
/** An array, or (some versions, some filters) an object keyed by index. */
export const answerSchema = z.union([z.array(z.unknown()), z.record(z.string().check(z.regex(/^\d+$/)), z.unknown())]);

/**
 * Tags removed, entities decoded: the theme inserted titles as HTML; we show the text a shopper would have seen.
 * Only what the HTML parser takes for a tag or a comment goes ("<" then a letter, "/" or "!"); "Boots < 40" stays.
 */
export function titleText(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  return decodeEntities(String(raw).replace(/<!--[\s\S]*?-->|<[a-z/!][^>]*>/gi, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export interface ParsedAnswer {
  results: SearchResult[];
  /** Items left out: not an object, no title, or a link that is not http(s). */
  dropped: number;
}

/** The answer's items in order; anything unusable is dropped and counted. `base` resolves relative links. */
export function parseAnswer(data: z.infer<typeof answerSchema>, base: string): ParsedAnswer {
  const items = Array.isArray(data)
    ? data
    : Object.entries(data)
        .sort(([a], [b]) => (Number(a) || 0) - (Number(b) || 0))
        .map(([, item]) => item);
  const results: SearchResult[] = [];
  let dropped = 0;
  for (const item of items) {
    const parsed = itemSchema.safeParse(item);
    const url = parsed.success ? httpUrl(parsed.data.post_url, base) : null;
    const title = parsed.success ? titleText(parsed.data.title) : '';
    if (!parsed.success || !url || !title) {
      dropped += 1;
      continue;
    }
    const { id, type, image_url: image } = parsed.data;
    results.push({
      id: id === undefined ? String(results.length) : String(id),
      title,
      type: titleText(type),
      // href={post_url} (contract): the browser resolves it as the theme's own link did; the check above made sure
      // it is http(s) however it resolves (the scheme is in the text itself, or the page's).
      url: String(parsed.data.post_url).trim(),
      image: httpUrl(image, base)?.href ?? '',
    });
  }
  return { results, dropped };
}

/** What the polite status says once results change. */
export function statusText(count: number, noResults: string): string {
  if (count === 0) return noResults;
  return count === 1 ? '1 result' : `${count} results`;
}

/** The next active option for a key, or undefined when the key is not ours. -1 means none. */
export function moveActive(key: string, active: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
