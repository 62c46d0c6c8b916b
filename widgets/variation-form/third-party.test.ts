import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, fakeJQuery, pageBody, useVariationPage, wait } from './test-helpers';

/** Theme and plugin handlers of the variation form's events that throw (issue 14 item 3): the form carries on. */
let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});
useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

describe('variation form: third-party handlers that throw', () => {
  it('still shows the variation and enables the button when found_variation and show_variation handlers throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { restore } = fakeJQuery();
    try {
      await mountPage(JACKET, only('variation-form'));
      await afterInit();
      const jq = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, h: () => void) => void } }).jQuery;
      const boom = () => {
        throw new Error('theme bug');
      };
      jq($('form.variations_form')).on('found_variation', boom);
      jq($('.single_variation')).on('show_variation', boom);
      for (const [id, value] of Object.entries({ pa_colour: 'rust', pa_size: 's', lining: 'Fleece' })) choose(id, value);
      await wait(10);
      await vi.waitFor(() => expect($('.single_variation').textContent).toContain('60.00'));
      expect($<HTMLInputElement>('input.variation_id').value).toBe('513');
      expect($('.single_add_to_cart_button').classList.contains('disabled')).toBe(false);
      const logged = warn.mock.calls.map((c) => String(c[0]));
      expect(logged.filter((t) => t.includes('found_variation: a handler threw'))).toHaveLength(1);
      expect(logged.filter((t) => t.includes('show_variation: a handler threw'))).toHaveLength(1);
    } finally {
      restore();
    }
  });
});
