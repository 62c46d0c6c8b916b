/**
 * The request code (src/net) is not part of the variation form's chunk: a form that asks the server loads it.
 * When it cannot load (a blocked or failed chunk), the form is not held: one warning, no request, the chosen
 * options kept, and the form posts natively (the shop picks the variation), as for a failed get_variation. Its
 * own file: the module is mocked to fail for every test here.
 */
import { describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, pageBody, useVariationPage } from './test-helpers';

vi.mock('../../src/net/wc', () => {
  throw new Error('the request chunk failed to load');
});

useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

describe('variation form without its request code', () => {
  it('an ajax-mode choice warns once, sends nothing, and leaves a form that posts natively', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(await pageBody('product-ajax.html'), only('variation-form'));
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
