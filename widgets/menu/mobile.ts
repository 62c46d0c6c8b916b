import { env } from '../../src/env';
import { createToggle, disclosureSet, firstFocusable, slidePanel, type Disclosure, type DisclosureSet } from './disclosure';
import { nameOf, type MenuVars } from './header-vars';
import { mobileMenuPlan, submenuLabel } from './logic';

type MobileMenuPlan = ReturnType<typeof mobileMenuPlan>;

/** The mobile copy of the cart item: a plain link named `mobile_nav_cart` (the desktop one is often an icon). */
function mobileCartItem(list: HTMLElement, label: string): void {
  for (const link of list.querySelectorAll<HTMLElement>('li.fusion-menu-cart > a')) {
    const text = link.querySelector('.menu-text');
    if (text) text.textContent = label;
    else link.prepend(Object.assign(document.createElement('span'), { className: 'menu-text', textContent: label }));
    link.removeAttribute('aria-haspopup');
  }
}

/** The holder's list: printed by the theme, else copied from the main menu as Avada builds it. */
function mobileList(wrapper: HTMLElement, holder: HTMLElement, created: HTMLElement[]): HTMLElement | null {
  const printed = holder.querySelector<HTMLElement>(':scope > ul');
  const source = wrapper.querySelector<HTMLElement>('.fusion-main-menu > ul');
  if (printed || !source) return printed;
  // Avada builds the mobile menu from the main menu; the copy's ids must stay unique.
  const list = source.cloneNode(true) as HTMLElement;
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
  return list;
}

/** Each parent item's submenu: a button of its own (Avada's `.fusion-open-submenu`), or always shown. */
function mobileSubmenus(
  holder: HTMLElement,
  nav: HTMLElement,
  plan: MobileMenuPlan,
  vars: MenuVars,
  signal: AbortSignal,
  created: HTMLElement[],
): DisclosureSet {
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
  return set;
}

/**
 * Classic without the header's bars icon: the "Go to..." bar at the top of the holder is the list's button. With
 * the icon it would only repeat it, and push the page down once mounted.
 */
function selectorBar(holder: HTMLElement, label: string, created: HTMLElement[]): HTMLButtonElement {
  const printed = holder.querySelector<HTMLButtonElement>(':scope > button.fusion-mobile-selector');
  if (printed) return printed;
  const selector = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'fusion-mobile-selector sf-mobile-selector',
  });
  selector.append(
    Object.assign(document.createElement('span'), { textContent: label }),
    Object.assign(document.createElement('span'), { className: 'fusion-selector-down' }),
  );
  selector.lastElementChild!.setAttribute('aria-hidden', 'true');
  holder.prepend(selector);
  created.push(selector);
  return selector;
}

/** A second control for the same list (the bar beside the menu's button): Escape returns focus to the one used. */
function secondControl(
  bar: HTMLElement,
  button: HTMLElement,
  holder: HTMLElement,
  menu: Disclosure,
  nav: HTMLElement,
  signal: AbortSignal,
): void {
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

/** Avada's mobile menu (classic and modern; the flyout design is the flyout-header widget's). */
export function mobileMenu(
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
  const nav = mobileList(wrapper, holder, created);
  if (!nav) return;
  mobileCartItem(nav, vars.mobile_nav_cart);
  const set = mobileSubmenus(holder, nav, plan, vars, signal, created);
  const selector = plan.selectorBar && !toggle ? selectorBar(holder, vars.dropdown_goto, created) : undefined;
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
  if (selector && selector !== button) secondControl(selector, button, holder, menu, nav, signal);
  if (vars.mobile_menu_design === 'modern') search = modernSearch(wrapper, signal, () => menu.close());
  query?.addEventListener(
    'change',
    () => {
      if (!query.matches) menu.close();
    },
    { signal },
  );
}
