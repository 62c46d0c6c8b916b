/**
 * The privacy widget, plain TypeScript: it mounts on the bar, on every blocked embed, placeholder and lite
 * embed, and on "privacy settings" links. Types already allowed are unblocked here, at load, without React
 * (cached pages). The bar's UI is a React island (./bar.island), requested only when the bar must show or a
 * settings link is used.
 */
import { defineWidget, type WidgetContext } from '../../src/widget';
import { consentStore, navigation, type ConsentStore } from './consent';
import { withdrawn } from './logic';
import { fitPlaceholder, kindOf, resetMapsWait, unblockElement, unblockType, type UnblockContext } from './unblock';

const SETTINGS_LINK = 'a[href="#privacy-settings"], .fusion-privacy-settings';

interface PageState {
  store: ConsentStore;
  unblock: UnblockContext;
  bar?: { element: HTMLElement; context: WidgetContext };
}
let state: PageState | undefined;

/**
 * Once per page: newly allowed types are unblocked everywhere on the page; a type taken back reloads the page,
 * since an embed that already runs cannot be stopped otherwise.
 */
function page(context: WidgetContext): PageState {
  if (state) return state;
  const store = consentStore();
  const unblock: UnblockContext = { allowed: (type) => store.allowed(type), warn: context.warn };
  const created: PageState = { store, unblock };
  store.subscribe((consents, previous) => {
    const types = new Set<string>();
    for (const el of document.querySelectorAll('[data-privacy-type]')) types.add(el.getAttribute('data-privacy-type') ?? '');
    types.add('youtube').add('vimeo'); // lite embeds printed without the prefix
    for (const type of types) if (type && store.allowed(type)) unblockType(type, unblock);
    if (withdrawn(previous, consents).length) navigation.reload();
  });
  state = created;
  return created;
}

/** Tests: a new page. */
export function resetPrivacyPage(): void {
  state = undefined;
  resetMapsWait();
}

async function showBar(mode: { settings: boolean; opener?: HTMLElement }): Promise<boolean> {
  const bar = state?.bar;
  if (!bar || bar.context.signal.aborted) return false;
  const { openBar } = await import('./bar.island');
  openBar(bar.element, bar.context, state!.store, mode);
  return true;
}

function activate(el: HTMLElement, signal: AbortSignal, action: (event: Event) => void): void {
  el.addEventListener('click', action, { signal });
  // A link that acts as a button answers Space too (a real button already clicks on Space).
  if (!(el instanceof HTMLButtonElement)) el.addEventListener('keydown', (event) => event.key === ' ' && action(event), { signal });
}

export default defineWidget({
  mount(element, context) {
    const { store, unblock } = page(context);
    const el = element as HTMLElement;

    if (el.matches('.fusion-privacy-bar')) {
      state!.bar = { element: el, context };
      context.onCleanup(() => {
        if (state?.bar?.element === el) state.bar = undefined;
      });
      if (!store.answered()) return showBar({ settings: false }).then(() => undefined);
      return;
    }

    if (el.matches(SETTINGS_LINK)) {
      if (el.tagName === 'A' && !el.hasAttribute('role') && el.getAttribute('href') === '#privacy-settings')
        el.setAttribute('role', 'button');
      activate(el, context.signal, (event) => {
        if (!state?.bar) return; // no bar on this page: the link keeps its own behaviour
        event.preventDefault();
        void showBar({ settings: true, opener: el });
      });
      return;
    }

    const type = el.getAttribute('data-privacy-type') ?? '';
    switch (kindOf(el)) {
      case 'consent-button':
        el.setAttribute('role', 'button');
        activate(el, context.signal, (event) => {
          event.preventDefault();
          if (type && !store.consents().includes(type)) store.set([...store.consents(), type]);
        });
        return;
      case 'placeholder':
        if (type && store.allowed(type)) el.remove();
        else fitPlaceholder(el);
        return;
      default:
        unblockElement(el, unblock);
    }
  },
});
