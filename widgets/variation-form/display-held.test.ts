import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, gate, pageBody, useVariationPage, wait } from './test-helpers';

/**
 * display.ts (details, image, the price markup) is not in the form's chunk. Here it arrives only when the test
 * opens the gate: a page whose form nobody touches never asks for it, and what the shopper (or code) chose before
 * it arrives is held, then shown with its events in their order, each after the DOM it describes.
 */
vi.mock('./display', async (original) => (await import('./test-helpers')).gate.hold('display', original));

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});
useVariationPage({}, { preload: false });

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const single = () => $('.single_variation');
const sku = () => $('.product_meta .sku').textContent;

const NAMES = [
  'check_variations',
  'found_variation',
  'reset_data',
  'hide_variation',
  'woocommerce_variation_has_changed',
  'show_variation',
  'wc_variation_form',
];

describe('variation form: display.ts on its way', () => {
  it('is not asked for by a form nobody touches; choices made before it arrives show after it, in order', async () => {
    await mountPage(JACKET, only('variation-form'));
    await afterInit();
    await wait(40);
    // Init hid the (empty) variation and the gallery settled, without the module.
    expect(gate.requested).toEqual([]);
    expect(single().style.display).toBe('none');
    expect($('form.variations_form').getAttribute('current-image')).toBe('');

    // What each event's listeners find in the page when it fires.
    const seen: string[] = [];
    for (const name of NAMES) {
      document.addEventListener(name, (event) => {
        const id = (event as CustomEvent<{ variation_id?: number }[]>).detail?.[0]?.variation_id;
        seen.push(
          `${name}${id ? ` ${id}` : ''} | ${variationId()} | ${sku()} | ${single().style.display === 'none' ? 'hidden' : single().textContent?.includes('in stock') ? 'details' : 'empty'}`,
        );
      });
    }
    // Changes made by code: no pointer, no focus. The first asks for the module.
    choose('pa_colour', 'rust');
    await vi.waitFor(() => expect(gate.requested).toEqual(['display']));
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    // Complete, but held: nothing of the variation yet, the button still asks for a choice.
    await wait(30);
    expect(variationId()).toBe('');
    expect(sku()).toBe('JKT');
    expect(single().textContent).toBe('');
    expect(button().classList.contains('wc-variation-selection-needed')).toBe(true);
    // More changes while it is held: another variation, a choice undone, the variation again.
    choose('pa_size', 'm');
    choose('lining', '');
    choose('lining', 'Fleece');
    const beforeArrival = seen.splice(0);
    expect(beforeArrival.map((s) => s.split(' | ')[0])).toEqual([
      'check_variations',
      'reset_data',
      'hide_variation',
      'woocommerce_variation_has_changed', // colour
      'check_variations',
      'reset_data',
      'hide_variation',
      'woocommerce_variation_has_changed', // size
      'check_variations', // lining: found, held from here on
    ]);

    gate.open();
    await vi.waitFor(() => expect(seen.some((s) => s.startsWith('show_variation'))).toBe(true));
    const afterArrival = seen.splice(0);
    expect(afterArrival).toEqual([
      'found_variation 513 |  | JKT | hidden',
      'woocommerce_variation_has_changed | 513 | JKT-RUST-S | hidden',
      // Each change clears variation_id first, as WooCommerce does.
      'check_variations |  | JKT-RUST-S | hidden',
      'found_variation 514 |  | JKT-RUST-S | hidden',
      'woocommerce_variation_has_changed | 514 | JKT-RUST-M | hidden',
      'check_variations |  | JKT-RUST-M | hidden',
      'reset_data |  | JKT-RUST-M | hidden',
      'hide_variation |  | JKT | hidden',
      'woocommerce_variation_has_changed |  | JKT | hidden',
      'check_variations |  | JKT | hidden',
      'found_variation 514 |  | JKT | hidden',
      'woocommerce_variation_has_changed | 514 | JKT-RUST-M | hidden',
      // Filled after the next paint, then said.
      'show_variation 514 | 514 | JKT-RUST-M | details',
    ]);
    expect(single().textContent).toContain('2 in stock');
    expect(single().style.display).toBe('');
    expect(button().classList.contains('disabled')).toBe(false);
    expect($('.woocommerce-product-gallery__image img').getAttribute('src')).toBe('/wp-content/uploads/jacket-rust-600x720.jpg');

    // Loaded now: the same changes from the same start give the same events, each at once, as on a page where
    // the module came with the shopper's first intent.
    for (const id of ['pa_colour', 'pa_size', 'lining']) choose(id, '');
    await wait(30);
    expect(single().style.display).toBe('none');
    seen.length = 0;
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    expect(variationId()).toBe('513');
    expect(sku()).toBe('JKT-RUST-S');
    choose('pa_size', 'm');
    choose('lining', '');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(seen.some((s) => s.startsWith('show_variation'))).toBe(true));
    expect(seen).toEqual([...beforeArrival, ...afterArrival]);
  });
});
