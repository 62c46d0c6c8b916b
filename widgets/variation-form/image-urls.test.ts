import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { afterInit, choose, pageBody, useVariationPage, wait } from './test-helpers';

/**
 * Issue 14 item 6: every URL of a variation's image (src, srcset entries, full_src for the gallery link and the
 * zoom, the gallery thumbnail) passes the one http(s) check before it reaches `href` or `src`. A `javascript:`
 * full_src written into the gallery link would run on click on a page without CSP.
 */

let JACKET = '';
beforeAll(async () => {
  JACKET = await pageBody('product-variable.html');
});
useVariationPage();

const HOSTILE = [
  'javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

/** The jacket page with the rust/S/Fleece variation's image fields replaced. */
function jacketWith(image: Record<string, unknown>): string {
  const parsed = document.createElement('template');
  parsed.innerHTML = JACKET;
  const form = parsed.content.querySelector('form.variations_form')!;
  const variations = JSON.parse(form.getAttribute('data-product_variations')!) as {
    variation_id: number;
    image: Record<string, unknown>;
  }[];
  const rust = variations.find((v) => v.variation_id === 513)!;
  rust.image = { ...rust.image, ...image };
  form.setAttribute('data-product_variations', JSON.stringify(variations));
  return parsed.innerHTML;
}

async function pickRust(html: string, widgets: string[] = ['variation-form']) {
  await mountPage(html, only(...widgets));
  await afterInit();
  choose('pa_colour', 'rust');
  choose('pa_size', 's');
  choose('lining', 'Fleece');
  await wait(10);
  await vi.waitFor(() => expect(document.querySelector<HTMLInputElement>('input.variation_id')!.value).toBe('513'));
}

const img = () => document.querySelector('.woocommerce-product-gallery__image .wp-post-image')!;
const link = () => document.querySelector('.woocommerce-product-gallery__image a')!;
const urlAttributes = () =>
  [...document.querySelectorAll('.woocommerce-product-gallery *')].flatMap((el) =>
    ['href', 'src', 'srcset', 'data-src', 'data-large_image', 'data-thumb'].map((name) => el.getAttribute(name) ?? '').filter(Boolean),
  );

describe('variation image URLs go through the http(s) check', { timeout: 15_000 }, () => {
  it.each(HOSTILE)('full_src %j never reaches the gallery link or the zoom: they use the displayed image, one warning', async (fullSrc) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await pickRust(jacketWith({ full_src: fullSrc }));
    expect(img().getAttribute('src')).toBe('/wp-content/uploads/jacket-rust-600x720.jpg');
    expect(link().getAttribute('href')).toBe('/wp-content/uploads/jacket-rust-600x720.jpg');
    expect(img().getAttribute('data-large_image')).toBe('/wp-content/uploads/jacket-rust-600x720.jpg');
    expect(img().getAttribute('data-src')).toBe('/wp-content/uploads/jacket-rust-600x720.jpg');
    // The browser's own reading of each value decides: no attribute may resolve to anything but http(s).
    expect(urlAttributes().every((v) => /^https?:$/.test(new URL(v, location.href).protocol))).toBe(true);
    const said = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('variation-form') && m.includes('image.full_src'));
    expect(said).toHaveLength(1);
  });

  it('a refused src leaves the product image in place (as a variation without an image does)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await pickRust(jacketWith({ src: 'javascript:alert(1)', full_src: 'javascript:alert(2)' }));
    expect(img().getAttribute('src')).toBe('/wp-content/uploads/jacket-600x720.jpg');
    expect(link().getAttribute('href')).toBe('/wp-content/uploads/jacket-1500x1800.jpg');
    expect(urlAttributes().some((v) => /javascript:/i.test(v))).toBe(false);
    expect(warn.mock.calls.some((c) => String(c[0]).includes('image.src'))).toBe(true);
  });

  it('drops refused srcset candidates and keeps the others, commas inside CDN URLs included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await pickRust(
      jacketWith({
        srcset: 'https://cdn.test/w_300,h_360/rust.jpg 300w, javascript:alert(1) 600w, /wp-content/uploads/jacket-rust-1500x1800.jpg 1500w',
      }),
    );
    expect(img().getAttribute('srcset')).toBe(
      'https://cdn.test/w_300,h_360/rust.jpg 300w, /wp-content/uploads/jacket-rust-1500x1800.jpg 1500w',
    );
  });

  it('a refused gallery thumbnail is treated as absent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await pickRust(jacketWith({ gallery_thumbnail_src: 'javascript:alert(1)' }), ['variation-form', 'product-gallery']);
    expect(document.querySelectorAll('.flex-control-thumbs img').length).toBeGreaterThan(1);
    expect(urlAttributes().some((v) => /javascript:/i.test(v))).toBe(false);
  });
});

describe("the variation template's markup", { timeout: 15_000 }, () => {
  it("never inserts a <base>, <meta> or <link> from price_html: the page's relative URLs and forms stay where they were", async () => {
    const parsed = document.createElement('template');
    parsed.innerHTML = JACKET;
    const form = parsed.content.querySelector('form.variations_form')!;
    const variations = JSON.parse(form.getAttribute('data-product_variations')!) as { variation_id: number; price_html: string }[];
    variations.find((v) => v.variation_id === 513)!.price_html =
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"><span class="price">£60.00</span>';
    form.setAttribute('data-product_variations', JSON.stringify(variations));
    const baseBefore = document.baseURI;
    await pickRust(parsed.innerHTML);
    await vi.waitFor(() => expect(document.querySelector('.single_variation')!.textContent).toContain('£60.00'));
    expect(document.querySelectorAll('base, .single_variation meta, .single_variation link')).toHaveLength(0);
    expect(document.baseURI).toBe(baseBefore);
  });
});
