/** Rules of the vertical menu widget: no DOM here. */

export const SLIDE_MS = 200;

/** Classes WordPress puts on the current page's item and its ancestors (page lists and nav menus). */
export const CURRENT_BRANCH = [
  'current_page_item',
  'current_page_ancestor',
  'current-menu-item',
  'current-menu-ancestor',
  'current_page_parent',
];

/** A submenu starts open when its item is on the current page's branch. */
export function startsOpen(itemClasses: Iterable<string>): boolean {
  for (const c of itemClasses) if (CURRENT_BRANCH.includes(c)) return true;
  return false;
}

/** `hover` in the widget's classes opens on hover (after 500 ms) as well; click always works. */
export function opensOnHover(widgetClasses: Iterable<string>): boolean {
  for (const c of widgetClasses) if (c === 'hover' || c === 'fusion-vertical-menu-widget-hover') return true;
  return false;
}

/** The slide's length: none under reduced motion. */
export function slideDuration(reducedMotion: boolean): number {
  return reducedMotion ? 0 : SLIDE_MS;
}
