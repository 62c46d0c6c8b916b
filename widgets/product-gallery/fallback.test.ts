import { afterEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody } from '../../test/helpers/mount';
import { enhanceGallery, type GalleryController } from './gallery';
import * as rest from './rest';
import { readGallerySettings } from './settings';
import { testContext } from '../../test/helpers/context';

/**
 * Issue 14 item 12: when the lightbox chunk cannot load, the gallery opens the image itself, from inside open()'s
 * catch. Nothing there may throw: a refused navigation (sandboxed frame) or a value that is no URL would end the
 * click in an unhandled rejection and leave the gallery unable to open again.
 */
const PARAMS = { zoom_enabled: '', photoswipe_enabled: '1', flexslider_enabled: '' };
const FRONT_LARGE = '/wp-content/uploads/2025/03/apron-front-1500x1800.jpg';

let controllers: GalleryController[] = [];
let undoEnv: () => void = () => {};
afterEach(() => {
  for (const c of controllers.splice(0)) c.destroy();
  undoEnv();
});

async function enhance(edit: (gallery: HTMLElement) => void = () => {}) {
  document.body.innerHTML = await fixtureBody('product-gallery.html');
  undoEnv = setEnvironment({
    frame: (fn) => {
      fn();
      return () => {};
    },
  });
  const gallery = document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
  edit(gallery);
  const dialog = document.createElement('dialog');
  document.body.append(dialog);
  const warnings: string[] = [];
  const controller = enhanceGallery(gallery, {
    // The rest of the gallery already loaded: wired at once, as after the shopper reached for it.
    rest,
    widget: testContext('product-gallery'),
    settings: readGallerySettings(PARAMS),
    warn: (field, message) => warnings.push(`${field}: ${message}`),
    loadLightbox: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    dialog: () => dialog,
  });
  controllers.push(controller);
  return { controller, warnings };
}

describe('product gallery: the fallback when the lightbox cannot load', () => {
  it('opens the full-size image itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { controller } = await enhance();
    await controller.open(0, null);
    expect(assign).toHaveBeenCalledWith(FRONT_LARGE);
  });

  it('survives a navigation the browser refuses: one warning, and the next click tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {
      throw new DOMException('Navigation is blocked', 'SecurityError');
    });
    const { controller, warnings } = await enhance();
    await expect(controller.open(0, null)).resolves.toBeUndefined();
    expect(warnings.filter((w) => w.startsWith('data-large_image'))).toHaveLength(1);
    await expect(controller.open(0, null)).resolves.toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('survives image URLs the URL parser rejects, and never navigates to one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { controller } = await enhance((gallery) => {
      const first = gallery.querySelector('.woocommerce-product-gallery__image')!;
      first.querySelector('a')!.setAttribute('href', 'http://[not-an-ip/a.jpg');
      first.querySelector('img')!.setAttribute('data-large_image', 'http://[not-an-ip/a.jpg');
      first.querySelector('img')!.setAttribute('data-src', 'http://[not-an-ip/a.jpg');
    });
    await expect(controller.open(0, null)).resolves.toBeUndefined();
    for (const [url] of assign.mock.calls) expect(() => new URL(String(url), location.href)).not.toThrow();
  });

  it('never navigates to a javascript: link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { controller } = await enhance((gallery) => {
      const first = gallery.querySelector('.woocommerce-product-gallery__image')!;
      first.querySelector('a')!.setAttribute('href', 'java\tscript:alert(1)');
      first.querySelector('img')!.setAttribute('data-large_image', '\u0001javascript:alert(1)');
      first.querySelector('img')!.setAttribute('data-src', '\u0001javascript:alert(1)');
    });
    await expect(controller.open(0, null)).resolves.toBeUndefined();
    for (const [url] of assign.mock.calls) expect(String(url)).not.toMatch(/script:/i);
  });
});
