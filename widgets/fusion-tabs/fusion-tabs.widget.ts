import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { idFromHref } from '../../src/tabs/logic';
import { createTablist, ensureId, type TabEntry } from '../../src/tabs/tablist';
import { declaredOrientation, hashTabIndex, initialTabIndex } from './logic';

/** Avada re-lays out carousels, grids and maps on resize; a panel that was hidden needs it once shown. */
const relayout = () => void env().frame(() => window.dispatchEvent(new Event('resize')));

/**
 * Avada's tabs element (Bootstrap-style markup): `.nav > ul.nav-tabs > li > a.tab-link[data-toggle=tab]`, panels
 * `.tab-content > .tab-pane` moved with the classes `active` and `in`. On small screens Avada shows a second set
 * of links (`.fusion-mobile-tab-nav`) inside `.tab-content`; those select the same panels and stay links.
 */
export default defineWidget({
  mount(element, { signal, warn }) {
    const root = element as HTMLElement;
    // Tabs nest (a tabs element inside a panel): each instance handles only its own markup.
    const own = <T extends Element>(selector: string) =>
      [...root.querySelectorAll<T>(selector)].filter((el) => el.closest('.fusion-tabs') === root);

    const list = own<HTMLElement>('.nav:not(.fusion-mobile-tab-nav) > ul.nav-tabs')[0];
    const panes = own<HTMLElement>('.tab-content > .tab-pane');
    const findPane = (id: string | undefined) => (id === undefined ? null : (panes.find((p) => p.id === id) ?? null));
    const entries: TabEntry[] = [];
    for (const tab of list ? [...list.querySelectorAll<HTMLElement>(':scope > li > a.tab-link, :scope > li > a[data-toggle="tab"]')] : []) {
      const panel = findPane(idFromHref(tab.getAttribute('href')));
      if (!panel) warn('href', `tab "${tab.textContent?.trim()}" points at no .tab-pane (${tab.getAttribute('href')})`);
      entries.push({ tab, item: tab.closest('li'), panel });
    }
    if (!list || entries.length === 0) {
      warn('.nav-tabs', 'no tab links found; the tabs keep working as printed');
      return;
    }
    const mobileLinks = own<HTMLAnchorElement>('.fusion-mobile-tab-nav a.tab-link, .fusion-mobile-tab-nav a[data-toggle="tab"]');

    if (declaredOrientation([...root.classList]) === 'vertical' && !list.hasAttribute('aria-orientation'))
      list.setAttribute('aria-orientation', 'vertical');
    for (const entry of entries) ensureId(entry.tab, 'fusion-tab');

    const tablist = createTablist({
      list,
      entries,
      signal,
      labelPanelsBy: 'tab',
      show(entry, on) {
        const pane = entry.panel;
        if (!pane) return;
        pane.classList.toggle('active', on);
        pane.classList.toggle('in', on);
        pane.hidden = !on;
        for (const link of mobileLinks)
          if (idFromHref(link.getAttribute('href')) === pane.id) link.closest('li')?.classList.toggle('active', on);
      },
      onChange: relayout,
    });

    const describe = () => entries.map((e) => ({ panelId: e.panel?.id, tabId: e.tab.id, active: !!e.item?.classList.contains('active') }));
    const routed = hashTabIndex(location.hash, describe());
    tablist.select(initialTabIndex(location.hash, describe()), { silent: true });
    // The browser's own jump went nowhere while the panel was hidden.
    if (routed >= 0) root.scrollIntoView({ block: 'start' });

    for (const link of mobileLinks) {
      link.addEventListener(
        'click',
        (event) => {
          const index = tablist.indexOfId(idFromHref(link.getAttribute('href')) ?? '');
          if (index < 0) return;
          event.preventDefault();
          tablist.select(index);
        },
        { signal },
      );
    }

    window.addEventListener(
      'hashchange',
      () => {
        const index = hashTabIndex(location.hash, describe());
        if (index < 0) return;
        tablist.select(index);
        root.scrollIntoView({ block: 'start', behavior: env().prefersReducedMotion() ? 'auto' : 'smooth' });
      },
      { signal },
    );
  },
});
