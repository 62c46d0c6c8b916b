import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { fakeJQuery, quickEnvironment, recordNative, wait } from '../variation-form/test-helpers';

/** The quantity input and Avada's −/+ buttons against woocommerce.md §3.2, §4, §6 and accessibility.md. */

let restore: () => void;
beforeEach(() => (restore = quickEnvironment()));
afterEach(() => restore());

/** The single product form exactly as §3.2 prints it. */
const SIMPLE = (
  input = '<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" max="8" step="1" placeholder="" inputmode="numeric" autocomplete="off">',
) => `
<div class="product type-product post-318 product-type-simple">
<form class="cart" action="/product/canvas-tote/" method="post" enctype="multipart/form-data">
  <div class="quantity">
    <label class="screen-reader-text" for="quantity_65f1c2a8b3d4e">Canvas tote quantity</label>
    ${input}
  </div>
  <button type="submit" name="add-to-cart" value="318" class="single_add_to_cart_button button alt">Add to cart</button>
</form></div>`;

const CART_ROW = (value: string) => `
<form class="woocommerce-cart-form" action="/cart/" method="post"><table class="shop_table cart woocommerce-cart-form__contents"><tbody>
<tr class="woocommerce-cart-form__cart-item cart_item">
  <td class="product-name" data-title="Product" role="rowheader"><a href="/product/canvas-tote/">Canvas tote</a></td>
  <td class="product-quantity" data-title="Quantity"><div class="quantity">
    <label class="screen-reader-text" for="quantity_abc">Canvas tote quantity</label>
    <input type="number" id="quantity_abc" class="input-text qty text" name="cart[3c59dc048e8850243be8079a5c74d079][qty]" value="${value}" aria-label="Product quantity" min="0" max="" step="1" placeholder="" inputmode="numeric" autocomplete="off">
  </div></td>
</tr></tbody></table></form>`;

const input = () => document.querySelector<HTMLInputElement>('input.qty')!;
const minus = () => document.querySelector<HTMLButtonElement>('.minus')!;
const plus = () => document.querySelector<HTMLButtonElement>('.plus')!;
const mount = (html: string) => mountPage(html, only('quantity'));

describe('§3.2 markup as printed, with Avada plus/minus (§6: real buttons)', () => {
  it('adds <button type=button class=minus|plus> around the input, labelled, and marks the box buttons_added', async () => {
    await mount(SIMPLE());
    const box = document.querySelector('div.quantity')!;
    expect(box.classList.contains('buttons_added')).toBe(true);
    expect(minus().tagName).toBe('BUTTON');
    expect(minus().type).toBe('button');
    expect(plus().type).toBe('button');
    expect(minus().getAttribute('aria-label')).toBe('Decrease quantity');
    expect(plus().getAttribute('aria-label')).toBe('Increase quantity');
    expect(input().previousElementSibling).toBe(minus());
    expect(input().nextElementSibling).toBe(plus());
    // The input keeps its label, type and attributes.
    expect(input().labels?.[0]?.textContent).toBe('Canvas tote quantity');
    expect(input().type).toBe('number');
    expect(input().getAttribute('inputmode')).toBe('numeric');
  });

  it('steps within [min, max] and the form posts the same fields (the buttons post nothing)', async () => {
    await mount(SIMPLE());
    for (let i = 0; i < 10; i++) plus().click();
    expect(input().value).toBe('8');
    for (let i = 0; i < 10; i++) minus().click();
    expect(input().value).toBe('1');
    plus().click();
    const form = document.querySelector<HTMLFormElement>('form.cart')!;
    const submitter = document.querySelector<HTMLButtonElement>('.single_add_to_cart_button')!;
    const fields = [...new FormData(form, submitter).entries()];
    expect(fields).toEqual([
      ['quantity', '2'],
      ['add-to-cart', '318'],
    ]);
  });

  it('pressing a button never submits the form', async () => {
    await mount(SIMPLE());
    let submitted = 0;
    document.querySelector('form.cart')!.addEventListener('submit', (e) => {
      submitted++;
      e.preventDefault();
    });
    plus().click();
    minus().click();
    expect(submitted).toBe(0);
  });

  it('type="hidden" (min = max) and date inputs get no buttons', async () => {
    await mount(
      `${SIMPLE('<input type="hidden" id="quantity_65f1c2a8b3d4e" class="qty" name="quantity" value="1">')}<div class="quantity"><input type="date" class="qty" name="delivery"></div>`,
    );
    expect(document.querySelectorAll('.minus, .plus')).toHaveLength(0);
    expect(input().value).toBe('1');
  });

  it('readonly type="text" size="4": the value cannot be stepped', async () => {
    await mount(
      SIMPLE(
        '<input type="text" readonly="readonly" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="2" aria-label="Product quantity" size="4" min="2" max="2">',
      ),
    );
    plus()?.click();
    minus()?.click();
    expect(input().value).toBe('2');
  });

  it('a text input (size="4") without readonly steps like a number', async () => {
    await mount(
      SIMPLE(
        '<input type="text" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" size="4" min="1" max="" step="1">',
      ),
    );
    plus().click();
    expect(input().value).toBe('2');
  });

  it.each([
    ['no max', 'min="1" step="1"'],
    ['max=""', 'min="1" max="" step="1"'],
  ])('%s: plus is unlimited', async (_, attrs) => {
    await mount(
      SIMPLE(
        `<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="99" aria-label="Product quantity" ${attrs}>`,
      ),
    );
    plus().click();
    expect(input().value).toBe('100');
  });

  it.each([
    ['missing', '', '1', '2'],
    ['empty', 'step=""', '1', '2'],
    ['any', 'step="any"', '1.5', '2.5'],
    ['NaN', 'step="abc"', '1', '2'],
    ['0.5', 'step="0.5"', '1', '1.5'],
  ])('step %s → %s', async (_, step, from, to) => {
    await mount(
      SIMPLE(
        `<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="${from}" aria-label="Product quantity" min="0" ${step}>`,
      ),
    );
    plus().click();
    expect(input().value).toBe(to);
  });

  it('minus never goes below 0 with fractional steps and treats min="0" as set (§6)', async () => {
    await mount(
      SIMPLE(
        '<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="0.3" aria-label="Product quantity" min="0" step="1">',
      ),
    );
    minus().click();
    expect(input().value).toBe('0');
    minus().click();
    expect(input().value).toBe('0');
  });

  it('no min: min defaults to 0', async () => {
    await mount(
      SIMPLE(
        '<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" step="1">',
      ),
    );
    minus().click();
    expect(input().value).toBe('0');
    minus().click();
    expect(input().value).toBe('0');
  });

  it('rounds to the step decimals (0.1 + 0.2 shows 0.3)', async () => {
    await mount(
      SIMPLE(
        '<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="0.2" aria-label="Product quantity" min="0" step="0.1">',
      ),
    );
    plus().click();
    expect(input().value).toBe('0.3');
  });
});

describe('§3.2 cart quantities', () => {
  it('name="cart[key][qty]" min="0": not raised on load, buttons added, minus reaches 0', async () => {
    await mount(CART_ROW('1'));
    expect(document.querySelector('.product-quantity .quantity')!.classList.contains('buttons_added')).toBe(true);
    minus().click();
    expect(input().value).toBe('0');
    expect(input().name).toBe('cart[3c59dc048e8850243be8079a5c74d079][qty]');
  });

  it('td.quantity holding the input directly gets the buttons itself', async () => {
    await mount(
      '<table><tr><td class="quantity"><input type="number" class="input-text qty text" name="quantity[12]" value="0" min="0" step="1" aria-label="Product quantity"></td></tr></table>',
    );
    const td = document.querySelector('td.quantity')!;
    expect(td.classList.contains('buttons_added')).toBe(true);
    expect(td.querySelectorAll('.minus')).toHaveLength(1);
    plus().click();
    expect(input().value).toBe('1');
  });
});

describe('§3.2 on load: raise to min', () => {
  it('raises each input.qty outside .product-quantity below a non-negative min, hidden ones included', async () => {
    await mount(`${SIMPLE('<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="0" aria-label="Product quantity" min="2" step="1">')}
      <div class="quantity"><input type="hidden" class="qty" name="q2" value="0" min="3"></div>
      <div class="quantity"><input type="number" class="qty" name="q3" value="0" min="-1"></div>`);
    expect(input().value).toBe('2');
    expect(document.querySelector<HTMLInputElement>('[name=q2]')!.value).toBe('3');
    expect(document.querySelector<HTMLInputElement>('[name=q3]')!.value).toBe('0');
  });

  it('leaves cart quantities (.product-quantity) alone', async () => {
    await mount(CART_ROW('0').replace('min="0"', 'min="1"'));
    expect(input().value).toBe('0');
  });

  it('raises nothing but input.qty (a plugin field in the box keeps its value)', async () => {
    await mount('<div class="quantity"><input type="number" name="engraving_lines" value="0" min="1"></div>');
    expect(document.querySelector<HTMLInputElement>('[name=engraving_lines]')!.value).toBe('0');
  });
});

describe('§4 change on input.qty, by the event rule', () => {
  it('native mode: one bubbling change CustomEvent with detail []', async () => {
    await mount(SIMPLE());
    const seen = recordNative(['change']);
    plus().click();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.target).toBe(input());
    expect(seen[0]!.detail).toEqual([]);
  });

  it('jQuery present: triggered through jQuery only, no native change', async () => {
    const { calls } = fakeJQuery();
    await mount(SIMPLE());
    const seen = recordNative(['change']);
    plus().click();
    expect(calls.filter((c) => c.name === 'change')).toEqual([{ target: input(), name: 'change', args: [] }]);
    expect(seen).toHaveLength(0);
  });

  it('no change event when the value stays (at max)', async () => {
    await mount(
      SIMPLE(
        '<input type="number" id="quantity_65f1c2a8b3d4e" class="input-text qty text" name="quantity" value="8" aria-label="Product quantity" min="1" max="8" step="1">',
      ),
    );
    const seen = recordNative(['change']);
    plus().click();
    expect(seen).toHaveLength(0);
  });
});

describe('accessibility and re-application', () => {
  it('announces the new value politely in one shared status region', async () => {
    await mount(
      `${SIMPLE()}${SIMPLE()
        .replace(/quantity_65f1c2a8b3d4e/g, 'q2')
        .replace('Canvas tote quantity', 'Linen apron quantity')}`,
    );
    expect(document.querySelectorAll('[role=status].sf-quantity-status')).toHaveLength(1);
    document.querySelectorAll<HTMLButtonElement>('.plus')[1]!.click();
    await wait(5);
    expect(document.querySelector('.sf-quantity-status')!.textContent).toBe('Linen apron quantity: 2');
  });

  it('boxes inserted later (fragments, quick view) get buttons once', async () => {
    const runtime = await mount(SIMPLE());
    document.body.insertAdjacentHTML('beforeend', CART_ROW('1'));
    await runtime.settled();
    expect(document.querySelectorAll('.minus')).toHaveLength(2);
    expect(document.querySelectorAll('.buttons_added')).toHaveLength(2);
  });

  it('unmounting restores the printed markup', async () => {
    const runtime = await mount(SIMPLE());
    runtime.unmount(document);
    expect(document.querySelectorAll('.minus, .plus')).toHaveLength(0);
    expect(document.querySelector('.buttons_added')).toBeNull();
  });
});
