import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, pageBody, recordNative, useVariationPage } from './test-helpers';
import { DISPLAY_TIMEOUT } from './variation-form.widget';

/**
 * display.ts neither arrives nor fails (a stalled connection): a choice is held for DISPLAY_TIMEOUT at most, then
 * the form goes on as if the chunk had failed (one warning, the right variation posted), so a shopper is never
 * left with a button that keeps asking for a selection they have made.
 */
vi.mock('./display', () => new Promise(() => {}));

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});
useVariationPage({}, { preload: false });
afterEach(() => void vi.useRealTimers());

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');

describe('variation form: display.ts stalls', () => {
  it('holds the choice until the timeout, then warns once and lets the shopper add the variation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(JACKET, only('variation-form', 'quantity'));
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
