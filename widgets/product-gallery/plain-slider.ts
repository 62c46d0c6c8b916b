import { listenLegacy } from '../../src/events/bus';
import { canMove, ROW_END, slideLabel } from './logic';
import { productTitle } from './slides';
import type { GalleryState } from './state';

/**
 * The slider FlexSlider drew, drawn by plain code at mount (the first paint needs no framework): the carousel's
 * ARIA, `.flex-viewport` around the slides, the arrows and the thumbnail strip. Drawing only: what they do when
 * pressed (controls.ts) comes with the rest of the gallery, on intent (gallery.ts).
 */
export function drawPlainSlider(state: GalleryState, goTo: (index: number) => void): void {
  const { gallery, wrapper, settings } = state;
  if (!state.useSlider || !wrapper) return;
  const viewport = drawViewport(state);
  state.viewport = viewport;
  // The shop's `directionNav` (WooCommerce prints false): FlexSlider then draws no arrows, and neither do we;
  // the thumbnails, the keys and swipes move the slides.
  if (settings.directionNav) {
    state.prevButton = drawArrow(viewport, 'prev');
    state.nextButton = drawArrow(viewport, 'next');
    setGlyphs(state);
  }
  // The shop's `controlNav`: without it FlexSlider draws no strip, and the slides move by keys and swipes.
  if (settings.controlNav) drawStrip(state, viewport, goTo);
  state.addClass(gallery, 'sf-gallery--static');
  if (settings.smoothHeight && !equalRatios(state)) state.addClass(gallery, 'sf-gallery--smooth');
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
}

/** The arrows' glyphs follow the direction (read again when Embla starts). */
export function setGlyphs(state: GalleryState): void {
  const glyph = (which: 'prev' | 'next') => ((which === 'prev') !== state.rtl ? '\u2039' : '\u203A');
  if (state.prevButton?.firstElementChild) state.prevButton.firstElementChild.textContent = glyph('prev');
  if (state.nextButton?.firstElementChild) state.nextButton.firstElementChild.textContent = glyph('next');
}

/** The slide shown, in classes and ARIA: the active marks, hidden slides, the arrows' ends. */
export function renderIndex(state: GalleryState): void {
  const { index, slideEls, useSlider, gallery } = state;
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
  if (useSlider) gallery.style.setProperty('--sf-gallery-index', String(index));
  state.thumbs().forEach((img, i) => {
    img.classList.toggle('flex-active', i === index);
    if (i === index) img.setAttribute('aria-current', 'true');
    else img.removeAttribute('aria-current');
  });
  const can = canMove(index, state.count, state.loop);
  state.prevButton?.setAttribute('aria-disabled', String(!can.prev));
  state.nextButton?.setAttribute('aria-disabled', String(!can.next));
  fitHeight(state);
}

export function fitHeight(state: GalleryState): void {
  // Before Embla starts the viewport takes the tallest slide's height; measuring here would force a layout.
  const { viewport } = state;
  if (!state.live || !viewport || !state.gallery.classList.contains('sf-gallery--smooth')) return;
  const h = state.slideEls[state.index]?.offsetHeight ?? 0;
  if (h > 0) viewport.style.height = `${h}px`;
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

function drawArrow(viewport: HTMLElement, which: 'prev' | 'next'): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `sf-gallery__nav sf-gallery__nav--${which} flex-${which}`;
  button.setAttribute('aria-label', which === 'prev' ? 'Previous image' : 'Next image');
  const glyph = document.createElement('span');
  glyph.setAttribute('aria-hidden', 'true');
  button.append(glyph);
  viewport.append(button);
  return button;
}

function drawStrip(state: GalleryState, viewport: HTMLElement, goTo: (index: number) => void): void {
  const { count, columns } = state;
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
    // itself: a theme's triggerHandler does not bubble, so no holding on the gallery sees it): from mount.
    listenLegacy(img, 'flexslider-click', () => goTo(i), state.signal);
    // Ends a row of our fallback layout (a theme's own thumbnail rules win over it).
    if ((i + 1) % columns === 0) li.className = ROW_END;
    li.append(img);
    strip.append(li);
  });
  viewport.after(strip);
  state.scope.onCleanup(() => strip.remove());
}

function equalRatios({ slides }: GalleryState): boolean {
  const first = slides[0];
  return slides.every(
    (s) => !s.width || !s.height || !first?.width || Math.abs(s.width / s.height - first.width / (first.height || 1)) < 0.01,
  );
}
