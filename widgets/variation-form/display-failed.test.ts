import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, pageBody, recordNative, useVariationPage, wait } from './test-helpers';

/**
 * display.ts cannot load (a deploy swapped the chunks, the network dropped): one warning, and the form still
 * chooses and posts. What it owns keeps working (variation_id, quantity limits, the button and its reasons, the
 * options, every event in its order); what display.ts shows stays as printed (price and stock markup, SKU,
 * weight, dimensions, the image).
 */
vi.mock('./display', () => Promise.reject(new Error('Failed to fetch dynamically imported module: /chunks/display.js')));

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});
useVariationPage({}, { preload: false });

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');
const variationId = () => $<HTMLInputElement>('input.variation_id').value;

describe('variation form: display.ts fails to load', () => {
  it('warns once; the form still chooses, blocks and posts the right variation; details and image stay as printed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(JACKET, only('variation-form', 'quantity'));
    await afterInit();
    const seen = recordNative(['found_variation', 'show_variation', 'reset_data', 'hide_variation', 'woocommerce_variation_has_changed']);
    const img = $('.woocommerce-product-gallery__image img');
    const printedSrc = img.getAttribute('src');

    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(variationId()).toBe('513'));
    await vi.waitFor(() => expect(seen.map((s) => s.name)).toContain('show_variation'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/variation-form: display: .+; the form still chooses and posts/);
    expect(button().classList.contains('disabled')).toBe(false);
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    expect($<HTMLInputElement>('input.qty').getAttribute('max')).toBe('5');
    expect($('.product_meta .sku').textContent).toBe('JKT');
    expect(img.getAttribute('src')).toBe(printedSrc);
    expect($('.single_variation').textContent).toBe('');
    expect(seen.map((s) => s.name)).toEqual([
      'reset_data',
      'hide_variation',
      'woocommerce_variation_has_changed',
      'reset_data',
      'hide_variation',
      'woocommerce_variation_has_changed',
      'found_variation',
      'woocommerce_variation_has_changed',
      'show_variation',
    ]);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button() });
    $('form.variations_form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);

    // Later changes act at once; an unavailable variation blocks the button; no second warning.
    choose('pa_colour', 'olive');
    choose('pa_size', 'm');
    expect(variationId()).toBe('519');
    expect(button().classList.contains('wc-variation-is-unavailable')).toBe(true);
    const blocked = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button() });
    $('form.variations_form').dispatchEvent(blocked);
    expect(blocked.defaultPrevented).toBe(true);
    $('.reset_variations').click();
    await wait(30);
    expect(variationId()).toBe('');
    expect(button().classList.contains('wc-variation-selection-needed')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
