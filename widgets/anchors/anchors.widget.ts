import { defineWidget } from '../../src/widget';
import { flag, readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { parseFlag, parseNumber } from '../../src/config/parse';
import { moveFocusTo } from '../../src/dom/focus';
import { animateScroll, fixedAdminBarHeight, maxScrollTop, scrollTopNow } from '../../src/dom/scroll';
import { env } from '../../src/env';
import { DESKTOP_QUERY, modeForWidth, modeFromQueries, TABLET_QUERY, type ViewportMode } from '../viewport/logic';
import {
  anchorAction,
  ANCHOR_SCOPES,
  arrivalDelay,
  arrivalId,
  arrivedUrl,
  halfway,
  scrollDestination,
  scrollOffset,
  scrollPhases,
  SHRUNK_HEADER_HEIGHT,
} from './logic';

/** `scroll_offset` is a number of pixels on some sites and a word (`full`, `menu`) on others: only numbers count. */
const pixelsOrWord: FieldSpec<number> = {
  read: (v) => parseNumber(v) ?? (typeof v === 'string' && /^[a-z_]*$/i.test(v.trim()) ? 0 : undefined),
  fallback: 0,
  expected: 'a number of pixels',
};

const HEADER_SPEC = {
  header_position: str('top'),
  header_sticky: flag(false),
  header_sticky_tablet: flag(false),
  header_sticky_mobile: flag(false),
  sticky_header_shrinkage: flag(false),
  scroll_offset: pixelsOrWord,
};

function currentMode(): ViewportMode {
  const desktop = env().matchMedia(DESKTOP_QUERY);
  const tablet = env().matchMedia(TABLET_QUERY);
  return desktop && tablet ? modeFromQueries(desktop.matches, tablet.matches) : modeForWidth(window.innerWidth);
}

const height = (el: Element | null) => (el ? el.getBoundingClientRect().height : 0);

const builderSticky = () => document.querySelector<HTMLElement>('.fusion-tb-header .fusion-sticky-container');

function findTarget(id: string): HTMLElement | null {
  return document.getElementById(id) ?? (document.getElementsByName(id)[0] as HTMLElement | undefined) ?? null;
}

export default defineWidget({
  mount(element, { signal, timeout }) {
    const header = readGlobal('avadaHeaderVars', HEADER_SPEC, 'anchors');

    const stickyHeader = () => {
      const mode = currentMode();
      const container = builderSticky();
      if (container) {
        const size = mode === 'desktop' ? 'large' : mode === 'tablet' ? 'medium' : 'small';
        const on = parseFlag(container.getAttribute(`data-sticky-${size}-visibility`));
        return on === false ? 0 : height(container);
      }
      if (!header.header_sticky || header.header_position.trim().toLowerCase() !== 'top') return 0;
      if ((mode === 'tablet' && !header.header_sticky_tablet) || (mode === 'mobile' && !header.header_sticky_mobile)) return 0;
      const full = height(document.querySelector('.fusion-header'));
      return header.sticky_header_shrinkage && full > 0 ? Math.min(full, SHRUNK_HEADER_HEIGHT) : full;
    };

    const custom = () => header.scroll_offset + (parseNumber(builderSticky()?.getAttribute('data-scroll-offset')) ?? 0);

    const destination = (target: HTMLElement) =>
      scrollDestination(
        target.getBoundingClientRect().top + scrollTopNow(),
        scrollOffset({ adminBar: fixedAdminBarHeight(), stickyHeader: stickyHeader(), custom: custom() }),
        maxScrollTop(),
      );

    let running: AbortController | undefined;
    signal.addEventListener('abort', () => running?.abort(), { once: true });

    async function scrollToTarget(target: HTMLElement, finalUrl: string): Promise<void> {
      running?.abort();
      const controller = (running = new AbortController());
      const start = scrollTopNow();
      const first = destination(target);
      let arrived = true;
      for (const phase of scrollPhases(env().prefersReducedMotion())) {
        const to = phase.to === 'halfway' ? () => halfway(start, first) : () => destination(target);
        arrived = await animateScroll({ to, duration: phase.duration, easing: phase.easing, signal: controller.signal });
        if (!arrived) break;
      }
      if (controller.signal.aborted) return; // another link took over
      history.replaceState(history.state, '', finalUrl);
      // Keyboard and screen-reader users continue from the section they asked for (the shopper who took over
      // the scroll with wheel or touch keeps their focus where it is).
      if (arrived) moveFocusTo(target);
    }

    element.addEventListener(
      'click',
      (event) => {
        const e = event as MouseEvent;
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
        if (!link || !link.closest(ANCHOR_SCOPES) || link.hasAttribute('download')) return;
        if (link.target && link.target.toLowerCase() !== '_self') return;
        const action = anchorAction(
          {
            href: link.href,
            noScroll: !!link.closest('.avada-noscroll'),
            megaMenuTab:
              !!link.closest('.fusion-megamenu-wrapper, .fusion-megamenu, .awb-menu__mega-wrap') &&
              link.matches('[data-toggle="tab"], .tab-link, [role="tab"]'),
          },
          location.href,
        );
        if (action.kind === 'other-page') {
          e.preventDefault();
          location.assign(action.url);
          return;
        }
        if (action.kind !== 'same-page') return;
        const target = findTarget(action.id);
        if (!target) return; // nothing to scroll to: the browser's own behaviour
        e.preventDefault();
        void scrollToTarget(target, action.hash);
      },
      { signal },
    );

    // Arrival from another page with `#_id`.
    const id = arrivalId(location.hash);
    if (id === undefined) return;
    const plainHash = `#${location.hash.slice(2)}`;
    for (const link of document.querySelectorAll('.fusion-page-load-link')) link.setAttribute('href', plainHash);
    const arrive = () =>
      timeout(
        () => {
          const target = findTarget(id);
          const url = arrivedUrl(location.href);
          if (target) void scrollToTarget(target, url);
          else history.replaceState(history.state, '', url);
        },
        arrivalDelay(!!document.querySelector('.fusion-blog-shortcode')),
      );
    if (document.readyState === 'complete') arrive();
    else window.addEventListener('load', arrive, { once: true, signal });
  },
});
