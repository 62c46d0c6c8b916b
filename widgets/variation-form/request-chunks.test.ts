import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hold, release, state } from '../../fixtures/mock/state';
import { mountPage } from '../../test/helpers/mount';
import { afterInit, choose, createGate, pageBody, useVariationPage, wait, withLoaders } from './test-helpers';

/**
 * What a form that asks the server (get_variation) loads on demand: blockUI's overlay (src/dom/block.ts) and the
 * request code (src/net). Each test gives the form loaders of its own (held back, or failing) and a fresh loaded
 * state, as a page would have.
 */

let SHOE = '';
beforeAll(async () => {
  SHOE = await pageBody('product-ajax.html');
});
useVariationPage({}, { preload: false });

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const requests = () => state.log.filter((l) => l.endpoint === 'get_variation');

/** The overlay's code held until the test opens the gate. */
async function lateBlock() {
  const gate = createGate();
  const { chunks, entries } = await withLoaders({ block: () => gate.hold('block', () => import('../../src/dom/block')) });
  return { gate, chunks, entries };
}

/**
 * The blockUI overlay's code (src/dom/block.ts) is loaded the first time a form waits on get_variation. Here it
 * arrives only when the test opens the gate: the form's state does not wait for it, and an answer that comes first
 * leaves nothing to show.
 */
describe('variation form: the overlay loads with the first get_variation', () => {
  it('is busy at once; an answer before the overlay code arrives leaves nothing to show when it does', async () => {
    const { gate, entries } = await lateBlock();
    await mountPage(SHOE, entries);
    await afterInit();
    const form = $('form.variations_form');
    choose('pa_colour', 'grey');
    choose('pa_size', '40');
    // Busy before any code is loaded: aria-busy and .processing, a submit is refused.
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(form.classList.contains('processing')).toBe(true);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: $('.single_add_to_cart_button') });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(variationId()).toBe('601003'));
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.classList.contains('processing')).toBe(false);
    expect(form.querySelector('.blockUI')).toBeNull();
    choose('pa_size', '42');
    await vi.waitFor(() => expect(requests()).toHaveLength(2));
    await vi.waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false));
    // The code arrives with nothing in flight: no overlay, nothing busy.
    gate.open();
    await wait(50);
    expect(form.querySelector('.blockUI')).toBeNull();
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.classList.contains('processing')).toBe(false);
  });

  it('once loaded, later requests block at once, and unmounting the form unblocks it', async () => {
    state.latency.set('get_variation', 5_000);
    const { gate, chunks, entries } = await lateBlock();
    gate.open();
    await chunks.loadBlock();
    const runtime = await mountPage(SHOE, entries);
    await afterInit();
    const form = $('form.variations_form');
    choose('pa_colour', 'grey');
    choose('pa_size', '44');
    expect(form.querySelector('.blockUI.blockOverlay')).not.toBeNull();
    expect(form.getAttribute('aria-busy')).toBe('true');
    runtime.unmount(document);
    await wait(10);
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.classList.contains('processing')).toBe(false);
    expect(form.querySelector('.blockUI')).toBeNull();
  });
});

/**
 * The blockUI overlay's code (src/dom/block.ts) arrives while the form still waits on get_variation (the test opens
 * the gate): the overlay shows then, until the answer.
 */
describe('variation form: the overlay code arriving during a request', () => {
  it('shows the overlay when it arrives while get_variation is pending, and removes it with the answer', async () => {
    // The answer is held until the overlay showed: under load the overlay's code can take longer than any latency.
    hold('get_variation');
    const { gate, entries } = await lateBlock();
    await mountPage(SHOE, entries);
    await afterInit();
    const form = $('form.variations_form');
    choose('pa_colour', 'grey');
    choose('pa_size', '40');
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(form.querySelector('.blockUI')).toBeNull();
    gate.open();
    await vi.waitFor(() => expect(form.querySelector('.blockUI.blockOverlay')).not.toBeNull());
    expect(variationId()).toBe('');
    release('get_variation');
    await vi.waitFor(() => expect(variationId()).toBe('601003'));
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.classList.contains('processing')).toBe(false);
    expect(form.querySelector('.blockUI')).toBeNull();
  });
});

/**
 * The request code (src/net) is not part of the variation form's chunk: a form that asks the server loads it.
 * When it cannot load (a blocked or failed chunk), the form is not held: one warning, no request, the chosen
 * options kept, and the form posts natively (the shop picks the variation), as for a failed get_variation.
 */
describe('variation form without its request code', () => {
  it('an ajax-mode choice warns once, sends nothing, and leaves a form that posts natively', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { chunks, entries } = await withLoaders({ net: () => Promise.reject(new Error('the request chunk failed to load')) });
    // display.ts is here, as on a page the shopper has reached: only the request code is missing.
    await chunks.displayReady();
    await mountPage(SHOE, entries);
    await afterInit();
    choose('pa_colour', 'grey');
    choose('pa_size', '40');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]![0])).toContain('variation-form: get_variation: The request code could not load');
    expect(state.log.filter((l) => l.endpoint === 'get_variation')).toEqual([]);
    const form = $('form.variations_form');
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect($('.single_add_to_cart_button').classList.contains('disabled')).toBe(false);
    expect($<HTMLSelectElement>('#pa_colour').value).toBe('grey');
    expect($<HTMLSelectElement>('#pa_size').value).toBe('40');
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: $('.single_add_to_cart_button') });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });
});
