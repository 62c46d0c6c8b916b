import { defineWidget, type WidgetContext } from '../../src/widget';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { createToggle, disclosureSet, type Disclosure } from './disclosure';
import { DEFAULT_BREAKPOINT, isCollapsed, parseBreakpoint, parseMegaWidth, submenuLabel, type MegaWidth } from './logic';
import { placeInWrapper } from './mega';

/**
 * The Avada menu element (`nav.awb-menu`): dropdowns and mega menus as disclosure buttons, hover opening after
 * 500 ms where the element opens on hover, the mobile toggle at the element's breakpoint, the flyout variant.
 */
const STYLES = `
.awb-menu.collapse-enabled:not(.expanded):not(.awb-menu_flyout) > .awb-menu__main-ul { display: none; }
.awb-menu__main-li, .awb-menu__sub-li { position: relative; }
.awb-menu__mega-wrap[data-sf-panel="open"] { position: absolute; }
`;

const OPEN_LABEL = 'Open submenu of %s';

function readBreakpoint(nav: HTMLElement, warn: WidgetContext['warn']): number {
  const raw = nav.getAttribute('data-breakpoint');
  if (raw === null || raw === '') return DEFAULT_BREAKPOINT;
  const parsed = parseBreakpoint(raw);
  if (parsed === undefined) warn('data-breakpoint', `expected a width in px, got ${JSON.stringify(raw)}; using ${DEFAULT_BREAKPOINT}`);
  return parsed ?? DEFAULT_BREAKPOINT;
}

function placeMega(wrap: HTMLElement, item: HTMLElement, mode: MegaWidth): void {
  const custom = Number.parseFloat(wrap.getAttribute('data-custom-width') ?? '');
  placeInWrapper(wrap, item, mode, Number.isFinite(custom) ? custom : 0);
}

function itemName(link: Element): string {
  return (link.querySelector('.menu-text')?.textContent ?? link.textContent ?? '').trim();
}

export default defineWidget({
  mount(element, context) {
    const nav = element as HTMLElement;
    const { signal, warn } = context;
    adoptStyles('awb-menu', STYLES);
    const flyout = nav.classList.contains('awb-menu_flyout');
    const breakpoint = readBreakpoint(nav, warn);
    const collapsedQuery = env().matchMedia(`(max-width: ${breakpoint}px)`);
    const collapsed = () => collapsedQuery?.matches ?? isCollapsed(window.innerWidth, breakpoint);
    const hoverMode = nav.classList.contains('awb-menu_em-hover');
    const set = disclosureSet(nav, signal, {
      outsideClick: nav.classList.contains('close-on-outer-click-yes'),
      hover: () => hoverMode && !collapsed() && !flyout,
    });
    const created: HTMLElement[] = [];
    const submenus: Disclosure[] = [];

    for (const item of nav.querySelectorAll<HTMLElement>('li.awb-menu__li, li.awb-menu__main-li, li.awb-menu__sub-li')) {
      const link = item.querySelector<HTMLElement>(':scope > a');
      const panel = item.querySelector<HTMLElement>(':scope > .awb-menu__sub-ul, :scope > .awb-menu__mega-wrap');
      if (!link || !panel) continue;
      // Avada's own button when it printed one (click, mobile or hover variant): never a second control beside it.
      let button = item.querySelector<HTMLElement>(
        ':scope > button.awb-menu__open-nav-submenu_click, :scope > button.awb-menu__open-nav-submenu_mobile, :scope > button.awb-menu__open-nav-submenu-hover',
      );
      if (!button) {
        button = createToggle(submenuLabel(OPEN_LABEL, itemName(link)), 'awb-menu__open-nav-submenu_click sf-submenu-toggle');
        link.after(button);
        created.push(button);
      } else if (!button.hasAttribute('aria-label') && !button.textContent?.trim()) {
        button.setAttribute('aria-label', submenuLabel(OPEN_LABEL, itemName(link)));
      }
      let mode: MegaWidth | undefined;
      if (panel.classList.contains('awb-menu__mega-wrap')) {
        const raw = panel.getAttribute('data-width');
        mode = parseMegaWidth(raw);
        if (!mode) {
          warn('data-width', `expected "site_width", "viewport" or "custom", got ${JSON.stringify(raw)}; using "site_width"`);
          mode = 'site_width';
        }
      }
      const megaMode = mode;
      submenus.push(
        set.add({
          button,
          panel,
          item,
          openClass: 'expanded',
          hoverTarget: item,
          onChange(open) {
            // Measured on opening only, never on scroll: a mega menu spans #wrapper wherever its item sits.
            if (open && megaMode && !collapsed()) placeMega(panel, item, megaMode);
            if (flyout)
              nav.classList.toggle(
                'flyout-submenu-expanded',
                submenus.some((d) => d.isOpen()),
              );
          },
        }),
      );
    }

    // The mobile toggle: one disclosure for the whole list, collapsed at the breakpoint (and always in a flyout).
    const toggle = nav.querySelector<HTMLElement>('.awb-menu__m-toggle');
    const mainList = nav.querySelector<HTMLElement>('.awb-menu__main-ul');
    const closeButton = nav.querySelector<HTMLElement>('.awb-menu__flyout-close');
    let mobile: Disclosure | undefined;
    if (toggle && mainList) {
      mobile = disclosureSet(nav, signal).add({
        button: toggle,
        panel: mainList,
        item: nav,
        openClass: 'expanded',
        onChange(open) {
          if (!open) set.closeAll();
          if (flyout && open) (closeButton ?? mainList.querySelector<HTMLElement>('a'))?.focus();
        },
      });
    }
    closeButton?.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        mobile?.close();
        toggle?.focus();
      },
      { signal },
    );
    const applyMode = () => {
      const on = flyout || collapsed();
      nav.classList.toggle('collapse-enabled', collapsed());
      if (!mobile || !mainList) return;
      if (on) mainList.dataset.sfPanel = mobile.isOpen() ? 'open' : 'closed';
      else {
        mobile.close();
        delete mainList.dataset.sfPanel;
      }
    };
    applyMode();
    collapsedQuery?.addEventListener(
      'change',
      () => {
        set.closeAll();
        applyMode();
      },
      { signal },
    );
    nav.classList.remove('loading', 'mega-menu-loading');

    return () => {
      for (const b of created) b.remove();
      nav.classList.remove('collapse-enabled', 'expanded', 'flyout-submenu-expanded');
    };
  },
});
