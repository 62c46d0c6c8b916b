import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../env';
import { createApi } from '../../mount/api';
import { createRuntime } from '../../mount/runtime';
import { only } from '../../test/helpers/mount';
import { choose, pageBody, useVariationPage, wait } from '../../widgets/variation-form/test-helpers';
import { galleryParams, installJQueryShims } from './shims';

/** A jQuery whose collections inherit `fn`, as the real one's do, so `$(el).plugin()` reaches our plugins. */
const triggered: { target: unknown; name: string; args: unknown[] }[] = [];
function pageJQueryStandIn() {
  triggered.length = 0;
  const fn: Record<string, unknown> = {};
  const jq = ((target: Element) => {
    const collection = Object.create(fn) as Record<string | number, unknown>;
    collection[0] = target;
    collection.length = 1;
    collection.on = () => collection;
    collection.off = () => collection;
    collection.trigger = (name: string, args: unknown[] = []) => {
      triggered.push({ target, name, args });
      return collection;
    };
    collection.triggerHandler = () => undefined;
    return collection;
  }) as unknown as ((target: Element) => Record<string, (...a: unknown[]) => unknown>) & { fn: Record<string, unknown> };
  jq.fn = fn;
  (window as unknown as { jQuery?: unknown }).jQuery = jq;
  return jq;
}

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});

// Registered before the page's hooks, so it runs after their undo (after-hooks run last registered first).
afterEach(() => {
  delete (window as unknown as { jQuery?: unknown }).jQuery;
  delete (window as unknown as { StorefrontIslands?: unknown }).StorefrontIslands;
  document.body.innerHTML = '';
});
const undo = useVariationPage();

describe('jQuery plugins for themes', () => {
  it('are there from the start, chainable, and leave WooCommerce’s own plugins alone', () => {
    const jq = pageJQueryStandIn();
    const theirs = function wooGallery() {};
    jq.fn.wc_product_gallery = theirs;
    installJQueryShims();
    expect(typeof jq.fn.wc_variation_form).toBe('function');
    expect(jq.fn.wc_product_gallery).toBe(theirs);
    const el = document.createElement('div');
    const $el = jq(el);
    expect($el.wc_variation_form!()).toBe($el);
    // Installing again (a jQuery that arrived late, a widget mounting) keeps one plugin.
    const first = jq.fn.wc_variation_form;
    installJQueryShims();
    expect(jq.fn.wc_variation_form).toBe(first);
  });

  it('$.scroll_to_notices is there on any page and scrolls to 100 px above the notice, wrapped or bare', async () => {
    const jq = pageJQueryStandIn() as unknown as ((el: Element) => unknown) & { fn: object; scroll_to_notices?: (t: unknown) => void };
    undo.push(setEnvironment({ prefersReducedMotion: () => true }));
    installJQueryShims();
    expect(typeof jq.scroll_to_notices).toBe('function');
    document.body.innerHTML = '<ul class="woocommerce-error" role="alert"><li>Card declined</li></ul>';
    const notice = document.querySelector('.woocommerce-error')!;
    notice.getBoundingClientRect = () =>
      ({ top: 900, left: 0, right: 0, bottom: 940, width: 0, height: 40, x: 0, y: 900, toJSON() {} }) as DOMRect;
    const scrolled: number[] = [];
    const scrollTo = vi
      .spyOn(window, 'scrollTo')
      .mockImplementation(((options: ScrollToOptions) => void scrolled.push(options.top ?? NaN)) as typeof window.scrollTo);
    jq.scroll_to_notices!(jq(notice));
    await vi.waitFor(() => expect(scrolled).toContain(800));
    jq.scroll_to_notices!(notice);
    await vi.waitFor(() => expect(scrolled.filter((t) => t === 800)).toHaveLength(2));
    expect(() => jq.scroll_to_notices!(undefined)).not.toThrow();
    scrollTo.mockRestore();
  });

  it('leave a $.scroll_to_notices the page already has alone', () => {
    const jq = pageJQueryStandIn() as unknown as { scroll_to_notices?: unknown };
    const theirs = () => {};
    jq.scroll_to_notices = theirs;
    installJQueryShims();
    expect(jq.scroll_to_notices).toBe(theirs);
  });

  it('do nothing on a page without jQuery', () => {
    expect(() => installJQueryShims()).not.toThrow();
  });

  it('$.fn.wc_variation_form mounts a form a quick view injected before any form was on the page, and re-reads a mounted one', async () => {
    const jq = pageJQueryStandIn();
    const runtime = createRuntime(only('variation-form'));
    undo.push(() => {
      runtime.unmount(document);
      runtime.stop();
    });
    window.StorefrontIslands = createApi(runtime, 'test');
    installJQueryShims();

    // The quick view puts the product's markup in (the runtime is not observing here: only the plugin call mounts it).
    const host = document.createElement('div');
    host.innerHTML = JACKET;
    document.body.append(host);
    const form = host.querySelector<HTMLFormElement>('form.variations_form')!;
    jq(form).wc_variation_form!();
    await runtime.settled();
    await wait(130);
    const button = form.querySelector('.single_add_to_cart_button')!;
    expect(button.classList.contains('wc-variation-selection-needed')).toBe(true);

    // New data, then the plugin again: the live form reads it instead of mounting a second time.
    const variations = JSON.parse(form.getAttribute('data-product_variations')!) as { variation_id: number; sku: string }[];
    form.setAttribute('data-product_variations', JSON.stringify(variations.map((v) => ({ ...v, sku: `NEW-${v.variation_id}` }))));
    jq(form).wc_variation_form!();
    await wait(150);
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    await wait(20);
    expect(form.querySelector<HTMLInputElement>('input.variation_id')!.value).toBe('513');
    expect(host.querySelector('.product_meta .sku')!.textContent).toBe('NEW-513');
    expect(form.querySelectorAll('.sf-variation-message')).toHaveLength(1);
  });

  it('$.fn.wc_product_gallery(params) re-initialises the mounted gallery with those params', async () => {
    const jq = pageJQueryStandIn();
    const runtime = createRuntime(only('product-gallery'));
    undo.push(() => {
      runtime.unmount(document);
      runtime.stop();
    });
    window.StorefrontIslands = createApi(runtime, 'test');
    installJQueryShims();
    document.body.innerHTML = JACKET;
    const gallery = document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
    runtime.scan(document);
    await runtime.settled();
    const params = { flexslider_enabled: false, zoom_enabled: false, photoswipe_enabled: true };
    jq(gallery).wc_product_gallery!(params);
    await runtime.settled();
    // Through the page's jQuery, as the event rule says: once at the first mount, once with the new params.
    const inits = triggered.filter((t) => t.name === 'wc-product-gallery-before-init').map((t) => t.args);
    expect(inits).toHaveLength(2);
    inits.shift();
    expect(inits[0]![0]).toBe(gallery); // the element itself, as WooCommerce's [this, params]
    expect(inits[0]![1]).toBe(params);
    // Slider off: no viewport, thumbnails or arrows are built.
    expect(gallery.querySelector('.flex-viewport')).toBeNull();
  });

  it('$.fn.wc_product_gallery(params) keeps the params for the gallery and mounts it again', async () => {
    const jq = pageJQueryStandIn();
    const calls: string[] = [];
    window.StorefrontIslands = Object.freeze({
      scan: (root?: ParentNode) => void calls.push(`scan ${(root as Element).className}`),
      unmount: (root?: ParentNode) => void calls.push(`unmount ${(root as Element).className}`),
      ready: () => Promise.resolve(),
      version: 'test',
    });
    installJQueryShims();
    const gallery = document.createElement('div');
    gallery.className = 'woocommerce-product-gallery';
    jq(gallery).wc_product_gallery!();
    expect(calls).toEqual(['scan woocommerce-product-gallery']);
    const params = { flexslider_enabled: false, zoom_enabled: false, photoswipe_enabled: true };
    jq(gallery).wc_product_gallery!(params);
    expect(galleryParams.get(gallery)).toBe(params);
    expect(calls.slice(1)).toEqual(['unmount woocommerce-product-gallery', 'scan woocommerce-product-gallery']);
  });
});
