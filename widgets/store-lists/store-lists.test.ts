import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cartPage, installJQueryStandIn, manualClock, pageBody } from '../../test/helpers/cart';
import { mountPage, only } from '../../test/helpers/mount';

function avadaVars(vars: Record<string, unknown>): void {
  (window as unknown as Record<string, unknown>).avadaWooCommerceVars = vars;
  onTestFinished(() => void delete (window as unknown as Record<string, unknown>).avadaWooCommerceVars);
}

const RELATED = `<section class="related products"><h2 id="related-title">Related <em>products</em></h2><ul class="products"><li class="product">x</li></ul></section>
<section class="up-sells upsells products"><h2>You may also like&hellip;</h2><ul class="products"></ul></section>`;

describe('catalog ordering', () => {
  /** The shop page with its ordering form, and a spy on its submit events. */
  async function orderingForm() {
    cartPage();
    await mountPage(await pageBody('shop.html'), only('store-lists'));
    const form = document.querySelector<HTMLFormElement>('.woocommerce-ordering')!;
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    return { select: form.querySelector<HTMLSelectElement>('select.orderby')!, submitted };
  }

  it('submits the ordering form when the select changes, with a submit event themes can see', async () => {
    const { select, submitted } = await orderingForm();
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('with jQuery on the page, a change triggered through jQuery only (an enhanced select) submits once; a native change once too', async () => {
    await installJQueryStandIn();
    const { select, submitted } = await orderingForm();
    select.value = 'price';
    (window as unknown as { jQuery: (t: unknown) => { trigger: (n: string) => void } }).jQuery(select).trigger('change');
    expect(submitted).toHaveBeenCalledTimes(1);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitted).toHaveBeenCalledTimes(2);
  });

  it('after a product-filter ajax update, ordering links get the current query parameters once, encoded', async () => {
    cartPage();
    history.replaceState(null, '', '/shop/?filter_color=red&product_orderby=price&s=tote+%26+bag');
    await mountPage(await pageBody('shop.html'), only('store-lists'));
    const links = () => [...document.querySelectorAll<HTMLAnchorElement>('.catalog-ordering a')].map((a) => a.getAttribute('href'));
    window.dispatchEvent(new CustomEvent('wcpf_after_ajax_filtering'));
    expect(links()).toEqual([
      '?product_orderby=default&filter_color=red&s=tote+%26+bag',
      '?product_orderby=name&filter_color=red&s=tote+%26+bag',
      '?product_orderby=price&filter_color=red&s=tote+%26+bag',
      '?product_order=asc&filter_color=red&product_orderby=price&s=tote+%26+bag',
      '?product_order=desc&filter_color=red&product_orderby=price&s=tote+%26+bag',
    ]);
    window.dispatchEvent(new CustomEvent('wcpf_after_ajax_filtering'));
    expect(links()[0]).toBe('?product_orderby=default&filter_color=red&s=tote+%26+bag');
  });

  it('hears the filter event through the page jQuery too', async () => {
    await installJQueryStandIn();
    cartPage();
    history.replaceState(null, '', '/shop/?filter_size=m');
    await mountPage(await pageBody('shop.html'), only('store-lists'));
    const $ = (window as unknown as { jQuery: (t: unknown) => { trigger: (n: string) => void } }).jQuery;
    $(window).trigger('wcpf_after_ajax_filtering');
    expect(document.querySelector('.catalog-ordering a')!.getAttribute('href')).toBe('?product_orderby=default&filter_size=m');
  });

  it('re-announces the result count 2 s after load when the URL has a query', async () => {
    const clock = manualClock();
    cartPage();
    history.replaceState(null, '', '/shop/?orderby=price');
    await mountPage(await pageBody('shop.html'), only('store-lists'));
    const count = document.querySelector('.woocommerce-result-count')!;
    clock.advance(1999);
    expect(count.getAttribute('role')).toBeNull();
    clock.advance(1);
    expect(count.getAttribute('role')).toBe('alert');
    await vi.waitFor(() => expect(count.textContent).toBe('Showing all 6 results'));
  });

  it('leaves the result count alone without a query', async () => {
    const clock = manualClock();
    cartPage();
    await mountPage(await pageBody('shop.html'), only('store-lists'));
    clock.advance(5000);
    expect(document.querySelector('.woocommerce-result-count')!.getAttribute('role')).toBeNull();
  });
});

describe('Avada related and upsells headings', () => {
  it('restyles them as the theme does: size from the settings for related, h3 for upsells, sep classes from the style', async () => {
    avadaVars({ title_style_type: 'double solid', related_products_heading_size: '2' });
    await mountPage(RELATED, only('store-lists'));
    const related = document.querySelector('.related.products > .fusion-title')!;
    expect(related.outerHTML).toBe(
      '<div class="fusion-title title sep-double sep-solid"><h2 class="title-heading-left" id="related-title">Related <em>products</em></h2><span class="awb-title-spacer"></span><div class="title-sep-container"><div class="title-sep sep-double sep-solid"></div></div></div>',
    );
    const upsells = document.querySelector('.upsells.products > .fusion-title')!;
    expect(upsells.querySelector(':scope > h3.title-heading-left')?.textContent).toBe('You may also like…');
    expect(document.querySelector('.related.products > h2, .upsells.products > h2')).toBeNull();
  });

  it('uses title-heading-right on RTL pages and h4 when asked', async () => {
    avadaVars({ title_style_type: 'single', related_products_heading_size: 4 });
    document.documentElement.dir = 'rtl';
    onTestFinished(() => document.documentElement.removeAttribute('dir'));
    await mountPage(RELATED, only('store-lists'));
    expect(document.querySelector('.related.products h4.title-heading-right')).not.toBeNull();
    expect(document.querySelector('.related.products .title-sep.sep-single')).not.toBeNull();
  });

  it('a malformed heading size warns once and falls back to h2', async () => {
    avadaVars({ title_style_type: 'double', related_products_heading_size: 'huge' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(RELATED, only('store-lists'));
    expect(document.querySelector('.related.products h2.title-heading-left')).not.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('store-lists: avadaWooCommerceVars.related_products_heading_size');
  });
});
