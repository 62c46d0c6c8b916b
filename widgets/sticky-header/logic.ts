/** Rules of the sticky header: no DOM here. */
import { parseFlag, parseNumber } from '../../src/config/parse';

/** The shrunk header's height and how long the shrink takes (theme.md §7). */
export const SHRINK_HEIGHT = 65;
export const SHRINK_MS = 300;

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Avada's breakpoints: desktop above 1024 px, tablet above 700 px, mobile at 700 px and below. */
export function deviceFor(width: number): Device {
  return width > 1024 ? 'desktop' : width > 700 ? 'tablet' : 'mobile';
}
export const DESKTOP_QUERY = '(min-width: 1025px)';
export const TABLET_QUERY = '(min-width: 701px)';

/**
 * Legacy sticky types: 1 the whole header (v1–v3, v6, v7), 2 the menu bar of v4/v5 (or the whole header with
 * the `menu_and_logo` layout), 3 the side header (left or right).
 */
export type LegacyType = 1 | 2 | 3;

export function legacyType(input: { headerPosition: string; headerClasses: Iterable<string> }): LegacyType {
  if (input.headerPosition === 'left' || input.headerPosition === 'right') return 3;
  for (const c of input.headerClasses) if (c === 'fusion-header-v4' || c === 'fusion-header-v5') return 2;
  return 1;
}

/** Sticky on desktop when on; on tablet and mobile only when also enabled there. */
export function stickyOnDevice(settings: { desktop: boolean; tablet: boolean; mobile: boolean }, device: Device): boolean {
  return settings[device];
}

/** Stuck once the page scrolled past the trigger line (the admin bar and the offset covering the top). */
export function isStuck(scrollY: number, trigger: number): boolean {
  return scrollY > trigger;
}

/**
 * The scroll position past which the element sticks: its top in the document, less what already covers the
 * window's top (the fixed admin bar, the container's own sticky offset). Never negative.
 */
export function triggerPosition(input: { elementTop: number; adminBar: number; offset: number }): number {
  return Math.max(0, input.elementTop - input.adminBar - input.offset);
}

/** The side header (type 3) sticks when its bottom reaches the window's bottom. */
export function sideTrigger(input: { elementTop: number; elementHeight: number; viewportHeight: number; adminBar: number }): number {
  return Math.max(0, input.elementTop + input.elementHeight - input.viewportHeight + input.adminBar);
}

/** Shrink to 65 px only for the whole header (types 1 and 2 with the whole header), and only when it is taller. */
export function shrinks(input: { shrinkage: boolean; type: LegacyType; height: number }): boolean {
  return input.shrinkage && input.type !== 3 && input.height > SHRINK_HEIGHT;
}

/** The Layout Builder container's data attributes, read once; each malformed one reported by name. */
export interface BuilderSticky {
  offset: number;
  heightTransition: boolean;
  small: boolean;
  medium: boolean;
  large: boolean;
  parent: boolean;
  bottoming: boolean;
  transitionOffset: number;
  scrollOffset: number;
}

const BUILDER_FIELDS: { [K in keyof BuilderSticky]: { attr: string; kind: 'px' | 'flag'; fallback: BuilderSticky[K] } } = {
  offset: { attr: 'data-sticky-offset', kind: 'px', fallback: 0 },
  heightTransition: { attr: 'data-sticky-height-transition', kind: 'flag', fallback: false },
  small: { attr: 'data-sticky-small-visibility', kind: 'flag', fallback: false },
  medium: { attr: 'data-sticky-medium-visibility', kind: 'flag', fallback: false },
  large: { attr: 'data-sticky-large-visibility', kind: 'flag', fallback: true },
  parent: { attr: 'data-sticky-parent', kind: 'flag', fallback: false },
  bottoming: { attr: 'data-sticky-bottoming', kind: 'flag', fallback: false },
  transitionOffset: { attr: 'data-transition-offset', kind: 'px', fallback: 0 },
  scrollOffset: { attr: 'data-scroll-offset', kind: 'px', fallback: 0 },
};

/** A length in px ("20", "20px", 0); undefined otherwise. */
export function parsePx(value: string): number | undefined {
  const n = parseNumber(value.trim().replace(/px$/i, ''));
  return n !== undefined && n >= 0 && n < 100_000 ? n : undefined;
}

export function readBuilderSticky(attr: (name: string) => string | null, warn: (field: string, message: string) => void): BuilderSticky {
  const out = {} as Record<keyof BuilderSticky, number | boolean>;
  for (const [key, field] of Object.entries(BUILDER_FIELDS) as [keyof BuilderSticky, (typeof BUILDER_FIELDS)[keyof BuilderSticky]][]) {
    const raw = attr(field.attr);
    if (raw === null || raw === '') {
      out[key] = field.fallback;
      continue;
    }
    const parsed = field.kind === 'px' ? parsePx(raw) : parseFlag(raw);
    if (parsed === undefined)
      warn(
        field.attr,
        `expected ${field.kind === 'px' ? 'a length in px' : 'a flag'}, got ${JSON.stringify(raw)}; using ${JSON.stringify(field.fallback)}`,
      );
    out[key] = parsed ?? field.fallback;
  }
  return out as unknown as BuilderSticky;
}

export function builderOnDevice(sticky: BuilderSticky, device: Device): boolean {
  return device === 'desktop' ? sticky.large : device === 'tablet' ? sticky.medium : sticky.small;
}

/**
 * Where a Layout Builder container with `data-sticky-parent` and `data-sticky-bottoming` is released: the scroll
 * position at which its bottom, stuck `stickyTop` px below the window's top, would pass its parent's bottom. From
 * there it rests at the bottom of its parent and leaves with it (sticky-kit's "bottoming", which Avada's names
 * follow). Without both flags it sticks for the rest of the page: undefined.
 */
export function releaseLine(input: {
  parent: boolean;
  bottoming: boolean;
  parentBottom: number;
  height: number;
  stickyTop: number;
}): number | undefined {
  if (!input.parent || !input.bottoming) return undefined;
  return Math.max(0, input.parentBottom - input.height - input.stickyTop);
}
