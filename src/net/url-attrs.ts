import { httpUrl } from './url';

/**
 * URL attribute values taken from JSON or data attributes (variation images, gallery slides, captcha images), each
 * through the one check in `./url`. The value is kept as written when it passes: the browser resolves the same text
 * against the same page, and rewriting an unchanged `src` would restart the image's loading.
 */

/** For `href`, `src`, `location`: the value when it is an http(s) URL, else null. */
export function httpUrlText(value: unknown, base?: string): string | null {
  return httpUrl(value, base) ? (value as string).trim() : null;
}

/**
 * For an image's `src` only: http(s), or the `data:image/…` placeholder lazy-load plugins print (an image cannot
 * run one). Never for `href` or navigation.
 */
export function imageUrlText(value: unknown, base?: string): string | null {
  if (typeof value === 'string' && /^\s*data:image\/[^\s]*\s*$/i.test(value)) return value.trim();
  return httpUrlText(value, base);
}

export interface CheckedSrcset {
  /** The candidates that passed, as written ("" when none did). */
  srcset: string;
  /** How many candidates were refused. */
  refused: number;
}

/**
 * A `srcset` with every candidate's URL through the check; refused candidates are dropped. The URL is the run of
 * non-space characters (it may hold commas, as image CDNs' do), trailing commas end a candidate without
 * descriptors, otherwise the descriptors run to the next comma: the HTML parsing rules, without the parts that do
 * not affect which URLs are present.
 */
export function checkedSrcset(value: unknown, base?: string): CheckedSrcset | null {
  if (typeof value !== 'string') return null;
  const kept: string[] = [];
  let refused = 0;
  let i = 0;
  const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
  while (i < value.length) {
    while (i < value.length && (isSpace(value[i]) || value[i] === ',')) i++;
    if (i >= value.length) break;
    const start = i;
    while (i < value.length && !isSpace(value[i])) i++;
    let url = value.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const from = i;
      while (i < value.length && value[i] !== ',') i++;
      descriptors = value.slice(from, i).trim().replace(/\s+/g, ' ');
    }
    if (httpUrl(url, base)) kept.push(descriptors ? `${url} ${descriptors}` : url);
    else refused++;
  }
  return { srcset: kept.join(', '), refused };
}
