/**
 * WP Rocket's beacon, the pure rules: preconditions, the cached-page marker, candidate boxes and their order,
 * background images, the lazy-render pick, the final status and the report's fields. No DOM here.
 */

export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
  width: number;
  height: number;
}

export interface Screen {
  width: number;
  height: number;
}

export interface Thresholds {
  isMobile: boolean;
  width: number;
  height: number;
}

/** Mobile cache variant: a screen no larger than the limits; desktop: no smaller. Anything else is the other device. */
export function screenMatches(screen: Screen, t: Thresholds): boolean {
  return t.isMobile ? screen.width <= t.width && screen.height <= t.height : screen.width >= t.width && screen.height >= t.height;
}

/** The comment after `</html>` says whether WP Rocket served this page from its cache. */
export const isCachedMarker = (comment: string | null | undefined) => typeof comment === 'string' && comment.includes('Debug: cached');

export function intersectsViewport(box: Box, screen: Screen): boolean {
  return box.bottom >= 0 && box.right >= 0 && box.top <= screen.height && box.left <= screen.width;
}

/** What of the box the first screen shows; a negative left or top is not clipped, as the original. */
export function visibleArea(box: Box, screen: Screen): number {
  return Math.min(box.width, screen.width - box.left) * Math.min(box.height, screen.height - box.top);
}

export interface ImageInfo {
  type: string;
  src: string | { src: string }[];
  srcset: string;
  sizes: string;
  current_src: string;
  sources: { srcset: string; media: string; type: string; sizes: string }[];
  bg_set: { src: string }[];
}

export function emptyInfo(): ImageInfo {
  return { type: '', src: '', srcset: '', sizes: '', current_src: '', sources: [], bg_set: [] };
}

/** The URLs of a computed `background-image` value, in order. */
export function backgroundUrls(value: string): string[] {
  const urls: string[] = [];
  for (const match of value.matchAll(/url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)]*?))\s*\)/g)) {
    const url = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (url) urls.push(url);
  }
  return urls;
}

/**
 * Info for an element's background: the first non-`none` value of the element, its ::after, its ::before.
 * Undefined without a background image or for a `data:` image.
 */
export function backgroundInfo(values: readonly string[]): ImageInfo | undefined {
  const value = values.find((v) => v && v !== 'none');
  if (!value) return undefined;
  const urls = backgroundUrls(value);
  if (urls.length === 0 || urls[0]!.startsWith('data:')) return undefined;
  const bg_set = urls.map((src) => ({ src }));
  const info = emptyInfo();
  if (value.includes('image-set(')) return { ...info, type: 'bg-img-set', src: bg_set, bg_set };
  return { ...info, type: 'bg-img', src: urls[0]!, bg_set };
}

export interface LcpEntry extends ImageInfo {
  label: 'lcp' | 'above-the-fold';
}

const sameSrc = (a: ImageInfo['src'], b: ImageInfo['src']) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/**
 * Candidates in the order of their visible area (largest first, stable): the first with info is the LCP, the
 * others above the fold unless their `src` is already listed.
 */
export function selectLcp(candidates: readonly { area: number; info: ImageInfo | undefined }[]): LcpEntry[] {
  const ordered = candidates.map((c, i) => ({ ...c, i })).sort((a, b) => b.area - a.area || a.i - b.i);
  const out: LcpEntry[] = [];
  for (const { info } of ordered) {
    if (!info) continue;
    if (out.length === 0) out.push({ ...info, label: 'lcp' });
    else if (!out.some((e) => sameSrc(e.src, info.src))) out.push({ ...info, label: 'above-the-fold' });
  }
  return out;
}

/** How far below the first screen a box starts (never negative). */
export function distanceBelowFold(boxTop: number, scrollY: number, viewportHeight: number): number {
  return Math.max(0, boxTop + scrollY - viewportHeight);
}

/** The outermost blocks starting at least `threshold` px below the first screen. */
export function isLazyRenderBlock(distance: number, parentDistance: number, threshold: number): boolean {
  return parentDistance < threshold && distance >= threshold;
}

export type BeaconStatus = 'success' | 'timeout' | 'script_error';

export const GUARD_MS = 10_000;

export function finalStatus(failed: boolean, elapsedMs: number): BeaconStatus {
  if (failed) return 'script_error';
  return elapsedMs >= GUARD_MS ? 'timeout' : 'success';
}

export interface Results {
  lcp: LcpEntry[] | null;
  lrc: string[] | null;
}

export interface BeaconIdentity {
  nonce: string;
  url: string;
  isMobile: boolean;
}

/** The fields of both requests, in the order WP Rocket's script appends them. */
export function checkFields(id: BeaconIdentity): [string, string][] {
  return [
    ['action', 'rocket_check_beacon'],
    ['rocket_beacon_nonce', id.nonce],
    ['url', id.url],
    ['is_mobile', String(id.isMobile)],
  ];
}

export function reportFields(id: BeaconIdentity, status: BeaconStatus, results: Results): [string, string][] {
  return [
    ['action', 'rocket_beacon'],
    ['rocket_beacon_nonce', id.nonce],
    ['url', id.url],
    ['is_mobile', String(id.isMobile)],
    ['status', status],
    ['results', JSON.stringify(results)],
  ];
}

/** `rocket_check_beacon`'s answer: what is already stored. Anything unexpected counts as "not stored". */
export function storedFromCheck(answer: unknown): { lcp: boolean; lrc: boolean } {
  const data = answer && typeof answer === 'object' ? (answer as { success?: unknown; data?: unknown }) : undefined;
  if (!data || data.success !== true || !data.data || typeof data.data !== 'object') return { lcp: false, lrc: false };
  const d = data.data as { lcp?: unknown; lrc?: unknown };
  return { lcp: d.lcp === true, lrc: d.lrc === true };
}
