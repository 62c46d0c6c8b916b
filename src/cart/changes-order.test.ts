import { describe, expect, it } from 'vitest';
import { receiveCart } from './changes';
import { swapFragments } from './swap';

/*
 * In a file of its own: the sanitizer's chunk must not be loaded yet when these run (src/cart/swap.ts keeps it once
 * a fragment has needed it), so a fragment beyond plain mini-cart markup has to wait for it.
 */
describe('cart events wait for every fragment to be in', () => {
  it("fires wc_fragments_loaded once a key that waited for the sanitizer is in, not before (as after WooCommerce's swap)", async () => {
    document.body.innerHTML = '<div class="widget_shopping_cart_content">old</div><div class="theme-cart">old</div>';
    const seen: string[] = [];
    const loaded = new Promise<void>((resolve) =>
      document.body.addEventListener('wc_fragments_loaded', () => {
        seen.push(
          document.querySelector('.widget_shopping_cart_content')!.textContent!,
          document.querySelector('.theme-cart')!.textContent!,
        );
        resolve();
      }),
    );
    receiveCart(
      {
        'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content"><ul><li>Hoodie × 1</li></ul></div>',
        // A theme's own cart box with a form: beyond plain markup, so it goes through the sanitizer's chunk.
        'div.theme-cart': '<div class="theme-cart"><form action="/?wc-ajax=x"><button type="submit">2 items</button></form></div>',
      },
      'h1',
    );
    // The plain key is in at once; the event waits for the other.
    expect(document.querySelector('.widget_shopping_cart_content')!.textContent).toBe('Hoodie × 1');
    expect(seen).toEqual([]);
    await loaded;
    expect(seen).toEqual(['Hoodie × 1', '2 items']);
  }, 60_000);

  it("runs the swap's callback at once when every key is plain or the sanitizer is here", () => {
    document.body.innerHTML = '<div class="count">old</div><div class="box">old</div>';
    let done = 0;
    swapFragments({ 'div.count': '<div class="count">3</div>' }, () => done++);
    expect(done).toBe(1);
    // The first test loaded the sanitizer: markup beyond plain goes in within the same pass now.
    swapFragments({ 'div.box': '<div class="box"><form action="/"><button>x</button></form></div>' }, () => done++);
    expect(done).toBe(2);
    expect(document.querySelector('.box button')?.textContent).toBe('x');
  });
});
