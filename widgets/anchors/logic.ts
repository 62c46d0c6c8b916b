import { easeInExpo, easeOutExpo, type Easing } from '../../src/dom/easing';

/**
 * In-page anchors as Avada handles them (theme.md §8): which links, which to leave alone, where the page
 * scrolls to, and how. Pure: links are described by their URL and a few facts read from the DOM.
 */

export { ANCHOR_SCOPES } from './links';

/** Hashes other scripts own: chat widgets, multi-step forms, hash-bang routers. */
const SKIPPED_HASHES = new Set(['#hubspot-open-chat', '#previousStep', '#nextStep']);

/** Arrival marker: links to another page carry `#_id`, so the browser does not jump before we can scroll. */
export const ARRIVAL_PREFIX = '#_';

export interface LinkFacts {
  /** The link's absolute URL (`a.href`). */
  href: string;
  /** `avada-noscroll` on the link or an ancestor (menu items carry it on the `li`). */
  noScroll?: boolean;
  /** A tab link inside a mega menu: the tabs widget owns it. */
  megaMenuTab?: boolean;
}

export type AnchorAction = { kind: 'skip' } | { kind: 'same-page'; id: string; hash: string } | { kind: 'other-page'; url: string };

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** What a click on a handled link does, given the page's URL. */
export function anchorAction(link: LinkFacts, pageHref: string): AnchorAction {
  let url: URL;
  let page: URL;
  try {
    url = new URL(link.href, pageHref);
    page = new URL(pageHref);
  } catch {
    return { kind: 'skip' };
  }
  const hash = url.hash;
  if (!hash || hash === '#' || link.noScroll || link.megaMenuTab) return { kind: 'skip' };
  if (url.protocol !== page.protocol || url.host !== page.host) return { kind: 'skip' };
  if (hash.startsWith('#!') || hash.startsWith('#/') || SKIPPED_HASHES.has(hash) || hash.includes('-oc__')) return { kind: 'skip' };
  const id = decode(hash.slice(1));
  // A relative "#x" resolves with the page's own query (multilingual `?lang=de`), so that is the same page too.
  const samePage = url.pathname === page.pathname && (url.search === '' || url.search === page.search);
  if (samePage) return { kind: 'same-page', id, hash };
  return { kind: 'other-page', url: `${url.origin}${url.pathname}${url.search}${ARRIVAL_PREFIX}${hash.slice(1)}` };
}

/** The id a page was opened for with the arrival marker (`#_pricing` → `pricing`), else undefined. */
export function arrivalId(hash: string): string | undefined {
  if (!hash.startsWith(ARRIVAL_PREFIX) || hash.length <= ARRIVAL_PREFIX.length) return undefined;
  return decode(hash.slice(ARRIVAL_PREFIX.length));
}

/** Once arrived: the address as it should read, with the marker turned into a plain hash. */
export function arrivedUrl(href: string): string {
  const at = href.indexOf(ARRIVAL_PREFIX);
  return at < 0 ? href : `${href.slice(0, at)}#${href.slice(at + ARRIVAL_PREFIX.length)}`;
}

/** Arrival scrolls on load, 300 ms later when a blog element is still laying out its posts. */
export const arrivalDelay = (hasBlogShortcode: boolean) => (hasBlogShortcode ? 300 : 0);

export interface OffsetParts {
  adminBar: number;
  stickyHeader: number;
  custom: number;
}

/** Pixels kept clear above the target: the fixed admin bar, the sticky header and the site's own offset. */
const positive = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);

export function scrollOffset(parts: OffsetParts): number {
  return positive(parts.adminBar) + positive(parts.stickyHeader) + (Number.isFinite(parts.custom) ? parts.custom : 0);
}

/** Where the window scrolls to for a target whose top is `targetTop` (document coordinates). */
export function scrollDestination(targetTop: number, offset: number, maxScroll: number): number {
  return Math.round(Math.min(Math.max(0, targetTop - offset), Math.max(0, maxScroll)));
}

export interface ScrollPhase {
  /** 'halfway': to the middle between start and the target measured at the click; 'target': re-measured. */
  to: 'halfway' | 'target';
  duration: number;
  easing: Easing;
}

/**
 * Two phases: lazy images and sliders above the target change its position while the page moves, so the
 * second phase measures again. Under reduced motion: one instant jump.
 */
export function scrollPhases(reducedMotion: boolean): ScrollPhase[] {
  if (reducedMotion) return [{ to: 'target', duration: 0, easing: easeOutExpo }];
  return [
    { to: 'halfway', duration: 400, easing: easeInExpo },
    { to: 'target', duration: 450, easing: easeOutExpo },
  ];
}

export const halfway = (from: number, to: number) => Math.round(from + (to - from) / 2);

/** Avada's sticky-header shrink height (theme.md §7). */
export const SHRUNK_HEADER_HEIGHT = 65;
