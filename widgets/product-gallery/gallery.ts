import type { EmblaCarouselType } from 'embla-carousel';
import type { WidgetContext } from '../../src/widget';
import type { IslandHandle } from '../../src/react/island';
import { env } from '../../src/env';
import { whenReleased } from '../../src/dom/press';
import { listenLegacy } from '../../src/events/bus';
import { errorOnce } from '../../src/log';
import { httpUrlText } from '../../src/net/url-attrs';
import type { LightboxItem } from './lightbox';
import type { ThumbStripProps } from './slider';
import {
  canMove,
  clampIndex,
  describeIssues,
  emblaDuration,
  keyToMove,
  moveIndex,
  readSlide,
  ROW_END,
  shouldZoom,
  sliderWanted,
  slideLabel,
  swipeMove,
  TAP_MAX_MS,
  TAP_SLOP,
  thumbnailColumns,
  type Move,
  type RawSlide,
  type Slide,
  type SlideIssues,
} from './logic';
import type { GallerySettings } from './settings';
import type { Zoom } from './zoom';

/**
 * The gallery on the CMS's own markup: the slides stay where WooCommerce printed them (same classes, so the
 * theme's CSS applies); the slider wraps them in `.flex-viewport` and adds `ol.flex-control-nav.flex-control-thumbs`
 * as FlexSlider did. This plain code draws all of it at mount (the first paint needs no framework) and keeps the
 * index, keys, zoom and lightbox; the React island in `slider.tsx` (thumbnail strip + embla-carousel-react) takes
 * the strip over when the shopper reaches for the gallery or it moves. Until then moves
 * and swipes run on our own index with a CSS transform. Everything added is removed again by `destroy()`.
 */
export interface GalleryController {
  readonly index: number;
  readonly count: number;
  readonly slider: boolean;
  goTo(index: number, options?: { instant?: boolean }): void;
  /** Re-read the first slide after the variation form swapped its image. */
  refreshFirstSlide(): void;
  /** Re-decide whether the active slide zooms (woocommerce_gallery_init_zoom, load, resize). */
  initZoom(): void;
  open(index: number, opener: HTMLElement | null): Promise<void>;
  destroy(): void;
}

export interface GalleryContext {
  settings: GallerySettings;
  warn: (field: string, message: string) => void;
  /** The lightbox chunk, imported on the first open only. */
  loadLightbox: () => Promise<typeof import('./lightbox')>;
  dialog: () => HTMLDialogElement;
  /** The slider island (React + embla-carousel-react); default: its chunk. */
  loadSlider?: () => Promise<typeof import('./slider')>;
  /** The zoom (zoom.ts), imported when a pointer or focus first reaches a zoomable slide; default: its chunk. */
  loadZoom?: () => Promise<typeof import('./zoom')>;
}

const SLIDE_SELECTOR = '.woocommerce-product-gallery__image, .woocommerce-product-gallery__image--placeholder';
const WATCHED = [
  'data-thumb',
  'data-thumb-alt',
  'data-thumb-srcset',
  'data-thumb-sizes',
  'href',
  'src',
  'srcset',
  'sizes',
  'alt',
  'title',
  'data-caption',
  'data-src',
  'data-large_image',
  'data-large_image_width',
  'data-large_image_height',
  'width',
  'height',
];

function rawSlide(slide: Element): RawSlide {
  const img = slide.querySelector('img:not(.zoomImg)');
  const link = slide.querySelector('a[href]');
  const attr = (el: Element | null, name: string) => el?.getAttribute(name) ?? null;
  return {
    thumb: attr(slide, 'data-thumb'),
    thumbAlt: attr(slide, 'data-thumb-alt'),
    thumbSrcset: attr(slide, 'data-thumb-srcset'),
    thumbSizes: attr(slide, 'data-thumb-sizes'),
    href: attr(link, 'href'),
    src: attr(img, 'src'),
    alt: attr(img, 'alt'),
    title: attr(img, 'title'),
    caption: attr(img, 'data-caption'),
    large: attr(img, 'data-large_image') ?? attr(img, 'data-src'),
    largeWidth: attr(img, 'data-large_image_width'),
    largeHeight: attr(img, 'data-large_image_height'),
    width: attr(img, 'width'),
    height: attr(img, 'height'),
  };
}

const isPlaceholder = (slide: Element) => slide.matches('.woocommerce-product-gallery__image--placeholder') || !slide.querySelector('img');

/** Read every slide; markup problems become one warning per attribute, naming the slides. */
export function readSlides(slideEls: readonly Element[], warn?: (field: string, message: string) => void): Slide[] {
  const issues: SlideIssues = {};
  const slides = slideEls.map((el, i) => readSlide(rawSlide(el), i + 1, isPlaceholder(el) ? {} : issues));
  if (warn) for (const { field, message } of describeIssues(issues)) warn(field, message);
  return slides;
}

function directionAttribute(el: Element): string {
  return (el.closest('[dir]')?.getAttribute('dir') ?? '').trim().toLowerCase();
}

function productTitle(gallery: Element): string {
  const scope = gallery.closest('.product') ?? document;
  return scope.querySelector('.product_title')?.textContent?.trim() ?? '';
}

export function enhanceGallery(gallery: HTMLElement, ctx: GalleryContext): GalleryController {
  const { settings } = ctx;
  const controller = new AbortController();
  const { signal } = controller;
  const undo: (() => void)[] = [];
  const wrapper = gallery.querySelector<HTMLElement>('.woocommerce-product-gallery__wrapper');
  const slideEls = wrapper ? ([...wrapper.children].filter((c) => c.matches(SLIDE_SELECTOR)) as HTMLElement[]) : [];
  let slides = readSlides(slideEls, ctx.warn);
  const count = slideEls.length;
  const reduced = env().prefersReducedMotion();
  // The markup's dir for now; the computed direction (a theme's CSS) is read when Embla starts, after a paint,
  // where it costs no forced style recalculation.
  let rtl = settings.rtl || directionAttribute(gallery) === 'rtl';
  const loop = settings.animationLoop;
  const useSlider = !!wrapper && sliderWanted(settings.slider, count, settings.allowOneSlide);
  const columns = thumbnailColumns(gallery.getAttribute('data-columns'));
  let index = 0;
  let embla: EmblaCarouselType | undefined;
  /** Embla measured and live; until then our own index drives the classes and Embla starts at it. */
  let live = false;
  let viewport: HTMLElement | undefined;
  let list: HTMLOListElement | undefined;
  /** The strip's images, whoever drew them (the plain code at mount, the island later). */
  const thumbs = (): HTMLImageElement[] => (list ? [...list.querySelectorAll<HTMLImageElement>(':scope > li > img')] : []);
  /** The island was asked for (once). */
  let started = false;
  let stripIsland: IslandHandle<ThumbStripProps> | undefined;
  /** Runs the island's takeover of the strip now, or after the release of a press on it. */
  let afterRelease: (fn: () => void) => void = (fn) => fn();
  let prevButton: HTMLButtonElement | undefined;
  let nextButton: HTMLButtonElement | undefined;
  let opening = false;

  const setAttr = (el: Element, name: string, value: string) => {
    const before = el.getAttribute(name);
    el.setAttribute(name, value);
    undo.push(() => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before)));
  };
  // The island lives and dies with this controller (a theme replacing the slides re-enhances without unmounting).
  const islandContext: WidgetContext = {
    name: 'product-gallery',
    signal,
    onCleanup: (fn) => undo.push(fn),
    timeout: (fn, ms) => {
      const id = env().setTimeout(fn, ms);
      undo.push(() => env().clearTimeout(id));
    },
    interval: (fn, ms) => {
      const id = env().setInterval(fn, ms);
      undo.push(() => env().clearInterval(id));
    },
    warn: ctx.warn,
    // The slider island asks for neither; this hand-built context goes when the gallery takes a child scope of
    // the widget's own context (issue 30).
    page: () => {
      throw new Error('product-gallery: no page services in the slider island context');
    },
    child: () => {
      throw new Error('product-gallery: no sub-scopes in the slider island context');
    },
  };
  const addClass = (el: Element, ...names: string[]) => {
    const added = names.filter((n) => !el.classList.contains(n));
    el.classList.add(...added);
    undo.push(() => el.classList.remove(...added));
  };

  addClass(gallery, 'sf-gallery');
  const hadRtlClass = gallery.classList.contains('sf-gallery--rtl');
  gallery.classList.toggle('sf-gallery--rtl', rtl || hadRtlClass);
  undo.push(() => gallery.classList.toggle('sf-gallery--rtl', hadRtlClass));

  // ---- slider ------------------------------------------------------------------------------------------------
  if (useSlider && wrapper) {
    addClass(gallery, 'sf-gallery--slider');
    if (settings.fade) addClass(gallery, 'sf-gallery--fade');
    gallery.style.setProperty('--sf-gallery-columns', String(columns));
    gallery.style.setProperty('--sf-gallery-speed', `${reduced ? 0 : settings.animationSpeed}ms`);
    undo.push(() => {
      gallery.style.removeProperty('--sf-gallery-columns');
      gallery.style.removeProperty('--sf-gallery-speed');
    });

    const title = productTitle(gallery);
    setAttr(gallery, 'role', 'region');
    setAttr(gallery, 'aria-roledescription', 'carousel');
    setAttr(gallery, 'aria-label', title || 'Product images');
    setAttr(wrapper, 'aria-live', 'polite');
    slideEls.forEach((el, i) => {
      setAttr(el, 'role', 'group');
      setAttr(el, 'aria-roledescription', 'slide');
      setAttr(el, 'aria-label', slideLabel(i, count));
    });

    viewport = document.createElement('div');
    viewport.className = 'flex-viewport';
    wrapper.before(viewport);
    viewport.append(wrapper);

    const nav = (which: 'prev' | 'next') => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `sf-gallery__nav sf-gallery__nav--${which} flex-${which}`;
      button.setAttribute('aria-label', which === 'prev' ? 'Previous image' : 'Next image');
      const glyph = document.createElement('span');
      glyph.setAttribute('aria-hidden', 'true');
      button.append(glyph);
      button.addEventListener('click', () => move(which, false), { signal });
      viewport!.append(button);
      return button;
    };
    // The shop's `directionNav` (WooCommerce prints false): FlexSlider then draws no arrows, and neither do we;
    // the thumbnails, the keys and swipes move the slides.
    if (settings.directionNav) {
      prevButton = nav('prev');
      nextButton = nav('next');
      setGlyphs();
    }
  }
  // The shop's `controlNav`: without it FlexSlider draws no strip, and the slides move by keys and swipes.
  if (useSlider && wrapper && viewport && settings.controlNav) {
    const strip = document.createElement('ol');
    list = strip;
    strip.className = 'flex-control-nav flex-control-thumbs';
    slides.forEach((slide, i) => {
      const li = document.createElement('li');
      const img = document.createElement('img');
      // Lazy before the source is set, so the thumbnails below the fold do not load with the page.
      img.loading = 'lazy';
      img.src = slide.thumb;
      if (slide.thumbSrcset) img.srcset = slide.thumbSrcset;
      if (slide.thumbSizes) img.sizes = slide.thumbSizes;
      const label = slide.thumbAlt ? `${slide.thumbAlt}, ${slideLabel(i, count)}` : slideLabel(i, count);
      // An image with an empty alt may take no role: give the button image a text alternative either way.
      img.alt = slide.thumbAlt || label;
      img.setAttribute('role', 'button');
      img.setAttribute('tabindex', '0');
      img.setAttribute('aria-label', label);
      img.draggable = false;
      // The variation form clicks a thumbnail that already shows the variation's image this way (on the image
      // itself: a theme's triggerHandler does not bubble).
      listenLegacy(img, 'flexslider-click', () => goTo(i), signal);
      // Ends a row of our fallback layout (a theme's own thumbnail rules win over it).
      if ((i + 1) % columns === 0) li.className = ROW_END;
      li.append(img);
      strip.append(li);
    });
    // One listener for every thumbnail's click and Enter/Space, before and after the island took the strip over.
    const thumbAt = (event: Event) => thumbs().indexOf((event.target as Element | null)?.closest?.('li > img') as HTMLImageElement);
    strip.addEventListener(
      'click',
      (event) => {
        const i = thumbAt(event);
        if (i >= 0) goTo(i);
      },
      { signal },
    );
    // The island replaces the strip's images: not under a pressed button (its click would be lost).
    afterRelease = whenReleased(strip, signal);
    strip.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        const i = thumbAt(event);
        if (i < 0) return;
        event.preventDefault();
        goTo(i);
      },
      { signal },
    );
    viewport.after(strip);
    undo.push(() => strip.remove());
  }
  if (useSlider && wrapper && viewport) {
    addClass(gallery, 'sf-gallery--static');
    setIndexProperty();

    undo.push(() => {
      gallery.style.removeProperty('--sf-gallery-index');
      prevButton?.remove();
      nextButton?.remove();
      if (viewport?.isConnected) viewport.replaceWith(wrapper);
      else viewport?.remove();
      for (const el of slideEls) {
        el.classList.remove('flex-active-slide');
        el.removeAttribute('inert');
        el.removeAttribute('aria-hidden');
      }
    });

    undo.push(() => embla?.destroy());
    // React and Embla (which measures the slides: a forced layout on a large page) are not needed until the
    // shopper reaches for the gallery (a mouse passes over it before pressing, a finger touches it, focus comes
    // in) or something moves it: until then our own index shows the slides, so a page nobody touches loads no
    // framework for its gallery and mounting stays one short task.
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const)
      gallery.addEventListener(type, startSlider, { signal, capture: true, passive: true });
    listenForEarlySwipes(wrapper);

    const equalRatios = slides.every(
      (s) => !s.width || !s.height || !slides[0]?.width || Math.abs(s.width / s.height - slides[0].width / (slides[0].height || 1)) < 0.01,
    );
    if (settings.smoothHeight && !equalRatios) {
      addClass(gallery, 'sf-gallery--smooth');
      for (const el of slideEls) el.querySelector('img')?.addEventListener('load', () => fitHeight(), { signal });
    }
  }

  function setGlyphs(): void {
    const glyph = (which: 'prev' | 'next') => ((which === 'prev') !== rtl ? '\u2039' : '\u203A');
    if (prevButton?.firstElementChild) prevButton.firstElementChild.textContent = glyph('prev');
    if (nextButton?.firstElementChild) nextButton.firstElementChild.textContent = glyph('next');
  }

  /** Ask for the slider island and hand it the strip and Embla, at the slide we show (idempotent). */
  function startSlider(): void {
    if (started || signal.aborted || !viewport || !list) return;
    started = true;
    const computedRtl = settings.rtl || getComputedStyle(gallery).direction === 'rtl';
    if (computedRtl !== rtl) {
      rtl = computedRtl;
      gallery.classList.toggle('sf-gallery--rtl', rtl || hadRtlClass);
      setGlyphs();
    }
    const options = {
      direction: rtl ? ('rtl' as const) : ('ltr' as const),
      // A fade jumps the row and fades the slide in (CSS): Embla does not slide it.
      duration: emblaDuration(settings.fade ? 0 : settings.animationSpeed, reduced),
      loop,
      align: 'start' as const,
      containScroll: 'keepSnaps' as const,
      skipSnaps: false,
      startIndex: index,
      // While a tap has pinned the zoom, one finger pans the zoomed image: Embla must not take it as a swipe.
      watchDrag: () => !pinned(),
    };
    // Our own index stays the truth without the island: thumbnails, keys, swipes, ARIA and the lightbox keep working.
    const failed = (error: unknown) => errorOnce('product-gallery', 'the slider could not load; the gallery works without it.', error);
    const takeOver = ({ mountThumbStrip }: typeof import('./slider')) => {
      if (signal.aborted || !viewport || !list) return;
      const focused = thumbs().indexOf(document.activeElement as HTMLImageElement);
      const views = thumbs().map((img) => ({
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset') ?? '',
        sizes: img.getAttribute('sizes') ?? '',
        alt: img.alt,
        label: img.getAttribute('aria-label') ?? '',
        itemClass: img.parentElement?.className ?? '',
      }));
      options.startIndex = index;
      stripIsland = mountThumbStrip(
        list,
        { thumbs: views, viewport, options, onEmbla: attachEmbla, onThumbnailClick: (i) => goTo(i) },
        islandContext,
      );
      // Same task as the takeover: the active marks and the keyboard focus are where they were.
      render();
      if (focused >= 0) thumbs()[focused]?.focus({ preventScroll: true });
    };
    (ctx.loadSlider ?? (() => import('./slider')))()
      .then((slider) =>
        afterRelease(() => {
          try {
            takeOver(slider);
          } catch (error) {
            failed(error);
          }
        }),
      )
      .catch(failed);
  }

  /** The island's Embla is live (or gone): follow it, and let it follow us. */
  function attachEmbla(api: EmblaCarouselType | undefined): void {
    if (api === embla || signal.aborted) return;
    embla = api;
    live = !!api;
    gallery.classList.toggle('sf-gallery--static', !api);
    if (!api) return;
    // A drag wins over the hover zoom: hide it while the slides move.
    api.on('pointerDown', () => {
      dragging = true;
      // Not hideZoom(): a tap waiting for the zoom's chunk is not taken back by the press that may be a second tap.
      zoom?.hide();
    });
    api.on('pointerUp', () => {
      dragging = false;
    });
    api.on('select', () => {
      if (embla !== api) return;
      // Without layout (tests, a hidden quick view) Embla has no snaps: our own index stays the truth.
      if (api.scrollSnapList().length !== count) return;
      const selected = api.selectedScrollSnap();
      if (selected !== index) apply(selected, false);
    });
    if (api.scrollSnapList().length === count && api.selectedScrollSnap() !== index) api.scrollTo(index, true);
    fitHeight();
  }

  /**
   * Before Embla arrived, a drag on the slides still changes slide (the shopper's first swipe is not lost); once
   * it is live, Embla takes the drags and this stays out of the way.
   */
  function listenForEarlySwipes(target: HTMLElement): void {
    let from: { id: number; x: number; y: number } | undefined;
    let swallow = false;
    target.addEventListener(
      'pointerdown',
      (event) => {
        swallow = false;
        from = !live && event.isPrimary && event.button === 0 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : undefined;
      },
      { signal },
    );
    target.addEventListener(
      'pointerup',
      (event) => {
        const start = from;
        from = undefined;
        // A press that began before Embla went live is ours to finish: Embla never saw its pointerdown (the island
        // can arrive mid-drag, the shopper's reaching for the gallery being what asked for it).
        if (!start || start.id !== event.pointerId || pinned()) return;
        const which = swipeMove(event.clientX - start.x, event.clientY - start.y, rtl);
        if (!which) return;
        swallow = true;
        move(which, false);
      },
      { signal },
    );
    target.addEventListener('pointercancel', () => (from = undefined), { signal });
    // The browser's own image drag would take the pointer away from us.
    target.addEventListener('dragstart', (event) => (live && !from) || event.preventDefault(), { signal });
    // The click that ends a swipe is not an image click.
    target.addEventListener(
      'click',
      (event) => {
        if (!swallow) return;
        swallow = false;
        event.preventDefault();
      },
      { signal, capture: true },
    );
  }

  function setIndexProperty(): void {
    gallery.style.setProperty('--sf-gallery-index', String(index));
  }

  // ---- rendering state ---------------------------------------------------------------------------------------
  function fitHeight(): void {
    // Before Embla starts the viewport takes the tallest slide's height; measuring here would force a layout.
    if (!live || !viewport || !gallery.classList.contains('sf-gallery--smooth')) return;
    const h = slideEls[index]?.offsetHeight ?? 0;
    if (h > 0) viewport.style.height = `${h}px`;
  }

  function render(): void {
    slideEls.forEach((el, i) => {
      const active = i === index;
      el.classList.toggle('flex-active-slide', active);
      if (!useSlider) return;
      // Only the shown slide is reachable: hidden slides' links would scroll the viewport under the user.
      if (active) {
        el.removeAttribute('inert');
        el.removeAttribute('aria-hidden');
      } else {
        el.setAttribute('inert', '');
        el.setAttribute('aria-hidden', 'true');
      }
    });
    if (useSlider) setIndexProperty();
    thumbs().forEach((img, i) => {
      img.classList.toggle('flex-active', i === index);
      if (i === index) img.setAttribute('aria-current', 'true');
      else img.removeAttribute('aria-current');
    });
    const can = canMove(index, count, loop);
    prevButton?.setAttribute('aria-disabled', String(!can.prev));
    nextButton?.setAttribute('aria-disabled', String(!can.next));
    fitHeight();
  }

  function apply(next: number, scroll: boolean, instant = false): void {
    // Moving before the island arrived (a thumbnail, a key, the variation form): the CSS transform shows the move
    // now, and the island is asked for, to start at the slide shown.
    if (scroll && useSlider) startSlider();
    const previous = index;
    const focused = document.activeElement;
    const focusInSlide = !!focused && !!slideEls[previous]?.contains(focused);
    index = next;
    if (scroll && embla) embla.scrollTo(next, instant || reduced);
    render();
    hideZoom();
    initZoom();
    if (focusInSlide && previous !== next) {
      const target = slideEls[next]?.querySelector<HTMLElement>('a[href], button, [tabindex]');
      target?.focus({ preventScroll: true });
    }
  }

  function goTo(target: number, options: { instant?: boolean } = {}): void {
    const next = clampIndex(target, count, loop);
    if (next === index) {
      if (embla && embla.scrollSnapList().length === count && embla.selectedScrollSnap() !== next)
        embla.scrollTo(next, options.instant || reduced);
      return;
    }
    apply(next, true, options.instant);
  }

  function move(which: Move, fromKeyboard: boolean): void {
    const focusInThumbs = thumbs().some((t) => t === document.activeElement);
    goTo(moveIndex(index, count, which, loop));
    if (fromKeyboard && focusInThumbs) thumbs()[index]?.focus();
  }

  if (useSlider) {
    gallery.addEventListener(
      'keydown',
      (event) => {
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        const target = event.target as Element | null;
        if (
          !target ||
          target.closest('input, select, textarea, [contenteditable]') ||
          target.closest('.woocommerce-product-gallery__trigger')
        )
          return;
        const which = keyToMove(event.key, rtl);
        if (!which) return;
        event.preventDefault();
        move(which, true);
      },
      { signal },
    );
  }

  // ---- zoom --------------------------------------------------------------------------------------------------
  // Mouse (and a hovering pen): the zoom follows the pointer while it is over the slide. Touch (and a pen's tap):
  // a tap pins the zoom at the tap point, one finger then pans it instead of swiping the slider, and a second tap,
  // a tap elsewhere or a slide change unpins it — WooCommerce's `on: 'click'` zoom on touch devices.
  // All of that is zoom.ts, a chunk of its own, imported when a pointer or focus first reaches a zoomable slide.
  // Until it is here, this code keeps what the shopper did: a tap on the slide (≤ TAP_SLOP from where it went down,
  // ≤ TAP_MAX_MS) is neither a swipe nor an image click (its click is swallowed) and pins the zoom at the tap point
  // once the chunk is here (a second tap meanwhile takes it back); a hovering mouse or pen sees the zoom at its
  // latest position over the slide.
  let zoom: Zoom | undefined;
  /** 0: not asked for; 1: on its way; 2: here; 3: could not load (the gallery works without zoom). */
  let zoomState = 0;
  /** While the chunk is on its way: the hovering mouse or pen over the active slide, and a tap waiting to pin. */
  let hoverAt: PointerEvent | undefined;
  let tapAt: PointerEvent | undefined;
  let dragging = false;
  /** The click a handled tap or pan produces (here or in zoom.ts) must neither open the lightbox nor follow the link. */
  let swallowClick = false;

  function zoomableNow(i: number): boolean {
    const slide = slides[i];
    if (!slide || !settings.zoom) return false;
    return shouldZoom(true, slide.largeWidth, gallery.getBoundingClientRect().width);
  }

  /** A tap pinned the zoom (not one waiting for the chunk): one finger pans it, the slider leaves it alone. */
  function pinned(): boolean {
    return !!zoom?.pinned;
  }

  function hideZoom(): void {
    tapAt = undefined;
    zoom?.hide();
  }

  function initZoom(): void {
    zoom?.init();
  }

  const onActiveSlide = (event: Event) => (event.target as Element | null)?.closest(SLIDE_SELECTOR) === slideEls[index];

  function loadZoom(): void {
    if (zoomState || !wrapper) return;
    zoomState = 1;
    (ctx.loadZoom ?? (() => import('./zoom')))()
      .then(({ createZoom }) => {
        if (signal.aborted) return;
        const z = createZoom({
          wrapper,
          slideEls,
          magnify: settings.magnify,
          tapSlop: TAP_SLOP,
          tapMaxMs: TAP_MAX_MS,
          signal,
          index: () => index,
          slide: (i) => slides[i],
          zoomable: zoomableNow,
          dragging: () => dragging,
          onActiveSlide,
          swallowClick: () => (swallowClick = true),
        });
        zoom = z;
        zoomState = 2;
        if (tapAt) z.tap(tapAt);
        else if (hoverAt) z.hover(hoverAt);
        tapAt = hoverAt = undefined;
      })
      .catch((error: unknown) => {
        zoomState = 3;
        tapAt = hoverAt = undefined;
        ctx.warn('zoom', `the zoom could not load (${String(error)}); the gallery works without it`);
      });
  }

  /** A tap on the active slide; false when the tap is not the zoom's (an image click). */
  function tap(event: PointerEvent): boolean {
    if (zoom) return zoom.tap(event);
    if (tapAt) {
      tapAt = undefined;
      return true;
    }
    if (zoomState > 2 || !zoomableNow(index)) return false;
    tapAt = event;
    loadZoom();
    return true;
  }

  if (settings.zoom && wrapper) {
    /** A touch or pen press on the active slide that began before the chunk came: it may be a tap. */
    let down: { id: number; x: number; y: number; at: number } | undefined;
    // A mouse or pen comes over the slide before it presses, a finger presses, focus may come in from the keyboard:
    // the first of them on a zoomable slide asks for the chunk.
    const wantsZoom = (event: Event) => !zoomState && onActiveSlide(event) && zoomableNow(index);
    const reach = (event: Event) => wantsZoom(event) && loadZoom();
    /** A hover asks in a task of its own: it may come inside a rendering frame (the slide appearing under a pointer at rest, as in a quick view), which need not also start the chunk's request. */
    let asking = false;
    const follow = (event: PointerEvent) => {
      // A finger has no hover; its pointerdown asks (and a swipe's moves read no layout).
      if (event.pointerType === 'touch') return;
      if (!asking && wantsZoom(event)) {
        asking = true;
        void env()
          .yieldTask()
          .then(() => {
            asking = false;
            if (!signal.aborted) loadZoom();
          });
      }
      if (!zoom) hoverAt = onActiveSlide(event) ? event : undefined;
    };
    wrapper.addEventListener('focusin', reach, { signal });
    wrapper.addEventListener('pointerover', follow, { signal });
    wrapper.addEventListener('pointermove', follow, { signal });
    wrapper.addEventListener('pointerleave', () => (hoverAt = undefined), { signal });
    wrapper.addEventListener(
      'pointerdown',
      (event) => {
        swallowClick = false;
        reach(event);
        // Once the chunk is here, its own listeners take the presses that begin.
        down =
          !zoom && event.pointerType !== 'mouse' && event.isPrimary && onActiveSlide(event)
            ? { id: event.pointerId, x: event.clientX, y: event.clientY, at: env().now() }
            : undefined;
      },
      { signal },
    );
    wrapper.addEventListener(
      'pointerup',
      (event) => {
        const from = down;
        if (!from || from.id !== event.pointerId) return;
        down = undefined;
        if (Math.hypot(event.clientX - from.x, event.clientY - from.y) <= TAP_SLOP && env().now() - from.at <= TAP_MAX_MS)
          swallowClick = tap(event);
      },
      { signal },
    );
    wrapper.addEventListener('pointercancel', () => (down = undefined), { signal });
    // Capturing, so it runs before the lightbox's image-click listener, which leaves a prevented click alone.
    wrapper.addEventListener(
      'click',
      (event) => {
        if (!swallowClick) return;
        swallowClick = false;
        event.preventDefault();
      },
      { signal, capture: true },
    );
    // Enter on the image link is a click of its own, never the one a tap left behind.
    wrapper.addEventListener('keydown', () => (swallowClick = false), { signal });
    // A tap anywhere else unpins, as WooCommerce's click-to-zoom does (or takes back a tap waiting for the chunk).
    document.addEventListener('pointerdown', (event) => slideEls[index]?.contains(event.target as Node | null) || hideZoom(), {
      signal,
      capture: true,
    });
    undo.push(() => zoom?.remove());
  }

  let resizeQueued = false;
  const onResize = () => {
    if (resizeQueued) return;
    resizeQueued = true;
    env().frame(() => {
      resizeQueued = false;
      initZoom();
      fitHeight();
    });
  };
  window.addEventListener('resize', onResize, { signal });
  if (document.readyState !== 'complete') window.addEventListener('load', onResize, { signal, once: true });

  // ---- lightbox ----------------------------------------------------------------------------------------------
  const trigger = setUpTrigger();

  function setUpTrigger(): HTMLElement | undefined {
    let el = gallery.querySelector<HTMLElement>('.woocommerce-product-gallery__trigger');
    if (!settings.photoswipe || count === 0 || slides.every((s, i) => !s.large || isPlaceholder(slideEls[i]!))) return undefined;
    if (!el && settings.zoom) {
      el = document.createElement('a');
      el.setAttribute('href', '#');
      el.className = 'woocommerce-product-gallery__trigger';
      const icon = document.createElement('span');
      icon.setAttribute('aria-hidden', 'true');
      icon.textContent = '\u{1F50D}';
      el.append(icon);
      gallery.prepend(el);
      const created = el;
      undo.push(() => created.remove());
    }
    if (!el) return undefined;
    // A link that opens a dialog is a button: keep WooCommerce's class and element, give it button semantics.
    if (el instanceof HTMLAnchorElement) {
      if (!el.hasAttribute('href')) setAttr(el, 'href', '#');
      setAttr(el, 'role', 'button');
    }
    setAttr(el, 'aria-haspopup', 'dialog');
    setAttr(el, 'aria-controls', ctx.dialog().id);
    setAttr(el, 'aria-label', settings.triggerText);
    el.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        void open(index, el);
      },
      { signal },
    );
    el.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== ' ' || el instanceof HTMLButtonElement) return;
        event.preventDefault();
        void open(index, el);
      },
      { signal },
    );
    return el;
  }

  // With the magnifier and the slider, WooCommerce opens the lightbox from the magnifier only: an image click
  // neither navigates nor opens it (a drag on the slider ends in one), and the image links leave the tab order,
  // so the keyboard reaches one control that works instead of a link that does nothing.
  const imagesOpen = !(trigger && useSlider);
  if (settings.photoswipe && wrapper && !imagesOpen) {
    for (const link of wrapper.querySelectorAll<HTMLElement>(
      '.woocommerce-product-gallery__image a[href], .woocommerce-product-gallery__image--placeholder a[href]',
    ))
      setAttr(link, 'tabindex', '-1');
  }
  if (settings.photoswipe && wrapper) {
    wrapper.addEventListener(
      'click',
      (event) => {
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        const slide = (event.target as Element | null)?.closest(SLIDE_SELECTOR);
        const i = slide ? slideEls.indexOf(slide as HTMLElement) : -1;
        if (i < 0 || isPlaceholder(slide!)) return;
        event.preventDefault();
        if (!imagesOpen) return;
        const link = slide!.querySelector<HTMLElement>('a[href]');
        void open(i, link ?? trigger ?? null);
      },
      { signal },
    );
  }

  function lightboxItems(): LightboxItem[] {
    slides = readSlides(slideEls);
    return slides.map((s) => ({
      src: s.large,
      width: s.largeWidth,
      height: s.largeHeight,
      fallbackWidth: s.width,
      fallbackHeight: s.height,
      alt: s.alt,
      caption: s.caption,
    }));
  }

  /**
   * The fallback runs inside open()'s catch: nothing here may throw (a sandboxed frame refuses navigation, a
   * value may be no http(s) URL), or the click would end in an unhandled rejection and the opening flag stuck.
   */
  function openImageItself(src: string | undefined): void {
    const url = httpUrlText(src, document.baseURI);
    if (!url) {
      ctx.warn('data-large_image', 'the image to open is not an http(s) URL; the gallery stays as it is');
      return;
    }
    try {
      window.location.assign(url);
    } catch (error) {
      ctx.warn('data-large_image', `the image could not be opened (${String(error)}); the gallery stays as it is`);
    }
  }

  async function open(at: number, opener: HTMLElement | null): Promise<void> {
    if (opening || !settings.photoswipe || count === 0) return;
    opening = true;
    hideZoom();
    const items = lightboxItems();
    try {
      const { openLightbox } = await ctx.loadLightbox();
      if (signal.aborted) return;
      await openLightbox({
        items,
        index: clampIndex(at, count),
        dialog: ctx.dialog(),
        opener,
        showAnimationDuration: settings.showAnimationDuration,
        hideAnimationDuration: settings.hideAnimationDuration,
        onClosed: (last) => {
          if (!signal.aborted && useSlider) goTo(last, { instant: true });
        },
      });
    } catch (error) {
      // The lightbox could not load (offline, a replaced deploy): show the image the way the page would without us.
      errorOnce('product-gallery', 'the lightbox could not load; opening the image itself.', error);
      openImageItself(items[clampIndex(at, count)]?.src);
    } finally {
      opening = false;
    }
  }

  // ---- following the variation form ---------------------------------------------------------------------------
  let lastThumb = slides[0]?.thumb ?? '';
  function refreshFirstSlide(): void {
    const first = slideEls[0];
    if (!first) return;
    const [fresh] = readSlides([first]);
    if (!fresh) return;
    slides = [fresh, ...slides.slice(1)];
    const thumb = thumbs()[0];
    // The form updates the first thumbnail itself (to the smaller gallery thumbnail); only follow data-thumb
    // when nobody touched the thumbnail.
    if (thumb && fresh.thumb !== lastThumb && thumb.getAttribute('src') === lastThumb) {
      // Once the island drew the strip, the thumbnail is its to render.
      if (stripIsland)
        stripIsland.update((p) => ({
          ...p,
          thumbs: p.thumbs.map((t, i) => (i === 0 ? { ...t, src: fresh.thumb, srcset: fresh.thumbSrcset } : t)),
        }));
      else {
        thumb.src = fresh.thumb;
        if (fresh.thumbSrcset) thumb.srcset = fresh.thumbSrcset;
        else thumb.removeAttribute('srcset');
      }
    }
    lastThumb = fresh.thumb;
    zoom?.init(0);
    fitHeight();
  }

  let refreshQueued = false;
  const queueRefresh = () => {
    if (refreshQueued) return;
    refreshQueued = true;
    env().frame(() => {
      refreshQueued = false;
      if (!signal.aborted) refreshFirstSlide();
    });
  };
  if (slideEls[0] && typeof MutationObserver === 'function') {
    const mo = new MutationObserver((records) => {
      if (records.some((r) => !(r.target instanceof Element && r.target.classList.contains('zoomImg')))) queueRefresh();
    });
    mo.observe(slideEls[0], { attributes: true, attributeFilter: WATCHED, subtree: true });
    undo.push(() => mo.disconnect());
  }

  render();

  return {
    get index() {
      return index;
    },
    count,
    slider: useSlider,
    goTo,
    refreshFirstSlide: queueRefresh,
    initZoom,
    open,
    destroy() {
      controller.abort();
      for (const fn of undo.splice(0).reverse()) {
        try {
          fn();
        } catch {
          /* keep undoing the rest */
        }
      }
      if (viewport) viewport.style.height = '';
    },
  };
}
