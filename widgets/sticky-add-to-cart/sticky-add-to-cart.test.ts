import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody, loaded, mountPage as mountWith, only } from '../../test/helpers/mount';

/** Mounted at once: what the bar does once loaded (the registry's scroll trigger has a test of its own). */
const mountPage = (html: string) => mountWith(html, loaded('sticky-add-to-cart'));

/** The environment seams: visibility of the real button is ours to decide, frames and idle run at once. */
let setRealInView: (inView: boolean) => void = () => {};
let restoreEnv: () => void = () => {};
beforeEach(() => {
  restoreEnv = setEnvironment({
    intersecting: (_el, fn) => {
      setRealInView = fn;
      return () => {};
    },
    frame: (fn) => {
      fn();
      return () => {};
    },
    idle: (fn) => {
      fn();
      return () => {};
    },
  });
});
afterEach(() => {
  restoreEnv();
  window.scrollTo(0, 0);
});

const simplePage = () => fixtureBody('product-gallery.html');

const VARIABLE = `<div class="product type-product product-type-variable">
  <div class="summary entry-summary">
    <h1 class="product_title entry-title">Rain jacket</h1>
    <p class="price"><span class="woocommerce-Price-amount amount"><bdi>£40.00</bdi></span> – <span class="woocommerce-Price-amount amount"><bdi>£60.00</bdi></span></p>
    <form class="variations_form cart" action="/product/rain-jacket/" method="post" data-product_id="512" data-product_variations="[]">
      <table class="variations" role="presentation"><tbody>
        <tr><th class="label"><label for="pa_colour">Colour</label></th><td class="value">
          <select id="pa_colour" name="attribute_pa_colour" data-attribute_name="attribute_pa_colour"><option value="">Choose an option</option><option value="rust">Rust</option><option value="navy">Navy</option></select></td></tr>
        <tr><th class="label"><label for="pa_size">Size</label></th><td class="value">
          <select id="pa_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size"><option value="">Choose an option</option><option value="m">M</option></select></td></tr>
      </tbody></table>
      <div class="single_variation_wrap">
        <div class="woocommerce-variation single_variation"></div>
        <div class="woocommerce-variation-add-to-cart variations_button woocommerce-variation-add-to-cart-disabled">
          <button type="submit" class="single_add_to_cart_button button alt disabled wc-variation-selection-needed">Add to cart</button>
          <input type="hidden" name="add-to-cart" value="512"><input type="hidden" name="variation_id" class="variation_id" value="0">
        </div>
      </div>
    </form>
  </div>
</div>`;

const bar = () => document.querySelector<HTMLElement>('.sf-sticky-atc')!;
const barButton = () => bar().querySelector<HTMLButtonElement>('.sf-sticky-atc__button')!;
const real = () => document.querySelector<HTMLButtonElement>('.single_add_to_cart_button')!;
const scrollTo = (y: number) => {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
};

describe('sticky add-to-cart bar', () => {
  it("renders div.sf-sticky-atc with the title, price and the real button's text, hidden at the top", async () => {
    await mountPage(await simplePage());
    expect(document.querySelectorAll('.sf-sticky-atc')).toHaveLength(1);
    expect(bar().hidden).toBe(true);
    expect(bar().querySelector('.sf-sticky-atc__title')!.textContent).toBe('Linen apron');
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£32.00');
    expect(barButton().textContent).toBe('Add to cart');
    expect(bar().getAttribute('role')).toBe('region');
    expect(bar().getAttribute('aria-label')).toBe('Add to cart');
  });

  it('loads on the first scroll of a fresh page and shows once past 200 px', async () => {
    const runtime = await mountWith(await simplePage(), only('sticky-add-to-cart'));
    expect(document.querySelector('.sf-sticky-atc')).toBeNull();
    scrollTo(400);
    await runtime.settled();
    setRealInView(false);
    expect(bar().hidden).toBe(false);
    expect(bar().querySelector('.sf-sticky-atc__title')!.textContent).toBe('Linen apron');
    scrollTo(40);
    expect(bar().hidden).toBe(true);
  });

  it('appears after 200 px of scroll and hides above', async () => {
    await mountPage(await simplePage());
    setRealInView(false);
    scrollTo(150);
    expect(bar().hidden).toBe(true);
    scrollTo(201);
    expect(bar().hidden).toBe(false);
    scrollTo(40);
    expect(bar().hidden).toBe(true);
  });

  it('never exposes a second control to assistive technology while the real button is on screen', async () => {
    await mountPage(await simplePage());
    setRealInView(true);
    scrollTo(400);
    expect(bar().hidden).toBe(false);
    expect(bar().hasAttribute('inert')).toBe(true);
    expect(bar().getAttribute('aria-hidden')).toBe('true');
    expect(barButton().getAttribute('tabindex')).toBe('-1');
    setRealInView(false);
    expect(bar().hasAttribute('inert')).toBe(false);
    expect(bar().hasAttribute('aria-hidden')).toBe(false);
    expect(barButton().hasAttribute('tabindex')).toBe(false);
  });

  it("submits the page's real form with the real button as the submitter", async () => {
    await mountPage(await simplePage());
    setRealInView(false);
    scrollTo(900);
    const submits: (HTMLElement | null)[] = [];
    document.querySelector('form.cart')!.addEventListener('submit', (e) => {
      e.preventDefault();
      submits.push((e as SubmitEvent).submitter);
    });
    barButton().click();
    expect(submits).toEqual([real()]);
  });

  it('gives focus back to the real button when the bar hides under it', async () => {
    await mountPage(await simplePage());
    setRealInView(false);
    scrollTo(900);
    barButton().focus();
    scrollTo(0);
    expect(document.activeElement).toBe(real());
  });

  it("mirrors the variation: price, chosen options and the button's state", async () => {
    await mountPage(VARIABLE);
    setRealInView(false);
    scrollTo(600);
    expect(barButton().getAttribute('aria-disabled')).toBe('true');
    expect(barButton().classList.contains('wc-variation-selection-needed')).toBe(true);
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£40.00 – £60.00');

    const colour = document.querySelector<HTMLSelectElement>('#pa_colour')!;
    const size = document.querySelector<HTMLSelectElement>('#pa_size')!;
    colour.value = 'rust';
    colour.dispatchEvent(new Event('change', { bubbles: true }));
    size.value = 'm';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    real().classList.remove('disabled', 'wc-variation-selection-needed');
    document.querySelector('.single_variation')!.dispatchEvent(
      new CustomEvent('show_variation', {
        bubbles: true,
        detail: [
          {
            variation_id: 513,
            price_html: '<span class="price"><span class="woocommerce-Price-amount amount"><bdi>£45.00</bdi></span></span>',
          },
          true,
        ],
      }),
    );
    await Promise.resolve();
    expect(bar().querySelector('.sf-sticky-atc__choice')!.textContent).toBe('Rust, M');
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£45.00');
    expect(barButton().hasAttribute('aria-disabled')).toBe(false);
    expect(barButton().classList.contains('disabled')).toBe(false);

    real().classList.add('disabled', 'wc-variation-is-unavailable');
    document
      .querySelector('.single_variation')!
      .dispatchEvent(new CustomEvent('show_variation', { bubbles: true, detail: [{ variation_id: 514, price_html: '' }, false] }));
    await Promise.resolve();
    expect(barButton().getAttribute('aria-disabled')).toBe('true');
    expect(barButton().classList.contains('wc-variation-is-unavailable')).toBe(true);
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£40.00 – £60.00');

    colour.value = '';
    colour.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector('form')!.dispatchEvent(new CustomEvent('reset_data', { bubbles: true, detail: [] }));
    expect(bar().querySelector('.sf-sticky-atc__choice')!.textContent).toBe('M');
  });

  it('loaded after the variation was shown (default attributes, a choice before the first scroll): shows its price, not the range', async () => {
    const shown = VARIABLE.replace('<option value="rust">', '<option value="rust" selected>')
      .replace('<option value="m">', '<option value="m" selected>')
      .replace(
        '<div class="woocommerce-variation single_variation"></div>',
        '<div class="woocommerce-variation single_variation"><div class="woocommerce-variation-description"></div><div class="woocommerce-variation-price"><span class="price"><span class="woocommerce-Price-amount amount"><bdi>£45.00</bdi></span></span></div><div class="woocommerce-variation-availability"></div></div>',
      )
      .replace('button alt disabled wc-variation-selection-needed', 'button alt')
      .replace('class="variation_id" value="0"', 'class="variation_id" value="513"');
    await mountPage(shown);
    setRealInView(false);
    scrollTo(600);
    expect(bar().querySelector('.sf-sticky-atc__choice')!.textContent).toBe('Rust, M');
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£45.00');
    // Reset: the product's range again.
    document.querySelector('form')!.dispatchEvent(new CustomEvent('reset_data', { bubbles: true, detail: [] }));
    expect(bar().querySelector('.sf-sticky-atc__price')!.textContent).toBe('£40.00 – £60.00');
  });

  it('does not submit while the real button is disabled: it takes the shopper to the first missing choice', async () => {
    await mountPage(VARIABLE);
    setRealInView(false);
    scrollTo(600);
    let submitted = 0;
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted += 1;
    });
    // The variation form blocks clicks on its disabled button; here a stand-in does that part.
    real().addEventListener('click', (e) => real().classList.contains('disabled') && e.preventDefault());
    document.querySelector<HTMLSelectElement>('#pa_colour')!.value = 'rust';
    barButton().click();
    expect(submitted).toBe(0);
    expect(document.activeElement).toBe(document.querySelector('#pa_size'));
  });

  it('stays out of quick views and keeps to one bar per page', async () => {
    await mountPage(`<div class="fusion-woocommerce-quick-view-container quick-view woocommerce">${VARIABLE}</div>`);
    expect(document.querySelector('.sf-sticky-atc')).toBeNull();
  });
});

/**
 * Issue 14 item 8: the price HTML is rebuilt from an allowlist. The old blocklist kept a link whose scheme hid
 * behind a control character or a tab (`&#1;javascript:`, `java&#9;script:`), and kept `<base>`, which re-points
 * every relative URL and form of the page.
 */
describe('sticky add-to-cart bar: price HTML from variation data', () => {
  const HOSTILE = [
    '<a href="&#1;javascript:alert(1)">£45.00</a>',
    '<a href="java&#9;script:alert(1)">£45.00</a>',
    '<a href=" &#x0A;JaVaScRiPt:alert(1)">£45.00</a>',
    '<base href="https://evil.example/"><span class="amount">£45.00</span>',
    '<span class="amount">£45.00</span><img src="x" onerror="alert(1)"><svg><a href="javascript:alert(1)"><text>!</text></a></svg>',
    '<span class="amount" style="position:fixed" onclick="alert(1)" id="place_order">£45.00</span><form action="https://evil.example/"><button formaction="javascript:alert(1)"></button></form>',
  ];

  it.each(HOSTILE)('%s shows the price text with no URL, handler, id or <base>', async (priceHtml) => {
    await mountPage(VARIABLE);
    const baseBefore = document.baseURI;
    document
      .querySelector('.single_variation')!
      .dispatchEvent(new CustomEvent('show_variation', { bubbles: true, detail: [{ variation_id: 513, price_html: priceHtml }, true] }));
    const price = bar().querySelector('.sf-sticky-atc__price')!;
    expect(price.textContent).toContain('£45.00');
    expect(document.querySelector('base')).toBeNull();
    expect(document.baseURI).toBe(baseBefore);
    for (const el of price.querySelectorAll('*')) {
      expect(['span', 'bdi', 'del', 'ins', 'small', 'strong', 'b', 'em', 'i', 'sup', 'sub', 'abbr', 'br', 's']).toContain(el.localName);
      for (const attr of el.attributes) expect(['class', 'aria-hidden', 'title', 'lang', 'dir']).toContain(attr.name);
    }
  });

  it("keeps WooCommerce's sale price markup as it is", async () => {
    await mountPage(VARIABLE);
    const sale =
      '<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">£</span>60.00</bdi></span></del> <span class="screen-reader-text">Original price was: £60.00.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">£</span>45.00</bdi></span></ins><span class="screen-reader-text">Current price is: £45.00.</span>';
    document.querySelector('.single_variation')!.dispatchEvent(
      new CustomEvent('show_variation', {
        bubbles: true,
        detail: [{ variation_id: 513, price_html: `<span class="price">${sale}</span>` }, true],
      }),
    );
    expect(bar().querySelector('.sf-sticky-atc__price')!.innerHTML).toBe(`<span class="price">${sale}</span>`);
  });
});
