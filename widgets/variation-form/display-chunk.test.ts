import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage } from '../../test/helpers/mount';
import { DISPLAY_TIMEOUT } from './loaders';
import { afterInit, choose, createGate, pageBody, recordNative, useVariationPage, wait, withLoaders } from './test-helpers';

/**
 * display.ts (details, image, the price markup) is not in the form's chunk: each test here gives the form a
 * display loader of its own (late, failing or stalled) and a fresh loaded state, as a page would have.
 */

let JACKET = '';
let PRESELECTED = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
  PRESELECTED = JACKET.replace('<option value="rust">', '<option value="rust" selected>')
    .replace('<option value="s">', '<option value="s" selected>')
    .replace('<option value="Fleece">', '<option value="Fleece" selected>');
});
useVariationPage({}, { preload: false });
afterEach(() => void vi.useRealTimers());

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const single = () => $('.single_variation');
const sku = () => $('.product_meta .sku').textContent;

/** display.ts held until the test opens the gate. */
async function late(...others: string[]) {
  const gate = createGate();
  const { entries } = await withLoaders({ display: () => gate.hold('display', () => import('./display')) }, ...others);
  return { gate, entries };
}

const NAMES = [
  'check_variations',
  'found_variation',
  'reset_data',
  'hide_variation',
  'woocommerce_variation_has_changed',
  'show_variation',
  'wc_variation_form',
];

/**
 * display.ts (details, image, the price markup) is not in the form's chunk. Here it arrives only when the test
 * opens the gate: a page whose form nobody touches never asks for it, and what the shopper (or code) chose before
 * it arrives is held, then shown with its events in their order, each after the DOM it describes.
 */
describe('variation form: display.ts on its way', () => {
  it('is not asked for by a form nobody touches; choices made before it arrives show after it, in order', async () => {
    const { gate, entries } = await late();
    await mountPage(JACKET, entries);
    await afterInit();
    // Init hid the (empty) variation and the gallery settled, without the module.
    await vi.waitFor(() => {
      expect(single().style.display).toBe('none');
      expect($('form.variations_form').getAttribute('current-image')).toBe('');
    });
    await wait(40);
    expect(gate.requested).toEqual([]);

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
    await vi.waitFor(() => expect(single().style.display).toBe('none'));
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

/**
 * Default attributes printed selected: init shows their variation, so display.ts is asked for at mount, without
 * the shopper. If it is still on its way at init, the variation and wc_variation_form wait for it, in order.
 */
describe('variation form: default attributes before display.ts arrives', () => {
  it('asks for it at mount; init holds the variation and wc_variation_form until it is in, then shows both in order', async () => {
    const seen = recordNative(['check_variations', 'found_variation', 'show_variation', 'hide_variation', 'wc_variation_form']);
    const { gate, entries } = await late();
    await mountPage(PRESELECTED, entries);
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

/**
 * display.ts cannot load (a deploy swapped the chunks, the network dropped): one warning, and the form still
 * chooses and posts. What it owns keeps working (variation_id, quantity limits, the button and its reasons, the
 * options, every event in its order); what display.ts shows stays as printed (price and stock markup, SKU,
 * weight, dimensions, the image).
 */
describe('variation form: display.ts fails to load', () => {
  it('warns once; the form still chooses, blocks and posts the right variation; details and image stay as printed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module: /chunks/display.js'));
    await mountPage(JACKET, (await withLoaders({ display: failing }, 'quantity')).entries);
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
    await vi.waitFor(() => {
      expect(variationId()).toBe('');
      expect(button().classList.contains('wc-variation-selection-needed')).toBe(true);
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

/**
 * display.ts neither arrives nor fails (a stalled connection): a choice is held for DISPLAY_TIMEOUT at most, then
 * the form goes on as if the chunk had failed (one warning, the right variation posted), so a shopper is never
 * left with a button that keeps asking for a selection they have made.
 */
describe('variation form: display.ts stalls', () => {
  it('holds the choice until the timeout, then warns once and lets the shopper add the variation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(JACKET, (await withLoaders({ display: () => new Promise(() => {}) }, 'quantity')).entries);
    await afterInit();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seen = recordNative(['found_variation', 'show_variation']);

    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await vi.advanceTimersByTimeAsync(DISPLAY_TIMEOUT - 100);
    // Still held: nothing announced yet, the button still blocked.
    expect(seen).toEqual([]);
    expect(button().classList.contains('disabled')).toBe(true);
    expect(warn).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    expect(seen.map((s) => s.name)).toEqual(['found_variation', 'show_variation']);
    expect($<HTMLInputElement>('input.variation_id').value).toBe('513');
    expect(button().classList.contains('disabled')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /variation-form: display: its code did not arrive within 5 s; the form still chooses and posts/,
    );
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button() });
    $('form.variations_form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });
});
