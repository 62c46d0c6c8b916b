import { beforeAll, describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, gate, pageBody, useVariationPage } from './test-helpers';

/**
 * The blockUI overlay's code (src/dom/block.ts) arrives while the form still waits on get_variation (the test opens
 * the gate): the overlay shows then, until the answer.
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

describe('variation form: the overlay code arriving during a request', () => {
  it('shows the overlay when it arrives while get_variation is pending, and removes it with the answer', async () => {
    state.latency.set('get_variation', 400);
    await mountPage(SHOE, only('variation-form'));
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
    await vi.waitFor(() => expect(variationId()).toBe('601003'), { timeout: 3000 });
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(form.classList.contains('processing')).toBe(false);
    expect(form.querySelector('.blockUI')).toBeNull();
  });
});
