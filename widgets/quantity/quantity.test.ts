import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { fakeJQuery, quickEnvironment, wait } from '../variation-form/test-helpers';
import { decrement, increment, raisedToMin, readBounds } from './logic';

const box = (attrs: string, value = '1', extra = '') =>
  `<form class="cart"><div class="quantity"><label class="screen-reader-text" for="q1">Canvas tote quantity</label><input type="number" id="q1" class="input-text qty text" name="quantity" value="${value}" aria-label="Product quantity" ${attrs} inputmode="numeric" autocomplete="off"${extra}></div></form>`;

const input = () => document.querySelector<HTMLInputElement>('input.qty')!;
const minus = () => document.querySelector<HTMLButtonElement>('.quantity .minus')!;
const plus = () => document.querySelector<HTMLButtonElement>('.quantity .plus')!;

let restore: () => void;
beforeEach(() => (restore = quickEnvironment()));
afterEach(() => restore());

describe('quantity rules', () => {
  it('reads step (missing, empty, any, NaN → 1), min (missing → 0, never below 0) and max (only when set)', () => {
    expect(readBounds({ min: null, max: null, step: null })).toEqual({ min: 0, max: undefined, step: 1 });
    expect(readBounds({ min: '', max: '', step: 'any' })).toEqual({ min: 0, max: undefined, step: 1 });
    expect(readBounds({ min: '-3', max: '8', step: 'x' })).toEqual({ min: 0, max: 8, step: 1 });
    expect(readBounds({ min: '0', max: '-1', step: '0.5' })).toEqual({ min: 0, max: undefined, step: 0.5 });
  });
  it('plus: at or over max gives max, else adds the step', () => {
    const b = readBounds({ min: '1', max: '8', step: '1' });
    expect(increment('1', b)).toBe('2');
    expect(increment('8', b)).toBe('8');
    expect(increment('12', b)).toBe('8');
    expect(increment('', b)).toBe('1');
    expect(increment('7', readBounds({ min: '1', max: '8', step: '3' }))).toBe('8');
  });
  it('minus: at or under a positive min gives min; never below 0; min="0" counts as set', () => {
    const b = readBounds({ min: '1', max: '8', step: '1' });
    expect(decrement('1', b)).toBe('1');
    expect(decrement('0', b)).toBe('1');
    expect(decrement('3', b)).toBe('2');
    expect(decrement('0', readBounds({ min: '0', max: null, step: '1' }))).toBe('0');
    expect(decrement('0.2', readBounds({ min: null, max: null, step: '0.5' }))).toBe('0');
  });
  it('rounds to the step decimals', () => {
    const b = readBounds({ min: '0', max: null, step: '0.1' });
    expect(increment('0.2', b)).toBe('0.3');
    expect(decrement('0.3', b)).toBe('0.2');
  });
  it('raises a value below a non-negative min to it', () => {
    expect(raisedToMin('0', '1')).toBe('1');
    expect(raisedToMin('2', '1')).toBeUndefined();
    expect(raisedToMin('0', '-1')).toBeUndefined();
    expect(raisedToMin('x', '1')).toBeUndefined();
  });
});

describe('quantity buttons', () => {
  it('adds labelled −/+ buttons once, marks the box buttons_added, and steps within bounds', async () => {
    await mountPage(box('min="1" max="3" step="1"'), only('quantity'));
    expect(document.querySelector('.quantity')!.classList.contains('buttons_added')).toBe(true);
    expect(minus().type).toBe('button');
    expect(minus().getAttribute('aria-label')).toBe('Decrease quantity');
    expect(plus().getAttribute('aria-label')).toBe('Increase quantity');
    expect(minus().nextElementSibling).toBe(input());
    expect(input().nextElementSibling).toBe(plus());
    const changes: unknown[] = [];
    input().addEventListener('change', (e) => changes.push((e as CustomEvent).detail));
    plus().click();
    plus().click();
    plus().click();
    expect(input().value).toBe('3');
    minus().click();
    expect(input().value).toBe('2');
    expect(changes).toHaveLength(3);
    await wait(5);
    expect(document.querySelector('.sf-quantity-status')!.textContent).toBe('Canvas tote quantity: 2');
    expect(document.querySelector('.sf-quantity-status')!.getAttribute('role')).toBe('status');
  });

  it('fires change through jQuery when the page has it', async () => {
    const { calls } = fakeJQuery();
    await mountPage(box('min="1" step="1"'), only('quantity'));
    plus().click();
    expect(calls.filter((c) => c.name === 'change' && c.target === input())).toHaveLength(1);
  });

  it('raises a value below min on load, except in the cart table', async () => {
    await mountPage(box('min="2" step="1"', '1'), only('quantity'));
    expect(input().value).toBe('2');
    await mountPage(
      `<table><tr><td class="product-quantity">${box('min="0" step="1"', '0').replace(/<\/?form[^>]*>/g, '')}</td></tr></table>`,
      only('quantity'),
    );
    expect(input().value).toBe('0');
  });

  it('skips hidden and date inputs, and does not double up on a box that already has buttons', async () => {
    const first = await mountPage(
      `<div class="quantity"><input type="hidden" class="qty" name="quantity" value="1"></div><div class="quantity"><input type="date" class="qty" name="d"></div>`,
      only('quantity'),
    );
    expect(document.querySelectorAll('.minus, .plus')).toHaveLength(0);
    // One runtime per page, as in a browser: the first one's observer would otherwise also mount the next markup
    // (on its own schedule), giving the box a second click handler and the − button two steps.
    first.stop();
    await mountPage(
      `<div class="quantity buttons_added"><button type="button" class="minus">-</button><input type="number" class="qty" name="quantity" value="4" min="1"><button type="button" class="plus">+</button></div>`,
      only('quantity'),
    );
    expect(document.querySelectorAll('.minus')).toHaveLength(1);
    document.querySelector<HTMLButtonElement>('.minus')!.click();
    expect(input().value).toBe('3');
  });

  it('disables the buttons of a read-only quantity', async () => {
    await mountPage(box('min="1" max="1" step="1" readonly', '1').replace('type="number"', 'type="text"'), only('quantity'));
    expect(plus().disabled).toBe(true);
    expect(minus().disabled).toBe(true);
  });

  it('handles a td.quantity through its div.quantity only', async () => {
    await mountPage(`<table><tr><td class="quantity">${box('min="1"').replace(/<\/?form[^>]*>/g, '')}</td></tr></table>`, only('quantity'));
    expect(document.querySelectorAll('.plus')).toHaveLength(1);
  });
});
