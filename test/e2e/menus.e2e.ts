/**
 * Header, menus, sticky header and the vertical menu in real Chromium, one run per build (pages.e2e.ts boots and
 * axe-checks these pages under every tag), at 1280, 800 and 500 px, with the keyboard alone and with the mouse.
 * Pages: fixtures/pages/header.html (legacy v1: sticky with shrinkage and the admin bar, dropdowns, mega menu,
 * search overlay, login box, cart dropdown, classic mobile menu), header-v6.html (flyout menu and search) and
 * menu-element.html (Layout Builder sticky container, nav.awb-menu with a mega menu, the flyout variant, the
 * vertical menu widget).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BUILD_TAGS, PLAIN_FLOW_TAGS, expectAxeClean, expectNoConsoleErrors, openPage } from './harness';

const TIMEOUT = 15_000;
/** Long flows on a loaded machine: one page, many steps. */
const LONG = 240_000;
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 800, height: 900 };
const PHONE = { width: 500, height: 800 };

const expanded = (page: Page, selector: string) => page.getAttribute(selector, 'aria-expanded');
const focusedLabel = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.id ??
      document.activeElement?.textContent?.trim() ??
      null,
  );
const visible = (page: Page, selector: string) => page.isVisible(selector);
// Functions, not strings: the page's CSP forbids evaluating strings.
const waitExpanded = (page: Page, selector: string, value: 'true' | 'false') =>
  page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('aria-expanded') === want, [selector, value] as const, {
    timeout: TIMEOUT,
  });
const waitHeight = (page: Page, selector: string, height: number) =>
  page.waitForFunction(
    ([sel, h]) => Math.round(document.querySelector(sel as string)!.getBoundingClientRect().height) === h,
    [selector, Math.round(height)] as const,
    { timeout: TIMEOUT },
  );
const waitHidden = (page: Page, selector: string) =>
  page.waitForFunction((sel) => !document.querySelector(sel)!.checkVisibility(), selector, { timeout: TIMEOUT });
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  // Two frames: the observer reports after the scroll's frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
};
const shopButton = 'button[aria-label="Open submenu of Shop"]';

describe.each(BUILD_TAGS)('header and menus, %s build', (tag) => {
  test(
    'legacy header at 1280 px: keyboard dropdowns, Escape, hover mega menu, search, login, cart, sticky with shrink',
    async () => {
      const { page, errors, requests } = await openPage('/header.html', { tag, viewport: DESKTOP });
      page.setDefaultTimeout(TIMEOUT);
      const nav = '.fusion-main-menu';
      expect(await page.getAttribute(`${nav} #menu-item-31 > a`, 'href')).toBe('/shop/');
      expect(await expanded(page, `${nav} ${shopButton}`)).toBe('false');
      expect(await visible(page, `${nav} #menu-item-32`)).toBe(false);

      // Keyboard alone: the link, then its button; Enter opens, Tab walks in, Escape closes and returns focus.
      await page.focus(`${nav} #menu-item-31 > a`);
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe('Open submenu of Shop');
      await page.keyboard.press('Enter');
      expect(await expanded(page, `${nav} ${shopButton}`)).toBe('true');
      expect(await visible(page, `${nav} #menu-item-32 > a`)).toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe('Open submenu of Kitchen');
      await page.keyboard.press('Space');
      expect(await visible(page, `${nav} #menu-item-34 > a`)).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await focusedLabel(page)).toBe('Open submenu of Kitchen');
      expect(await visible(page, `${nav} #menu-item-34 > a`)).toBe(false);
      await page.keyboard.press('Escape');
      expect(await focusedLabel(page)).toBe('Open submenu of Shop');
      expect(await expanded(page, `${nav} ${shopButton}`)).toBe('false');

      // Mouse: resting on the mega menu item opens it after the delay; leaving closes it.
      await page.hover(`${nav} #menu-item-40 > a`);
      await waitExpanded(page, `${nav} button[aria-label="Open submenu of Collections"]`, 'true');
      expect(await visible(page, `${nav} a[href="/collections/linen/"]`)).toBe(true);
      await page.mouse.move(600, 700);
      await waitExpanded(page, `${nav} button[aria-label="Open submenu of Collections"]`, 'false');
      // A click on the button opens it too, and a click outside closes it.
      await page.click(`${nav} ${shopButton}`);
      expect(await expanded(page, `${nav} ${shopButton}`)).toBe('true');
      await page.mouse.click(600, 700);
      expect(await expanded(page, `${nav} ${shopButton}`)).toBe('false');

      // Search overlay: the icon is the button; focus goes to the field; Escape closes and returns focus.
      await page.click(`${nav} .fusion-main-menu-search > a`);
      expect(await page.getAttribute(nav, 'class')).toContain('search-open');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('overlay-search-input');
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(nav, 'class')).not.toContain('search-open');
      expect(await focusedLabel(page)).toBe('Search');

      // Login box: the account link stays a link; its button opens the form.
      const login = `${nav} .fusion-menu-login-box > button`;
      await page.click(login);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('username-menu');
      await page.keyboard.press('Escape');
      expect(await expanded(page, login)).toBe('false');

      // Cart dropdown, and the button survives the cart fragments' swap.
      const cart = `${nav} .fusion-menu-cart > button`;
      await page.click(cart);
      expect(
        await visible(
          page,
          `${nav} .fusion-menu-cart-items .woocommerce-mini-cart__empty-message, ${nav} .fusion-menu-cart-items .woocommerce-mini-cart`,
        ),
      ).toBe(true);
      await page.click(cart);
      const before = requests.filter((u) => u.includes('get_refreshed_fragments')).length;
      await page.evaluate(() => document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { bubbles: true })));
      await page.waitForFunction(
        (n) => performance.getEntriesByType('resource').filter((e) => e.name.includes('get_refreshed_fragments')).length > n,
        before,
      );
      await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
      expect(await page.$$eval(`${nav} .fusion-menu-cart > button`, (b) => b.length)).toBe(1);
      await page.click(cart);
      expect(await expanded(page, cart)).toBe('true');
      await page.keyboard.press('Escape');

      // Sticky: past the trigger (the top bar, under the admin bar) the header sticks, gets its shadow, shrinks to 65 px.
      const header = '.fusion-header';
      const tall = await page.$eval(header, (el) => el.getBoundingClientRect().height);
      expect(tall).toBeGreaterThan(65);
      await scrollTo(page, 30);
      expect(await page.evaluate(() => document.body.classList.contains('fusion-is-sticky'))).toBe(false);
      await scrollTo(page, 600);
      expect(await page.evaluate(() => document.body.classList.contains('fusion-is-sticky'))).toBe(true);
      expect(await page.getAttribute(header, 'class')).toContain('fusion-sticky-shadow');
      await waitHeight(page, header, 65);
      expect(await page.$eval(header, (el) => el.getBoundingClientRect().top)).toBe(32);
      expect(await page.$eval('.fusion-header-sticky-height', (el) => el.getBoundingClientRect().height)).toBe(tall);
      // The sticky header's dropdowns still work.
      await page.click(`${nav} ${shopButton}`);
      expect(await visible(page, `${nav} #menu-item-32 > a`)).toBe(true);
      await page.keyboard.press('Escape');
      await scrollTo(page, 0);
      expect(await page.evaluate(() => document.body.classList.contains('fusion-is-sticky'))).toBe(false);
      await waitHeight(page, header, tall);
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'header v6: the flyout toggles switch menu and search, Escape closes and returns focus; 1280, 800 and 500 px',
    async () => {
      const { page, errors } = await openPage('/header-v6.html', { tag, viewport: DESKTOP });
      page.setDefaultTimeout(TIMEOUT);
      const header = '.fusion-header-v6';
      const classes = () =>
        page.$eval(header, (el) =>
          ['fusion-flyout-active', 'fusion-flyout-menu-active', 'fusion-flyout-search-active'].filter((c) => el.classList.contains(c)),
        );
      expect(await classes()).toEqual([]);
      await page.focus('.fusion-flyout-menu-toggle');
      await page.keyboard.press('Enter');
      expect(await classes()).toEqual(['fusion-flyout-active', 'fusion-flyout-menu-active']);
      expect(await expanded(page, '.fusion-flyout-menu-toggle')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/shop/');
      await expectAxeClean(page);
      await page.click('.fusion-flyout-search-toggle');
      expect(await classes()).toEqual(['fusion-flyout-active', 'fusion-flyout-search-active']);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('flyout-search-input');
      await page.keyboard.press('Escape');
      expect(await classes()).toEqual([]);
      expect(await focusedLabel(page)).toBe('Toggle Search');
      await page.click('.fusion-flyout-menu-toggle');
      await page.click('.fusion-flyout-menu-toggle');
      expect(await classes()).toEqual([]);
      // The same page at 800 and 500 px: the toggles by keyboard alone.
      for (const width of [800, 500]) {
        await page.setViewportSize({ width, height: 800 });
        await page.focus('.fusion-flyout-search-toggle');
        await page.keyboard.press('Enter');
        expect(await classes()).toEqual(['fusion-flyout-active', 'fusion-flyout-search-active']);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('flyout-search-input');
        await page.keyboard.press('Escape');
        expect(await classes()).toEqual([]);
        expect(await focusedLabel(page)).toBe('Toggle Search');
      }
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'menu element at 1280 px: hover and keyboard, mega menu inside #wrapper, outside click, flyout, sticky container, vertical menu',
    async () => {
      const { page, errors } = await openPage('/menu-element.html', { tag, viewport: DESKTOP });
      page.setDefaultTimeout(TIMEOUT);
      const nav = 'nav.awb-menu:not(.awb-menu_flyout)';
      expect(await page.getAttribute(nav, 'class')).not.toContain('loading');
      expect(await page.getAttribute(nav, 'class')).not.toContain('collapse-enabled');
      const shop = `${nav} ${shopButton}`;
      await page.hover(`${nav} #menu-item-61 > a`);
      await waitExpanded(page, shop, 'true');
      expect(await page.getAttribute(`${nav} #menu-item-61`, 'class')).toContain('expanded');
      await page.mouse.move(640, 600);
      await waitExpanded(page, shop, 'false');

      const mega = `${nav} button[aria-label="Open submenu of Collections"]`;
      await page.focus(mega);
      await page.keyboard.press('Enter');
      const box = await page.$eval('#awb-mega-menu-65', (el) => {
        const r = el.getBoundingClientRect();
        const w = document.getElementById('wrapper')!.getBoundingClientRect();
        return { left: r.left, right: r.right, width: r.width, wl: w.left, wr: w.right };
      });
      expect(box.left).toBeGreaterThanOrEqual(box.wl);
      expect(box.right).toBeLessThanOrEqual(box.wr);
      expect(Math.round(box.width)).toBe(1180);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      expect(await focusedLabel(page)).toBe('Open submenu of Collections');
      await page.click(shop);
      expect(await expanded(page, shop)).toBe('true');
      await page.mouse.click(640, 600);
      expect(await expanded(page, shop)).toBe('false');

      // The flyout variant: the toggle opens it, focus on its close button; a submenu marks the nav; Escape unwinds.
      const flyout = 'nav.awb-menu_flyout';
      await page.click(`${flyout} .awb-menu__m-toggle`);
      expect(await page.getAttribute(flyout, 'class')).toContain('expanded');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('awb-menu__flyout-close'))).toBe(true);
      await page.click(`${flyout} button[aria-label="Open submenu of About"]`);
      expect(await page.getAttribute(flyout, 'class')).toContain('flyout-submenu-expanded');
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(flyout, 'class')).not.toContain('flyout-submenu-expanded');
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(flyout, 'class')).not.toContain('expanded');
      expect(await expanded(page, `${flyout} .awb-menu__m-toggle`)).toBe('false');
      await page.click(`${flyout} .awb-menu__m-toggle`);
      await page.click(`${flyout} .awb-menu__flyout-close`);
      expect(await expanded(page, `${flyout} .awb-menu__m-toggle`)).toBe('false');

      // Vertical menu: the current branch open, the other closed; click opens with a slide.
      const home = '.fusion-vertical-menu-widget button[aria-label="Open submenu of Home"]';
      const workshop = '.fusion-vertical-menu-widget button[aria-label="Open submenu of Workshop"]';
      expect(await expanded(page, home)).toBe('true');
      expect(await visible(page, '.fusion-vertical-menu-widget a[href="/home-goods/linen/"]')).toBe(true);
      expect(await expanded(page, workshop)).toBe('false');
      expect(await visible(page, '.fusion-vertical-menu-widget a[href="/workshop/tools/"]')).toBe(false);
      await page.click(workshop);
      expect(await visible(page, '.fusion-vertical-menu-widget a[href="/workshop/tools/"]')).toBe(true);
      expect(await expanded(page, home)).toBe('true');
      await page.focus(home);
      await page.keyboard.press('Enter');
      expect(await expanded(page, home)).toBe('false');
      await waitHidden(page, '.fusion-vertical-menu-widget a[href="/home-goods/linen/"]');

      // Sticky container: stuck past its top, the transition class after 120 px more, undone at the top.
      const container = '.fusion-sticky-container';
      await scrollTo(page, 60);
      expect(await page.getAttribute(container, 'class')).toContain('fusion-container-stuck');
      expect(await page.getAttribute(container, 'class')).not.toContain('fusion-sticky-transition');
      await scrollTo(page, 400);
      expect(await page.getAttribute(container, 'class')).toContain('fusion-sticky-transition');
      expect(await page.$eval(container, (el) => el.getBoundingClientRect().top)).toBe(0);
      // The column's notice (data-sticky-parent + data-sticky-bottoming): stuck 90 px down in its column's width,
      // then resting at the column's bottom and leaving with it.
      const notice = '.linen-notice';
      const column = await page.$eval(notice, (el) => ({
        width: el.getBoundingClientRect().width,
        bottom: el.parentElement!.getBoundingClientRect().bottom + scrollY,
      }));
      await scrollTo(page, 600);
      expect(await page.getAttribute(notice, 'class')).toContain('fusion-container-stuck');
      expect(
        await page.$eval(notice, (el) => [Math.round(el.getBoundingClientRect().top), Math.round(el.getBoundingClientRect().width)]),
      ).toEqual([90, Math.round(column.width)]);
      // Past the line where its bottom (90 px + its height below the top) meets the column's bottom.
      await scrollTo(page, Math.round(column.bottom) - 60);
      expect(await page.getAttribute(notice, 'class')).toContain('sf-sticky-bottomed');
      expect(
        await page.$eval(notice, (el) => Math.round(el.getBoundingClientRect().bottom - el.parentElement!.getBoundingClientRect().bottom)),
      ).toBe(0);
      await scrollTo(page, 600);
      expect(await page.getAttribute(notice, 'class')).not.toContain('sf-sticky-bottomed');
      await scrollTo(page, 0);
      expect(await page.getAttribute(container, 'class')).not.toContain('fusion-container-stuck');
      expect(await page.getAttribute(notice, 'class')).not.toContain('fusion-container-stuck');
      expectNoConsoleErrors(errors);
    },
    LONG,
  );
});

describe.each(PLAIN_FLOW_TAGS)('header and menus, %s build', (tag) => {
  test(
    'the top bar menu (.fusion-secondary-menu) at 1280, 800 and 500 px: keyboard, hover 500 ms, click, Escape, axe',
    async () => {
      const { page, errors } = await openPage('/header.html', { tag, viewport: DESKTOP });
      page.setDefaultTimeout(TIMEOUT);
      const bar = '.fusion-secondary-menu';
      const help = `${bar} button[aria-label="Open submenu of Help"]`;
      const language = `${bar} #menu-item-84 > a`;
      expect(await page.getAttribute(`${bar} #menu-item-81 > a`, 'href')).toBe('/help/');
      expect(await page.getAttribute(language, 'role')).toBe('button');
      for (const width of [1280, 800, 500]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => window.scrollTo(0, 0));
        // Keyboard: the link, then its button; Enter opens, Tab walks in, Escape closes and returns focus.
        expect(await expanded(page, help)).toBe('false');
        expect(await visible(page, `${bar} a[href="/help/returns/"]`)).toBe(false);
        await page.focus(`${bar} #menu-item-81 > a`);
        await page.keyboard.press('Tab');
        expect(await focusedLabel(page)).toBe('Open submenu of Help');
        await page.keyboard.press('Enter');
        expect(await expanded(page, help)).toBe('true');
        expect(await visible(page, `${bar} a[href="/help/returns/"]`)).toBe(true);
        if (width === 1280) await expectAxeClean(page);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/help/returns/');
        await page.keyboard.press('Escape');
        expect(await focusedLabel(page)).toBe('Open submenu of Help');
        expect(await expanded(page, help)).toBe('false');
        // The "#" parent is the button itself: Space opens, Escape closes and keeps focus on it.
        await page.focus(language);
        await page.keyboard.press('Space');
        expect(await expanded(page, language)).toBe('true');
        expect(await visible(page, `${bar} a[href="/de/"]`)).toBe(true);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Escape');
        expect(await expanded(page, language)).toBe('false');
        expect(await page.evaluate(() => document.activeElement?.closest('li')?.id)).toBe('menu-item-84');
        // Mouse: resting on the item opens it after the delay, leaving closes it; a click opens, outside closes.
        await page.hover(`${bar} #menu-item-81 > a`);
        await waitExpanded(page, help, 'true');
        await page.mouse.move(Math.round(width / 2), 700);
        await waitExpanded(page, help, 'false');
        await page.click(language);
        expect(await expanded(page, language)).toBe('true');
        expect(await page.evaluate(() => location.hash)).toBe('');
        await page.mouse.click(Math.round(width / 2), 700);
        expect(await expanded(page, language)).toBe('false');
      }
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'legacy mega menu with megamenu_base_width "viewport": spans #wrapper wherever its item sits (1280 and 900 px)',
    async () => {
      const viewportWide = () => {
        let vars: unknown;
        Object.defineProperty(window, 'avadaMenuVars', {
          configurable: true,
          get: () => vars,
          set: (value: Record<string, unknown>) => {
            vars = { ...value, megamenu_base_width: 'viewport' };
          },
        });
      };
      const { page, errors } = await openPage('/header.html', {
        tag,
        viewport: DESKTOP,
        initScript: viewportWide,
      });
      page.setDefaultTimeout(TIMEOUT);
      const button = '.fusion-main-menu button[aria-label="Open submenu of Collections"]';
      const boxes = () =>
        page.$eval('#menu-item-40 > .fusion-megamenu-wrapper', (el) => {
          const r = el.getBoundingClientRect();
          const w = document.getElementById('wrapper')!.getBoundingClientRect();
          return { left: Math.round(r.left), right: Math.round(r.right), wl: Math.round(w.left), wr: Math.round(w.right) };
        });
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 800 });
        await page.click(button);
        expect(await expanded(page, button)).toBe('true');
        const box = await boxes();
        expect([box.left, box.right]).toEqual([box.wl, box.wr]);
        await page.keyboard.press('Escape');
      }
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'legacy header at 800 px: the mobile menu (keyboard), its submenu texts, axe with it open; sticky on tablet',
    async () => {
      const { page, errors } = await openPage('/header.html', { tag, viewport: TABLET });
      page.setDefaultTimeout(TIMEOUT);
      const toggle = '.fusion-mobile-menu-icons a';
      const holder = '.fusion-mobile-nav-holder';
      expect(await visible(page, `${holder} a[href="/shop/"]`)).toBe(false);
      expect(await page.getAttribute(toggle, 'role')).toBe('button');
      await page.focus(toggle);
      await page.keyboard.press('Enter');
      expect(await expanded(page, toggle)).toBe('true');
      expect(await visible(page, `${holder} a[href="/shop/"]`)).toBe(true);
      // Ids in the copy stay unique.
      expect(await page.$$eval('[id="menu-item-31"]', (els) => els.length)).toBe(1);
      const sub = `${holder} button.fusion-open-submenu`;
      expect(await page.getAttribute(sub, 'aria-label')).toBe('Open submenu of Shop');
      await page.focus(sub);
      await page.keyboard.press('Space');
      expect(await page.getAttribute(sub, 'aria-label')).toBe('Close submenu of Shop');
      expect(await visible(page, `${holder} a[href="/product-category/bags/"]`)).toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(sub, 'aria-label')).toBe('Open submenu of Shop');
      await page.keyboard.press('Escape');
      expect(await expanded(page, toggle)).toBe('false');
      expect(await focusedLabel(page)).toBe('Toggle mobile menu');

      await scrollTo(page, 600);
      expect(await page.evaluate(() => document.body.classList.contains('fusion-is-sticky'))).toBe(true);
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'legacy header at 500 px: the mobile menu by tap, not sticky on mobile',
    async () => {
      const { page, errors } = await openPage('/header.html', { tag, viewport: PHONE, hasTouch: true });
      page.setDefaultTimeout(TIMEOUT);
      await page.tap('.fusion-mobile-menu-icons a');
      expect(await visible(page, '.fusion-mobile-nav-holder a[href="/journal/"]')).toBe(true);
      // The mobile copy's cart item is the cart link named by mobile_nav_cart; the search icon is not copied.
      expect(await page.textContent('.fusion-mobile-nav-holder li.fusion-menu-cart .menu-text')).toBe('Shopping Cart');
      expect(await page.$$('.fusion-mobile-nav-holder .fusion-main-menu-search')).toHaveLength(0);
      await expectAxeClean(page);
      expect(await page.$$('.fusion-mobile-selector')).toHaveLength(0);
      await scrollTo(page, 600);
      expect(await page.evaluate(() => document.body.classList.contains('fusion-is-sticky'))).toBe(false);
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'legacy header at 500 px, classic without the bars icon: the "Go to..." bar (dropdown_goto) by keyboard',
    async () => {
      const dropIcon = () =>
        document.addEventListener('DOMContentLoaded', () => document.querySelector('.fusion-mobile-menu-icons')?.remove());
      const { page, errors } = await openPage('/header.html', {
        tag,
        viewport: PHONE,
        initScript: dropIcon,
      });
      page.setDefaultTimeout(TIMEOUT);
      const bar = '.fusion-mobile-nav-holder > button.fusion-mobile-selector';
      await page.waitForSelector(bar);
      expect(await page.textContent(bar)).toBe('Go to...');
      expect(await expanded(page, bar)).toBe('false');
      await page.focus(bar);
      await page.keyboard.press('Enter');
      expect(await expanded(page, bar)).toBe('true');
      expect(await visible(page, '.fusion-mobile-nav-holder a[href="/journal/"]')).toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/shop/');
      await page.keyboard.press('Escape');
      expect(await expanded(page, bar)).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('fusion-mobile-selector'))).toBe(true);
      await page.keyboard.press('Space');
      expect(await expanded(page, bar)).toBe('true');
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'legacy header at 500 px, modern design, submenu_slideout off: the icon by keyboard, every submenu shown',
    async () => {
      // The page's own avadaMenuVars, as a shop with these settings would print it.
      const modern = () => {
        let vars: unknown;
        Object.defineProperty(window, 'avadaMenuVars', {
          configurable: true,
          get: () => vars,
          set: (value: Record<string, unknown>) => {
            vars = { ...value, mobile_menu_design: 'modern', submenu_slideout: '0' };
          },
        });
      };
      const { page, errors } = await openPage('/header.html', {
        tag,
        viewport: PHONE,
        initScript: modern,
      });
      page.setDefaultTimeout(TIMEOUT);
      const toggle = '.fusion-mobile-menu-icons a';
      await page.focus(toggle);
      await page.keyboard.press('Enter');
      expect(await expanded(page, toggle)).toBe('true');
      await page.waitForFunction(
        () => document.querySelector('.fusion-mobile-nav-holder a[href="/product-category/kitchen/mugs/"]')?.checkVisibility(),
        null,
        { timeout: TIMEOUT },
      );
      expect(await page.$$('.fusion-mobile-nav-holder .fusion-open-submenu, .fusion-mobile-selector')).toHaveLength(0);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      expect(await expanded(page, toggle)).toBe('false');
      expect(await focusedLabel(page)).toBe('Toggle mobile menu');
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'menu element at 800 px: collapsed to its toggle, keyboard, axe with the mobile menu open; sticky on medium',
    async () => {
      const { page, errors } = await openPage('/menu-element.html', { tag, viewport: TABLET });
      page.setDefaultTimeout(TIMEOUT);
      const nav = 'nav.awb-menu:not(.awb-menu_flyout)';
      expect(await page.getAttribute(nav, 'class')).toContain('collapse-enabled');
      expect(await visible(page, `${nav} #menu-item-61 > a`)).toBe(false);
      await page.focus(`${nav} .awb-menu__m-toggle`);
      await page.keyboard.press('Enter');
      expect(await visible(page, `${nav} #menu-item-61 > a`)).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe('Open submenu of Shop');
      await page.keyboard.press('Enter');
      expect(await visible(page, `${nav} #menu-item-62 > a`)).toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      expect(await expanded(page, `${nav} .awb-menu__m-toggle`)).toBe('false');
      await scrollTo(page, 300);
      expect(await page.getAttribute('.fusion-sticky-container', 'class')).toContain('fusion-container-stuck');
      expectNoConsoleErrors(errors);
    },
    LONG,
  );

  test(
    'menu element at 500 px, reduced motion: the vertical menu opens without a slide; no sticky on small screens',
    async () => {
      const { page, errors } = await openPage('/menu-element.html', { tag, viewport: PHONE, reducedMotion: true });
      page.setDefaultTimeout(TIMEOUT);
      await page.click('.fusion-vertical-menu-widget button[aria-label="Open submenu of Workshop"]');
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      expect(await visible(page, '.fusion-vertical-menu-widget a[href="/workshop/tools/"]')).toBe(true);
      await scrollTo(page, 600);
      expect(await page.getAttribute('.fusion-sticky-container', 'class')).not.toContain('fusion-container-stuck');
      expectNoConsoleErrors(errors);
    },
    LONG,
  );
});

describe('header and menus, classic tag', () => {
  test('mounts the legacy header from the classic script', async () => {
    const { page, errors } = await openPage('/header.html', { tag: 'classic', viewport: DESKTOP });
    await page.click(`.fusion-main-menu ${shopButton}`);
    expect(await page.isVisible('.fusion-main-menu #menu-item-32 > a')).toBe(true);
    expectNoConsoleErrors(errors);
  });
});
