import { defineWidget, type WidgetContext } from '../../mount/types';
import { readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { asButton, createToggle, disclosureSet, type DisclosureSet } from './disclosure';
import { DEFAULT_BREAKPOINT, FLYOUT_STATE_CLASSES, flyoutClasses, flyoutNext, parseBreakpoint, parseMobileDesign, submenuLabel, type FlyoutState, type MobileDesign } from './logic';

/**
 * The legacy Avada header (`.fusion-header-wrapper`): main menu dropdowns and mega menus, the mobile menu
 * (classic, modern, flyout), the v6 flyout menu and search toggles, the search box or overlay and the login box.
 * The cart dropdown is its own widget (header-cart), because the cart fragments may replace it.
 */
const STYLES = `
.fusion-main-menu li.menu-item-has-children, .fusion-main-menu .fusion-menu-login-box, .fusion-main-menu .fusion-main-menu-search { position: relative; }
`;

const breakpoint: FieldSpec<number> = { read: parseBreakpoint, fallback: DEFAULT_BREAKPOINT, expected: 'a width in px' };
const design: FieldSpec<MobileDesign> = { read: parseMobileDesign, fallback: 'classic', expected: '"classic", "modern" or "flyout"' };
const MENU_SPEC = {
  side_header_break_point: breakpoint,
  mobile_menu_design: design,
  mobile_submenu_open: str('Open submenu of %s'),
  mobile_submenu_close: str('Close submenu of %s'),
};
type MenuVars = { [K in keyof typeof MENU_SPEC]: (typeof MENU_SPEC)[K]['fallback'] };

const nameOf = (link: Element) => (link.querySelector('.menu-text')?.textContent ?? link.textContent ?? '').trim();
const firstFocusable = (root: Element) => root.querySelector<HTMLElement>('input:not([type="hidden"]), a[href], button, select, textarea');

function dropdowns(menu: HTMLElement, set: DisclosureSet, vars: MenuVars, created: HTMLElement[]): void {
  for (const item of menu.querySelectorAll<HTMLElement>('li.menu-item-has-children, li.fusion-megamenu-menu')) {
    const link = item.querySelector<HTMLElement>(':scope > a');
    const panel = item.querySelector<HTMLElement>(':scope > .sub-menu, :scope > .fusion-megamenu-wrapper');
    if (!link || !panel) continue;
    const button = createToggle(submenuLabel(vars.mobile_submenu_open, nameOf(link)), 'sf-submenu-toggle');
    link.after(button);
    created.push(button);
    set.add({ button, panel, item, openClass: 'expanded', hoverTarget: item });
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
    button = createToggle(submenuLabel(vars.mobile_submenu_open, nameOf(link) || link.getAttribute('aria-label') || ''), 'sf-submenu-toggle');
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

function mobileMenu(wrapper: HTMLElement, vars: MenuVars, query: MediaQueryList | undefined, signal: AbortSignal, created: HTMLElement[]): void {
  const holder = wrapper.querySelector<HTMLElement>('.fusion-mobile-nav-holder');
  const toggle = wrapper.querySelector<HTMLElement>('.fusion-mobile-menu-icons .awb-icon-bars, .fusion-mobile-menu-icons .fusion-icon-bars');
  if (!holder) return;
  let list = holder.querySelector<HTMLElement>(':scope > ul');
  const source = wrapper.querySelector<HTMLElement>('.fusion-main-menu > ul');
  if (!list && source) {
    // Avada builds the mobile menu from the main menu; the copy's ids must stay unique.
    list = source.cloneNode(true) as HTMLElement;
    list.id = `mobile-${source.id || 'menu-main-menu'}`;
    list.classList.add('fusion-mobile-menu');
    for (const el of list.querySelectorAll<HTMLElement>('[id]')) el.id = `mobile-${el.id}`;
    for (const el of list.querySelectorAll('.sf-submenu-toggle, .fusion-custom-menu-item-contents, .fusion-overlay-search')) el.remove();
    for (const li of list.querySelectorAll<HTMLElement>('li')) li.classList.add('fusion-mobile-nav-item');
    holder.append(list);
    created.push(list);
  }
  if (!list) return;
  const nav = list;
  const set = disclosureSet(holder, signal);
  for (const item of nav.querySelectorAll<HTMLElement>('li.menu-item-has-children')) {
    const link = item.querySelector<HTMLElement>(':scope > a');
    const panel = item.querySelector<HTMLElement>(':scope > .sub-menu');
    if (!link || !panel) continue;
    const name = nameOf(link);
    const button = item.querySelector<HTMLElement>(':scope > .fusion-open-submenu') ?? createToggle(submenuLabel(vars.mobile_submenu_open, name), 'fusion-open-submenu sf-submenu-toggle');
    if (!button.isConnected) {
      link.after(button);
      created.push(button);
    }
    set.add({
      button,
      panel,
      item,
      openClass: 'fusion-mobile-nav-item-open',
      onChange: (open) => button.setAttribute('aria-label', submenuLabel(open ? vars.mobile_submenu_close : vars.mobile_submenu_open, name)),
    });
  }
  if (!toggle) return;
  if (!toggle.hasAttribute('aria-label') && !toggle.textContent?.trim()) toggle.setAttribute('aria-label', 'Toggle mobile menu');
  const menu = disclosureSet(wrapper, signal).add({
    button: toggle,
    panel: nav,
    item: holder,
    openClass: 'fusion-mobile-menu-expanded',
    onChange(open) {
      if (!open) set.closeAll();
    },
  });
  query?.addEventListener('change', () => {
    if (!query.matches) menu.close();
  }, { signal });
}

function flyoutHeader(wrapper: HTMLElement, signal: AbortSignal): void {
  const icons = wrapper.querySelector<HTMLElement>('.fusion-flyout-menu-icons');
  const header = icons?.closest<HTMLElement>('.fusion-header-v6, .fusion-header-has-flyout-menu');
  if (!icons || !header) return;
  const menuToggle = icons.querySelector<HTMLElement>('.fusion-flyout-menu-toggle');
  const searchToggle = icons.querySelector<HTMLElement>('.fusion-flyout-search-toggle');
  const panels = { menu: header.querySelector<HTMLElement>('.fusion-flyout-menu'), search: header.querySelector<HTMLElement>('.fusion-flyout-search') };
  let state: FlyoutState = 'closed';
  const toggles = { menu: menuToggle, search: searchToggle };
  const apply = (next: FlyoutState, returnFocus: boolean) => {
    const from = state;
    state = next;
    header.classList.remove(...FLYOUT_STATE_CLASSES);
    header.classList.add(...flyoutClasses(next));
    for (const kind of ['menu', 'search'] as const) {
      toggles[kind]?.setAttribute('aria-expanded', String(next === kind));
      const panel = panels[kind];
      if (panel) panel.dataset.sfPanel = next === kind ? 'open' : 'closed';
    }
    if (next !== 'closed') {
      const panel = panels[next];
      if (panel) firstFocusable(panel)?.focus();
    } else if (returnFocus && from !== 'closed') toggles[from]?.focus();
  };
  for (const kind of ['menu', 'search'] as const) {
    const toggle = toggles[kind];
    const panel = panels[kind];
    if (!toggle) continue;
    asButton(toggle, signal);
    if (panel) {
      if (!panel.id) panel.id = `sf-flyout-${kind}`;
      toggle.setAttribute('aria-controls', panel.id);
    }
    toggle.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        apply(flyoutNext(state, kind), true);
      },
      { signal },
    );
  }
  apply('closed', false);
  document.addEventListener(
    'keydown',
    (event) => {
      if (state !== 'closed' && (event.key === 'Escape' || event.keyCode === 27)) {
        event.preventDefault();
        apply('closed', true);
      }
    },
    { signal },
  );
  signal.addEventListener('abort', () => header.classList.remove(...FLYOUT_STATE_CLASSES), { once: true });
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
    mobileMenu(wrapper, vars, mobileQuery, signal, created);
    flyoutHeader(wrapper, signal);
    return () => {
      for (const el of created) el.remove();
    };
  },
});
