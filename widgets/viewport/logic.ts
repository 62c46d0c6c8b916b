/**
 * Avada's responsive modes: desktop above 1024 px, tablet above 700 px, else mobile (theme.md §7, §9). Media
 * queries rather than resize polling: the browser tells us when a boundary is crossed.
 */
export type ViewportMode = 'desktop' | 'tablet' | 'mobile';

export const MODES: readonly ViewportMode[] = ['desktop', 'tablet', 'mobile'];
export const DESKTOP_QUERY = '(min-width: 1025px)';
export const TABLET_QUERY = '(min-width: 701px)';
/** The complement of TABLET_QUERY: the mobile mode. */
export const MOBILE_QUERY = '(max-width: 700px)';

export function modeFromQueries(desktop: boolean, tabletOrWider: boolean): ViewportMode {
  return desktop ? 'desktop' : tabletOrWider ? 'tablet' : 'mobile';
}

/** For environments without matchMedia: the same boundaries on a CSS pixel width. */
export function modeForWidth(width: number): ViewportMode {
  return modeFromQueries(width > 1024, width > 700);
}

export const modeClass = (mode: ViewportMode) => `sf-viewport-${mode}`;
