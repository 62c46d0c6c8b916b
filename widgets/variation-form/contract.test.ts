import { describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { mountPage, only } from '../../test/helpers/mount';
import { LINING, SIZE, variation, variationForm, type Attr } from './contract-fixtures';
import { afterInit, choose, fakeJQuery, recordNative, useVariationPage, VARIATION_PARAMS, wait } from './test-helpers';

/**
 * The variation form against woocommerce.md §3.3, §4, §5.1, §5.2 and §6, on markup written from the contract's
 * own examples and variant list (not the demo fixtures).
 */

const undo = useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');
const variationId = () => $<HTMLInputElement>('input.variation_id').value;
const single = () => $('.single_variation');
const select = (id: string) => document.getElementById(id) as HTMLSelectElement;
const values = (id: string) => [...select(id).options].map((o) => (o.disabled ? `(${o.value})` : o.value));

async function open(html: string) {
  await mountPage(html, only('variation-form', 'quantity'));
  await afterInit();
}

async function settle() {
  await wait(10);
}

const JACKET = [
  variation(513, { attribute_pa_size: 's', attribute_lining: 'Fleece' }),
  variation(514, { attribute_pa_size: 'm', attribute_lining: '' }),
  variation(515, { attribute_pa_size: 'l', attribute_lining: 'Cotton &amp; silk' }),
];

describe('§3.3 names: data-attribute_name, then name', () => {
  it('matches with selects that print only name (no data-attribute_name)', async () => {
    const attrs: Attr[] = [
      { ...SIZE, dataAttributeName: false },
      { ...LINING, dataAttributeName: false },
    ];
    await open(variationForm(attrs, { variations: JACKET }));
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await settle();
    expect(variationId()).toBe('513');
    expect(button().classList.contains('disabled')).toBe(false);
  });

  it('compares attribute values after decoding entities (Cotton &amp; silk)', async () => {
    await open(variationForm([SIZE, LINING], { variations: JACKET }));
    choose('pa_size', 'l');
    expect(values('lining')).toEqual(['', 'Cotton & silk']);
    choose('lining', 'Cotton & silk');
    await settle();
    expect(variationId()).toBe('515');
  });
});

describe('§3.3 data-product_variations', () => {
  it('"[]" (all out of stock, the template prints a notice instead): the form is left alone, no warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = variationForm([SIZE], { variations: [] }).replace(
      /<table class="variations"[\s\S]*?<\/table>/,
      '<p class="stock out-of-stock">This product is currently out of stock and unavailable.</p>',
    );
    await open(html);
    expect(warn).not.toHaveBeenCalled();
    expect($('.stock.out-of-stock').textContent).toContain('out of stock');
  });

  it('"false": ajax mode posts the chosen attribute_* pairs, product_id and custom_data to get_variation', async () => {
    await open(
      variationForm(
        [
          {
            name: 'pa_colour',
            label: 'Colour',
            options: [
              ['rust', 'Rust'],
              ['navy', 'Navy'],
            ],
          },
          {
            ...SIZE,
            options: [
              ['s', 'S'],
              ['m', 'M'],
            ],
          },
          LINING,
        ],
        { variations: 'false', customData: '{"gift":"yes"}' },
      ),
    );
    expect(state.log.filter((l) => l.endpoint === 'get_variation')).toHaveLength(0);
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    expect(state.log.filter((l) => l.endpoint === 'get_variation')).toHaveLength(0);
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(variationId()).toBe('513'));
    const posted = state.log.filter((l) => l.endpoint === 'get_variation');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({
      attribute_pa_colour: 'rust',
      attribute_pa_size: 's',
      attribute_lining: 'Fleece',
      product_id: '512',
      'custom_data[gift]': 'yes',
    });
  });

  it('"false": options stay selectable (no filtering) in ajax mode', async () => {
    await open(
      variationForm(
        [
          {
            name: 'pa_colour',
            label: 'Colour',
            options: [
              ['rust', 'Rust'],
              ['navy', 'Navy'],
            ],
          },
          SIZE,
          LINING,
        ],
        { variations: 'false' },
      ),
    );
    choose('pa_colour', 'navy');
    expect(values('pa_size')).toEqual(['', 's', 'm', 'l']);
  });

  it('lazy stubs: filters with the stubs and fetches the full object on a stub match', async () => {
    const stubs = [
      {
        attributes: { attribute_pa_colour: 'rust', attribute_pa_size: 's', attribute_lining: 'Fleece' },
        variation_id: 513,
        variation_is_active: true,
        variation_is_visible: true,
        variation_data_loaded: false,
      },
      {
        attributes: { attribute_pa_colour: 'navy', attribute_pa_size: '', attribute_lining: '' },
        variation_id: 516,
        variation_is_active: true,
        variation_is_visible: true,
        variation_data_loaded: false,
      },
    ];
    await open(
      variationForm(
        [
          {
            name: 'pa_colour',
            label: 'Colour',
            options: [
              ['rust', 'Rust'],
              ['navy', 'Navy'],
            ],
          },
          {
            ...SIZE,
            options: [
              ['s', 'S'],
              ['m', 'M'],
            ],
          },
          LINING,
        ],
        { variations: stubs, lazy: true },
      ),
    );
    choose('pa_colour', 'rust');
    expect(values('pa_size')).toEqual(['', 's']);
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await vi.waitFor(() => expect(single().textContent).toContain('5 in stock'));
    expect(variationId()).toBe('513');
    expect(state.log.filter((l) => l.endpoint === 'get_variation')).toHaveLength(1);
    // Cached: choosing the same combination again asks nothing.
    choose('lining', '');
    choose('lining', 'Fleece');
    await settle();
    expect(state.log.filter((l) => l.endpoint === 'get_variation')).toHaveLength(1);
  });
});

describe('§5.1 matching', () => {
  it('the first match in array order wins, "" on either side is a wildcard', async () => {
    const vs = [
      variation(601, { attribute_pa_size: '', attribute_lining: 'Fleece' }),
      variation(602, { attribute_pa_size: 's', attribute_lining: 'Fleece' }),
    ];
    await open(variationForm([SIZE, LINING], { variations: vs }));
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await settle();
    expect(variationId()).toBe('601');
  });
});

describe('§5.2 option availability', () => {
  const vs = [
    variation(701, { attribute_pa_size: 's', attribute_lining: 'Fleece' }),
    variation(702, { attribute_pa_size: 'm', attribute_lining: 'Fleece' }, { variation_is_active: false }),
    variation(703, { attribute_pa_size: 'l', attribute_lining: 'Cotton &amp; silk' }),
  ];
  it('removes unattached options (keeps the placeholder) and disables inactive ones', async () => {
    await open(variationForm([SIZE, LINING], { variations: vs }));
    choose('lining', 'Fleece');
    expect(values('pa_size')).toEqual(['', 's', '(m)']);
  });

  it('data-show_option_none="no" drops the placeholder only once a valid value is chosen', async () => {
    await open(variationForm([{ ...SIZE, showOptionNone: 'no' }, LINING], { variations: vs }));
    expect(values('pa_size')[0]).toBe('');
    choose('pa_size', 's');
    await settle();
    expect(values('pa_size')).not.toContain('');
    expect(values('lining')[0]).toBe('');
  });

  it('a value that is no longer an enabled option becomes "" and fires change (cascade)', async () => {
    await open(variationForm([SIZE, LINING], { variations: vs }));
    const changes: string[] = [];
    select('pa_size').addEventListener('change', () => changes.push(select('pa_size').value));
    // Theme code (or a stale default) sets the inactive size: the check resets it.
    choose('pa_size', 'm');
    expect(select('pa_size').value).toBe('');
    expect(changes).toEqual(['m', '']);
  });
});

describe('§3.3 reset control', () => {
  it.each(['a', 'button'] as const)(
    '11.x <a> in the last cell and 9.x <button class="reset_variations wp-element-button"> (%s) both reset',
    async (kind) => {
      await open(variationForm([SIZE, LINING], { variations: JACKET, reset: kind }));
      const reset = $('.reset_variations');
      expect(reset.tagName).toBe(kind === 'a' ? 'A' : 'BUTTON');
      expect(reset.style.visibility).toBe('hidden');
      choose('pa_size', 's');
      expect(reset.style.visibility).toBe('visible');
      choose('lining', 'Fleece');
      await settle();
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      reset.dispatchEvent(click);
      // A <button> in the form must never submit it; a link must not navigate to #.
      expect(click.defaultPrevented).toBe(true);
      if (kind === 'button') expect((reset as HTMLButtonElement).type).toBe('button');
      expect(select('pa_size').value).toBe('');
      expect(select('lining').value).toBe('');
      expect(variationId()).toBe('');
      expect(document.activeElement).toBe(select('pa_size'));
      await vi.waitFor(() => expect($('.reset_variations_alert').textContent).toBe(VARIATION_PARAMS.i18n_reset_alert_text));
      expect(reset.style.visibility).toBe('hidden');
    },
  );

  it('Space on the reset link resets it (button semantics)', async () => {
    await open(variationForm([SIZE, LINING], { variations: JACKET }));
    choose('pa_size', 's');
    const reset = $('.reset_variations');
    expect(reset.getAttribute('role')).toBe('button');
    const key = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    reset.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(select('pa_size').value).toBe('');
  });
});

describe('§3.3 templates', () => {
  it('{{ data.variation.KEY }} is HTML-escaped, {{{ }}} raw', async () => {
    const vs = [variation(801, { attribute_pa_size: 's' }, { sku: '<b>X&Y</b>' })];
    await open(
      variationForm([SIZE], {
        variations: vs,
        templates: {
          variation: '<div class="t-raw">{{{ data.variation.price_html }}}</div><div class="t-esc">{{ data.variation.sku }}</div>',
          unavailable: '<p>gone</p>',
        },
      }),
    );
    choose('pa_size', 's');
    await vi.waitFor(() => expect(single().querySelector('.t-esc')).not.toBeNull());
    expect($('.t-esc').textContent).toBe('<b>X&Y</b>');
    expect($('.t-esc').querySelector('b')).toBeNull();
    expect($('.t-raw .woocommerce-Price-amount').textContent).toBe('801.00');
  });

  it('a missing template: one named warning and the built-in markup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open(
      variationForm([SIZE], {
        variations: [variation(802, { attribute_pa_size: 's' }), variation(803, { attribute_pa_size: 'm' })],
        templates: 'none',
      }),
    );
    choose('pa_size', 's');
    await vi.waitFor(() => expect(single().querySelector('.woocommerce-variation-price')?.textContent).toBe('802.00'));
    choose('pa_size', 'm');
    await vi.waitFor(() => expect(single().querySelector('.woocommerce-variation-price')?.textContent).toBe('803.00'));
    const named = warn.mock.calls.filter(
      (c) => String(c[0]).includes('variation-form') && String(c[0]).includes('tmpl-variation-template'),
    );
    expect(named).toHaveLength(1);
  });

  it('a template that needs an eval engine: the same named template-not-found warning, once, and the built-in markup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const vs = [variation(805, { attribute_pa_size: 's' }), variation(806, { attribute_pa_size: 'm' })];
    await open(
      variationForm([SIZE], {
        variations: vs,
        templates: { variation: '<# if ( data.variation.sku ) { #><b>{{ data.variation.sku }}</b><# } #>', unavailable: '<p>gone</p>' },
      }),
    );
    choose('pa_size', 's');
    await vi.waitFor(() => expect(single().querySelector('.woocommerce-variation-price')?.textContent).toBe('805.00'));
    choose('pa_size', 'm');
    await vi.waitFor(() => expect(single().querySelector('.woocommerce-variation-price')?.textContent).toBe('806.00'));
    const named = warn.mock.calls
      .map((c) => String(c[0]))
      .filter((t) => t.includes('variation-form') && t.includes('tmpl-variation-template'));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/template not found/);
  });

  it('a hyphenated key (added by a filter) renders as WooCommerce reads it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const vs = [variation(807, { attribute_pa_size: 's' }, { 'delivery-note': '<em>Ships in 2 days</em>' })];
    await open(
      variationForm([SIZE], {
        variations: vs,
        templates: { variation: '<div class="t-note">{{{ data.variation.delivery-note }}}</div>', unavailable: '<p>gone</p>' },
      }),
    );
    choose('pa_size', 's');
    await vi.waitFor(() => expect(single().querySelector('.t-note em')?.textContent).toBe('Ships in 2 days'));
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('tmpl-variation-template'))).toHaveLength(0);
  });

  it('an invisible variation renders the unavailable template and disables the button as unavailable', async () => {
    await open(variationForm([SIZE], { variations: [variation(804, { attribute_pa_size: 's' }, { variation_is_visible: false })] }));
    choose('pa_size', 's');
    await vi.waitFor(() => expect(single().textContent).toContain('Sorry, this product is unavailable'));
    expect(button().classList.contains('disabled')).toBe(true);
    expect(button().classList.contains('wc-variation-is-unavailable')).toBe(true);
    expect($('.woocommerce-variation-add-to-cart').classList.contains('woocommerce-variation-add-to-cart-disabled')).toBe(true);
  });
});

describe('§3.3 quantity for a variation', () => {
  it('sold individually "yes": value 1, min 1, max "", box hidden; change fired', async () => {
    await open(
      variationForm([SIZE], {
        variations: [variation(901, { attribute_pa_size: 's' }, { is_sold_individually: 'yes', min_qty: 1, max_qty: 1 })],
      }),
    );
    const qty = $<HTMLInputElement>('input.qty');
    qty.value = '3';
    const changes = recordNative(['change']);
    choose('pa_size', 's');
    await settle();
    expect(qty.value).toBe('1');
    expect(qty.getAttribute('min')).toBe('1');
    expect(qty.getAttribute('max')).toBe('');
    expect($('.single_variation_wrap .quantity').style.display).toBe('none');
    expect(changes.some((c) => c.target === qty)).toBe(true);
  });

  it('max_qty "" is unlimited; the value is clamped to min_qty only; a non-numeric value becomes min_qty', async () => {
    await open(
      variationForm([SIZE], {
        variations: [
          variation(902, { attribute_pa_size: 's' }, { min_qty: 2, max_qty: '' }),
          variation(903, { attribute_pa_size: 'm' }, { min_qty: 1, max_qty: 4 }),
        ],
      }),
    );
    const qty = $<HTMLInputElement>('input.qty');
    qty.value = '40';
    choose('pa_size', 's');
    await settle();
    expect(qty.value).toBe('40');
    expect(qty.getAttribute('min')).toBe('2');
    expect(qty.getAttribute('max') ?? '').toBe('');
    choose('pa_size', 'm');
    await settle();
    expect(qty.value).toBe('4');
    expect(qty.getAttribute('max')).toBe('4');
    qty.value = 'abc';
    choose('pa_size', 's');
    await settle();
    expect(qty.value).toBe('2');
    expect($('.single_variation_wrap .quantity').style.display).not.toBe('none');
  });
});

describe('§3.3 image: a variation without an image', () => {
  it('src "" and srcset/sizes false: the product image is restored, not blanked', async () => {
    const withImage = variation(
      1001,
      { attribute_pa_size: 's' },
      {
        image: {
          title: 'red',
          caption: '',
          url: '',
          alt: 'Red',
          src: '/red-600.jpg',
          srcset: '/red-600.jpg 600w',
          sizes: '600px',
          full_src: '/red.jpg',
          full_src_w: 1500,
          full_src_h: 1800,
          gallery_thumbnail_src: '/red-100.jpg',
          src_w: 600,
          src_h: 720,
        },
        image_id: 77,
      },
    );
    await open(variationForm([SIZE], { variations: [withImage, variation(1002, { attribute_pa_size: 'm' })] }));
    const img = $<HTMLImageElement>('.wp-post-image');
    choose('pa_size', 's');
    await settle();
    expect(img.getAttribute('src')).toBe('/red-600.jpg');
    choose('pa_size', 'm');
    await settle();
    expect(img.getAttribute('src')).toBe('/wp-content/uploads/jacket-600x720.jpg');
    expect(img.getAttribute('srcset')).not.toBe('false');
    expect(img.getAttribute('sizes')).not.toBe('false');
  });
});

describe('§3.3 behaviour and §6 the disabled button', () => {
  it('no match for a complete choice: the notice in role=alert after .single_variation (not during init)', async () => {
    const vs = [
      variation(1101, { attribute_pa_size: 's', attribute_lining: 'Fleece' }),
      variation(1102, { attribute_pa_size: 'm', attribute_lining: 'Cotton &amp; silk' }),
    ];
    // Ajax mode (no client filtering): a default pair the server has no variation for.
    const attrs: Attr[] = [
      { ...SIZE, selected: 's' },
      { ...LINING, selected: 'Cotton & silk' },
    ];
    await open(
      variationForm(attrs, { variations: vs, productId: 700 }).replace(
        /data-product_variations="[^"]*"/,
        'data-product_variations="false"',
      ),
    );
    await settle();
    expect(document.querySelector('.wc-no-matching-variations')).toBeNull();
    expect(button().classList.contains('disabled')).toBe(true);
    choose('lining', 'Fleece');
    await settle();
    choose('lining', 'Cotton & silk');
    await vi.waitFor(() => expect(document.querySelector('.wc-no-matching-variations')).not.toBeNull());
    const notice = $('.wc-no-matching-variations');
    expect(notice.className).toBe('wc-no-matching-variations woocommerce-info');
    expect(notice.textContent).toBe(VARIATION_PARAMS.i18n_no_matching_variations_text);
    expect(notice.parentElement!.getAttribute('role')).toBe('alert');
    expect(notice.parentElement!.previousElementSibling).toBe(single());
  });

  it('a click on the disabled button does not submit; the reason is inline, described, not alert()', async () => {
    const alert = vi.fn();
    window.alert = alert;
    undo.push(() => delete (window as { alert?: unknown }).alert);
    await open(variationForm([SIZE], { variations: JACKET }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(alert).not.toHaveBeenCalled();
    const message = document.getElementById(button().getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(message.hidden).toBe(false);
    expect(message.textContent).toBe(VARIATION_PARAMS.i18n_make_a_selection_text);
    expect(button().getAttribute('aria-disabled')).toBe('true');
  });

  it('unpurchasable (out of stock) match: button disabled wc-variation-is-unavailable with the unavailable text', async () => {
    await open(
      variationForm([SIZE], {
        variations: [
          variation(
            1201,
            { attribute_pa_size: 's' },
            { is_in_stock: false, availability_html: '<p class="stock out-of-stock">Out of stock</p>' },
          ),
        ],
      }),
    );
    choose('pa_size', 's');
    await settle();
    expect(button().className).toContain('wc-variation-is-unavailable');
    button().click();
    const message = document.getElementById(button().getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(message.textContent).toBe(VARIATION_PARAMS.i18n_unavailable_text);
  });

  it('a select change clears variation_id (firing change) and empties the reset alert', async () => {
    await open(variationForm([SIZE], { variations: JACKET }));
    choose('pa_size', 'm');
    await settle();
    expect(variationId()).toBe('514');
    const seen = recordNative(['change']);
    choose('pa_size', '');
    expect(variationId()).toBe('');
    expect(seen.some((s) => s.target === $('input.variation_id'))).toBe(true);
  });
});

describe('§4 events, native mode (no jQuery): CustomEvent with detail = args', () => {
  it('fires the documented events on the documented targets with their arguments', async () => {
    const names = [
      'wc_variation_form',
      'check_variations',
      'update_variation_values',
      'woocommerce_update_variation_values',
      'woocommerce_variation_select_change',
      'woocommerce_variation_has_changed',
      'found_variation',
      'show_variation',
      'hide_variation',
      'reset_data',
      'reset_image',
      'reset_focus',
      'announce_reset',
      'clear_reset_announcement',
    ];
    const seen = recordNative(names);
    await open(variationForm([SIZE], { variations: JACKET }));
    const init = seen.find((s) => s.name === 'wc_variation_form')!;
    expect(init.target).toBe($('form.variations_form'));
    expect(Array.isArray(init.detail)).toBe(true);
    expect((init.detail as unknown[]).length).toBe(1);
    seen.length = 0;
    choose('pa_size', 'm');
    await vi.waitFor(() => expect(seen.some((x) => x.name === 'show_variation')).toBe(true));
    const byName = (n: string) => seen.filter((s) => s.name === n);
    for (const n of [
      'woocommerce_variation_select_change',
      'check_variations',
      'update_variation_values',
      'woocommerce_update_variation_values',
      'woocommerce_variation_has_changed',
    ]) {
      expect(byName(n).length, n).toBeGreaterThan(0);
      expect(byName(n)[0]!.target, n).toBe($('form.variations_form'));
    }
    const found = byName('found_variation')[0]!;
    expect(found.target).toBe($('form.variations_form'));
    expect((found.detail as { variation_id: number }[])[0]!.variation_id).toBe(514);
    const shown = byName('show_variation')[0]!;
    expect(shown.target).toBe(single());
    expect((shown.detail as [{ variation_id: number }, boolean])[0].variation_id).toBe(514);
    expect((shown.detail as unknown[])[1]).toBe(true);
    seen.length = 0;
    $('.reset_variations').click();
    for (const n of ['reset_data', 'reset_image', 'hide_variation', 'announce_reset', 'reset_focus', 'clear_reset_announcement'])
      expect(byName(n).length, n).toBeGreaterThan(0);
    expect(byName('hide_variation')[0]!.target).toBe(single());
    // WooCommerce's reset: the selects' change, then announce_reset, reset_data (reset_image, hide_variation), reset_focus.
    const tail = seen.map((s) => s.name).slice(seen.findIndex((s) => s.name === 'announce_reset'));
    expect(tail).toEqual(['announce_reset', 'reset_data', 'reset_image', 'hide_variation', 'reset_focus']);
  });
});

describe('§4 events with jQuery on the page: through jQuery only, elements wrapped', () => {
  it('fires found_variation/show_variation with args through jQuery and never natively', async () => {
    const { calls } = fakeJQuery();
    const native = recordNative([
      'found_variation',
      'show_variation',
      'hide_variation',
      'wc_variation_form',
      'check_variations',
      'reset_data',
    ]);
    await open(variationForm([SIZE], { variations: JACKET }));
    choose('pa_size', 'm');
    await vi.waitFor(() => expect(calls.some((c) => c.name === 'show_variation')).toBe(true));
    expect(native).toEqual([]);
    const found = calls.find((c) => c.name === 'found_variation')!;
    expect(found.target).toBe($('form.variations_form'));
    expect((found.args[0] as { variation_id: number }).variation_id).toBe(514);
    const shown = calls.find((c) => c.name === 'show_variation')!;
    expect(shown.target).toBe(single());
    expect(shown.args[1]).toBe(true);
    expect(calls.some((c) => c.name === 'change' && c.target === $('input.variation_id'))).toBe(true);
    expect(calls.some((c) => c.name === 'wc_variation_form' && c.args.length === 1)).toBe(true);
    // The variationForm argument holds jQuery collections in its $ fields, as WooCommerce's does.
    const form = calls.find((c) => c.name === 'wc_variation_form')!.args[0] as Record<
      string,
      { jquery?: string; length: number; 0?: Element }
    >;
    expect(form.$form!.jquery).toBeDefined();
    expect(form.$form![0]).toBe($('form.variations_form'));
    expect(form.$attributeFields!.jquery).toBeDefined();
    expect(form.$attributeFields!.length).toBe(1);
    expect(form.$attributeFields![0]).toBe(select('pa_size'));
    expect(form.$singleVariation!.jquery).toBeDefined();
    expect(form.$singleVariation![0]).toBe(single());
    expect(form.$singleVariationWrap![0]).toBe($('.single_variation_wrap'));
    expect(form.$resetVariations![0]).toBe($('.reset_variations'));
  });

  it('listens for check_variations and reload_product_variations triggered by theme code through jQuery', async () => {
    const { calls } = fakeJQuery();
    await open(variationForm([SIZE], { variations: JACKET }));
    const form = $<HTMLFormElement>('form.variations_form');
    form.setAttribute('data-product_variations', JSON.stringify([variation(1301, { attribute_pa_size: 's' })]));
    const jq = (window as unknown as { jQuery: (el: Element) => { trigger(n: string, a?: unknown[]): void } }).jQuery;
    jq(form).trigger('reload_product_variations');
    select('pa_size').value = 's';
    jq(form).trigger('check_variations');
    await settle();
    expect(variationId()).toBe('1301');
    expect(calls.filter((c) => c.name === 'found_variation').length).toBeGreaterThan(0);
  });
});
