/**
 * The privacy widget, plain TypeScript: it mounts on the bar, on every blocked embed, placeholder and lite
 * embed, and on "privacy settings" links. Types already allowed are unblocked here, at load, without React
 * (cached pages). The bar's UI is a React island (./bar.island), requested only when the bar must show or a
 * settings link is used.
 */
import { defineWidget, type WidgetContext } from '../../src/widget';
import { consentStore, navigation, type ConsentStore } from './consent';
import { withdrawn } from './logic';
import { fitPlaceholder, kindOf, unblockElement, unblockType, type UnblockContext } from './unblock';
import { createMapsWait } from './maps';
import { deferView, type DeferredView } from '../../src/react/defer';
import type { IslandHandle } from '../../src/react/island';
import type { BarProps, BarRequest } from './Bar';

const SETTINGS_LINK = 'a[href="#privacy-settings"], .fusion-privacy-settings';

interface Bar {
  element: HTMLElement;
  context: WidgetContext;
  view: DeferredView<IslandHandle<BarProps> | undefined>;
}

interface PageState {
  store: ConsentStore;
  unblock: UnblockContext;
  bar?: Bar;
  /** The latest opening asked for (a new id each time): the view renders it, when mounted. */
  request?: BarRequest;
}

/**
 * One per page, a page service: newly allowed types are unblocked everywhere on the page; a type taken back
 * reloads the page, since an embed that already runs cannot be stopped otherwise.
 */
const privacyPage = (context: WidgetContext): PageState =>
  context.page('privacy:page', (scope) => {
    const store = consentStore();
    const unblock: UnblockContext = {
      allowed: (type) => store.allowed(type),
      warn: scope.warn,
      maps: createMapsWait(scope.warn, scope.signal),
    };
    scope.onCleanup(
      store.subscribe((consents, previous) => {
        const types = new Set<string>();
        for (const el of document.querySelectorAll('[data-privacy-type]')) types.add(el.getAttribute('data-privacy-type') ?? '');
        types.add('youtube').add('vimeo'); // lite embeds printed without the prefix
        for (const type of types) if (type && store.allowed(type)) unblockType(type, unblock);
        if (withdrawn(previous, consents).length) navigation.reload();
      }),
    );
    return { store, unblock };
  });

/** Show the bar: the first call mounts its view (and loads React), later ones (a settings link) reopen it. */
async function showBar(state: PageState, mode: { settings: boolean; opener?: HTMLElement }): Promise<void> {
  const bar = state.bar;
  if (!bar || bar.context.signal.aborted) return;
  const request: BarRequest = { id: (state.request?.id ?? 0) + 1, settings: mode.settings, opener: mode.opener };
  state.request = request;
  const view = await bar.view.want();
  if (view && view.props.request.id < request.id) view.update((p) => ({ ...p, request }));
}

function barView(el: HTMLElement, context: WidgetContext, state: PageState): Bar['view'] {
  return deferView(context, {
    load: () => import('./bar.island'),
    mount: ({ mountBar }) => mountBar(el, context, state.store, state.request!),
    fallback: 'the bar stays as printed',
  });
}

function activate(el: HTMLElement, signal: AbortSignal, action: (event: Event) => void): void {
  el.addEventListener('click', action, { signal });
  // A link that acts as a button answers Space too (a real button already clicks on Space).
  if (!(el instanceof HTMLButtonElement)) el.addEventListener('keydown', (event) => event.key === ' ' && action(event), { signal });
}

export default defineWidget({
  mount(element, context) {
    const state = privacyPage(context);
    const { store, unblock } = state;
    const el = element as HTMLElement;

    if (el.matches('.fusion-privacy-bar')) {
      const bar: Bar = { element: el, context, view: barView(el, context, state) };
      state.bar = bar;
      context.onCleanup(() => {
        if (state.bar === bar) state.bar = undefined;
      });
      if (!store.answered()) return showBar(state, { settings: false });
      return;
    }

    if (el.matches(SETTINGS_LINK)) {
      if (el.tagName === 'A' && !el.hasAttribute('role') && el.getAttribute('href') === '#privacy-settings')
        el.setAttribute('role', 'button');
      activate(el, context.signal, (event) => {
        if (!state.bar) return; // no bar on this page: the link keeps its own behaviour
        event.preventDefault();
        void showBar(state, { settings: true, opener: el });
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
