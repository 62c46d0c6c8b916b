import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { emit } from '../../src/events/bus';
import { DESKTOP_QUERY, MODES, modeClass, modeForWidth, modeFromQueries, TABLET_QUERY, type ViewportMode } from './logic';

/**
 * `body[data-sf-viewport]` and `sf-viewport-*` classes for the responsive mode, and `storefront:viewport`
 * ({mode, previous}) on document when it changes (once on mount with previous null, so listeners learn the
 * starting mode).
 */
export default defineWidget({
  mount(element, { signal }) {
    const body = element as HTMLElement;
    const desktop = env().matchMedia(DESKTOP_QUERY);
    const tablet = env().matchMedia(TABLET_QUERY);
    let mode: ViewportMode | null = null;

    const apply = () => {
      const next = desktop && tablet ? modeFromQueries(desktop.matches, tablet.matches) : modeForWidth(window.innerWidth);
      if (next === mode) return;
      const previous = mode;
      mode = next;
      body.setAttribute('data-sf-viewport', next);
      for (const m of MODES) body.classList.toggle(modeClass(m), m === next);
      emit('storefront:viewport', { mode: next, previous });
    };

    apply();
    desktop?.addEventListener('change', apply, { signal });
    tablet?.addEventListener('change', apply, { signal });
  },
});
