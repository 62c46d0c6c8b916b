import { afterEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody } from '../../test/helpers/mount';
import { testContext } from '../../test/helpers/context';
import { enhanceGallery, type GalleryController } from './gallery';
import * as rest from './rest';
import { readGallerySettings } from './settings';

/**
 * Issue 29 goal 3: the gallery's rest (rest.ts) is a chunk of its own, wired on intent or on the variation form's
 * first image swap (the runtime warms it earlier: the registry entry, tested in Chromium); what the shopper does on
 * the gallery while it is on its way is held and replayed. The chunk is handed in through
 * `loadRest`, a promise each test settles when it wants. In Chromium: test/e2e/product-gallery.e2e.ts.
 */
const PARAMS = { zoom_enabled: '', photoswipe_enabled: '1', flexslider_enabled: '1' };
const gallery = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
const slides = () => [...document.querySelectorAll<HTMLElement>('.woocommerce-product-gallery__image')];
const thumbs = () => [...document.querySelectorAll<HTMLImageElement>('ol.flex-control-thumbs > li > img')];
const active = () => slides().findIndex((s) => s.classList.contains('flex-active-slide'));
const click = (el: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  el.dispatchEvent(event);
  return event;
};

let controllers: GalleryController[] = [];
let undoEnv: () => void = () => {};
afterEach(() => {
  for (const c of controllers.splice(0)) c.destroy();
  undoEnv();
});

async function enhance(params: Record<string, string> = PARAMS) {
  document.body.innerHTML = await fixtureBody('product-gallery.html');
  undoEnv = setEnvironment({ frame: (fn) => (fn(), () => {}) });
  let arrive!: (module: typeof rest) => void;
  let fail!: (error: Error) => void;
  const loadRest = vi.fn(() => new Promise<typeof rest>((resolve, reject) => ((arrive = resolve), (fail = reject))));
  const loadSlider = vi.fn(() => new Promise<typeof import('./slider')>(() => {}));
  const warnings: string[] = [];
  const dialog = document.createElement('dialog');
  dialog.id = 'photoswipe-fullscreen-dialog';
  document.body.append(dialog);
  const opened: unknown[] = [];
  controllers.push(
    enhanceGallery(gallery(), {
      widget: testContext('product-gallery'),
      settings: readGallerySettings(params),
      warn: (field, message) => warnings.push(`${field}: ${message}`),
      loadRest,
      loadSlider,
      loadLightbox: async () => ({ openLightbox: async (r: unknown) => void opened.push(r) }) as unknown as typeof import('./lightbox'),
      dialog: () => dialog,
    }),
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    loadRest,
    loadSlider,
    warnings,
    opened,
    arrive: async () => (arrive(rest), await settle()),
    fail: async () => (fail(new TypeError('Failed to fetch dynamically imported module')), await settle()),
  };
}

describe('product gallery: the rest comes on intent', () => {
  it('draws the first paint at mount without asking for the rest', async () => {
    const { loadRest } = await enhance();
    expect(thumbs()).toHaveLength(4);
    expect(active()).toBe(0);
    expect(slides()[1]!.getAttribute('aria-hidden')).toBe('true');
    expect(thumbs()[0]!.getAttribute('aria-current')).toBe('true');
    expect(loadRest).not.toHaveBeenCalled();
  });

  it('a pointer over the gallery asks for it once, and the slider with it; focus asks for it too', async () => {
    const first = await enhance();
    gallery().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    gallery().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    expect(first.loadRest).toHaveBeenCalledTimes(1);
    await first.arrive();
    expect(first.loadSlider).toHaveBeenCalledTimes(1);

    controllers.splice(0).forEach((c) => c.destroy());
    const second = await enhance();
    thumbs()[1]!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(second.loadRest).toHaveBeenCalledTimes(1);
  });

  it('a thumbnail click and an arrow key made while it is on its way are held, then replayed in order', async () => {
    const { arrive } = await enhance();
    const held = click(thumbs()[2]!);
    expect(held.defaultPrevented).toBe(true);
    expect(active()).toBe(0);
    const key = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    thumbs()[2]!.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    // Tab is the browser's: not held.
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    thumbs()[2]!.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    expect(active()).toBe(0);
    await arrive();
    expect(active()).toBe(3);
    expect(thumbs()[3]!.getAttribute('aria-current')).toBe('true');
  });

  it('an image click made while it is on its way opens the lightbox once it is here (no magnifier: images open it)', async () => {
    const { arrive, opened } = await enhance();
    const link = slides()[0]!.querySelector('a')!;
    const event = click(link.querySelector('img')!);
    expect(event.defaultPrevented).toBe(true);
    await arrive();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ index: 0 });
  });

  it('if it cannot load: one warning, and a held image click reaches the link unprevented (the browser opens the image)', async () => {
    const { fail, warnings } = await enhance();
    const link = slides()[0]!.querySelector('a')!;
    const reached: boolean[] = [];
    link.addEventListener('click', (e) => {
      reached.push(e.defaultPrevented);
      // happy-dom would navigate: what matters is that nothing of ours prevented it.
      queueMicrotask(() => e.preventDefault());
    });
    expect(click(link.querySelector('img')!).defaultPrevented).toBe(true);
    expect(reached).toEqual([]);
    await fail();
    expect(reached).toEqual([false]);
    expect(warnings).toEqual([
      "controls: the gallery's controls could not load (TypeError: Failed to fetch dynamically imported module); its images open as links",
    ]);
    // Later clicks are the browser's too.
    click(link.querySelector('img')!);
    expect(reached).toEqual([false, false]);
  });

  it('the variation form reporting its state at start loads nothing; its first image swap asks for it (not the slider: no intent) and the thumbnail follows', async () => {
    const { loadRest, loadSlider, arrive } = await enhance();
    const controller = controllers[0]!;
    controller.refreshFirstSlide();
    expect(loadRest).not.toHaveBeenCalled();
    slides()[0]!.setAttribute('data-thumb', '/wp-content/uploads/2025/03/apron-blue-100x100.jpg');
    await vi.waitFor(() => expect(loadRest).toHaveBeenCalledTimes(1));
    await arrive();
    await vi.waitFor(() => expect(thumbs()[0]!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-blue-100x100.jpg'));
    expect(loadSlider).not.toHaveBeenCalled();
  });
});
