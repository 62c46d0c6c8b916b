import { beforeAll, describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, gate, pageBody, useVariationPage, wait } from './test-helpers';

/**
 * The blockUI overlay's code (src/dom/block.ts) is loaded the first time a form waits on get_variation. Here it
 * arrives only when the test opens the gate: the form's state does not wait for it, and an answer that comes first
 * leaves nothing to show.
 */
vi.mock('../../src/dom/block', async (original) => (await import('./test-helpers')).gate.hold('block', original));

let SHOE = '';
beforeAll(async () => {
  SHOE = await pageBody('product-ajax.html');
});
useVariationPage({}, { preload: false });

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const requests = () => state.log.filter((l) => l.endpoint === 'get_variation');

describe('variation form: the overlay loads with the first get_variation', () => {
  it('is busy at once; an answer before the overlay code arrives leaves nothing to show when it does', async () => {
    await mountPage(SHOE, only('variation-form'));
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
    const runtime = await mountPage(SHOE, only('variation-form'));
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
