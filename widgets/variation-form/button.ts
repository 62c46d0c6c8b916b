import type { FormParts, Texts } from './settings';
import type { ButtonState } from './view-dom';
import type { ViewHost } from './view-host';

/**
 * The add-to-cart button's state (WooCommerce's `disabled wc-variation-*` classes and aria-disabled, rendered by
 * the view) and its explanation, plus the reset link's visibility. A submit is refused in the states that disable
 * the button; `unknown` (before the form has decided) keeps what the server printed.
 */
export interface ButtonStatus {
  state(): ButtonState;
  set(state: ButtonState): void;
  /** A press on the disabled button: the reason is seen at once and said on the next frame (again on each press). */
  explain(state: ButtonState): void;
  toggleReset(show: boolean): void;
}

export function createButtonStatus({ resets }: FormParts, texts: Texts, { props, render }: ViewHost): ButtonStatus {
  let current: ButtonState = 'unknown';
  const reasonText = (state: ButtonState) =>
    state === 'unavailable' ? texts.i18n_unavailable_text : state === 'needed' ? texts.i18n_make_a_selection_text : '';
  return {
    state: () => current,
    set(state) {
      current = state;
      const disabled = state === 'needed' || state === 'unavailable';
      const { explanation } = props();
      // Keep the description current without announcing it; it is announced when the shopper presses the button.
      const shown = explanation.shown && disabled;
      render({
        buttonState: state,
        resets: resets(),
        explanation: { text: reasonText(state), shown, said: explanation.said + (shown ? 1 : 0) },
      });
    },
    explain: (state) => render({ explanation: { text: reasonText(state), shown: true, said: props().explanation.said + 1 } }),
    toggleReset: (show) => render({ resets: resets(), resetVisible: show }),
  };
}
