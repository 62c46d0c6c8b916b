import { render } from '../../test/helpers/render';
import { describe, expect, it } from 'vitest';
import type { SwatchState } from './swatches';
import { VariationView, type VariationViewProps } from './VariationView';

function printed() {
  document.body.innerHTML = `<div class="woocommerce-variation-add-to-cart variations_button">
    <button type="submit" class="single_add_to_cart_button button alt disabled wc-variation-selection-needed" aria-describedby="theme-hint">Add to cart</button>
  </div><a class="reset_variations" href="#">Clear</a>
  <div class="avada-select-wrapper"><a class="avada-color-select" data-value="rust"></a><a class="avada-color-select" data-value="navy"></a></div>
  <div id="host"></div>`;
  const $ = (s: string) => document.querySelector<HTMLElement>(s)!;
  const swatches = [...document.querySelectorAll<HTMLElement>('.avada-color-select')];
  const props: VariationViewProps = {
    button: $('.single_add_to_cart_button'),
    addToCartWrap: $('.woocommerce-variation-add-to-cart'),
    buttonState: 'unknown',
    explanationId: 'why',
    explanation: { text: '', shown: false, said: 0 },
    resets: [$('.reset_variations')],
    resetVisible: undefined,
    swatches: [],
    reasons: { nomatch: { id: 'r-nomatch', text: 'No match.' }, unavailable: { id: 'r-unavailable', text: 'Unavailable.' } },
  };
  return { $, swatches, props, container: $('#host') };
}

describe('VariationView (React 19)', () => {
  it('leaves the printed button and reset link alone until the form has decided', () => {
    const { $, props, container } = printed();
    render(<VariationView {...props} />, { container });
    expect($('.single_add_to_cart_button').className).toBe('single_add_to_cart_button button alt disabled wc-variation-selection-needed');
    expect($('.reset_variations').style.visibility).toBe('');
    expect($('#why').hidden).toBe(true);
  });

  it("renders the button state into the CMS button and wrapper, keeping the theme's describedby ids", () => {
    const { $, props, container } = printed();
    const view = render(
      <VariationView {...props} buttonState="unavailable" explanation={{ text: 'Unavailable.', shown: false, said: 0 }} />,
      { container },
    );
    const button = $('.single_add_to_cart_button');
    expect(button.classList.contains('wc-variation-is-unavailable')).toBe(true);
    expect(button.classList.contains('wc-variation-selection-needed')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe('theme-hint why');
    expect($('#why').textContent).toBe('Unavailable.');
    expect($('.woocommerce-variation-add-to-cart').classList.contains('woocommerce-variation-add-to-cart-disabled')).toBe(true);
    view.rerender(<VariationView {...props} buttonState="enabled" resetVisible />);
    expect(button.classList.contains('disabled')).toBe(false);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBe('theme-hint');
    expect($('.woocommerce-variation-add-to-cart').classList.contains('woocommerce-variation-add-to-cart-enabled')).toBe(true);
    expect($('.reset_variations').style.visibility).toBe('visible');
  });

  it('shows the explanation when pressed, as a status message', () => {
    const { $, props, container } = printed();
    render(<VariationView {...props} buttonState="needed" explanation={{ text: 'Choose options.', shown: true, said: 1 }} />, {
      container,
    });
    const why = $('#why');
    expect(why.hidden).toBe(false);
    expect(why.getAttribute('role')).toBe('status');
    expect(why.textContent).toBe('Choose options.');
  });

  it("writes each swatch's state: checked, roving tabindex, disabled with its reason", () => {
    const { props, swatches, container } = printed();
    const states: SwatchState[] = [
      { swatch: swatches[0]!, checked: false, reason: 'nomatch', tabbable: false },
      { swatch: swatches[1]!, checked: true, reason: undefined, tabbable: true },
    ];
    render(<VariationView {...props} swatches={states} />, { container });
    expect(
      swatches.map((s) => [
        s.getAttribute('aria-checked'),
        s.getAttribute('tabindex'),
        s.getAttribute('aria-disabled'),
        s.getAttribute('aria-describedby'),
      ]),
    ).toEqual([
      ['false', '-1', 'true', 'r-nomatch'],
      ['true', '0', null, null],
    ]);
    expect(document.getElementById('r-nomatch')?.textContent).toBe('No match.');
  });
});
