import { memo, useLayoutEffect, useRef } from 'react';
import { setAttr, showAndAnnounce } from '../../src/dom/announce';
import type { SwatchState, Unavailable } from './swatches';

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

function useButtonState(button: HTMLElement | null, wrap: HTMLElement | null, state: ButtonState, explanationId: string): void {
  useLayoutEffect(() => {
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
  }, [button, wrap, state, explanationId]);
}

function useResetVisibility(resets: readonly HTMLElement[], visible: boolean | undefined): void {
  useLayoutEffect(() => {
    if (visible === undefined) return;
    // visibility, not display: the link keeps its place, so nothing moves when it comes and goes.
    for (const reset of resets) reset.style.setProperty('visibility', visible ? 'visible' : 'hidden');
  }, [resets, visible]);
}

function useSwatchStates(swatches: readonly SwatchState[], reasons: VariationViewProps['reasons']): void {
  useLayoutEffect(() => {
    for (const { swatch, checked, reason, tabbable } of swatches) {
      setAttr(swatch, 'aria-checked', String(checked));
      setAttr(swatch, 'data-checked', checked ? 'true' : null);
      setAttr(swatch, 'aria-disabled', reason ? 'true' : null);
      setAttr(swatch, 'data-disabled', reason ? 'true' : null);
      setAttr(swatch, 'aria-describedby', reason ? reasons[reason].id : null);
      setAttr(swatch, 'tabindex', tabbable ? '0' : '-1');
    }
  }, [swatches, reasons]);
}

/**
 * The variation form's view, thin: the form's plain controller (variation-form.widget.ts) keeps the rules,
 * events and requests and hands this component the state; it renders that state into the CMS's own elements
 * (the button and its wrapper, the reset link, Avada's swatches) and owns only what the server does not print:
 * the explanation of a disabled button (a status message, instead of WooCommerce's alert()) and the reasons
 * a swatch cannot be chosen.
 */
export const VariationView = memo(function VariationView(props: VariationViewProps) {
  const { explanation, reasons } = props;
  useButtonState(props.button, props.addToCartWrap, props.buttonState, props.explanationId);
  useResetVisibility(props.resets, props.resetVisible);
  useSwatchStates(props.swatches, reasons);
  const explanationRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = explanationRef.current;
    if (!el) return;
    // Written here, not as children: an announcement swaps the text node on the next frame (said again).
    if (explanation.shown) showAndAnnounce(el, explanation.text);
    else el.textContent = explanation.text;
  }, [explanation]);
  return (
    <>
      <p ref={explanationRef} id={props.explanationId} className="sf-variation-message woocommerce-info" role="status" hidden={!explanation.shown} />
      {props.swatches.length > 0 &&
        (['nomatch', 'unavailable'] as const).map((kind) => (
          <span key={kind} id={reasons[kind].id} className="screen-reader-text" hidden>
            {reasons[kind].text}
          </span>
        ))}
    </>
  );
});
