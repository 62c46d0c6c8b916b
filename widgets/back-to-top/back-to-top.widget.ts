import { defineWidget } from '../../src/widget';
import { flag, readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { easeInOutExpo } from '../../src/dom/easing';
import { moveFocusTo } from '../../src/dom/focus';
import { animateScroll, scrollTopNow } from '../../src/dom/scroll';
import { env } from '../../src/env';
import { MOBILE_QUERY } from '../viewport/logic';
import { ACTIVE_CLASS, isActive, parseStatus, positionClasses, SCROLL_DURATION_MS, type Devices } from './logic';

const status: FieldSpec<Devices> = {
  read: parseStatus,
  fallback: { desktop: true, mobile: false },
  expected: '"desktop", "desktop_and_mobile", "mobile", "off" or a flag',
};

const SPEC = {
  status_totop: status,
  totop_position: str(''),
  totop_scroll_down_only: flag(false),
};

/** The top of the page for focus: Avada's page wrappers, else the body. */
function pageTop(): HTMLElement {
  return document.querySelector<HTMLElement>('#boxed-wrapper, #wrapper') ?? document.body;
}

export default defineWidget({
  mount(element, { signal }) {
    const link = element as HTMLElement;
    const settings = readGlobal('avadaToTopVars', SPEC, 'back-to-top');
    const container = link.closest<HTMLElement>('.to-top-container');

    const classes = positionClasses(settings.totop_position);
    if (container && classes.length) {
      for (const c of container.className.split(/\s+/))
        if (c.startsWith('to-top-') && c !== 'to-top-container') container.classList.remove(c);
      container.classList.add(...classes);
    }

    // Mobile is the responsive mode at 700 px and below (theme.md §7), the same boundary as `data-sf-viewport`.
    const mobile = env().matchMedia(MOBILE_QUERY);
    const enabled = () => ((mobile?.matches ?? window.innerWidth <= 700) ? settings.status_totop.mobile : settings.status_totop.desktop);

    let previousY = scrollTopNow();
    let scheduled = false;
    const update = () => {
      scheduled = false;
      const y = scrollTopNow();
      const on = isActive({ y, previousY, scrollDownOnly: settings.totop_scroll_down_only, enabled: enabled() });
      previousY = y;
      link.classList.toggle(ACTIVE_CLASS, on);
      // Hidden by the theme while inactive: keep it out of the Tab order too.
      if (on) link.removeAttribute('tabindex');
      else link.setAttribute('tabindex', '-1');
    };
    const onScroll = () => {
      if (scheduled) return;
      scheduled = true;
      const cancel = env().frame(update);
      signal.addEventListener('abort', cancel, { once: true });
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true, signal });
    mobile?.addEventListener('change', update, { signal });

    let running: AbortController | undefined;
    signal.addEventListener('abort', () => running?.abort(), { once: true });
    link.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        running?.abort();
        const controller = (running = new AbortController());
        const duration = env().prefersReducedMotion() ? 0 : SCROLL_DURATION_MS;
        void animateScroll({ to: () => 0, duration, easing: easeInOutExpo, signal: controller.signal }).then((arrived) => {
          if (arrived) moveFocusTo(pageTop());
        });
      },
      { signal },
    );
  },
});
