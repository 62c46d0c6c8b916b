/**
 * The plain remove handler loads the request's code (remove.ts) with the first remove. When that code cannot
 * load (a blocked or failed chunk), the line is unblocked and the link is followed: a full page remove, as for
 * any other failure. Its own file: the module is mocked to fail for every test here.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { cartPage, pageBody, storedCart } from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';

vi.mock('./remove', () => {
  throw new Error('the remove chunk failed to load');
});

describe('mini-cart remove without its code', () => {
  it('unblocks the line, warns once and follows the link; nothing is posted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    state.cart = [{ key: `${(318).toString(16).padStart(8, '0')}${'1'.padStart(24, '0')}`, productId: 318, quantity: 1 }];
    storedCart();
    const { go } = cartPage();
    const mounted = new Set<Element>();
    const onMount = (event: Event) => mounted.add((event as CustomEvent<{ element: Element }>).detail.element);
    document.addEventListener('storefront:mount', onMount);
    onTestFinished(() => document.removeEventListener('storefront:mount', onMount));
    const runtime = await mountPage(await pageBody('shop.html'), only('mini-cart'));
    await runtime.settled();
    // The stored cart is swapped in by code loaded on its first use (src/cart/changes.ts).
    await vi.waitFor(() => expect(document.querySelector('.widget_shopping_cart_content .remove_from_cart_button')).not.toBeNull(), {
      timeout: 15_000,
    }); // its first import is slow under load
    const link = document.querySelector<HTMLAnchorElement>('.widget_shopping_cart_content .remove_from_cart_button')!;
    // The swap put in a new box, which the runtime mounts in a later task: a click before that is the browser's
    // own (the link is followed natively, which this environment does not do), not the handler under test.
    await vi.waitFor(() => expect(mounted).toContain(link.closest('.widget_shopping_cart_content')), { timeout: 15_000 });
    link.click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(new URL(link.getAttribute('href')!, location.href).href), { timeout: 15_000 }); // the failing import is slow under load too
    expect(link.closest('.woocommerce-mini-cart-item')!.classList.contains('processing')).toBe(false);
    expect(state.log.filter((e) => e.endpoint === 'remove_from_cart')).toEqual([]);
    expect(warn.mock.calls.map((c) => String(c[0])).filter((t) => t.includes('mini-cart: remove'))).toHaveLength(1);
  }, 45_000);
});
