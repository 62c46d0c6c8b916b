import { describe, expect, it } from 'vitest';
import { installJQueryStandIn } from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PAGE = `<div class="woocommerce"><div class="woocommerce-notices-wrapper">
  <div class="woocommerce-info" role="status">Info first, not an alert.</div>
  <div class="woocommerce-message" role="alert">“Canvas tote” has been added to your cart. <a href="/cart/" class="button wc-forward">View cart</a></div>
  <ul class="woocommerce-error" role="alert"><li>Second alert.</li></ul>
</div><button type="button" id="other">Other</button></div>`;

describe('notices', () => {
  it('focuses the first alert notice 500 ms after load, with tabindex -1', async () => {
    await mountPage(PAGE, only('notices'));
    const first = document.querySelector<HTMLElement>('.woocommerce-message')!;
    await wait(200);
    expect(document.activeElement).not.toBe(first);
    await wait(400);
    expect(first.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(first);
  });

  it('focuses block-style alert banners too, and again after updated_wc_div', async () => {
    await mountPage('<div class="woocommerce-notices-wrapper"></div><button id="b">b</button>', only('notices'));
    await wait(550);
    document.querySelector('.woocommerce-notices-wrapper')!.innerHTML =
      '<div class="wc-block-components-notice-banner is-error" role="alert">Out of stock.</div>';
    document.getElementById('b')!.focus();
    document.body.dispatchEvent(new CustomEvent('updated_wc_div'));
    await wait(550);
    expect(document.activeElement).toBe(document.querySelector('.wc-block-components-notice-banner'));
  });

  it('leaves focus where it went while the notice waited: the shopper moved on, at load or after an update', async () => {
    await mountPage(PAGE, only('notices'));
    await wait(200);
    document.getElementById('other')!.focus();
    await wait(400);
    expect(document.activeElement).toBe(document.getElementById('other'));

    document.querySelector('.woocommerce-notices-wrapper')!.innerHTML = '<div class="woocommerce-message" role="alert">Cart updated.</div>';
    const notice = document.querySelector<HTMLElement>('.woocommerce-message')!;
    document.body.dispatchEvent(new CustomEvent('updated_wc_div'));
    // The cart puts focus on the notice at once (its button went with the answer); the timer's focus is the same.
    notice.focus();
    await wait(100);
    document.getElementById('other')!.focus();
    await wait(500);
    expect(document.activeElement).toBe(document.getElementById('other'));
  });

  it('a swapped wrapper mounting after its notice was focused does not take the focus back from where the shopper went', async () => {
    const runtime = await mountPage('<div class="woocommerce-notices-wrapper"></div><button id="b">b</button>', only('notices'));
    // The runtime scans inserted markup in the next frame: on a busy phone, or in a tab in the background, that comes
    // after the cart's update event has had its notice focused.
    runtime.stop();
    const swapped = document.createElement('div');
    swapped.className = 'woocommerce-notices-wrapper';
    swapped.innerHTML = '<div class="woocommerce-message" role="alert">Cart updated.</div>';
    document.querySelector('.woocommerce-notices-wrapper')!.after(swapped);
    document.body.dispatchEvent(new CustomEvent('updated_wc_div'));
    await wait(550);
    expect(document.activeElement).toBe(swapped.firstElementChild);
    document.getElementById('b')!.focus();
    runtime.scan(document);
    await runtime.settled();
    await wait(600);
    expect(document.activeElement).toBe(document.getElementById('b'));
    // Not observing any more, the runtime would not see the page emptied after the test.
    runtime.unmount(document);
  });

  it("gives the error list's items an explicit role, since role=alert takes the list semantics away", async () => {
    await mountPage(PAGE, only('notices'));
    expect(document.querySelector('ul.woocommerce-error[role="alert"] > li')!.getAttribute('role')).toBe('none');
  });

  it('focuses only alerts inside a notices wrapper, as WooCommerce selects them', async () => {
    await mountPage(
      '<ul class="woocommerce-error" role="alert" id="outside"><li>Printed by a theme, outside any wrapper.</li></ul>' +
        '<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert" id="inside">Added.</div></div>',
      only('notices'),
    );
    await wait(550);
    expect(document.getElementById('outside')!.hasAttribute('tabindex')).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('inside'));
  });

  it('never focuses info notices', async () => {
    await mountPage('<div class="woocommerce-notices-wrapper"><div class="woocommerce-info" role="status">Hi</div></div>', only('notices'));
    await wait(550);
    expect(document.activeElement).toBe(document.body);
  });

  it('provides $.scroll_to_notices when the page has jQuery', async () => {
    await installJQueryStandIn();
    await mountPage(PAGE, only('notices'));
    const jq = (window as unknown as { jQuery: { scroll_to_notices?: unknown } }).jQuery;
    expect(typeof jq.scroll_to_notices).toBe('function');
    expect(() => (jq.scroll_to_notices as (el: unknown) => void)(document.querySelector('.woocommerce-error'))).not.toThrow();
  });
});
