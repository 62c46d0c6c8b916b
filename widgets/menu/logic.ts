/** Rules of the header and menu widgets: no DOM here. */
import { parseNumber } from '../../src/config/parse';

/** Hover opens a submenu only after the pointer rested this long (theme.md §7 "hover delay"). */
export const HOVER_DELAY_MS = 500;
/** Avada's side-header / mobile-menu breakpoint when the page prints none. */
export const DEFAULT_BREAKPOINT = 800;

export type MobileDesign = 'classic' | 'modern' | 'flyout';

export function parseMobileDesign(value: unknown): MobileDesign | undefined {
  return value === 'classic' || value === 'modern' || value === 'flyout' ? value : undefined;
}

/** A breakpoint in px: a positive number or numeric string ("800", "800px"). */
export function parseBreakpoint(value: unknown): number | undefined {
  const n = typeof value === 'string' ? parseNumber(value.trim().replace(/px$/i, '')) : parseNumber(value);
  return n !== undefined && n >= 0 && n < 10_000 ? n : undefined;
}

/** The menu collapses to its mobile toggle at or below its breakpoint. */
export function isCollapsed(viewportWidth: number, breakpoint: number): boolean {
  return viewportWidth <= breakpoint;
}

/** "Open submenu of %s" with the item's name; a template without %s gets the name appended. */
export function submenuLabel(template: string, name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  return template.includes('%s') ? template.replace('%s', clean) : `${template} ${clean}`.trim();
}

/** The v6 flyout header: closed, or showing the menu or the search. */
export type FlyoutState = 'closed' | 'menu' | 'search';

/** A toggle opens its panel, switches from the other one, or closes its own. */
export function flyoutNext(state: FlyoutState, toggle: 'menu' | 'search'): FlyoutState {
  return state === toggle ? 'closed' : toggle;
}

/** The exact classes Avada puts on `.fusion-header-v6` for each state. */
export function flyoutClasses(state: FlyoutState): string[] {
  if (state === 'menu') return ['fusion-flyout-active', 'fusion-flyout-menu-active'];
  if (state === 'search') return ['fusion-flyout-active', 'fusion-flyout-search-active'];
  return [];
}
export const FLYOUT_STATE_CLASSES = ['fusion-flyout-active', 'fusion-flyout-menu-active', 'fusion-flyout-search-active'];

export type MegaWidth = 'site_width' | 'viewport' | 'custom';

export function parseMegaWidth(value: string | null): MegaWidth | undefined {
  return value === 'site_width' || value === 'viewport' || value === 'custom' ? value : undefined;
}

/**
 * Where a mega menu goes, in px relative to its menu item's left edge, kept inside `#wrapper`: `viewport` spans
 * the wrapper, `site_width` the site width centred in it, `custom` its own width starting under the item and
 * pulled left when it would overflow.
 */
export function megaPosition(input: {
  mode: MegaWidth;
  wrapperLeft: number;
  wrapperWidth: number;
  itemLeft: number;
  siteWidth: number;
  customWidth: number;
}): { left: number; width: number } {
  const { mode, wrapperLeft, wrapperWidth, itemLeft } = input;
  if (mode === 'viewport') return { left: wrapperLeft - itemLeft, width: wrapperWidth };
  const width = Math.min(wrapperWidth, Math.max(0, mode === 'site_width' ? input.siteWidth : input.customWidth) || wrapperWidth);
  if (mode === 'site_width') return { left: wrapperLeft + (wrapperWidth - width) / 2 - itemLeft, width };
  const overflow = itemLeft + width - (wrapperLeft + wrapperWidth);
  const left = overflow > 0 ? -overflow : 0;
  return { left: Math.max(wrapperLeft - itemLeft, left), width };
}

/** How long a mobile menu or submenu slides (jQuery's slideToggle in Avada; ours: 300 ms, none under reduced motion). */
export const MOBILE_SLIDE_MS = 300;

/**
 * What the legacy header's mobile menu is made of, per design and `submenu_slideout`:
 * - classic: a full-width "Go to..." bar (`.fusion-mobile-selector`, text `dropdown_goto`) opens the list in
 *   place (no slide), unless the header prints a bars icon, which then does (the bar would repeat it);
 * - modern: the bars icon alone opens the list, which slides; a search icon opens the mobile search;
 * - flyout: the v6 flyout toggles (flyoutHeader), no mobile list of ours.
 * `submenu_slideout` on: each parent item gets an open/close button and its submenu slides; off: submenus show
 * open, without buttons (Avada's "all expanded" mobile menu).
 */
export function mobileMenuPlan(input: { design: MobileDesign; slideout: boolean; reducedMotion: boolean }): {
  selectorBar: boolean;
  submenuButtons: boolean;
  submenusOpen: boolean;
  menuSlideMs: number;
  submenuSlideMs: number;
} {
  const motion = input.reducedMotion ? 0 : MOBILE_SLIDE_MS;
  return {
    selectorBar: input.design === 'classic',
    submenuButtons: input.slideout,
    submenusOpen: !input.slideout,
    menuSlideMs: input.design === 'modern' ? motion : 0,
    submenuSlideMs: input.slideout ? motion : 0,
  };
}
