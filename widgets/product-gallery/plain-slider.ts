import { whenReleased } from '../../src/dom/press';
import { listenLegacy } from '../../src/events/bus';
import { keyToMove, ROW_END, slideLabel, swipeMove } from './logic';
import { productTitle } from './slides';
import type { GalleryState, Navigation } from './state';

/** What the plain slider lends the island that takes it over later. */
export interface PlainSlider {
  /** Runs the island's takeover of the strip now, or after the release of a press on it. */
  afterRelease(fn: () => void): void;
  /** The arrows' glyphs follow the direction (read again when Embla starts). */
  setGlyphs(): void;
}

export interface PlainSliderHooks {
  /** Ask for the slider island (idempotent). */
  start(): void;
  /** A tap pinned the zoom: one finger pans it, the slider leaves it alone. */
  pinned(): boolean;
}

/**
 * The slider FlexSlider drew, drawn by plain code at mount (the first paint needs no framework): the carousel's
 * ARIA, `.flex-viewport` around the slides, the arrows, the thumbnail strip, the keys and the first swipes.
 */
export function drawPlainSlider(state: GalleryState, nav: Navigation, hooks: PlainSliderHooks): PlainSlider {
  const { gallery, wrapper, settings, signal } = state;
  const slider: PlainSlider = {
    afterRelease: (fn) => fn(),
    setGlyphs() {
      const glyph = (which: 'prev' | 'next') => ((which === 'prev') !== state.rtl ? '\u2039' : '\u203A');
      if (state.prevButton?.firstElementChild) state.prevButton.firstElementChild.textContent = glyph('prev');
      if (state.nextButton?.firstElementChild) state.nextButton.firstElementChild.textContent = glyph('next');
    },
  };
  if (!state.useSlider || !wrapper) return slider;
  const viewport = drawViewport(state);
  state.viewport = viewport;
  // The shop's `directionNav` (WooCommerce prints false): FlexSlider then draws no arrows, and neither do we;
  // the thumbnails, the keys and swipes move the slides.
  if (settings.directionNav) {
    state.prevButton = drawArrow(state, viewport, 'prev', nav);
    state.nextButton = drawArrow(state, viewport, 'next', nav);
    slider.setGlyphs();
  }
  // The shop's `controlNav`: without it FlexSlider draws no strip, and the slides move by keys and swipes.
  if (settings.controlNav) {
    const strip = drawStrip(state, viewport, nav);
    // The island replaces the strip's images: not under a pressed button (its click would be lost).
    slider.afterRelease = whenReleased(strip, signal);
  }
  state.addClass(gallery, 'sf-gallery--static');
  gallery.style.setProperty('--sf-gallery-index', String(state.index));
  state.scope.onCleanup(() => {
    gallery.style.removeProperty('--sf-gallery-index');
    state.prevButton?.remove();
    state.nextButton?.remove();
    if (viewport.isConnected) viewport.replaceWith(wrapper);
    else viewport.remove();
    for (const el of state.slideEls) {
      el.classList.remove('flex-active-slide');
      el.removeAttribute('inert');
      el.removeAttribute('aria-hidden');
    }
  });
  state.scope.onCleanup(() => state.embla?.destroy());
  // React and Embla (which measures the slides: a forced layout on a large page) are not needed until the
  // shopper reaches for the gallery (a mouse passes over it before pressing, a finger touches it, focus comes
  // in) or something moves it: until then our own index shows the slides, so a page nobody touches loads no
  // framework for its gallery and mounting stays one short task.
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const)
    gallery.addEventListener(type, hooks.start, { signal, capture: true, passive: true });
  listenForEarlySwipes(state, wrapper, nav, hooks);
  fitHeightOnLoad(state, nav);
  listenForKeys(state, nav);
  return slider;
}

function drawViewport(state: GalleryState): HTMLElement {
  const { gallery, wrapper, settings, count, setAttr, addClass } = state;
  addClass(gallery, 'sf-gallery--slider');
  if (settings.fade) addClass(gallery, 'sf-gallery--fade');
  gallery.style.setProperty('--sf-gallery-columns', String(state.columns));
  gallery.style.setProperty('--sf-gallery-speed', `${state.reduced ? 0 : settings.animationSpeed}ms`);
  state.scope.onCleanup(() => {
    gallery.style.removeProperty('--sf-gallery-columns');
    gallery.style.removeProperty('--sf-gallery-speed');
  });

  const title = productTitle(gallery);
  setAttr(gallery, 'role', 'region');
  setAttr(gallery, 'aria-roledescription', 'carousel');
  setAttr(gallery, 'aria-label', title || 'Product images');
  setAttr(wrapper!, 'aria-live', 'polite');
  state.slideEls.forEach((el, i) => {
    setAttr(el, 'role', 'group');
    setAttr(el, 'aria-roledescription', 'slide');
    setAttr(el, 'aria-label', slideLabel(i, count));
  });
  const viewport = document.createElement('div');
  viewport.className = 'flex-viewport';
  wrapper!.before(viewport);
  viewport.append(wrapper!);
  return viewport;
}

function drawArrow(state: GalleryState, viewport: HTMLElement, which: 'prev' | 'next', nav: Navigation): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `sf-gallery__nav sf-gallery__nav--${which} flex-${which}`;
  button.setAttribute('aria-label', which === 'prev' ? 'Previous image' : 'Next image');
  const glyph = document.createElement('span');
  glyph.setAttribute('aria-hidden', 'true');
  button.append(glyph);
  button.addEventListener('click', () => nav.move(which, false), { signal: state.signal });
  viewport.append(button);
  return button;
}

function drawStrip(state: GalleryState, viewport: HTMLElement, nav: Navigation): HTMLOListElement {
  const { count, columns, signal } = state;
  const strip = document.createElement('ol');
  state.list = strip;
  strip.className = 'flex-control-nav flex-control-thumbs';
  state.slides.forEach((slide, i) => {
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
    listenLegacy(img, 'flexslider-click', () => nav.goTo(i), signal);
    // Ends a row of our fallback layout (a theme's own thumbnail rules win over it).
    if ((i + 1) % columns === 0) li.className = ROW_END;
    li.append(img);
    strip.append(li);
  });
  // One listener for every thumbnail's click and Enter/Space, before and after the island took the strip over.
  const thumbAt = (event: Event) => state.thumbs().indexOf((event.target as Element | null)?.closest?.('li > img') as HTMLImageElement);
  strip.addEventListener(
    'click',
    (event) => {
      const i = thumbAt(event);
      if (i >= 0) nav.goTo(i);
    },
    { signal },
  );
  strip.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const i = thumbAt(event);
      if (i < 0) return;
      event.preventDefault();
      nav.goTo(i);
    },
    { signal },
  );
  viewport.after(strip);
  state.scope.onCleanup(() => strip.remove());
  return strip;
}

function fitHeightOnLoad(state: GalleryState, nav: Navigation): void {
  const { slides } = state;
  const equalRatios = slides.every(
    (s) => !s.width || !s.height || !slides[0]?.width || Math.abs(s.width / s.height - slides[0].width / (slides[0].height || 1)) < 0.01,
  );
  if (!state.settings.smoothHeight || equalRatios) return;
  state.addClass(state.gallery, 'sf-gallery--smooth');
  for (const el of state.slideEls) el.querySelector('img')?.addEventListener('load', () => nav.fitHeight(), { signal: state.signal });
}

/**
 * Before Embla arrived, a drag on the slides still changes slide (the shopper's first swipe is not lost); once
 * it is live, Embla takes the drags and this stays out of the way.
 */
function listenForEarlySwipes(state: GalleryState, target: HTMLElement, nav: Navigation, hooks: PlainSliderHooks): void {
  const { signal } = state;
  let from: { id: number; x: number; y: number } | undefined;
  let swallow = false;
  target.addEventListener(
    'pointerdown',
    (event) => {
      swallow = false;
      from = !state.live && event.isPrimary && event.button === 0 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : undefined;
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
      if (!start || start.id !== event.pointerId || hooks.pinned()) return;
      const which = swipeMove(event.clientX - start.x, event.clientY - start.y, state.rtl);
      if (!which) return;
      swallow = true;
      nav.move(which, false);
    },
    { signal },
  );
  target.addEventListener('pointercancel', () => (from = undefined), { signal });
  // The browser's own image drag would take the pointer away from us.
  target.addEventListener('dragstart', (event) => (state.live && !from) || event.preventDefault(), { signal });
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

function listenForKeys(state: GalleryState, nav: Navigation): void {
  state.gallery.addEventListener(
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
      const which = keyToMove(event.key, state.rtl);
      if (!which) return;
      event.preventDefault();
      nav.move(which, true);
    },
    { signal: state.signal },
  );
}
