import { defineWidget, type WidgetContext } from '../../src/widget';
import { readGlobal } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { createToggle, disclosureSet, firstFocusable, type DisclosureSet } from './disclosure';
import { MENU_SPEC, nameOf, type MenuVars } from './header-vars';
import { placeInWrapper } from './mega';
import { submenuLabel } from './logic';
import { mobileMenu } from './mobile';

/**
 * The legacy Avada header (`.fusion-header-wrapper`): main menu dropdowns and mega menus, the mobile menu
 * (classic, modern), the search box or overlay and the login box. The cart dropdown is its own widget
 * (header-cart), because the cart fragments may replace it; the v6 flyout toggles are their own too (flyout-header),
 * so a page without them does not load their code.
 */
const STYLES = `
.fusion-main-menu li.menu-item-has-children, .fusion-main-menu .fusion-menu-login-box, .fusion-main-menu .fusion-main-menu-search { position: relative; }
.fusion-mobile-selector { display: flex; align-items: center; justify-content: space-between; width: 100%; min-height: 44px; margin: 0; padding: 0 24px; border: 0; border-top: 1px solid rgba(0,0,0,.1); background: transparent; color: inherit; font: inherit; text-align: left; cursor: pointer; }
.fusion-mobile-selector .fusion-selector-down::after { content: ""; display: inline-block; width: .5em; height: .5em; border: solid currentColor; border-width: 0 2px 2px 0; transform: translateY(-25%) rotate(45deg); }
.fusion-mobile-selector[aria-expanded="true"] .fusion-selector-down::after { transform: translateY(15%) rotate(-135deg); }
.fusion-mobile-nav-holder li.sf-submenu-shown > .sub-menu { display: block; }
`;

/** A parent item whose link goes nowhere (`href="#"`, as a top bar's "Language" often is) is its own button. */
const goesNowhere = (link: Element) => {
  const href = link.getAttribute('href')?.trim();
  return !href || href === '#';
};

function dropdowns(menu: HTMLElement, set: DisclosureSet, vars: MenuVars, created: HTMLElement[]): void {
  for (const item of menu.querySelectorAll<HTMLElement>('li.menu-item-has-children, li.fusion-megamenu-menu')) {
    const link = item.querySelector<HTMLElement>(':scope > a');
    const panel = item.querySelector<HTMLElement>(':scope > .sub-menu, :scope > .fusion-megamenu-wrapper');
    if (!link || !panel) continue;
    let button = link;
    if (!goesNowhere(link)) {
      button = createToggle(submenuLabel(vars.mobile_submenu_open, nameOf(link)), 'sf-submenu-toggle');
      link.after(button);
      created.push(button);
    }
    const mega = panel.classList.contains('fusion-megamenu-wrapper');
    set.add({
      button,
      panel,
      item,
      openClass: 'expanded',
      hoverTarget: item,
      // A mega menu stays inside #wrapper (megamenu_base_width "viewport": spanning it), measured on opening only.
      onChange: mega
        ? (open) => open && placeInWrapper(panel, item, vars.megamenu_base_width === 'viewport' ? 'viewport' : 'custom', 0)
        : undefined,
    });
  }
}

/** A header item with a link or icon and a dropdown (search, login box). */
function headerBox(item: HTMLElement, set: DisclosureSet, vars: MenuVars, created: HTMLElement[], onOpen?: (open: boolean) => void): void {
  const link = item.querySelector<HTMLElement>(':scope > a');
  const panel = item.querySelector<HTMLElement>(':scope > .fusion-custom-menu-item-contents');
  if (!link || !panel) return;
  const href = link.getAttribute('href');
  let button: HTMLElement = link;
  // A real destination stays a link; a `#` icon becomes the button itself.
  if (href && href !== '#') {
    button = createToggle(
      submenuLabel(vars.mobile_submenu_open, nameOf(link) || link.getAttribute('aria-label') || ''),
      'sf-submenu-toggle',
    );
    link.after(button);
    created.push(button);
  }
  set.add({
    button,
    panel,
    item,
    openClass: 'expanded',
    onChange(open) {
      onOpen?.(open);
      if (open) firstFocusable(panel)?.focus();
    },
  });
}

function searchOverlay(menu: HTMLElement, item: HTMLElement, set: DisclosureSet, signal: AbortSignal): void {
  const icon = item.querySelector<HTMLElement>(':scope > a');
  const overlay = menu.querySelector<HTMLElement>('.fusion-overlay-search');
  if (!icon || !overlay) return;
  const search = set.add({
    button: icon,
    panel: overlay,
    onChange(open) {
      menu.classList.toggle('search-open', open);
      if (open) firstFocusable(overlay)?.focus();
    },
  });
  overlay.querySelector<HTMLElement>('.fusion-close-search')?.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      search.close();
      icon.focus();
    },
    { signal },
  );
}

export default defineWidget({
  mount(element, { signal }: WidgetContext) {
    const wrapper = element as HTMLElement;
    adoptStyles('legacy-header', STYLES);
    const vars = readGlobal('avadaMenuVars', MENU_SPEC, 'header');
    const mobileQuery = env().matchMedia(`(max-width: ${vars.side_header_break_point}px)`);
    const created: HTMLElement[] = [];

    for (const menu of wrapper.querySelectorAll<HTMLElement>('.fusion-main-menu')) {
      const set = disclosureSet(menu, signal, { outsideClick: true, hover: () => !(mobileQuery?.matches ?? false) });
      dropdowns(menu, set, vars, created);
      for (const item of menu.querySelectorAll<HTMLElement>('li.fusion-menu-login-box')) headerBox(item, set, vars, created);
      for (const item of menu.querySelectorAll<HTMLElement>('li.fusion-main-menu-search')) {
        // The overlay form in the menu decides (body.fusion-main-menu-search-overlay comes with it).
        if (menu.querySelector('.fusion-overlay-search')) searchOverlay(menu, item, set, signal);
        else headerBox(item, set, vars, created);
      }
    }
    // The top bar's menu: the same dropdowns. It stays on screen at every width, so a mouse may hover it at any
    // width (touch never opens by hover).
    for (const menu of wrapper.querySelectorAll<HTMLElement>('.fusion-secondary-menu')) {
      const set = disclosureSet(menu, signal, { outsideClick: true });
      dropdowns(menu, set, vars, created);
      for (const item of menu.querySelectorAll<HTMLElement>('li.fusion-menu-login-box')) headerBox(item, set, vars, created);
    }
    mobileMenu(wrapper, vars, mobileQuery, signal, created);
    return () => {
      for (const el of created) el.remove();
    };
  },
});
