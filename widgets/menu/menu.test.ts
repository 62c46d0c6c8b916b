import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { resetLogMemory } from '../../src/log';
import {
  flyoutClasses,
  flyoutNext,
  isCollapsed,
  megaPosition,
  mobileMenuPlan,
  parseBreakpoint,
  parseMegaWidth,
  parseMobileDesign,
  submenuLabel,
} from './logic';

describe('menu rules', () => {
  it('reads breakpoints and designs defensively', () => {
    expect(parseBreakpoint('800')).toBe(800);
    expect(parseBreakpoint('800px')).toBe(800);
    expect(parseBreakpoint(1024)).toBe(1024);
    expect(parseBreakpoint('0')).toBe(0);
    expect(parseBreakpoint('wide')).toBeUndefined();
    expect(parseBreakpoint(-5)).toBeUndefined();
    expect(parseBreakpoint({})).toBeUndefined();
    expect(parseMobileDesign('modern')).toBe('modern');
    expect(parseMobileDesign('Flyout')).toBeUndefined();
    expect(parseMegaWidth('viewport')).toBe('viewport');
    expect(parseMegaWidth('100%')).toBeUndefined();
  });
  it('collapses at and below the breakpoint', () => {
    expect(isCollapsed(800, 800)).toBe(true);
    expect(isCollapsed(801, 800)).toBe(false);
    expect(isCollapsed(500, 0)).toBe(false);
  });
  it('names submenu buttons from the theme text', () => {
    expect(submenuLabel('Open submenu of %s', '  Shop\n ')).toBe('Open submenu of Shop');
    expect(submenuLabel('Untermenü öffnen:', 'Laden')).toBe('Untermenü öffnen: Laden');
  });
  it('switches the v6 flyout between menu, search and closed with the exact classes', () => {
    expect(flyoutNext('closed', 'menu')).toBe('menu');
    expect(flyoutNext('menu', 'menu')).toBe('closed');
    expect(flyoutNext('menu', 'search')).toBe('search');
    expect(flyoutNext('search', 'menu')).toBe('menu');
    expect(flyoutClasses('menu')).toEqual(['fusion-flyout-active', 'fusion-flyout-menu-active']);
    expect(flyoutClasses('search')).toEqual(['fusion-flyout-active', 'fusion-flyout-search-active']);
    expect(flyoutClasses('closed')).toEqual([]);
  });
  it('plans the mobile menu per design and submenu_slideout; no slide under reduced motion', () => {
    expect(mobileMenuPlan({ design: 'classic', slideout: true, reducedMotion: false })).toEqual({
      selectorBar: true,
      submenuButtons: true,
      submenusOpen: false,
      menuSlideMs: 0,
      submenuSlideMs: 300,
    });
    expect(mobileMenuPlan({ design: 'modern', slideout: true, reducedMotion: false })).toEqual({
      selectorBar: false,
      submenuButtons: true,
      submenusOpen: false,
      menuSlideMs: 300,
      submenuSlideMs: 300,
    });
    expect(mobileMenuPlan({ design: 'modern', slideout: false, reducedMotion: true })).toEqual({
      selectorBar: false,
      submenuButtons: false,
      submenusOpen: true,
      menuSlideMs: 0,
      submenuSlideMs: 0,
    });
  });
  it('keeps mega menus inside #wrapper', () => {
    const base = { wrapperLeft: 0, wrapperWidth: 1280, itemLeft: 400, siteWidth: 1180, customWidth: 0 };
    expect(megaPosition({ ...base, mode: 'viewport' })).toEqual({ left: -400, width: 1280 });
    expect(megaPosition({ ...base, mode: 'site_width' })).toEqual({ left: -350, width: 1180 });
    expect(megaPosition({ ...base, mode: 'custom', customWidth: 600 })).toEqual({ left: 0, width: 600 });
    expect(megaPosition({ ...base, mode: 'custom', customWidth: 1000 })).toEqual({ left: -120, width: 1000 });
    expect(megaPosition({ ...base, mode: 'site_width', wrapperWidth: 800 })).toEqual({ left: -400, width: 800 });
  });
});

const pointer = (type: string, el: Element) =>
  el.dispatchEvent(Object.assign(new Event(type, { bubbles: false }), { pointerType: 'mouse' }));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

describe('menu element widget', () => {
  let clock: FakeClock;
  let media: FakeMedia;
  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock();
  });
  afterEach(() => {
    clock.restore();
    media.restore();
    vi.restoreAllMocks();
  });
  const mount = async (html?: string) => clock.until(mountPage(html ?? (await fixtureBody('menu-element.html')), only('menu')));
  const nav = () => document.querySelector<HTMLElement>('nav.awb-menu:not(.awb-menu_flyout)')!;
  const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="Open submenu of ${name}"]`)!;

  it('adds a disclosure button after each parent link, links untouched', async () => {
    await mount();
    const shop = button('Shop');
    expect(shop.previousElementSibling?.getAttribute('href')).toBe('/shop/');
    expect(shop.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(shop.getAttribute('aria-controls')!)!;
    expect(panel.classList.contains('awb-menu__sub-ul')).toBe(true);
    expect(panel.dataset.sfPanel).toBe('closed');
    expect(nav().classList.contains('loading')).toBe(false);
    shop.click();
    expect(shop.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.sfPanel).toBe('open');
    expect(shop.closest('li')!.classList.contains('expanded')).toBe(true);
  });

  it('opens on hover after 500 ms, not before, and closes on leave', async () => {
    await mount();
    const item = button('Shop').closest('li')!;
    pointer('pointerenter', item);
    clock.advance(499);
    expect(button('Shop').getAttribute('aria-expanded')).toBe('false');
    clock.advance(1);
    expect(button('Shop').getAttribute('aria-expanded')).toBe('true');
    pointer('pointerleave', item);
    expect(button('Shop').getAttribute('aria-expanded')).toBe('false');
    pointer('pointerenter', item);
    clock.advance(200);
    pointer('pointerleave', item);
    clock.advance(600);
    expect(button('Shop').getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the innermost submenu and returns focus to its button; one open at a time', async () => {
    await mount();
    button('Shop').click();
    button('Kitchen').click();
    const mug = document.querySelector<HTMLElement>('#menu-item-64 > a')!;
    mug.focus();
    key(mug, 'Escape');
    expect(button('Kitchen').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button('Kitchen'));
    expect(button('Shop').getAttribute('aria-expanded')).toBe('true');
    button('Collections').click();
    expect(button('Shop').getAttribute('aria-expanded')).toBe('false');
  });

  it("reuses Avada's printed submenu buttons (click, mobile, hover variants): no second button beside them", async () => {
    const html = (await fixtureBody('menu-element.html'))
      .replace(
        '<span class="menu-text">Shop</span></a>',
        '<span class="menu-text">Shop</span></a><button type="button" class="awb-menu__open-nav-submenu-hover"></button>',
      )
      .replace(
        '<span class="menu-text">Collections</span></a>',
        '<span class="menu-text">Collections</span></a><button type="button" aria-label="Open submenu of Collections" aria-expanded="false" class="awb-menu__open-nav-submenu_mobile awb-menu__open-nav-submenu_main"></button>',
      );
    await mount(html);
    const shop = document.querySelector<HTMLElement>('#menu-item-61')!;
    expect(shop.querySelectorAll(':scope > button')).toHaveLength(1);
    const printed = shop.querySelector<HTMLElement>(':scope > button.awb-menu__open-nav-submenu-hover')!;
    expect(printed.getAttribute('aria-label')).toBe('Open submenu of Shop');
    printed.click();
    expect(printed.getAttribute('aria-expanded')).toBe('true');
    expect(shop.classList.contains('expanded')).toBe(true);
    const collections = document.querySelector<HTMLElement>('#menu-item-65')!;
    expect(collections.querySelectorAll(':scope > button')).toHaveLength(1);
    expect(collections.querySelector(':scope > button')!.getAttribute('aria-controls')).toBe('awb-mega-menu-65');
  });

  it('closes on an outside click when the element says so', async () => {
    await mount();
    button('Shop').click();
    document.querySelector<HTMLElement>('main')!.click();
    expect(button('Shop').getAttribute('aria-expanded')).toBe('false');
  });

  it('collapses to its toggle at the breakpoint', async () => {
    media.setWidth(800);
    await mount();
    const toggle = nav().querySelector<HTMLElement>('.awb-menu__m-toggle')!;
    const list = nav().querySelector<HTMLElement>('.awb-menu__main-ul')!;
    expect(nav().classList.contains('collapse-enabled')).toBe(true);
    expect(list.dataset.sfPanel).toBe('closed');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('expanded')).toBe(true);
    media.setWidth(1280);
    expect(nav().classList.contains('collapse-enabled')).toBe(false);
    expect(list.dataset.sfPanel).toBeUndefined();
  });

  it('warns once about a malformed breakpoint or mega width and still works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = (await fixtureBody('menu-element.html'))
      .replace('data-breakpoint="800"', 'data-breakpoint="wide"')
      .replace('data-width="site_width"', 'data-width="huge"');
    await mount(html);
    const messages = warn.mock.calls.map((c) => String(c[0]));
    expect(messages.filter((m) => m.includes('menu: data-breakpoint'))).toHaveLength(1);
    expect(messages.filter((m) => m.includes('menu: data-width'))).toHaveLength(1);
    button('Collections').click();
    expect(button('Collections').getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('a[href="/collections/linen/"]')).not.toBeNull();
  });

  it('removes what it added when unmounted', async () => {
    const runtime = await mount();
    runtime.unmount(document);
    expect(document.querySelector('button[aria-label^="Open submenu"]')).toBeNull();
    expect(document.querySelector('[data-sf-panel]')).toBeNull();
  });
});

describe('legacy header widget', () => {
  let clock: FakeClock;
  let media: FakeMedia;
  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock();
  });
  afterEach(() => {
    clock.restore();
    media.restore();
    vi.restoreAllMocks();
    delete (window as { avadaMenuVars?: unknown }).avadaMenuVars;
  });
  const mount = async (page = 'header.html') =>
    clock.until(mountPage(await fixtureBody(page), only('header', 'header-cart', 'flyout-header')));

  it('builds the mobile menu from the main menu with unique ids and the theme texts', async () => {
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = {
      mobile_submenu_open: 'Untermenü von %s öffnen',
      mobile_submenu_close: 'Untermenü von %s schließen',
    };
    await mount();
    const holder = document.querySelector('.fusion-mobile-nav-holder')!;
    const list = holder.querySelector('ul')!;
    expect(list.id).toBe('mobile-menu-main-menu');
    expect(holder.querySelector('#mobile-menu-item-31')).not.toBeNull();
    expect(document.querySelectorAll('#menu-item-31')).toHaveLength(1);
    const toggle = document.querySelector<HTMLElement>('.fusion-mobile-menu-icons a')!;
    expect(toggle.getAttribute('role')).toBe('button');
    expect(toggle.getAttribute('aria-controls')).toBe(list.id);
    toggle.click();
    expect(holder.classList.contains('fusion-mobile-menu-expanded')).toBe(true);
    const sub = holder.querySelector<HTMLElement>('button.fusion-open-submenu')!;
    expect(sub.getAttribute('aria-label')).toBe('Untermenü von Shop öffnen');
    sub.click();
    expect(sub.getAttribute('aria-label')).toBe('Untermenü von Shop schließen');
    expect(sub.closest('li')!.classList.contains('fusion-mobile-nav-item-open')).toBe(true);
  });

  it("builds the mobile copy in the main holder, never in the top bar's or the sticky header's holders printed before it", async () => {
    const html = (await fixtureBody('header.html'))
      .replace(
        '<nav class="fusion-secondary-menu"',
        '<nav class="fusion-mobile-nav-holder" aria-label="Secondary Mobile Menu"></nav><nav class="fusion-secondary-menu"',
      )
      .replace(
        '<nav class="fusion-mobile-nav-holder fusion-mobile-menu-text-align-left" aria-label="Main Menu Mobile">',
        '<nav class="fusion-mobile-nav-holder fusion-mobile-sticky-nav-holder" aria-label="Main Menu Mobile Sticky"></nav><nav class="fusion-mobile-nav-holder fusion-mobile-menu-text-align-left" aria-label="Main Menu Mobile">',
      );
    await clock.until(mountPage(html, only('header')));
    expect(document.querySelector('nav[aria-label="Main Menu Mobile"] > ul#mobile-menu-main-menu')).not.toBeNull();
    expect(document.querySelector('nav[aria-label="Secondary Mobile Menu"]')!.children).toHaveLength(0);
    expect(document.querySelector('nav[aria-label="Main Menu Mobile Sticky"]')!.children).toHaveLength(0);
  });

  it('warns once about a malformed mobile design and keeps the classic menu', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = { mobile_menu_design: ['flyout'] };
    await mount();
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('header: avadaMenuVars.mobile_menu_design'))).toHaveLength(1);
    expect(document.querySelector('.fusion-mobile-nav-holder ul')).not.toBeNull();
    expect(document.querySelector('.fusion-main-menu #menu-item-31 > a')!.getAttribute('href')).toBe('/shop/');
  });

  it('classic without the bars icon: a "Go to..." bar (dropdown_goto) opens the list; the cart item is named mobile_nav_cart; no search icon in the list', async () => {
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = {
      mobile_menu_design: 'classic',
      dropdown_goto: 'Gehe zu...',
      mobile_nav_cart: 'Warenkorb',
    };
    const html = (await fixtureBody('header.html')).replace(/<div class="fusion-mobile-menu-icons">.*?<\/div>/, '');
    await clock.until(mountPage(html, only('header')));
    const holder = document.querySelector('.fusion-mobile-nav-holder')!;
    const bar = holder.querySelector<HTMLButtonElement>(':scope > button.fusion-mobile-selector')!;
    expect(bar.textContent).toBe('Gehe zu...');
    expect(bar.getAttribute('aria-controls')).toBe('mobile-menu-main-menu');
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    bar.click();
    expect(holder.classList.contains('fusion-mobile-menu-expanded')).toBe(true);
    expect(bar.getAttribute('aria-expanded')).toBe('true');
    const cart = holder.querySelector<HTMLAnchorElement>('li.fusion-menu-cart > a')!;
    expect(cart.getAttribute('href')).toBe('/cart/');
    expect(cart.querySelector('.menu-text')!.textContent).toBe('Warenkorb');
    expect(holder.querySelector('.fusion-main-menu-search, .fusion-custom-menu-item-contents')).toBeNull();
    key(holder.querySelector('a')!, 'Escape');
    expect(holder.classList.contains('fusion-mobile-menu-expanded')).toBe(false);
    expect(document.activeElement).toBe(bar);
  });

  it('submenu_slideout off: every mobile submenu shows, without buttons', async () => {
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = { submenu_slideout: '0' };
    await mount();
    const holder = document.querySelector('.fusion-mobile-nav-holder')!;
    expect(holder.querySelectorAll('.fusion-open-submenu')).toHaveLength(0);
    expect(holder.querySelector('#mobile-menu-item-31')!.classList.contains('sf-submenu-shown')).toBe(true);
    expect(holder.querySelector('#mobile-menu-item-33')!.classList.contains('sf-submenu-shown')).toBe(true);
    // Nothing of the desktop menu's state came along in the copy (a closed mark would hide the submenus).
    expect(holder.querySelectorAll('.sub-menu[data-sf-panel]')).toHaveLength(0);
  });

  it('modern: no "Go to..." bar; the search icon opens the mobile search and closes the menu', async () => {
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = { mobile_menu_design: 'modern' };
    const html = (await fixtureBody('header.html'))
      .replace(
        '<div class="fusion-mobile-menu-icons">',
        '<div class="fusion-mobile-menu-icons"><a href="#" class="fusion-icon awb-icon-search" aria-label="Toggle Search"></a>',
      )
      .replace(
        '<nav class="fusion-mobile-nav-holder',
        '<div class="fusion-mobile-menu-search"><input type="search" id="mobile-search" aria-label="Search" /></div><nav class="fusion-mobile-nav-holder',
      );
    await clock.until(mountPage(html, only('header')));
    const holder = document.querySelector('.fusion-mobile-nav-holder')!;
    expect(holder.querySelector('.fusion-mobile-selector')).toBeNull();
    const bars = document.querySelector<HTMLElement>('.fusion-mobile-menu-icons .awb-icon-bars')!;
    const search = document.querySelector<HTMLElement>('.fusion-mobile-menu-icons .awb-icon-search')!;
    bars.click();
    expect(bars.getAttribute('aria-expanded')).toBe('true');
    search.click();
    expect(search.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.id).toBe('mobile-search');
    expect(bars.getAttribute('aria-expanded')).toBe('false');
    bars.click();
    expect(search.getAttribute('aria-expanded')).toBe('false');
  });

  it('warns once per malformed dropdown_goto, mobile_nav_cart or submenu_slideout and uses the defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    resetLogMemory();
    (window as { avadaMenuVars?: unknown }).avadaMenuVars = {
      dropdown_goto: ['Go'],
      mobile_nav_cart: { html: '<b>' },
      submenu_slideout: 'sometimes',
      megamenu_base_width: 42,
    };
    await clock.until(
      mountPage((await fixtureBody('header.html')).replace(/<div class="fusion-mobile-menu-icons">.*?<\/div>/, ''), only('header')),
    );
    const messages = warn.mock.calls.map((c) => String(c[0]));
    for (const field of ['dropdown_goto', 'mobile_nav_cart', 'submenu_slideout', 'megamenu_base_width'])
      expect(messages.filter((m) => m.includes(`header: avadaMenuVars.${field}`))).toHaveLength(1);
    const holder = document.querySelector('.fusion-mobile-nav-holder')!;
    expect(holder.querySelector('.fusion-mobile-selector')!.textContent).toBe('Go to...');
    expect(holder.querySelector('li.fusion-menu-cart .menu-text')!.textContent).toBe('Shopping Cart');
    expect(holder.querySelectorAll('.fusion-open-submenu').length).toBeGreaterThan(0);
  });

  it.each(['site_width', 'custom_width', 'viewport_width', 'viewport'])(
    'takes megamenu_base_width "%s", which Avada prints, without a warning',
    async (value) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      resetLogMemory();
      (window as { avadaMenuVars?: unknown }).avadaMenuVars = { megamenu_base_width: value };
      await clock.until(mountPage(await fixtureBody('header.html'), only('header')));
      expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('megamenu_base_width'))).toEqual([]);
    },
  );

  it('classic with the bars icon: no "Go to..." bar (it would repeat the icon and push the page down)', async () => {
    await mount();
    expect(document.querySelector('.fusion-mobile-selector')).toBeNull();
    expect(document.querySelector('.fusion-mobile-menu-icons a')!.getAttribute('aria-controls')).toBe('mobile-menu-main-menu');
  });

  it('the search overlay opens from its icon and closes with Escape', async () => {
    await mount();
    const icon = document.querySelector<HTMLElement>('.fusion-main-menu-search > a')!;
    icon.click();
    expect(document.querySelector('.fusion-main-menu')!.classList.contains('search-open')).toBe(true);
    expect(document.activeElement?.id).toBe('overlay-search-input');
    key(document.activeElement!, 'Escape');
    expect(document.querySelector('.fusion-main-menu')!.classList.contains('search-open')).toBe(false);
    expect(document.activeElement).toBe(icon);
  });

  it('the cart dropdown opens from a button beside the cart link', async () => {
    await mount();
    const link = document.querySelector('.fusion-menu-cart > a')!;
    const button = link.nextElementSibling as HTMLButtonElement;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Open submenu of Cart');
    button.click();
    expect(document.querySelector<HTMLElement>('.fusion-menu-cart-items')!.dataset.sfPanel).toBe('open');
  });

  it('the top bar (.fusion-secondary-menu): disclosure buttons, a "#" parent link is its own button, hover 500 ms at any width, Escape returns focus', async () => {
    media.setWidth(500);
    await mount();
    const bar = document.querySelector<HTMLElement>('.fusion-secondary-menu')!;
    const help = bar.querySelector<HTMLButtonElement>('button[aria-label="Open submenu of Help"]')!;
    expect(help.previousElementSibling!.getAttribute('href')).toBe('/help/');
    expect(help.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(help.getAttribute('aria-controls')!)!.dataset.sfPanel).toBe('closed');
    const language = bar.querySelector<HTMLElement>('#menu-item-84 > a')!;
    expect(language.getAttribute('role')).toBe('button');
    expect(language.getAttribute('aria-expanded')).toBe('false');
    expect(language.nextElementSibling?.tagName).toBe('UL');
    // The mobile copy of the main menu is built in the main holder, never in the top bar.
    expect(bar.querySelector('.fusion-mobile-menu')).toBeNull();
    // Mouse: 500 ms of rest opens, even at 500 px (the top bar stays on screen); leaving closes.
    const item = help.closest('li')!;
    pointer('pointerenter', item);
    clock.advance(499);
    expect(help.getAttribute('aria-expanded')).toBe('false');
    clock.advance(1);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(item.classList.contains('expanded')).toBe(true);
    pointer('pointerleave', item);
    expect(help.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: opening one closes the other; Escape in the panel closes it and focuses its button.
    help.click();
    key(language, ' ');
    expect(language.getAttribute('aria-expanded')).toBe('true');
    expect(help.getAttribute('aria-expanded')).toBe('false');
    const deutsch = bar.querySelector<HTMLElement>('a[href="/de/"]')!;
    deutsch.focus();
    key(deutsch, 'Escape');
    expect(language.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(language);
    // A click elsewhere closes an open one.
    help.click();
    document.querySelector<HTMLElement>('main')!.click();
    expect(help.getAttribute('aria-expanded')).toBe('false');
  });

  it('v6: the toggles set the exact state classes; Escape closes', async () => {
    await mount('header-v6.html');
    const header = document.querySelector('.fusion-header-v6')!;
    const menu = document.querySelector<HTMLElement>('.fusion-flyout-menu-toggle')!;
    const search = document.querySelector<HTMLElement>('.fusion-flyout-search-toggle')!;
    menu.click();
    expect(header.classList.contains('fusion-flyout-menu-active')).toBe(true);
    expect(header.classList.contains('fusion-flyout-active')).toBe(true);
    search.click();
    expect(header.classList.contains('fusion-flyout-menu-active')).toBe(false);
    expect(header.classList.contains('fusion-flyout-search-active')).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', keyCode: 27 } as KeyboardEventInit));
    expect(header.className).not.toMatch(/fusion-flyout-(active|menu-active|search-active)/);
    expect(document.activeElement).toBe(search);
  });
});
