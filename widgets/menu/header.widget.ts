import { defineWidget, type WidgetContext } from '../../src/widget';
import { flag, readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { createToggle, disclosureSet, firstFocusable, slidePanel, type Disclosure, type DisclosureSet } from './disclosure';
import { placeInWrapper } from './mega';
import { DEFAULT_BREAKPOINT, mobileMenuPlan, parseBreakpoint, parseMobileDesign, submenuLabel, type MobileDesign } from './logic';

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

const breakpoint: FieldSpec<number> = { read: parseBreakpoint, fallback: DEFAULT_BREAKPOINT, expected: 'a width in px' };
const design: FieldSpec<MobileDesign> = { read: parseMobileDesign, fallback: 'classic', expected: '"classic", "modern" or "flyout"' };
const MENU_SPEC = {
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
type MenuVars = { [K in keyof typeof MENU_SPEC]: (typeof MENU_SPEC)[K]['fallback'] };

const nameOf = (link: Element) => (link.querySelector('.menu-text')?.textContent ?? link.textContent ?? '').trim();

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

/** The mobile copy of the cart item: a plain link named `mobile_nav_cart` (the desktop one is often an icon). */
function mobileCartItem(list: HTMLElement, label: string): void {
  for (const link of list.querySelectorAll<HTMLElement>('li.fusion-menu-cart > a')) {
    const text = link.querySelector('.menu-text');
    if (text) text.textContent = label;
    else link.prepend(Object.assign(document.createElement('span'), { className: 'menu-text', textContent: label }));
    link.removeAttribute('aria-haspopup');
  }
}

function mobileMenu(
  wrapper: HTMLElement,
  vars: MenuVars,
  query: MediaQueryList | undefined,
  signal: AbortSignal,
  created: HTMLElement[],
): void {
  // The top bar may print its own (secondary) mobile holder before the main one, and the sticky header its own
  // (`.fusion-mobile-sticky-nav-holder`): the main menu's copy goes in the main holder only.
  const holder = [...wrapper.querySelectorAll<HTMLElement>('.fusion-mobile-nav-holder')].find(
    (el) => !el.closest('.fusion-secondary-header') && !el.classList.contains('fusion-mobile-sticky-nav-holder'),
  );
  const toggle = wrapper.querySelector<HTMLElement>(
    '.fusion-mobile-menu-icons .awb-icon-bars, .fusion-mobile-menu-icons .fusion-icon-bars',
  );
  if (!holder || vars.mobile_menu_design === 'flyout') return;
  const plan = mobileMenuPlan({
    design: vars.mobile_menu_design,
    slideout: vars.submenu_slideout,
    reducedMotion: env().prefersReducedMotion(),
  });
  let list = holder.querySelector<HTMLElement>(':scope > ul');
  const source = wrapper.querySelector<HTMLElement>('.fusion-main-menu > ul');
  if (!list && source) {
    // Avada builds the mobile menu from the main menu; the copy's ids must stay unique.
    list = source.cloneNode(true) as HTMLElement;
    list.id = `mobile-${source.id || 'menu-main-menu'}`;
    list.classList.add('fusion-mobile-menu');
    for (const el of list.querySelectorAll<HTMLElement>('[id]')) el.id = `mobile-${el.id}`;
    // Dropdown contents and the search icon (a `#` link) have no place in a list of links.
    for (const el of list.querySelectorAll(
      '.sf-submenu-toggle, .fusion-custom-menu-item-contents, .fusion-overlay-search, li.fusion-main-menu-search',
    ))
      el.remove();
    // A "#" parent link made a button on the desktop menu controls the desktop panel: the copy gets its own button.
    for (const el of list.querySelectorAll('a[aria-controls]'))
      for (const attr of ['role', 'aria-controls', 'aria-expanded']) el.removeAttribute(attr);
    for (const li of list.querySelectorAll<HTMLElement>('li')) li.classList.add('fusion-mobile-nav-item');
    // The copy starts with no state of the desktop menu's (its panels were marked closed, its items expanded).
    for (const el of list.querySelectorAll<HTMLElement>('[data-sf-panel]')) delete el.dataset.sfPanel;
    for (const el of list.querySelectorAll<HTMLElement>('.expanded')) el.classList.remove('expanded');
    holder.append(list);
    created.push(list);
  }
  if (!list) return;
  const nav = list;
  mobileCartItem(nav, vars.mobile_nav_cart);
  const set = disclosureSet(holder, signal);
  for (const item of nav.querySelectorAll<HTMLElement>('li.menu-item-has-children')) {
    const link = item.querySelector<HTMLElement>(':scope > a');
    const panel = item.querySelector<HTMLElement>(':scope > .sub-menu');
    if (!link || !panel) continue;
    if (!plan.submenuButtons) {
      // submenu_slideout off: every submenu shows, nothing to toggle.
      item.classList.add('sf-submenu-shown');
      continue;
    }
    const name = nameOf(link);
    const button =
      item.querySelector<HTMLElement>(':scope > .fusion-open-submenu') ??
      createToggle(submenuLabel(vars.mobile_submenu_open, name), 'fusion-open-submenu sf-submenu-toggle');
    if (!button.isConnected) {
      link.after(button);
      created.push(button);
    }
    const submenu = set.add({
      button,
      panel,
      item,
      openClass: 'fusion-mobile-nav-item-open',
      onChange: (open) => {
        button.setAttribute('aria-label', submenuLabel(open ? vars.mobile_submenu_close : vars.mobile_submenu_open, name));
        slidePanel(panel, open, () => submenu.isOpen(), plan.submenuSlideMs);
      },
    });
  }
  // Classic without the header's bars icon: the "Go to..." bar at the top of the holder is the list's button. With
  // the icon it would only repeat it, and push the page down once mounted.
  let selector: HTMLButtonElement | undefined;
  if (plan.selectorBar && !toggle) {
    selector = holder.querySelector<HTMLButtonElement>(':scope > button.fusion-mobile-selector') ?? undefined;
    if (!selector) {
      selector = Object.assign(document.createElement('button'), {
        type: 'button',
        className: 'fusion-mobile-selector sf-mobile-selector',
      });
      selector.append(
        Object.assign(document.createElement('span'), { textContent: vars.dropdown_goto }),
        Object.assign(document.createElement('span'), { className: 'fusion-selector-down' }),
      );
      selector.lastElementChild!.setAttribute('aria-hidden', 'true');
      holder.prepend(selector);
      created.push(selector);
    }
  }
  const button = toggle ?? selector;
  if (!button) return;
  if (toggle && !toggle.hasAttribute('aria-label') && !toggle.textContent?.trim()) toggle.setAttribute('aria-label', 'Toggle mobile menu');
  let search: Disclosure | undefined;
  const menu = disclosureSet(wrapper, signal).add({
    button,
    panel: nav,
    item: holder,
    openClass: 'fusion-mobile-menu-expanded',
    onChange(open) {
      selector?.setAttribute('aria-expanded', String(open));
      if (open) search?.close();
      slidePanel(nav, open, () => menu.isOpen(), plan.menuSlideMs);
      if (!open) set.closeAll();
    },
  });
  if (selector && selector !== button) {
    const bar = selector;
    let usedBar = false;
    bar.setAttribute('aria-controls', nav.id);
    bar.setAttribute('aria-expanded', 'false');
    bar.addEventListener(
      'click',
      () => {
        usedBar = !menu.isOpen();
        if (menu.isOpen()) menu.close();
        else menu.open();
      },
      { signal },
    );
    button.addEventListener('click', () => (usedBar = false), { signal });
    // Escape in the list (no submenu left open) closes it and returns focus to the control the shopper used.
    holder.addEventListener(
      'keydown',
      (event) => {
        if (event.defaultPrevented || event.key !== 'Escape' || !menu.isOpen() || !usedBar) return;
        event.preventDefault();
        menu.close();
        bar.focus();
      },
      { signal },
    );
  }
  if (vars.mobile_menu_design === 'modern') search = modernSearch(wrapper, signal, () => menu.close());
  query?.addEventListener(
    'change',
    () => {
      if (!query.matches) menu.close();
    },
    { signal },
  );
}

/**
 * The modern design's search icon in `.fusion-mobile-menu-icons` opens the mobile search form under the header
 * (`.fusion-mobile-menu-search`; markup our choice, the contract shows none); opening it closes the menu.
 */
function modernSearch(wrapper: HTMLElement, signal: AbortSignal, closeMenu: () => void): Disclosure | undefined {
  const icon = wrapper.querySelector<HTMLElement>(
    '.fusion-mobile-menu-icons .awb-icon-search, .fusion-mobile-menu-icons .fusion-icon-search',
  );
  const panel = wrapper.querySelector<HTMLElement>('.fusion-mobile-menu-search');
  if (!icon || !panel) return undefined;
  if (!icon.hasAttribute('aria-label') && !icon.textContent?.trim()) icon.setAttribute('aria-label', 'Toggle search');
  return disclosureSet(wrapper, signal).add({
    button: icon,
    panel,
    onChange(open) {
      if (!open) return;
      closeMenu();
      firstFocusable(panel)?.focus();
    },
  });
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
