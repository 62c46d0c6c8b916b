import { flag, str, type FieldSpec } from '../../src/config/globals';
import { DEFAULT_BREAKPOINT, parseBreakpoint, parseMobileDesign, type MobileDesign } from './logic';

const breakpoint: FieldSpec<number> = { read: parseBreakpoint, fallback: DEFAULT_BREAKPOINT, expected: 'a width in px' };
const design: FieldSpec<MobileDesign> = { read: parseMobileDesign, fallback: 'classic', expected: '"classic", "modern" or "flyout"' };
export const MENU_SPEC = {
  side_header_break_point: breakpoint,
  mobile_menu_design: design,
  mobile_submenu_open: str('Open submenu of %s'),
  mobile_submenu_close: str('Close submenu of %s'),
  dropdown_goto: str('Go to...'),
  mobile_nav_cart: str('Shopping Cart'),
  submenu_slideout: flag(true),
  // Avada prints "site_width", "custom_width" (a mega menu of its own width, data-custom-width or as rendered) or
  // "viewport_width" ("viewport" in older versions); the first two place the panel the same way here.
  megamenu_base_width: {
    read: (v: unknown) =>
      v === 'site_width' || v === 'custom_width' ? 'site_width' : v === 'viewport' || v === 'viewport_width' ? 'viewport' : undefined,
    fallback: 'site_width',
    expected: '"site_width", "custom_width" or "viewport_width"',
  } as FieldSpec<'site_width' | 'viewport'>,
};
export type MenuVars = { [K in keyof typeof MENU_SPEC]: (typeof MENU_SPEC)[K]['fallback'] };

export const nameOf = (link: Element) => (link.querySelector('.menu-text')?.textContent ?? link.textContent ?? '').trim();
