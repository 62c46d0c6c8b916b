/**
 * The mini-cart's warm-up (warm.ts, warm-view.tsx): at the idle moment after a first sign of life, the framework,
 * the view and a throwaway remove, with no trace a shopper, the shop or another script could see.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { cartStore } from '../../src/cart/store';
import warmMiniCartView from './warm';

describe('mini-cart warm-up', () => {
  it('renders a line and removes it in a detached view: nothing in the page, no request, no event, the cart store untouched', async () => {
    document.body.innerHTML = '<div class="widget_shopping_cart_content"><p class="woocommerce-mini-cart__empty-message">Empty.</p></div>';
    const before = document.documentElement.outerHTML;
    const cart = cartStore.getState();
    const events: string[] = [];
    const record = (event: Event) => events.push(event.type);
    for (const type of ['click', 'focusin', 'pointerover', 'removed_from_cart', 'storefront:error'])
      document.addEventListener(type, record, true);
    onTestFinished(() => {
      for (const type of ['click', 'focusin', 'pointerover', 'removed_from_cart', 'storefront:error'])
        document.removeEventListener(type, record, true);
    });
    const error = vi.spyOn(console, 'error');
    const log = state.log.length;
    await warmMiniCartView();
    expect(document.documentElement.outerHTML).toBe(before);
    expect(events).toEqual([]);
    expect(state.log.length).toBe(log);
    expect(cartStore.getState()).toBe(cart);
    expect(error).not.toHaveBeenCalled();
  }, 30_000); // the first import of React is slow under load
});
