import type { EmblaCarouselType } from 'embla-carousel';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { enhanceGallery, type GalleryController } from './gallery';
import { galleryWidget } from './product-gallery.widget';
import * as rest from './rest';

/** The widget with the rest of the gallery handed in already loaded (wired at mount): these tests are the island's. */
const withRest = only('product-gallery').map((e) => ({ ...e, load: async () => ({ default: galleryWidget({ rest }) }) }));
import { readGallerySettings } from './settings';
import { testContext } from '../../test/helpers/context';

/**
 * Mounting stays one short task on a large page: the slides, thumbnails and ARIA are there at mount, and the
 * slider island (React + embla-carousel-react, which measures the page) is asked for only when the shopper reaches
 * for the gallery or it moves: not after the first paint, not at idle (a page nobody touches loads no framework). Embla is the real one, watched
 * through the hook: what it was started on and where.
 */
const embla = vi.hoisted(() => ({ started: [] as { root: HTMLElement; options: Record<string, unknown> }[] }));
vi.mock('embla-carousel-react', async (importOriginal) => {
  const { useEffect } = await import('react');
  const real = ((await importOriginal()) as { default: (options: Record<string, unknown>) => [unknown, EmblaCarouselType | undefined] })
    .default;
  return {
    default: (options: Record<string, unknown>) => {
      const result = real(options);
      const api = result[1];
      useEffect(() => {
        if (api) embla.started.push({ root: api.rootNode(), options });
      }, [api, options]);
      return result;
    },
  };
});
/** The island's chunk is imported: its Embla starts a few microtasks after it was asked for. */
const startedCount = (n: number) => vi.waitFor(() => expect(embla.started).toHaveLength(n), { timeout: 10_000 });
/** Nothing more starts, even once the pending imports had time to resolve. */
const stillStarted = async (n: number) => {
  await new Promise((r) => setTimeout(r, 50));
  expect(embla.started).toHaveLength(n);
};

const PARAMS = {
  zoom_enabled: '1',
  photoswipe_enabled: '1',
  flexslider_enabled: '1',
  flexslider: { animationSpeed: 500, smoothHeight: true, directionNav: true },
};

const gallery = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
const slides = () => [...document.querySelectorAll<HTMLElement>('.woocommerce-product-gallery__image')];
const thumbs = () => [...document.querySelectorAll<HTMLImageElement>('ol.flex-control-nav.flex-control-thumbs > li > img')];
const active = () => slides().findIndex((s) => s.classList.contains('flex-active-slide'));
const glyphs = () => [...gallery().querySelectorAll('.sf-gallery__nav')].map((b) => b.textContent);
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

/** Frames and idle callbacks held until the test runs them: "after the next paint, when the page is idle". */
let frames: (() => void)[] = [];
let idles: (() => void)[] = [];
let cancelled = 0;
const runFrames = () => frames.splice(0).forEach((fn) => fn());
const runIdle = () => idles.splice(0).forEach((fn) => fn());

let page = '';
let controllers: GalleryController[] = [];
let undoEnv: () => void = () => {};

async function enhance(mutate: (html: string) => string = (h) => h): Promise<GalleryController> {
  page ||= await fixtureBody('product-gallery.html');
  document.body.innerHTML = mutate(page);
  undoEnv();
  undoEnv = setEnvironment({
    frame: (fn) => {
      frames.push(fn);
      return () => {
        cancelled += 1;
        frames = frames.filter((f) => f !== fn);
      };
    },
    idle: (fn) => {
      idles.push(fn);
      return () => {
        cancelled += 1;
        idles = idles.filter((f) => f !== fn);
      };
    },
  });
  const dialog = document.createElement('dialog');
  dialog.id = 'photoswipe-fullscreen-dialog';
  document.body.append(dialog);
  const controller = enhanceGallery(gallery(), {
    // The rest of the gallery already loaded: wired at once, as after the shopper reached for it.
    rest,
    widget: testContext('product-gallery'),
    settings: readGallerySettings(PARAMS),
    warn: () => {},
    loadLightbox: () => import('./lightbox'),
    dialog: () => dialog,
  });
  controllers.push(controller);
  return controller;
}

beforeEach(() => {
  embla.started.length = 0;
  frames = [];
  idles = [];
  cancelled = 0;
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.destroy();
  undoEnv();
  undoEnv = () => {};
});

// The slider island's first import is transformed on the fly (React, Embla): once, before the tests, not inside one
// test's time limit on a busy machine.
beforeAll(() => import('./slider'), 60_000);

const reachFor = () => gallery().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));

describe('product gallery: the slider starts when the shopper reaches for it', () => {
  it('has the slider markup at mount, starts no Embla after the first paint nor at idle, and starts it at the shown slide when reached for', async () => {
    await enhance();
    expect(gallery().querySelector('.flex-viewport > .woocommerce-product-gallery__wrapper')).not.toBeNull();
    expect(thumbs()).toHaveLength(4);
    expect(active()).toBe(0);
    expect(slides()[1]!.hasAttribute('inert')).toBe(true);
    expect(embla.started).toHaveLength(0);

    runFrames();
    runIdle();
    await stillStarted(0);
    reachFor();
    await startedCount(1);
    expect(embla.started[0]!.root).toBe(gallery().querySelector('.flex-viewport'));
    expect(embla.started[0]!.options).toMatchObject({ startIndex: 0, direction: 'ltr', align: 'start' });
  });

  it('moves at once on a thumbnail click before Embla started, and starts it then from the slide shown', async () => {
    const controller = await enhance();
    thumbs()[2]!.click();
    expect(active()).toBe(2);
    expect(thumbs()[2]!.getAttribute('aria-current')).toBe('true');
    expect(slides()[2]!.hasAttribute('inert')).toBe(false);
    // Until Embla is live our own index shows the slide.
    expect(gallery().style.getPropertyValue('--sf-gallery-index')).toBe('2');
    await startedCount(1);
    expect(embla.started[0]!.options.startIndex).toBe(2);
    expect(gallery().classList.contains('sf-gallery--static')).toBe(false);
    // The scheduled start finds the island asked for: no second instance.
    runFrames();
    runIdle();
    await stillStarted(1);

    key(thumbs()[2]!, 'ArrowRight');
    expect(active()).toBe(3);
    controller.goTo(0);
    expect(active()).toBe(0);
  });

  it('keyboard and programmatic moves work before Embla started', async () => {
    const controller = await enhance();
    key(thumbs()[0]!, 'End');
    expect(active()).toBe(3);
    await startedCount(1);
    const fresh = await enhance();
    fresh.goTo(1);
    expect(active()).toBe(1);
    await startedCount(2);
    expect(controller.index).toBe(3);
  });

  it('starts Embla as soon as the shopper points at or focuses the gallery', async () => {
    await enhance();
    slides()[0]!
      .querySelector('img')!
      .dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    gallery().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    await startedCount(1);
    await stillStarted(1);

    await enhance();
    thumbs()[1]!.focus();
    await startedCount(2);
    expect(active()).toBe(0);
    // The island took the strip over in the same task: the thumbnail the shopper was on still has the focus.
    expect(document.activeElement).toBe(thumbs()[1]);
    expect(thumbs()[0]!.getAttribute('aria-current')).toBe('true');
  });

  it('a drag begun before Embla went live still changes slide when it ends after (the island arrives mid-drag)', async () => {
    await enhance();
    const wrapper = gallery().querySelector<HTMLElement>('.woocommerce-product-gallery__wrapper')!;
    const press = (type: string, x: number) =>
      wrapper.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          pointerId: 3,
          isPrimary: true,
          button: 0,
          pointerType: 'mouse',
          clientX: x,
          clientY: 100,
        }),
      );
    // The press itself is what asks for the island; Embla goes live before the shopper lets go.
    press('pointerdown', 400);
    await startedCount(1);
    await vi.waitFor(() => expect(gallery().classList.contains('sf-gallery--static')).toBe(false));
    press('pointerup', 100);
    expect(active()).toBe(1);
  });

  it('a thumbnail pressed when the island arrives keeps its image until released, so its click is not lost', async () => {
    await enhance();
    const pressed = thumbs()[1]!;
    const pointer = (type: string) =>
      pressed.dispatchEvent(
        new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, isPrimary: true, button: 0, pointerType: 'mouse' }),
      );
    // The press asks for the island; its chunk resolves while the button is still down.
    pointer('pointerdown');
    await stillStarted(0);
    expect(thumbs()[1]).toBe(pressed);
    pointer('pointerup');
    pressed.click();
    expect(active()).toBe(1);
    // Then the island takes the strip over, from the slide the click chose.
    await startedCount(1);
    expect(embla.started[0]!.options.startIndex).toBe(1);
    expect(thumbs()[1]).not.toBe(pressed);
    expect(thumbs()[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('destroyed before Embla started: markup as printed, the start cancelled, nothing thrown', async () => {
    const controller = await enhance();
    expect(() => controller.destroy()).not.toThrow();
    // Nothing was scheduled to cancel: the start waits for the shopper, and reaching for the old gallery starts nothing.
    runFrames();
    runIdle();
    reachFor();
    await stillStarted(0);
    expect(gallery().querySelector('.flex-viewport, .flex-control-nav, .sf-gallery__nav')).toBeNull();
    expect(gallery().querySelector(':scope > .woocommerce-product-gallery__wrapper')).not.toBeNull();
    expect(gallery().classList.contains('sf-gallery')).toBe(false);
    expect(slides().some((s) => s.hasAttribute('inert') || s.classList.contains('flex-active-slide'))).toBe(false);
    // Thumbnails' listeners are gone with them; the slides' own links are plain links again.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    slides()[0]!.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it("is right-to-left from the markup's dir at mount, and from the theme's CSS once Embla starts", async () => {
    await enhance((html) => html.replace('<div class="woocommerce-product-gallery ', '<div dir="rtl" class="woocommerce-product-gallery '));
    expect(gallery().classList.contains('sf-gallery--rtl')).toBe(true);
    expect(glyphs()).toEqual(['\u203A', '\u2039']);
    key(thumbs()[0]!, 'ArrowLeft');
    expect(active()).toBe(1);

    // No dir attribute, direction from CSS: left-to-right until Embla starts and reads the computed direction.
    await enhance((html) => html.replace('style="opacity: 0;', 'style="direction: rtl; opacity: 0;'));
    expect(gallery().classList.contains('sf-gallery--rtl')).toBe(false);
    runFrames();
    runIdle();
    reachFor();
    await startedCount(2);
    expect(embla.started.at(-1)!.options.direction).toBe('rtl');
    expect(gallery().classList.contains('sf-gallery--rtl')).toBe(true);
    expect(glyphs()).toEqual(['\u203A', '\u2039']);
    key(thumbs()[0]!, 'ArrowLeft');
    expect(active()).toBe(1);
  });
});

describe('product gallery: re-enhancing and late galleries', () => {
  beforeEach(() => {
    vi.stubGlobal('wc_single_product_params', PARAMS);
  });

  it('starts again on slides a theme put in place of the old ones', async () => {
    await mountPage(await fixtureBody('product-gallery.html'), withRest);
    reachFor();
    await vi.waitFor(() => expect(embla.started).toHaveLength(1));
    const wrapper = gallery().querySelector('.woocommerce-product-gallery__wrapper')!;
    const [first, second] = slides();
    wrapper.replaceChildren(second!.cloneNode(true), first!.cloneNode(true));
    await vi.waitFor(() => expect(thumbs()).toHaveLength(2));
    expect(thumbs().map((t) => t.getAttribute('aria-label'))).toEqual(['Linen apron, back, 1 of 2', 'Linen apron, front, 2 of 2']);
    expect(gallery().querySelectorAll('.flex-viewport')).toHaveLength(1);
    expect(gallery().querySelectorAll('.flex-control-nav')).toHaveLength(1);
    thumbs()[1]!.click();
    expect(active()).toBe(1);
    await vi.waitFor(() => expect(embla.started).toHaveLength(2));
    expect(embla.started[1]!.root).toBe(gallery().querySelector('.flex-viewport'));
  });

  it('a gallery inserted later in a hidden quick view mounts and navigates', async () => {
    const runtime = await mountPage('<div class="product"><h1 class="product_title">Linen apron</h1></div>', withRest);
    const parsed = document.createElement('template');
    parsed.innerHTML = await fixtureBody('product-gallery.html');
    const markup = parsed.content.querySelector('.woocommerce-product-gallery')!.outerHTML;
    const box = document.createElement('div');
    box.className = 'fusion-woocommerce-quick-view-container product';
    box.style.display = 'none';
    box.innerHTML = markup;
    document.body.append(box);
    await runtime.settled();
    expect(box.querySelector<HTMLElement>('.woocommerce-product-gallery')!.style.opacity).toBe('1');
    const boxThumbs = [...box.querySelectorAll<HTMLImageElement>('.flex-control-thumbs img')];
    expect(boxThumbs).toHaveLength(4);
    boxThumbs[3]!.click();
    expect(
      [...box.querySelectorAll('.woocommerce-product-gallery__image')].findIndex((s) => s.classList.contains('flex-active-slide')),
    ).toBe(3);
    await vi.waitFor(() => expect(embla.started.some((e) => box.contains(e.root))).toBe(true));
  });
});
