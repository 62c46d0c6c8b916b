import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { listenLegacy } from '../../src/events/bus';
import { moveFocusTo } from '../../src/dom/focus';
import { idFromHash, idFromHref } from '../../src/tabs/logic';
import { createTablist, type TabEntry, type Tablist } from '../../src/tabs/tablist';
import { hashPanelId, initialPanelId, REVIEWS_PANEL } from './logic';

const WRAPPER = '.wc-tabs-wrapper, .woocommerce-tabs';

function findById(root: Element, id: string): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>('[id]')) if (el.id === id) return el;
  return null;
}

/** WooCommerce hides with inline styles (jQuery's hide/show), which win over any theme rule; `hidden` tells AT. */
function setShown(panel: HTMLElement, shown: boolean): void {
  panel.hidden = !shown;
  if (!shown) {
    panel.style.display = 'none';
    return;
  }
  panel.style.removeProperty('display');
  if (getComputedStyle(panel).display === 'none') panel.style.display = 'block';
}

/** Avada re-lays out carousels, grids and maps on resize; a panel that was hidden needs it once shown. */
function relayout(): void {
  env().frame(() => window.dispatchEvent(new Event('resize')));
}

function scrollToElement(target: HTMLElement): void {
  target.scrollIntoView({ behavior: env().prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/**
 * The "(n customer reviews)" link opens the reviews tab, then scrolls to it once the click has gone through every
 * handler. Capture, before any other handler: the in-page anchors widget (if mounted) then scrolls to a visible target.
 */
function followReviewLinks(tablist: () => Tablist | undefined, reviewsIndex: () => number, signal: AbortSignal): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a.woocommerce-review-link') : null;
      const index = reviewsIndex();
      const tabs = tablist();
      if (!link || !tabs || index < 0) return;
      tabs.select(index);
      window.addEventListener(
        'click',
        (late) => {
          if (late !== event || late.defaultPrevented) return;
          late.preventDefault();
          const target = document.getElementById('reviews') ?? tablist()?.entries[index]?.panel;
          if (!target) return;
          scrollToElement(target);
          history.replaceState(history.state, '', `#${target.id}`);
          moveFocusTo(target);
        },
        { once: true, signal },
      );
    },
    { capture: true, signal },
  );
}

export default defineWidget({
  mount(element, { signal, warn }) {
    const wrapper = element as HTMLElement;
    // `.woocommerce-tabs` inside `.wc-tabs-wrapper` (or the reverse) is one widget: the outer one owns it.
    if (wrapper.parentElement?.closest(WRAPPER)) return;

    let tablist: Tablist | undefined;
    let listeners: AbortController | undefined;
    signal.addEventListener('abort', () => listeners?.abort(), { once: true });

    const panelIds = () => (tablist?.entries ?? []).flatMap((e) => (e.panel ? [e.panel.id] : []));
    const reviewsIndex = () => {
      if (!tablist) return -1;
      const byId = tablist.indexOfId(REVIEWS_PANEL);
      return byId >= 0 ? byId : tablist.entries.findIndex((e) => e.item?.classList.contains('reviews_tab'));
    };
    const indexFor = (panelId: string | undefined) =>
      panelId === undefined ? -1 : panelId === REVIEWS_PANEL ? reviewsIndex() : (tablist?.indexOfId(panelId) ?? -1);

    function init(): void {
      const previous = tablist?.entries[tablist.selected()]?.panel?.id;
      listeners?.abort();
      listeners = new AbortController();
      tablist = undefined;

      const list = wrapper.querySelector<HTMLElement>('ul.wc-tabs, ul.tabs');
      const entries: TabEntry[] = [];
      for (const tab of list?.querySelectorAll<HTMLAnchorElement>('li > a') ?? []) {
        const id = idFromHref(tab.getAttribute('href'));
        entries.push({ tab, item: tab.closest('li'), panel: id ? findById(wrapper, id) : null });
      }
      if (!list || entries.length === 0) {
        warn('ul.wc-tabs', 'no tab links found; every panel stays visible');
        return;
      }
      // WooCommerce hides every `.wc-tab` and each `.panel` not inside another `.panel`, however deep.
      const panels = new Set<HTMLElement>(wrapper.querySelectorAll<HTMLElement>('.wc-tab'));
      for (const panel of wrapper.querySelectorAll<HTMLElement>('.panel')) {
        const outer = panel.parentElement?.closest('.panel');
        if (!outer || !wrapper.contains(outer)) panels.add(panel);
      }
      for (const entry of entries)
        if (!entry.panel) warn('href', `tab "${entry.tab.textContent?.trim()}" points at no panel (${entry.tab.getAttribute('href')})`);

      try {
        for (const panel of panels) setShown(panel, false);
        tablist = createTablist({
          list,
          entries,
          signal: listeners.signal,
          show: (entry, on) => entry.panel && setShown(entry.panel, on),
          onChange: relayout,
          stateOrientation: true,
        });
        const routed = indexFor(initialPanelId(location.hash, location.href, panelIds()));
        const kept = indexFor(previous);
        tablist.select(routed >= 0 ? routed : kept >= 0 ? kept : 0, { silent: true });
        if (routed >= 0 && previous === undefined) revealHashTarget();
      } catch (error) {
        // Never leave the shopper with every panel hidden.
        for (const panel of panels) setShown(panel, true);
        tablist = undefined;
        throw error;
      }
    }

    /**
     * The browser jumped to `#comment-3` while every panel was still visible; hiding the panels above it moved the
     * comment away. Bring it back, without animation, once it is shown.
     */
    function revealHashTarget(): void {
      const id = idFromHash(location.hash);
      const target = id ? document.getElementById(id) : null;
      if (!target || !wrapper.contains(target) || target.closest('[hidden]')) return;
      env().frame(() => target.scrollIntoView({ block: 'start' }));
    }

    init();

    // Theme and plugin code re-initialises the tabs after replacing them (quick view, ajax product loads).
    listenLegacy(
      wrapper,
      'init',
      () => {
        try {
          init();
        } catch (error) {
          warn('init', `re-initialising failed; every panel is visible again (${String(error)})`);
        }
      },
      signal,
    );

    followReviewLinks(() => tablist, reviewsIndex, signal);

    window.addEventListener(
      'hashchange',
      () => {
        const index = indexFor(hashPanelId(location.hash, panelIds()));
        if (!tablist || index < 0) return;
        tablist.select(index);
        // The browser's own jump went nowhere while the target was hidden.
        const id = idFromHash(location.hash);
        const target = id ? document.getElementById(id) : null;
        if (target && wrapper.contains(target)) scrollToElement(target);
      },
      { signal },
    );
  },
});
