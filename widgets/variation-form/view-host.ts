import type { WidgetContext } from '../../src/widget';
import { uniqueId } from '../../src/dom/announce';
import { adoptStyles } from '../../src/dom/styles';
import { reasonOf, type Chunks } from './loaders';
import { NAME, type FormParts, type Texts } from './settings';
import { writePlainView, type VariationViewProps } from './view-dom';

/** The shopper reaching the form: its React view loads then (a pointer over it gives it a head start). */
const VIEW_INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The view's host adds no box: what it renders sits in the wrapper's flow as if printed there. */
const CSS = '.sf-variation-view{display:contents}';

export interface ViewHost {
  /** The state the view renders now. */
  props(): VariationViewProps;
  /** Change it and render, committed before this returns: events and scripts read the DOM right after. */
  render(patch: Partial<VariationViewProps>): void;
}

/**
 * React renders the view from the shopper's first interaction with the form; until then (and if its chunk cannot
 * load) the plain code of view-dom.ts writes the same markup and state, so nothing waits for React and a page
 * nobody touches never loads it. display.ts is asked for in the same wave (`loadDisplay`). The host sits where
 * WooCommerce would have put an explanation: right after the button.
 */
export function createViewHost(parts: FormParts, texts: Texts, ctx: WidgetContext, chunks: Chunks, loadDisplay: () => void): ViewHost {
  const { form, button, addToCartWrap, singleVariation, resets } = parts;
  adoptStyles(NAME, CSS);
  const host = document.createElement('div');
  host.className = 'sf-variation-view';
  if (button) button.insertAdjacentElement('afterend', host);
  else form.appendChild(host);
  ctx.onCleanup(() => host.remove());
  // `.single_variation` is printed as role=alert; price and stock changes should be polite.
  singleVariation?.setAttribute('aria-live', 'polite');
  for (const reset of resets()) {
    if (reset.tagName === 'A') reset.setAttribute('role', 'button');
    if (reset.tagName === 'BUTTON' && !reset.hasAttribute('type')) reset.setAttribute('type', 'button');
  }
  let props: VariationViewProps = {
    button,
    addToCartWrap,
    buttonState: 'unknown',
    explanationId: uniqueId('sf-variation-message'),
    explanation: { text: '', shown: false, said: 0 },
    resets: resets(),
    resetVisible: undefined,
    swatches: [],
    reasons: {
      nomatch: { id: uniqueId('sf-swatch-nomatch'), text: texts.i18n_no_matching_variations_text },
      unavailable: { id: uniqueId('sf-swatch-unavailable'), text: texts.i18n_unavailable_text },
    },
  };
  let island: { flush(next: VariationViewProps): void } | undefined;
  const render = (patch: Partial<VariationViewProps>) => {
    props = { ...props, ...patch };
    if (island) island.flush(props);
    else writePlainView(host, props);
  };
  render({});
  const stopWaiting = new AbortController();
  const mountView = () => {
    stopWaiting.abort();
    loadDisplay();
    chunks.view().then(
      ({ attachView }) => {
        if (!ctx.signal.aborted) island = attachView(NAME, host, props, ctx);
      },
      (error: unknown) => ctx.warn('view', `${reasonOf(error)}; the form keeps working without its React view`),
    );
  };
  ctx.onCleanup(() => stopWaiting.abort());
  for (const type of VIEW_INTENT) form.addEventListener(type, mountView, { capture: true, passive: true, signal: stopWaiting.signal });
  return { props: () => props, render };
}
