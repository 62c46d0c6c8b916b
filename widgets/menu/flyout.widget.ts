import { defineWidget } from '../../src/widget';
import { asButton, firstFocusable } from './disclosure';
import { FLYOUT_STATE_CLASSES, flyoutClasses, flyoutNext, type FlyoutState } from './logic';

/**
 * The v6 header's flyout menu and search toggles (`.fusion-flyout-menu-icons` in the legacy header): the exact
 * `fusion-flyout-*` classes on `.fusion-header-v6`, one panel at a time, focus into the panel and back to its
 * toggle, Escape closes. A widget of its own, so headers without the icons never load it.
 */
function flyoutHeader(icons: HTMLElement, signal: AbortSignal): void {
  const header = icons.closest<HTMLElement>('.fusion-header-v6, .fusion-header-has-flyout-menu');
  if (!header) return;
  const menuToggle = icons.querySelector<HTMLElement>('.fusion-flyout-menu-toggle');
  const searchToggle = icons.querySelector<HTMLElement>('.fusion-flyout-search-toggle');
  const panels = {
    menu: header.querySelector<HTMLElement>('.fusion-flyout-menu'),
    search: header.querySelector<HTMLElement>('.fusion-flyout-search'),
  };
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
  mount(element, { signal }) {
    flyoutHeader(element as HTMLElement, signal);
  },
});
