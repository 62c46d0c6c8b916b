/**
 * Avada's lightbox (iLightbox) on PhotoSwipe 5. This chunk is the cheap part: it applies the target rule to each
 * target as it is found, and one delegated click listener on the document opens the dialog in the click's own
 * task (so targets inserted later work without a rescan); PhotoSwipe's core follows on the first open. Deep links
 * open on arrival and follow `hashchange` and Back. Anything that fails leaves the plain link to navigate.
 */
import { defineWidget } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { pageJQuery } from '../../src/events/jquery';
import { warnOnce } from '../../src/log';
import { parseHash, readLightboxConfig, WIDGET, type Settings } from './logic';
import { applyTargetRule, groupLinks, groupOf, isCandidate, linksOfGroup, readItem, type LightboxItem } from './targets';
import { warmCore } from './core';
import { LightboxView } from './view';

interface PageLightbox {
  settings: Settings;
  view: LightboxView;
  stop(): void;
}

let page: PageLightbox | undefined;
let mounted = 0;

/** Navigation as the plain link would do it (a seam for tests). */
export const navigation = { assign: (href: string) => location.assign(href) };

function itemsFor(links: Element[]): { items: LightboxItem[]; links: Element[] } {
  const items: LightboxItem[] = [];
  const kept: Element[] = [];
  for (const link of links) {
    const item = readItem(link);
    if (!item) continue;
    const img = link.querySelector('img');
    const w = Number(img?.getAttribute('width'));
    const h = Number(img?.getAttribute('height'));
    if (w > 0 && h > 0) Object.assign(item, { width: w, height: h });
    items.push(item);
    kept.push(link);
  }
  return { items, links: kept };
}

function openFromLink(state: PageLightbox, link: Element): boolean {
  const { items, links } = itemsFor(groupLinks(link, state.settings));
  const index = links.indexOf(link);
  if (index < 0) return false;
  state.view.open({ items, index, group: groupOf(link, state.settings), opener: link as HTMLElement });
  return true;
}

/** The address names an item of a group on this page: open or move to it; a deep link to nothing closes. */
function followHash(state: PageLightbox): void {
  if (!state.settings.lightbox_deeplinking) return;
  const target = parseHash(location.hash);
  const links = target ? linksOfGroup(target.group, state.settings) : [];
  const current = state.view.current;
  if (!target || target.index >= links.length) {
    if (current?.group) state.view.closeFromHistory();
    return;
  }
  if (current && current.group === target.group) {
    state.view.goTo(target.index);
    return;
  }
  const { items } = itemsFor(links);
  state.view.open({ items, index: target.index, group: target.group, opener: links[target.index] as HTMLElement, fromHash: true });
}

/** Themes call `window.avadaLightBox` after loading content: each call rescans (our listener already covers clicks). */
function installJQueryShim(): void {
  if (!pageJQuery() || (window as { avadaLightBox?: unknown }).avadaLightBox) return;
  const rescan = (root?: unknown) => {
    const el = root instanceof Element ? root : (root as { 0?: unknown } | null | undefined)?.[0];
    window.StorefrontIslands?.scan(el instanceof Element ? el : document);
  };
  (window as { avadaLightBox?: unknown }).avadaLightBox = {
    initialize_lightbox: () => rescan(),
    refresh_lightbox: () => rescan(),
    activate_lightbox: (elements?: unknown) => rescan(elements),
    set_title_and_caption: () => {},
    start_lightbox: () => rescan(),
  };
}

function start(): PageLightbox {
  const { settings, texts, video } = readLightboxConfig(pageGlobal('fusionLightboxVars'), pageGlobal('fusionLightboxVideoVars'));
  const view = new LightboxView({ settings, texts, video, onCoreFailed: (href) => navigation.assign(href) });
  const controller = new AbortController();
  const { signal } = controller;
  const state: PageLightbox = { settings, view, stop: () => controller.abort() };
  // The theme's switch is off: the links stay plain links.
  if (!settings.status_lightbox) return state;

  const targetOf = (event: Event): Element | null => {
    const link = event.target instanceof Element ? event.target.closest('a[href], [data-rel], [rel]') : null;
    return link && isCandidate(link, settings) ? link : null;
  };
  document.addEventListener(
    'click',
    (event) => {
      // New tabs, downloads and handlers that already took the click keep the browser's behaviour.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = targetOf(event);
      if (!link) return;
      try {
        if (openFromLink(state, link)) event.preventDefault();
      } catch (error) {
        warnOnce(WIDGET, 'open', `could not open (${String(error)}); following the link`);
        view.closeFromHistory();
      }
    },
    { signal },
  );
  // A pointer heading for a target starts fetching PhotoSwipe's core before the click lands.
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (targetOf(event)) void warmCore().catch(() => {});
    },
    { signal, passive: true },
  );
  window.addEventListener('hashchange', () => followHash(state), { signal });
  window.addEventListener('popstate', () => followHash(state), { signal });
  installJQueryShim();
  // Arrival with a deep link opens it once the targets are read (after this task, so every target is mounted).
  if (location.hash) queueMicrotask(() => followHash(state));
  return state;
}

export default defineWidget({
  mount(element, context) {
    if (!page) page = start();
    const state = page;
    if (!state.settings.status_lightbox) return;
    applyTargetRule(element);
    mounted++;
    context.onCleanup(() => {
      if (--mounted > 0) return;
      state.view.closeFromHistory();
      state.stop();
      if (page === state) page = undefined;
    });
  },
});
