import { announcing, setAttr, showAndAnnounce } from '../../src/dom/announce';
import type { SwatchState, Unavailable } from './swatches';

/**
 * What the variation form's view writes into the page, as plain functions: the React view (VariationView.tsx)
 * runs them in its layout effects, and until React has arrived (the view mounts on the shopper's first
 * interaction with the form) the form's plain code runs them itself, into the same markup. So the page shows
 * and says the same thing before and after React, and the sticky bar and theme code read the same state.
 */

/** The add-to-cart button's state as WooCommerce's classes say it. */
export type ButtonState = 'needed' | 'unavailable' | 'enabled' | 'unknown';

export interface ExplanationState {
  text: string;
  shown: boolean;
  /** Counts the presses to explain: each one is said again, even with the same text. */
  said: number;
}

export interface VariationViewProps {
  /** The CMS's button and its wrapper: the view renders their state onto them. */
  button: HTMLElement | null;
  addToCartWrap: HTMLElement | null;
  buttonState: ButtonState;
  explanationId: string;
  explanation: ExplanationState;
  resets: readonly HTMLElement[];
  /** `undefined` until the form has decided: the link stays as printed. */
  resetVisible: boolean | undefined;
  swatches: readonly SwatchState[];
  /** Ids and texts of the reasons a swatch cannot be chosen (its aria-describedby). */
  reasons: Record<Unavailable, { id: string; text: string }>;
}

/** Add or remove one id in a space-separated idref attribute, keeping the theme's own ids. */
function toggleIdref(el: Element, attr: string, id: string, on: boolean): void {
  const ids = (el.getAttribute(attr) ?? '').split(/\s+/).filter((x) => x && x !== id);
  if (on) ids.push(id);
  setAttr(el, attr, ids.length ? ids.join(' ') : null);
}

export function writeButtonState(button: HTMLElement | null, wrap: HTMLElement | null, state: ButtonState, explanationId: string): void {
  // Until the form has decided, the button keeps the state the server printed.
  if (state === 'unknown') return;
  const disabled = state === 'needed' || state === 'unavailable';
  if (button) {
    button.classList.toggle('disabled', disabled);
    button.classList.toggle('wc-variation-selection-needed', state === 'needed');
    button.classList.toggle('wc-variation-is-unavailable', state === 'unavailable');
    setAttr(button, 'aria-disabled', disabled ? 'true' : null);
    toggleIdref(button, 'aria-describedby', explanationId, disabled);
  }
  wrap?.classList.toggle('woocommerce-variation-add-to-cart-disabled', disabled);
  wrap?.classList.toggle('woocommerce-variation-add-to-cart-enabled', !disabled);
}

export function writeResetVisibility(resets: readonly HTMLElement[], visible: boolean | undefined): void {
  if (visible === undefined) return;
  // visibility, not display: the link keeps its place, so nothing moves when it comes and goes.
  for (const reset of resets) reset.style.setProperty('visibility', visible ? 'visible' : 'hidden');
}

export function writeSwatchStates(swatches: readonly SwatchState[], reasons: VariationViewProps['reasons']): void {
  for (const { swatch, checked, reason, tabbable } of swatches) {
    setAttr(swatch, 'aria-checked', String(checked));
    setAttr(swatch, 'data-checked', checked ? 'true' : null);
    setAttr(swatch, 'aria-disabled', reason ? 'true' : null);
    setAttr(swatch, 'data-disabled', reason ? 'true' : null);
    setAttr(swatch, 'aria-describedby', reason ? reasons[reason].id : null);
    setAttr(swatch, 'tabindex', tabbable ? '0' : '-1');
  }
}

/** The last press said, and the element that says it, by explanation id. */
const said = new Map<string, { count: number; el: HTMLElement }>();

/**
 * The explanation's text; a press not said yet is shown and said (written, not rendered: see showAndAnnounce).
 * When React's view takes over from the plain one it renders a new element: a press already said is not said
 * again, one whose announcement was still due on the old element is said by the new one.
 */
export function writeExplanation(el: HTMLElement, id: string, explanation: ExplanationState): void {
  const last = said.get(id);
  const due = last !== undefined && last.el !== el && announcing(last.el);
  if (explanation.shown && (last?.count !== explanation.said || due)) {
    said.set(id, { count: explanation.said, el });
    showAndAnnounce(el, explanation.text);
  } else if (el.textContent !== explanation.text) el.textContent = explanation.text;
}

export const REASON_KINDS = ['nomatch', 'unavailable'] as const;

/**
 * The view before React: the same markup VariationView renders (the explanation, and the swatches' reasons when
 * there are swatches), built once in `host`, and the same state written into the page.
 */
export function writePlainView(host: HTMLElement, props: VariationViewProps): void {
  let message = host.querySelector<HTMLElement>(':scope > .sf-variation-message');
  if (!message) {
    message = document.createElement('p');
    message.id = props.explanationId;
    message.className = 'sf-variation-message woocommerce-info';
    message.setAttribute('role', 'status');
    host.prepend(message);
  }
  if (props.swatches.length > 0 && !host.querySelector(':scope > .screen-reader-text')) {
    for (const kind of REASON_KINDS) {
      const span = document.createElement('span');
      span.id = props.reasons[kind].id;
      span.className = 'screen-reader-text';
      span.hidden = true;
      span.textContent = props.reasons[kind].text;
      host.appendChild(span);
    }
  }
  writeButtonState(props.button, props.addToCartWrap, props.buttonState, props.explanationId);
  writeResetVisibility(props.resets, props.resetVisible);
  writeSwatchStates(props.swatches, props.reasons);
  message.hidden = !props.explanation.shown;
  writeExplanation(message, props.explanationId, props.explanation);
}
