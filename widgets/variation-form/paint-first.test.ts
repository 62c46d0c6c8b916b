import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, pageBody, recordNative, useVariationPage, wait } from './test-helpers';

// A shopper's change (a trusted event) paints first; what follows from it runs right after that paint. Code's
// changes are handled at once. happy-dom has no isTrusted, so a shopper's event is one that says it is trusted.

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});

useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const select = (id: string) => $<HTMLSelectElement>(`#${id}`);
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const swatch = (value: string) => $(`.avada-color-select[data-value="${value}"]`);

function byShopper<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}
/** The shopper picks a value in a select (as a key press or the native picker does: value, then a trusted change). */
function shopperChooses(id: string, value: string): void {
  select(id).value = value;
  select(id).dispatchEvent(byShopper(new Event('change', { bubbles: true })));
}

async function openJacket() {
  await mountPage(JACKET, only('variation-form', 'quantity'));
  await afterInit();
}
/** The page, with these attributes chosen by code (handled at once) and settled. */
async function openWith(values: Record<string, string>) {
  await openJacket();
  for (const [id, value] of Object.entries(values)) choose(id, value);
  await wait(5);
}

describe("variation form: a shopper's change paints first", () => {
  it("applies a shopper's change after the next paint, with its events once", async () => {
    await openWith({ pa_colour: 'rust', pa_size: 's' });
    const seen = recordNative(['woocommerce_variation_select_change', 'found_variation']);
    shopperChooses('lining', 'Fleece');
    // The interaction's own frame: the select shows the choice, nothing else has moved yet.
    expect(select('lining').value).toBe('Fleece');
    expect(variationId()).toBe('');
    expect(seen).toEqual([]);
    expect(button().classList.contains('disabled')).toBe(true);
    // After the paint: a later task (in a full run the gallery's first image swap may load its code in between).
    await vi.waitFor(() => expect(variationId()).toBe('513'));
    expect(button().classList.contains('disabled')).toBe(false);
    expect(seen.map((s) => s.name)).toEqual(['woocommerce_variation_select_change', 'found_variation']);
  });

  it('handles a change made by code at once: scripts read the state right after it', async () => {
    await openJacket();
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    expect(variationId()).toBe('513');
  });

  it('applies a pending change before the button acts on a click in the same frame', async () => {
    await openWith({ pa_colour: 'rust', pa_size: 's' });
    const posted: string[] = [];
    const form = $<HTMLFormElement>('form.variations_form');
    form.addEventListener('submit', (event) => {
      posted.push(new FormData(form).get('variation_id') as string);
      event.preventDefault();
    });
    shopperChooses('lining', 'Fleece');
    const click = byShopper(new MouseEvent('click', { bubbles: true, cancelable: true }));
    button().dispatchEvent(click);
    // The click saw the complete choice: not refused as "make a selection", and the form posted the variation.
    expect(click.defaultPrevented).toBe(false);
    expect(posted).toEqual(['513']);
  });

  it('applies a pending change before a submit in the same frame (Enter in the quantity field)', async () => {
    await openWith({ pa_colour: 'rust', pa_size: 's' });
    const form = $<HTMLFormElement>('form.variations_form');
    const posted: string[] = [];
    form.addEventListener('submit', (event) => {
      posted.push(`${new FormData(form).get('variation_id')} ${event.defaultPrevented ? 'refused' : 'sent'}`);
      event.preventDefault();
    });
    shopperChooses('lining', 'Fleece');
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(posted).toEqual(['513 sent']);
  });

  it('works out only the final choice of several changes within one frame', async () => {
    await openJacket();
    choose('pa_colour', 'rust');
    await wait(5);
    const seen = recordNative(['woocommerce_variation_select_change', 'found_variation']);
    shopperChooses('pa_size', 'm');
    shopperChooses('pa_size', 's');
    shopperChooses('lining', 'Fleece');
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(seen.map((s) => s.name)).toEqual(['woocommerce_variation_select_change', 'found_variation']));
    expect(variationId()).toBe('513');
  });

  it("checks a swatch the shopper clicks in the click's own frame, and the rest after it", async () => {
    await openJacket();
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await wait(5);
    swatch('rust').dispatchEvent(byShopper(new MouseEvent('click', { bubbles: true, cancelable: true })));
    expect(select('pa_colour').value).toBe('rust');
    expect(swatch('rust').getAttribute('aria-checked')).toBe('true');
    expect(variationId()).toBe('');
    // After it: in a later task (in a full run under load the gallery's first image swap may load its code first).
    await vi.waitFor(() => expect(variationId()).toBe('513'));
  });

  it("works out a pending change of the shopper's before a swatch chosen by code, then that one, at once", async () => {
    await openWith({ pa_size: 's' });
    const seen = recordNative(['woocommerce_variation_select_change', 'found_variation']);
    shopperChooses('lining', 'Fleece');
    // Theme code picks the colour (an untrusted click on the swatch): both are done when it returns.
    swatch('rust').click();
    expect(seen.map((s) => s.name)).toEqual([
      'woocommerce_variation_select_change',
      'woocommerce_variation_select_change',
      'found_variation',
    ]);
    expect(variationId()).toBe('513');
  });

  it('runs nothing for a pending change once the form is gone', async () => {
    await openWith({ pa_colour: 'rust', pa_size: 's' });
    const seen = recordNative(['woocommerce_variation_select_change', 'found_variation']);
    shopperChooses('lining', 'Fleece');
    $('form.variations_form').remove();
    await wait(20);
    expect(seen).toEqual([]);
  });
});
