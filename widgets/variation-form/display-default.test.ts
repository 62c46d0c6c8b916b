import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, gate, pageBody, recordNative, useVariationPage } from './test-helpers';

/**
 * Default attributes printed selected: init shows their variation, so display.ts is asked for at mount, without
 * the shopper. If it is still on its way at init, the variation and wc_variation_form wait for it, in order.
 */
vi.mock('./display', async (original) => (await import('./test-helpers')).gate.hold('display', original));

let PRESELECTED = '';
beforeAll(async () => {
  PRESELECTED = (await pageBody('product-variable.html'))
    .replace('<option value="rust">', '<option value="rust" selected>')
    .replace('<option value="s">', '<option value="s" selected>')
    .replace('<option value="Fleece">', '<option value="Fleece" selected>');
});
useVariationPage({}, { preload: false });

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

describe('variation form: default attributes before display.ts arrives', () => {
  it('asks for it at mount; init holds the variation and wc_variation_form until it is in, then shows both in order', async () => {
    const seen = recordNative(['check_variations', 'found_variation', 'show_variation', 'hide_variation', 'wc_variation_form']);
    await mountPage(PRESELECTED, only('variation-form'));
    expect($<HTMLSelectElement>('#pa_size').value).toBe('s');
    await vi.waitFor(() => expect(gate.requested).toEqual(['display']));
    await afterInit();
    expect(seen.map((s) => s.name)).toEqual(['check_variations']);
    expect($<HTMLInputElement>('input.variation_id').value).not.toBe('513');
    expect($('.product_meta .sku').textContent).toBe('JKT');
    gate.open();
    await vi.waitFor(() =>
      expect(seen.map((s) => s.name)).toEqual(['check_variations', 'found_variation', 'wc_variation_form', 'show_variation']),
    );
    expect($<HTMLInputElement>('input.variation_id').value).toBe('513');
    expect($('.product_meta .sku').textContent).toBe('JKT-RUST-S');
    expect($('.single_variation').textContent).toContain('5 in stock');
  });
});
