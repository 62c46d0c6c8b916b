/**
 * The WAI-ARIA tabs rules shared by WooCommerce's product tabs and Avada's tabs widget: which tab a key moves
 * to, and whether a tab list is laid out vertically. Pure: no DOM, so both are tested without layout.
 */
export type Orientation = 'horizontal' | 'vertical';
export type Direction = 'ltr' | 'rtl';

export interface TabRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * A declared `aria-orientation` wins. Otherwise the list is vertical when every tab sits below the previous one
 * (a wrapped row of horizontal tabs has side-by-side neighbours, so it stays horizontal). Without layout (all
 * rects empty, or a single tab) it is horizontal, as WooCommerce's and Avada's default.
 */
export function orientationOf(rects: readonly TabRect[], declared?: string | null): Orientation {
  const word = declared?.trim().toLowerCase();
  if (word === 'vertical' || word === 'horizontal') return word;
  const laidOut = rects.filter((r) => r.width > 0 || r.height > 0);
  if (laidOut.length < 2 || laidOut.length !== rects.length) return 'horizontal';
  for (let i = 1; i < laidOut.length; i++) {
    const prev = laidOut[i - 1]!;
    const next = laidOut[i]!;
    if (next.top < prev.top + prev.height / 2) return 'horizontal';
  }
  return 'vertical';
}

/**
 * The index a key moves focus to, or undefined when the key is not a tabs key for this orientation. Arrows wrap;
 * Left and Right swap in right-to-left documents; Home and End go to the ends.
 */
export function targetIndex(
  key: string,
  current: number,
  count: number,
  orientation: Orientation,
  direction: Direction = 'ltr',
): number | undefined {
  if (count <= 0) return undefined;
  const from = current >= 0 && current < count ? current : 0;
  const step = (delta: number) => (from + delta + count) % count;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowRight':
      return orientation === 'horizontal' ? step(direction === 'rtl' ? -1 : 1) : undefined;
    case 'ArrowLeft':
      return orientation === 'horizontal' ? step(direction === 'rtl' ? 1 : -1) : undefined;
    case 'ArrowDown':
      return orientation === 'vertical' ? step(1) : undefined;
    case 'ArrowUp':
      return orientation === 'vertical' ? step(-1) : undefined;
    default:
      return undefined;
  }
}

/** Manual activation: focus moves with the arrows, Enter and Space select. */
export function isActivationKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}

/** The id a tab link points at (`#tab-description` → `tab-description`), decoded; undefined for none. */
export function idFromHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  const at = href.indexOf('#');
  if (at < 0) return undefined;
  const raw = href.slice(at + 1);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A location hash as an id (`#tab-reviews` → `tab-reviews`), or undefined for an empty hash. */
export function idFromHash(hash: string): string | undefined {
  return idFromHref(hash.startsWith('#') ? hash : `#${hash}`);
}
