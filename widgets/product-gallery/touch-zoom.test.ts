import type { EmblaCarouselType } from 'embla-carousel';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody } from '../../test/helpers/mount';
import { enhanceGallery, type GalleryController } from './gallery';
import * as rest from './rest';
import type { LightboxRequest } from './lightbox';
import { readGallerySettings } from './settings';
import { testContext } from '../../test/helpers/context';

/**
 * Tap-to-zoom on touch (WooCommerce's `on: 'click'` zoom on touch devices): a tap pins the zoom at the tap point,
 * one finger pans it instead of swiping the slider, a second tap or a slide change hides it. The slider is the
 * real Embla (watched, to see whether a touch reached it); the lightbox is a spy. happy-dom has no layout: the
 * gallery is stubbed 560 px wide and its slides 560×672 at the page's origin. The zoom's code (zoom.ts) is a chunk of
 * its own, asked for by the first pointer on a zoomable slide: the first zoom of each gallery is awaited
 * (`zoomArrived`), the ones after it are there at once.
 */
const embla = vi.hoisted(() => ({ apis: [] as EmblaCarouselType[] }));
vi.mock('embla-carousel-react', async (importOriginal) => {
  const { useEffect } = await import('react');
  const real = ((await importOriginal()) as { default: (options: unknown) => [unknown, EmblaCarouselType | undefined] }).default;
  return {
    default: (options: unknown) => {
      const result = real(options);
      const api = result[1];
      useEffect(() => {
        if (api) embla.apis.push(api);
      }, [api]);
      return result;
    },
  };
});

const PARAMS = {
  zoom_enabled: '1',
  photoswipe_enabled: '1',
  flexslider_enabled: '1',
  flexslider: { animationSpeed: 500, smoothHeight: true, directionNav: true },
};
const FRONT_LARGE = '/wp-content/uploads/2025/03/apron-front-1500x1800.jpg';

const gallery = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
const slides = () => [...document.querySelectorAll<HTMLElement>('.woocommerce-product-gallery__image')];
const image = (i: number) => slides()[i]!.querySelector<HTMLImageElement>('img:not(.zoomImg)')!;
const wrapper = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery__wrapper')!;
const thumbs = () => [...document.querySelectorAll<HTMLImageElement>('ol.flex-control-nav.flex-control-thumbs > li > img')];
const active = () => slides().findIndex((s) => s.classList.contains('flex-active-slide'));
/** The zoom image the shopper sees (shown), or null. */
const shownZoom = () => document.querySelector<HTMLImageElement>('img.zoomImg.sf-zoom--on');
const position = (img: HTMLImageElement) => ({ left: parseFloat(img.style.left), top: parseFloat(img.style.top) });
/** The zoom shows once its chunk is here (the first one of a gallery; later ones are synchronous). */
const zoomArrived = () =>
  vi.waitFor(
    () => {
      const zoom = shownZoom();
      if (!zoom) throw new Error('no zoom shown yet');
      return zoom;
    },
    { timeout: 10_000 },
  );

let clock = 1_000;
let opened: LightboxRequest[] = [];
let controllers: GalleryController[] = [];
let undoEnv: () => void = () => {};
let page = '';

interface EnhanceOptions {
  galleryWidth?: number;
  reduced?: boolean;
  /** The zoom chunk's import (default: the real one). */
  loadZoom?: () => Promise<typeof import('./zoom')>;
  warn?: (field: string, message: string) => void;
}

async function enhance(params: Record<string, unknown> = PARAMS, options: EnhanceOptions = {}): Promise<GalleryController> {
  page ||= await fixtureBody('product-gallery.html');
  document.body.innerHTML = page;
  undoEnv();
  // Frames and idle callbacks run at once (the slider island is asked for, the variation swap is re-read); the
  // clock is the test's.
  undoEnv = setEnvironment({
    now: () => clock,
    frame: (fn) => {
      fn();
      return () => {};
    },
    idle: (fn) => {
      fn();
      return () => {};
    },
    prefersReducedMotion: () => options.reduced ?? false,
  });
  const rect = (width: number, height: number) => ({
    width,
    height,
    top: 0,
    left: 0,
    right: width,
    bottom: height,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  vi.spyOn(gallery(), 'getBoundingClientRect').mockReturnValue(rect(options.galleryWidth ?? 560, 900));
  for (const s of slides()) vi.spyOn(s, 'getBoundingClientRect').mockReturnValue(rect(560, 672));
  const dialog = document.createElement('dialog');
  dialog.id = 'photoswipe-fullscreen-dialog';
  document.body.append(dialog);
  const controller = enhanceGallery(gallery(), {
    // The rest of the gallery already loaded: wired at once, as after the shopper reached for it.
    rest,
    widget: testContext('product-gallery'),
    settings: readGallerySettings(params),
    warn: options.warn ?? (() => {}),
    ...(options.loadZoom ? { loadZoom: options.loadZoom } : {}),
    loadLightbox: async () =>
      ({ openLightbox: async (request: LightboxRequest) => void opened.push(request) }) as unknown as typeof import('./lightbox'),
    dialog: () => dialog,
  });
  controllers.push(controller);
  // Embla measures offsets (and listens for drags only on a laid-out container): slides 560 px wide in a row.
  // Embla starts later (with the slider island, whose chunk is imported), so this is in place by then.
  const box = (el: Element | null, left: number) =>
    el &&
    Object.defineProperties(el, {
      offsetParent: { get: () => document.body },
      offsetLeft: { get: () => left },
      offsetTop: { get: () => 0 },
      offsetWidth: { get: () => 560 },
      offsetHeight: { get: () => 672 },
    });
  box(gallery().querySelector('.flex-viewport'), 0);
  box(wrapper(), 0);
  slides().forEach((s, i) => {
    box(s, i * 560);
    // What the gallery's stylesheet computes (happy-dom does not cascade adopted sheets); Embla reads the end gap.
    s.style.margin = '0px';
  });
  // Touches reach the real Embla: the shopper has reached for the gallery (focus came in: the slider island is
  // asked for then, not at idle), and the island is live.
  gallery().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  if (controller.slider)
    await vi.waitFor(() => expect(gallery().classList.contains('sf-gallery--static')).toBe(false), { timeout: 10_000 });
  return controller;
}

// ---- gestures, in Chromium's order: pointer event, then its touch event, then (for a tap) the click -----------
type Kind = 'touch' | 'pen';
function pointer(el: Element, type: string, x: number, y: number, kind: Kind = 'touch', extra: PointerEventInit = {}): void {
  el.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: 7,
      pointerType: kind,
      isPrimary: true,
      clientX: x,
      clientY: y,
      button: type === 'pointermove' ? -1 : 0,
      ...extra,
    }),
  );
}
function touchEvent(el: Element, type: string, x: number, y: number): void {
  const t = { identifier: 7, target: el, clientX: x, clientY: y, pageX: x, pageY: y, screenX: x, screenY: y };
  const touches = type === 'touchend' ? [] : [t];
  el.dispatchEvent(
    new TouchEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      touches: touches as unknown as Touch[],
      targetTouches: touches as unknown as Touch[],
      changedTouches: [t] as unknown as Touch[],
    }),
  );
}
/** A tap; returns the click it produced (to see whether it was taken: defaultPrevented). */
function tap(el: Element, x: number, y: number, kind: Kind = 'touch', heldMs = 80): MouseEvent {
  pointer(el, 'pointerdown', x, y, kind);
  if (kind === 'touch') touchEvent(el, 'touchstart', x, y);
  clock += heldMs;
  pointer(el, 'pointerup', x, y, kind);
  if (kind === 'touch') touchEvent(el, 'touchend', x, y);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0, detail: 1, clientX: x, clientY: y });
  el.dispatchEvent(click);
  return click;
}
/** One finger from (x, y) by (dx, dy) in five steps; no click follows a drag. */
function drag(el: Element, x: number, y: number, dx: number, dy: number): void {
  pointer(el, 'pointerdown', x, y);
  touchEvent(el, 'touchstart', x, y);
  for (let i = 1; i <= 5; i++) {
    clock += 16;
    pointer(el, 'pointermove', x + (dx * i) / 5, y + (dy * i) / 5, 'touch', { buttons: 1 });
    touchEvent(el, 'touchmove', x + (dx * i) / 5, y + (dy * i) / 5);
  }
  pointer(el, 'pointerup', x + dx, y + dy);
  touchEvent(el, 'touchend', x + dx, y + dy);
}
/** Wait for the slider to come to rest (Embla animates on frames): the shopper taps a slide they can see. */
const settled = () =>
  vi.waitFor(
    () => {
      const engine = embla.apis.at(-1)!.internalEngine();
      expect(Math.abs(engine.location.get() - engine.target.get())).toBeLessThan(0.5);
    },
    { timeout: 5_000 },
  );
const lightboxOpened = () => vi.waitFor(() => expect(opened.length).toBeGreaterThan(0));

beforeEach(() => {
  embla.apis.length = 0;
  opened = [];
  clock = 1_000;
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.destroy();
  undoEnv();
  undoEnv = () => {};
});

// The slider island's first import is transformed on the fly (React, Embla): once, before the tests, not inside one
// test's time limit on a busy machine.
beforeAll(() => import('./slider'), 60_000);

describe('product gallery: tap to zoom on touch', () => {
  it('a tap shows the zoom at the tap point, decorative, instead of opening the lightbox; a second tap hides it', async () => {
    await enhance();
    const click = tap(image(0), 280, 336);
    // The tap's click is the zoom's at once, though the zoom's chunk may still be on its way.
    expect(click.defaultPrevented).toBe(true);
    const zoom = await zoomArrived();
    expect(slides()[0]!.contains(zoom)).toBe(true);
    expect(zoom.getAttribute('src')).toBe(FRONT_LARGE);
    // The point tapped (the slide's middle) stays under the finger: the zoom's middle (1500×1800 over 560×672).
    expect(position(zoom)).toEqual({ left: -470, top: -564 });
    expect(zoom.getAttribute('aria-hidden')).toBe('true');
    expect(zoom.alt).toBe('');
    expect(zoom.hasAttribute('tabindex')).toBe(false);
    expect(click.defaultPrevented).toBe(true);

    // Lifting the finger is a pointerleave (fired on each element it leaves, the wrapper too): the zoom stays.
    for (const el of [image(0), slides()[0]!, wrapper()])
      el.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'touch', pointerId: 7 }));
    expect(shownZoom()).toBe(zoom);

    const second = tap(image(0), 100, 100);
    expect(shownZoom()).toBeNull();
    expect(second.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(opened).toHaveLength(0);
    expect(active()).toBe(0);
  });

  it('while zoomed, one finger pans the image and does not swipe the slider; unzoomed, the same swipe changes slide', async () => {
    await enhance();
    tap(image(0), 280, 336);
    await zoomArrived();
    expect(embla.apis).toHaveLength(1);
    const seen: string[] = [];
    embla.apis[0]!.on('pointerDown', () => void seen.push('down'));

    drag(image(0), 280, 336, -100, -50);
    const zoom = shownZoom()!;
    expect(zoom).not.toBeNull();
    // The image follows the finger.
    expect(position(zoom)).toEqual({ left: -570, top: -614 });
    drag(image(0), 500, 336, -400, 0);
    expect(position(zoom)).toEqual({ left: -940, top: -614 });
    expect(seen).toEqual([]);
    expect(active()).toBe(0);
    // The page must not scroll under the panning finger (touch-action on the zoomed slide).
    expect(slides()[0]!.classList.contains('sf-zoom--pinned')).toBe(true);
    // Panning past the edge stops at the edge.
    drag(image(0), 280, 336, 1000, 1000);
    expect(position(shownZoom()!)).toEqual({ left: 0, top: 0 });

    // A pan's end is no tap: the zoom stays until a tap hides it; then a touch is the slider's again.
    tap(image(0), 280, 336);
    expect(shownZoom()).toBeNull();
    expect(slides()[0]!.classList.contains('sf-zoom--pinned')).toBe(false);
    drag(image(0), 500, 336, -400, 0);
    expect(seen).toEqual(['down']);
    expect(active()).toBe(1);
  });

  it('changing slide hides the zoom: thumbnail, arrow, key, a programmatic move, the variation image swap', async () => {
    const controller = await enhance();
    tap(image(0), 280, 336);
    await zoomArrived();
    thumbs()[1]!.click();
    expect(active()).toBe(1);
    expect(shownZoom()).toBeNull();

    await settled();
    tap(image(1), 200, 200);
    expect(shownZoom()).not.toBeNull();
    gallery().querySelector<HTMLButtonElement>('.sf-gallery__nav--next')!.click();
    expect(active()).toBe(2);
    expect(shownZoom()).toBeNull();

    await settled();
    tap(image(2), 200, 200);
    expect(shownZoom()).not.toBeNull();
    thumbs()[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    expect(active()).toBe(1);
    expect(shownZoom()).toBeNull();

    controller.goTo(0);
    await settled();
    tap(image(0), 280, 336);
    expect(shownZoom()).not.toBeNull();
    image(0).setAttribute('data-large_image', '/wp-content/uploads/2025/03/apron-rust-1200x1440.jpg');
    await vi.waitFor(() => expect(shownZoom()).toBeNull());
    // The next tap zooms the variation's image.
    tap(image(0), 280, 336);
    expect(shownZoom()!.getAttribute('src')).toBe('/wp-content/uploads/2025/03/apron-rust-1200x1440.jpg');
  });

  it('a tap elsewhere on the page hides it', async () => {
    await enhance();
    tap(image(0), 280, 336);
    await zoomArrived();
    tap(document.querySelector('.product_title') ?? document.body, 10, 10);
    expect(shownZoom()).toBeNull();
  });

  it('no zoom where the large image is not wider than the gallery, or with zoom off: the tap is an image click', async () => {
    await enhance();
    thumbs()[3]!.click();
    // Slide 4's large image is 400 px wide. With the magnifier and the slider an image click opens nothing
    // (the magnifier does), and it never follows the link.
    const click = tap(image(3), 100, 100);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(click.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(opened).toHaveLength(0);

    await enhance(PARAMS, { galleryWidth: 1600 });
    const wide = tap(image(0), 100, 100);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(wide.defaultPrevented).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(opened).toHaveLength(0);

    // Without the magnifier (zoom off) an image click opens the lightbox at its slide.

    opened = [];
    await enhance({ ...PARAMS, zoom_enabled: '' });
    tap(image(0), 100, 100);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    await lightboxOpened();
    expect(opened[0]!.index).toBe(0);
  });

  it('a long press and a swipe are not taps', async () => {
    await enhance();
    // A short press is a tap (shown, then hidden); the same press held is not.
    tap(image(0), 280, 336, 'touch', 300);
    await zoomArrived();
    tap(image(0), 280, 336, 'touch', 300);
    expect(shownZoom()).toBeNull();
    tap(image(0), 280, 336, 'touch', 900);
    expect(shownZoom()).toBeNull();
    drag(image(0), 500, 336, -400, 0);
    expect(active()).toBe(1);
    expect(shownZoom()).toBeNull();
  });

  it('a pen tap zooms too; with the slider off a tap zooms and a mouse click still opens the lightbox', async () => {
    await enhance({ ...PARAMS, flexslider_enabled: '' });
    expect(thumbs()).toHaveLength(0);
    tap(image(0), 280, 336, 'pen');
    await zoomArrived();
    tap(image(0), 280, 336, 'pen');
    expect(shownZoom()).toBeNull();

    // The other images are the page's links to the lightbox, as without the slider.
    tap(image(1), 50, 50);
    expect(shownZoom()).toBeNull();
    await lightboxOpened();
    expect(opened[0]!.index).toBe(1);

    opened = [];
    const mouseClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, detail: 1 });
    image(0).dispatchEvent(mouseClick);
    expect(mouseClick.defaultPrevented).toBe(true);
    await lightboxOpened();
    expect(opened[0]!.index).toBe(0);
  });
});

describe('product gallery: tap to zoom leaves the rest alone', () => {
  it('the magnifier opens the lightbox at the zoomed slide and hides the zoom; without the slider Enter on the image link opens it too', async () => {
    await enhance();
    thumbs()[1]!.click();
    await settled();
    tap(image(1), 200, 200);
    await zoomArrived();
    const trigger = gallery().querySelector<HTMLElement>('.woocommerce-product-gallery__trigger')!;
    trigger.click();
    expect(shownZoom()).toBeNull();
    await lightboxOpened();
    expect(opened[0]).toMatchObject({ index: 1, opener: trigger });

    // With the slider off the images open the lightbox themselves. A keyboard activation is never mistaken for
    // the click a tap leaves behind (here, one that never came).
    opened = [];
    await enhance({ ...PARAMS, flexslider_enabled: '' });
    const link = slides()[0]!.querySelector('a')!;
    pointer(image(0), 'pointerdown', 200, 200);
    pointer(image(0), 'pointerup', 200, 200);
    await zoomArrived();
    link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await lightboxOpened();
    expect(opened[0]).toMatchObject({ index: 0, opener: link });
  });

  it('the mouse still zooms on hover and leaving hides it; with reduced motion a tap still zooms', async () => {
    await enhance();
    image(0).dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: 0, clientY: 0 }));
    expect(position(await zoomArrived())).toEqual({ left: 0, top: 0 });
    wrapper().dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(shownZoom()).toBeNull();

    await enhance(PARAMS, { reduced: true });
    tap(image(0), 280, 336);
    await zoomArrived();
  });

  it('unmounting while zoomed leaves the server markup', async () => {
    const controller = await enhance();
    tap(image(0), 280, 336);
    await zoomArrived();
    controller.destroy();
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(slides().some((s) => s.classList.contains('sf-zoom--pinned'))).toBe(false);
    const click = tap(image(0), 280, 336);
    expect(click.defaultPrevented).toBe(false);
  });
});

/** The zoom chunk's import, held until the test lets it arrive (or fail). */
function heldZoomChunk() {
  const chunk = { requests: 0, arrive: () => {}, fail: (_error: unknown) => {} };
  const load = () => {
    chunk.requests += 1;
    return new Promise<typeof import('./zoom')>((resolve, reject) => {
      chunk.arrive = () => resolve(import('./zoom'));
      chunk.fail = reject;
    });
  };
  return { chunk, load };
}
/** Let a settled import's callbacks run. */
const tick = () => new Promise((r) => setTimeout(r, 20));
const mouse = (el: Element, type: string, x: number, y: number) =>
  el.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerType: 'mouse',
      pointerId: 1,
      isPrimary: true,
      clientX: x,
      clientY: y,
    }),
  );

describe('product gallery: the zoom is a chunk of its own, asked for when a pointer first reaches a zoomable slide', () => {
  beforeAll(() => import('./zoom'), 60_000);

  it("is not asked for at mount nor over a slide that does not zoom; a hover while it is on its way shows at the pointer's latest place", async () => {
    const { chunk, load } = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: load });
    // Mounting, the slider island starting (focus came in), frames and idle callbacks: no zoom chunk.
    expect(chunk.requests).toBe(0);
    // Slide 4's large image is narrower than the gallery: a mouse over it asks for nothing.
    thumbs()[3]!.click();
    mouse(image(3), 'pointerover', 50, 50);
    mouse(image(3), 'pointermove', 60, 60);
    mouse(image(3), 'pointerdown', 60, 60);
    expect(chunk.requests).toBe(0);

    thumbs()[0]!.click();
    mouse(image(0), 'pointerover', 10, 10);
    // Asked for in the task after the hover's.
    await vi.waitFor(() => expect(chunk.requests).toBe(1));
    mouse(image(0), 'pointermove', 100, 100);
    mouse(image(0), 'pointermove', 280, 336);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    chunk.arrive();
    // Where the pointer is now (the slide's middle), not where it came in.
    expect(position(await zoomArrived())).toEqual({ left: -470, top: -564 });
    mouse(image(0), 'pointermove', 0, 0);
    expect(position(shownZoom()!)).toEqual({ left: 0, top: 0 });
    expect(chunk.requests).toBe(1);
  });

  it('a pointer that left while it was on its way sees no zoom; focus on a zoomable slide asks for it too', async () => {
    const { chunk, load } = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: load });
    mouse(image(0), 'pointerover', 100, 100);
    mouse(image(0), 'pointermove', 120, 120);
    await vi.waitFor(() => expect(chunk.requests).toBe(1));
    wrapper().dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse', pointerId: 1 }));
    chunk.arrive();
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();
    // Here now: the next hover zooms at once.
    mouse(image(0), 'pointermove', 0, 0);
    expect(position(shownZoom()!)).toEqual({ left: 0, top: 0 });

    const focused = heldZoomChunk();
    await enhance({ ...PARAMS, flexslider_enabled: '' }, { loadZoom: focused.load });
    expect(focused.chunk.requests).toBe(0);
    slides()[0]!.querySelector('a')!.focus();
    expect(focused.chunk.requests).toBe(1);
  });

  it('a tap made before it arrived is no swipe and no image click, and pins the zoom at the tap point once it is here', async () => {
    const { chunk, load } = heldZoomChunk();
    await enhance({ ...PARAMS, flexslider_enabled: '' }, { loadZoom: load });
    // Without the slider an image click opens the lightbox: this one is the zoom's.
    const click = tap(image(0), 280, 336);
    expect(chunk.requests).toBe(1);
    expect(click.defaultPrevented).toBe(true);
    expect(document.querySelector('img.zoomImg')).toBeNull();
    chunk.arrive();
    const zoom = await zoomArrived();
    expect(position(zoom)).toEqual({ left: -470, top: -564 });
    expect(slides()[0]!.classList.contains('sf-zoom--pinned')).toBe(true);
    // Pinned as a tap pins it: one finger pans, the next tap hides it.
    drag(image(0), 280, 336, -100, -50);
    expect(position(zoom)).toEqual({ left: -570, top: -614 });
    const second = tap(image(0), 280, 336);
    expect(shownZoom()).toBeNull();
    expect(second.defaultPrevented).toBe(true);
    await tick();
    expect(opened).toHaveLength(0);
  });

  it('a second tap before it arrived takes the first back; a swipe to another slide and a tap elsewhere too; a long press is no tap', async () => {
    const first = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: first.load });
    const clicks = [tap(image(0), 280, 336), tap(image(0), 280, 336)];
    expect(clicks.map((c) => c.defaultPrevented)).toEqual([true, true]);
    first.chunk.arrive();
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(first.chunk.requests).toBe(1);

    const second = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: second.load });
    tap(image(0), 280, 336);
    drag(image(0), 500, 336, -400, 0);
    expect(active()).toBe(1);
    second.chunk.arrive();
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();

    const elsewhere = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: elsewhere.load });
    tap(image(0), 280, 336);
    tap(document.querySelector('.product_title') ?? document.body, 10, 10);
    elsewhere.chunk.arrive();
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();

    const third = heldZoomChunk();
    await enhance({ ...PARAMS, flexslider_enabled: '' }, { loadZoom: third.load });
    const held = tap(image(0), 280, 336, 'touch', 900);
    expect(held.defaultPrevented).toBe(true);
    third.chunk.arrive();
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();
    // A long press is an image click, as it always was: the lightbox opens at its slide.
    await lightboxOpened();
    expect(opened[0]!.index).toBe(0);
  });

  it('if the chunk cannot load: one warning naming the zoom, and the gallery works without zoom', async () => {
    const warnings: string[] = [];
    const { chunk, load } = heldZoomChunk();
    await enhance(PARAMS, { loadZoom: load, warn: (field, message) => warnings.push(`${field}: ${message}`) });
    // A tap waiting for it is taken back when it fails.
    const click = tap(image(0), 280, 336);
    expect(click.defaultPrevented).toBe(true);
    chunk.fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(warnings).toHaveLength(1));
    expect(warnings[0]).toMatch(
      /^zoom: the zoom could not load \(TypeError: Failed to fetch dynamically imported module\); the gallery works without it$/,
    );
    expect(document.querySelector('img.zoomImg')).toBeNull();

    // No zoom, no second request, no second warning; the slider, thumbnails and keys keep working.
    mouse(image(0), 'pointerover', 100, 100);
    mouse(image(0), 'pointermove', 120, 120);
    tap(image(0), 280, 336);
    await tick();
    expect(document.querySelector('img.zoomImg')).toBeNull();
    expect(chunk.requests).toBe(1);
    expect(warnings).toHaveLength(1);
    gallery().querySelector<HTMLButtonElement>('.sf-gallery__nav--next')!.click();
    expect(active()).toBe(1);
    thumbs()[2]!.click();
    expect(active()).toBe(2);
    thumbs()[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    expect(active()).toBe(1);
    await settled();
    drag(image(1), 500, 336, -400, 0);
    expect(active()).toBe(2);

    // Without the slider, a tap is then the image click it is without zoom: the lightbox opens at its slide.
    const again = heldZoomChunk();
    await enhance(
      { ...PARAMS, flexslider_enabled: '' },
      { loadZoom: again.load, warn: (field, message) => warnings.push(`${field}: ${message}`) },
    );
    mouse(image(0), 'pointerover', 100, 100);
    await vi.waitFor(() => expect(again.chunk.requests).toBe(1));
    again.chunk.fail(new TypeError('Failed to fetch dynamically imported module'));
    await tick();
    // The warning is said once per page (the widget's warn is the runtime's warn-once), here once per gallery.
    expect(warnings).toHaveLength(2);
    const imageClick = tap(image(0), 280, 336);
    expect(imageClick.defaultPrevented).toBe(true);
    await lightboxOpened();
    expect(opened[0]!.index).toBe(0);
    expect(document.querySelector('img.zoomImg')).toBeNull();
  });
});
