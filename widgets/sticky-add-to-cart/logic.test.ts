import { describe, expect, it } from 'vitest';
import { chosenSummary, exposure, mirrorButton, priceHtmlFor } from './logic';

describe('sticky visibility', () => {
  it('is hidden up to 200 px of scroll and shown after', () => {
    expect(exposure(0, false)).toBe('hidden');
    expect(exposure(200, false)).toBe('hidden');
    expect(exposure(201, false)).toBe('exposed');
  });
  it('is a visual echo only while the real button is on screen', () => {
    expect(exposure(500, true)).toBe('inert');
    expect(exposure(500, false)).toBe('exposed');
    expect(exposure(100, true)).toBe('hidden');
  });
});

describe('mirrored button', () => {
  const real = (classes: string[], extra: Partial<Parameters<typeof mirrorButton>[0]> = {}) =>
    mirrorButton({ classes, disabledAttribute: false, ariaDisabled: null, text: ' Add to\n cart ', ...extra });
  it('copies the text, collapsed', () => expect(real(['button']).text).toBe('Add to cart'));
  it("is disabled with the variation form's reason", () => {
    expect(real(['disabled', 'wc-variation-selection-needed'])).toMatchObject({ disabled: true, reason: 'selection-needed' });
    expect(real(['disabled', 'wc-variation-is-unavailable'])).toMatchObject({ disabled: true, reason: 'unavailable' });
  });
  it('is disabled by the attribute or aria-disabled too', () => {
    expect(real([], { disabledAttribute: true }).disabled).toBe(true);
    expect(real([], { ariaDisabled: 'true' }).disabled).toBe(true);
    expect(real(['wc-variation-selection-needed']).disabled).toBe(false);
  });
  it('mirrors loading and added', () => expect(real(['loading', 'added'])).toMatchObject({ loading: true, added: true }));
});

describe('chosen variation', () => {
  it('lists chosen options in order and leaves out unchosen ones', () => {
    expect(
      chosenSummary([
        { value: 'blue', label: 'Blue' },
        { value: '', label: 'Choose an option' },
        { value: 'm', label: ' M ' },
      ]),
    ).toBe('Blue, M');
    expect(chosenSummary([])).toBe('');
  });
  it('shows the variation price unless it is empty', () => {
    expect(priceHtmlFor({ price_html: '<span class="price">£40</span>' }, '£30 – £40')).toBe('<span class="price">£40</span>');
    expect(priceHtmlFor({ price_html: '' }, '£30')).toBe('£30');
    expect(priceHtmlFor(null, '£30')).toBe('£30');
    expect(priceHtmlFor({ price_html: 42 }, '£30')).toBe('£30');
  });
});
