import { memo, useLayoutEffect, useRef } from 'react';
import {
  REASON_KINDS,
  writeButtonState,
  writeExplanation,
  writeResetVisibility,
  writeSwatchStates,
  type VariationViewProps,
} from './view-dom';

export type { ButtonState, ExplanationState, VariationViewProps } from './view-dom';

/**
 * The variation form's view, thin: the form's plain controller (variation-form.widget.ts) keeps the rules,
 * events and requests and hands this component the state; it renders that state into the CMS's own elements
 * (the button and its wrapper, the reset link, Avada's swatches) and owns only what the server does not print:
 * the explanation of a disabled button (a status message, instead of WooCommerce's alert()) and the reasons
 * a swatch cannot be chosen. It mounts on the shopper's first interaction with the form; until then the
 * controller writes the same markup and state with the same functions (view-dom.ts).
 */
export const VariationView = memo(function VariationView(props: VariationViewProps) {
  const { explanation, explanationId, reasons } = props;
  useLayoutEffect(
    () => writeButtonState(props.button, props.addToCartWrap, props.buttonState, explanationId),
    [props.button, props.addToCartWrap, props.buttonState, explanationId],
  );
  useLayoutEffect(() => writeResetVisibility(props.resets, props.resetVisible), [props.resets, props.resetVisible]);
  useLayoutEffect(() => writeSwatchStates(props.swatches, reasons), [props.swatches, reasons]);
  const explanationRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    // Written here, not as children: an announcement swaps the text node on the next frame (said again).
    if (explanationRef.current) writeExplanation(explanationRef.current, explanationId, explanation);
  }, [explanation, explanationId]);
  return (
    <>
      <p
        ref={explanationRef}
        id={explanationId}
        className="sf-variation-message woocommerce-info"
        role="status"
        hidden={!explanation.shown}
      />
      {props.swatches.length > 0 &&
        REASON_KINDS.map((kind) => (
          <span key={kind} id={reasons[kind].id} className="screen-reader-text" hidden>
            {reasons[kind].text}
          </span>
        ))}
    </>
  );
});
