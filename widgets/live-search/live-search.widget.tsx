import { defineIsland } from '../../src/react/island';
import { pageGlobal } from '../../src/config/globals';
import { navigation } from '../../src/cart/navigate';
import { setAttr, uniqueId } from '../../src/dom/announce';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import type { WidgetContext } from '../../src/widget';
import { INPUT } from './field.widget';
import { LiveSearch, type LiveSearchProps } from './LiveSearch';
import { applyOverrides, OVERRIDE_FIELDS, readGlobalSettings, scrollbarClass } from './logic';
import { createSearch } from './search';

/** How long a request may take before the list says so (the form still submits). */
const REQUEST_TIMEOUT_MS = 8000;
/** How long a failure stays in the list. */
const ERROR_MS = 5000;

/**
 * Ours, never the theme's look: a hidden list stays hidden whatever the theme says, the active option is
 * visibly marked (focus stays in the input), long titles wrap and the list never runs off a narrow screen.
 * `:where()` keeps everything but the hiding and the loading state weaker than the theme's own rules. The loading
 * state wins like the theme script's inline styles did: Avada's sheet hides the spinner and colours the submit
 * with longer selectors (`.searchform .fusion-search-form-content .fusion-search-button …`).
 */
const CSS = `
.fusion-live-search .fusion-search-results[hidden]{display:none!important}
:where(.fusion-live-search) :where(.fusion-search-results){max-width:calc(100vw - 16px);max-height:min(70vh,28rem);overflow-y:auto;overscroll-behavior:contain}
:where(.fusion-live-search) :where(.fusion-search-result){overflow-wrap:anywhere}
:where(.fusion-live-search) :where(.sf-live-search-scroll){max-height:min(50vh,250px)}
.fusion-live-search .fusion-search-result.sf-live-search-active{outline:2px solid currentColor;outline-offset:-2px}
.sf-live-search-loading .fusion-slider-loading{display:block!important}
.sf-live-search-loading .fusion-search-submit{color:transparent!important}
`;

const ARIA = ['role', 'aria-autocomplete', 'aria-expanded', 'aria-controls', 'aria-activedescendant'];

function resultsHost(form: Element, context: WidgetContext): Element {
  const printed = form.querySelector('.fusion-search-results-wrapper');
  if (printed) return printed;
  // Some templates print no wrapper: add one where the theme puts it, and take it away again on unmount.
  const wrapper = document.createElement('div');
  wrapper.className = 'fusion-search-results-wrapper';
  form.append(wrapper);
  context.onCleanup(() => wrapper.remove());
  return wrapper;
}

function readHiddenInputs(form: Element): [string, string][] {
  const selector = OVERRIDE_FIELDS.map((name) => `input[type="hidden"][name="${name}"]`).join(', ');
  return [...form.querySelectorAll<HTMLInputElement>(selector)].map((input) => [input.name, input.value]);
}

export default defineIsland<LiveSearchProps & { input: HTMLInputElement }>({
  name: 'live-search',
  Component: LiveSearch,
  props(form, context) {
    const input = form.querySelector<HTMLInputElement>(INPUT);
    if (!input) {
      context.warn('input[name="s"]', 'the search form has no search input; it keeps working without live results');
      return undefined;
    }
    adoptStyles('live-search', CSS);
    const hidden = readHiddenInputs(form);
    const settings = applyOverrides(readGlobalSettings(pageGlobal('avadaLiveSearchVars')), hidden, context.warn);
    const search = createSearch({
      settings,
      base: location.href,
      timeout: REQUEST_TIMEOUT_MS,
      errorMs: ERROR_MS,
      warn: context.warn,
      signal: context.signal,
    });
    const optionId = uniqueId(input.id || 'fusion-live-search');
    return {
      input,
      search,
      listId: `${optionId}-results`,
      optionId,
      label: 'Search results',
      noResults: settings.noResults,
      showImage: settings.showImage,
      showPostType: settings.showPostType,
      scrollbar: settings.scrollbar,
      themeClass: scrollbarClass(hidden),
      onPick: (index) => search.activate(index),
    };
  },
  host: resultsHost,
  connect(island, form, context) {
    const { input, search, listId, optionId } = island.props;
    const { signal } = context;
    const header = form.closest('.fusion-header') ?? document.querySelector('.fusion-header');
    const row = form.closest<HTMLElement>('.fusion-builder-row');
    const rowZIndex = row?.style.zIndex ?? '';

    setAttr(input, 'role', 'combobox');
    setAttr(input, 'aria-autocomplete', 'list');
    setAttr(input, 'aria-controls', listId);
    let cancelScroll = () => {};
    const sync = () => {
      const { open, active, loading } = search.state;
      setAttr(input, 'aria-expanded', String(open));
      setAttr(input, 'aria-activedescendant', open && active >= 0 ? `${optionId}-${active}` : null);
      form.classList.toggle('sf-live-search-loading', loading);
      header?.classList.toggle('live-suggestion-added', open);
      if (row) row.style.zIndex = open ? '11' : rowZIndex;
      cancelScroll();
      // After React has drawn the option: keep the active one in view in a list that scrolls.
      cancelScroll =
        open && active >= 0
          ? env().frame(() => document.getElementById(`${optionId}-${active}`)?.scrollIntoView({ block: 'nearest' }))
          : () => {};
    };
    sync();
    context.onCleanup(search.subscribe(sync));
    context.onCleanup(() => {
      cancelScroll();
      for (const name of ARIA) input.removeAttribute(name);
      form.classList.remove('sf-live-search-loading');
      header?.classList.remove('live-suggestion-added');
      if (row) row.style.zIndex = rowZIndex;
    });

    input.addEventListener('input', () => search.input(input.value), { signal });
    input.addEventListener('focus', () => search.reopen(input.value), { signal });
    input.addEventListener(
      'keydown',
      (event) => {
        if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === 'Enter') {
          const result = search.activeResult();
          // No active result: the form submits to /?s= as the CMS made it.
          if (!result) return;
          event.preventDefault();
          navigation.go(result.url);
        } else if (event.key === 'Escape') {
          // Chromium clears a search field on Escape by itself; the first Escape must only close the list.
          event.preventDefault();
          if (search.escape() && input.value !== '') input.value = '';
        } else if (search.key(event.key)) {
          event.preventDefault();
        }
      },
      { signal },
    );
    form.addEventListener(
      'focusout',
      (event) => {
        const next = (event as FocusEvent).relatedTarget;
        if (!(next instanceof Node && form.contains(next))) search.close();
      },
      { signal },
    );

    // Letters typed while the code loaded are in the field already.
    if (document.activeElement === input) search.input(input.value);
  },
});
