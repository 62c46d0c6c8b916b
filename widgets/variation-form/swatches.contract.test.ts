import { describe, expect, it } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { LINING, SIZE, variation, variationForm, type Attr } from './contract-fixtures';
import { afterInit, choose, fakeJQuery, useVariationPage, wait } from './test-helpers';

/** Avada swatches (woocommerce.md §3.3 "Avada swatches", accessibility.md "Variation form and swatches"). */

useVariationPage();

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const select = (id: string) => document.getElementById(id) as HTMLSelectElement;
const sw = (value: string) => $(`[data-value="${value}"]`);
const COLOUR: Attr = {
  name: 'pa_colour',
  label: 'Colour',
  options: [
    ['rust', 'Rust'],
    ['navy', 'Navy'],
    ['olive', 'Olive'],
  ],
  swatches: 'color',
};
const VS = [
  variation(1, { attribute_pa_colour: 'rust', attribute_pa_size: 's' }),
  variation(2, { attribute_pa_colour: 'navy', attribute_pa_size: 'm' }),
  variation(3, { attribute_pa_colour: 'olive', attribute_pa_size: 'm' }, { variation_is_active: false }),
];

async function open(attrs: Attr[], vs: unknown[] = VS) {
  await mountPage(variationForm(attrs, { variations: vs }), only('variation-form'));
  await afterInit();
}

const click = (el: Element) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e;
};

describe('Avada swatches', () => {
  it('are a radio group labelled by the attribute label; each swatch a radio with aria-checked', async () => {
    await open([COLOUR, SIZE]);
    const group = $('.avada-select-wrapper');
    expect(group.getAttribute('role')).toBe('radiogroup');
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Colour');
    for (const v of ['rust', 'navy', 'olive']) {
      expect(sw(v).getAttribute('role')).toBe('radio');
      expect(sw(v).getAttribute('aria-checked')).toBe('false');
      expect(sw(v).getAttribute('aria-label')).toBe(v[0]!.toUpperCase() + v.slice(1));
    }
  });

  it('on load the swatch matching the select value is checked (data-checked and aria-checked)', async () => {
    await open([{ ...COLOUR, selected: 'navy' }, SIZE]);
    expect(select('pa_colour').value).toBe('navy');
    expect(sw('navy').hasAttribute('data-checked')).toBe(true);
    expect(sw('navy').getAttribute('aria-checked')).toBe('true');
    expect(sw('navy').getAttribute('tabindex')).toBe('0');
    expect(sw('rust').hasAttribute('data-checked')).toBe(false);
  });

  it('a server-printed data-checked that no longer matches the select is cleared', async () => {
    const html = variationForm([COLOUR, SIZE], { variations: VS }).replace('data-value="rust">', 'data-value="rust" data-checked="true">');
    await mountPage(html, only('variation-form'));
    await afterInit();
    expect(select('pa_colour').value).toBe('');
    expect(document.querySelectorAll('[data-checked]')).toHaveLength(0);
  });

  it('click on an enabled swatch checks it, sets the select and fires change; again unchecks and selects ""', async () => {
    await open([COLOUR, SIZE]);
    const changes: string[] = [];
    select('pa_colour').addEventListener('change', () => changes.push(select('pa_colour').value));
    expect(click(sw('rust')).defaultPrevented).toBe(true);
    expect(select('pa_colour').value).toBe('rust');
    expect(sw('rust').hasAttribute('data-checked')).toBe(true);
    expect(changes).toEqual(['rust']);
    click(sw('rust'));
    expect(select('pa_colour').value).toBe('');
    expect(sw('rust').hasAttribute('data-checked')).toBe(false);
    expect(changes).toEqual(['rust', '']);
  });

  it('a swatch whose value has no option in the filtered select is data-disabled; clicking it does nothing', async () => {
    await open([COLOUR, SIZE]);
    choose('pa_size', 's');
    expect(sw('navy').hasAttribute('data-disabled')).toBe(true);
    expect(sw('navy').getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(sw('navy').getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBeTruthy();
    expect(click(sw('navy')).defaultPrevented).toBe(true);
    expect(select('pa_colour').value).toBe('');
    expect(sw('rust').hasAttribute('data-disabled')).toBe(false);
  });

  it('the reset control clears every data-checked', async () => {
    await open([COLOUR, { ...SIZE, swatches: 'button' }]);
    click(sw('rust'));
    click(sw('s'));
    expect(document.querySelectorAll('[data-checked]')).toHaveLength(2);
    $('.reset_variations').click();
    await wait(5);
    expect(document.querySelectorAll('[data-checked]')).toHaveLength(0);
    expect(document.querySelectorAll('[aria-checked="true"]')).toHaveLength(0);
  });

  it('follows the select when theme code changes it', async () => {
    await open([COLOUR, SIZE]);
    choose('pa_colour', 'navy');
    expect(sw('navy').hasAttribute('data-checked')).toBe(true);
  });

  it('image and button swatches behave the same', async () => {
    await open([
      { ...COLOUR, swatches: 'image' },
      { ...SIZE, swatches: 'button' },
    ]);
    click($('.avada-image-select[data-value="rust"]'));
    click($('.avada-button-select[data-value="s"]'));
    expect(select('pa_colour').value).toBe('rust');
    expect(select('pa_size').value).toBe('s');
    await wait(10);
    expect($<HTMLInputElement>('input.variation_id').value).toBe('1');
  });

  it('values with entities and spaces (custom attributes) match their option', async () => {
    await open(
      [{ ...LINING, swatches: 'button' }],
      [variation(9, { attribute_lining: 'Cotton &amp; silk' }), variation(10, { attribute_lining: 'Fleece' })],
    );
    click(sw('Cotton & silk'));
    expect(select('lining').value).toBe('Cotton & silk');
    await wait(10);
    expect($<HTMLInputElement>('input.variation_id').value).toBe('9');
  });

  it('roving tabindex; arrows move and choose, RTL flips Left/Right', async () => {
    await mountPage(
      `<div dir="rtl">${variationForm([COLOUR], { variations: [variation(1, { attribute_pa_colour: '' })] })}</div>`,
      only('variation-form'),
    );
    await afterInit();
    expect([...document.querySelectorAll('.avada-color-select')].map((s) => s.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    sw('rust').focus();
    sw('rust').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(sw('navy'));
    expect(select('pa_colour').value).toBe('navy');
    expect([...document.querySelectorAll('.avada-color-select')].map((s) => s.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
  });

  it('with jQuery on the page, a swatch click still drives the form (the select change reaches jQuery handlers)', async () => {
    fakeJQuery();
    await open([COLOUR, SIZE]);
    click(sw('rust'));
    choose('pa_size', 's');
    await wait(10);
    expect($<HTMLInputElement>('input.variation_id').value).toBe('1');
  });
});
