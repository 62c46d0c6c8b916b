import { describe, expect, it, vi } from 'vitest';
import { failNext, hold, release, state } from '../../fixtures/mock/state';
import { mountPage, only } from '../../test/helpers/mount';
import { LINING, SIZE, variationForm, type Attr } from './contract-fixtures';
import { afterInit, choose, recordNative, useVariationPage, wait } from './test-helpers';

/** §5.1 ajax mode: the form is blocked as WooCommerce's `$form.block()` blocks it while get_variation runs. */

useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const COLOUR: Attr = {
  name: 'pa_colour',
  label: 'Colour',
  options: [
    ['rust', 'Rust'],
    ['navy', 'Navy'],
  ],
};

/** The ajax-mode form (no variations printed) with colour, two sizes and the lining. */
const mountAjax = () =>
  mountPage(
    variationForm(
      [
        COLOUR,
        {
          ...SIZE,
          options: [
            ['s', 'S'],
            ['m', 'M'],
          ],
        },
        LINING,
      ],
      { variations: 'false' },
    ),
    only('variation-form'),
  );

describe('§5.1 ajax mode: "form blocked while waiting"', () => {
  it('shows the blockUI overlay on the form while get_variation is in flight, and removes it after', async () => {
    state.latency.set('get_variation', 80);
    await mountAjax();
    await afterInit();
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await wait(10);
    const form = $('form.variations_form');
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(form.querySelector('.blockUI.blockOverlay')).not.toBeNull();
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('513'));
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.querySelector('.blockUI.blockOverlay')).toBeNull();
  });
});

describe('§4 ajax mode: the events of a check', () => {
  it('a complete choice asks the server without update_variation_values (WooCommerce fires it for an incomplete one only)', async () => {
    await mountAjax();
    await afterInit();
    const seen = recordNative([
      'check_variations',
      'update_variation_values',
      'woocommerce_update_variation_values',
      'woocommerce_variation_select_change',
      'reset_data',
      'found_variation',
    ]);
    choose('pa_colour', 'rust');
    // Incomplete: update_variation_values, then reset_data.
    expect(seen.map((s) => s.name)).toEqual(['check_variations', 'update_variation_values', 'reset_data']);
    choose('pa_size', 's');
    seen.length = 0;
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('513'));
    expect(seen.map((s) => s.name)).toEqual(['check_variations', 'found_variation']);
  });
});

describe('ajax mode: one request per question', () => {
  const asked = () => state.log.filter((l) => l.endpoint === 'get_variation').length;

  it('the same complete choice worked out again while its question is in flight sends no second request', async () => {
    hold('get_variation');
    await mountAjax();
    await afterInit();
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(asked()).toBe(1));
    // A second change event for the same value (a busy page can work one change out twice).
    choose('lining', 'Fleece');
    await wait(20);
    release('get_variation');
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('513'));
    expect(asked()).toBe(1);
    expect($('form.variations_form').hasAttribute('aria-busy')).toBe(false);
  });

  it('a question that failed is asked again when the shopper makes the same choice again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    failNext('get_variation', 'http500');
    await mountAjax();
    await afterInit();
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]![0])).toContain('variation-form: get_variation:');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect($<HTMLInputElement>('input.variation_id').value).toBe('513'));
    expect(asked()).toBe(2);
  });
});
