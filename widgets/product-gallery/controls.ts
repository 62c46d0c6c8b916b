import { whenReleased } from '../../src/dom/press';
import { galleryKey } from './hold';
import { swipeMove } from './rules';
import type { GalleryState, Navigation } from './state';

export interface ControlHooks {
  /** Ask for the slider island (idempotent). */
  start(): void;
  /** A tap pinned the zoom: one finger pans it, the slider leaves it alone. */
  pinned(): boolean;
}

/**
 * What the plain slider's arrows, thumbnails, keys and first swipes do: wired with the rest of the gallery, over
 * the markup plain-slider.ts drew at mount. Returns when the island may take the strip over: not under a pressed
 * thumbnail (its click would be lost).
 */
export function wireControls(state: GalleryState, nav: Navigation, hooks: ControlHooks): (fn: () => void) => void {
  const { gallery, wrapper, signal, list } = state;
  if (!state.useSlider || !wrapper) return (fn) => fn();
  state.prevButton?.addEventListener('click', () => nav.move('prev', false), { signal });
  state.nextButton?.addEventListener('click', () => nav.move('next', false), { signal });
  if (list) wireStrip(state, list, nav);
  // React and Embla (which measures the slides: a forced layout on a large page) are not needed until the
  // shopper reaches for the gallery (a mouse passes over it before pressing, a finger touches it, focus comes
  // in) or something moves it: until then our own index shows the slides, so a page nobody touches loads no
  // framework for its gallery.
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const)
    gallery.addEventListener(type, hooks.start, { signal, capture: true, passive: true });
  listenForEarlySwipes(state, wrapper, nav, hooks);
  if (gallery.classList.contains('sf-gallery--smooth'))
    for (const el of state.slideEls) el.querySelector('img')?.addEventListener('load', () => nav.fitHeight(), { signal });
  listenForKeys(state, nav);
  return list ? whenReleased(list, signal) : (fn) => fn();
}

function wireStrip(state: GalleryState, strip: HTMLOListElement, nav: Navigation): void {
  const { signal } = state;
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
}

/**
 * Before Embla arrived, a drag on the slides still changes slide (the shopper's first swipe is not lost); once
 * it is live, Embla takes the drags and this stays out of the way.
 */
function listenForEarlySwipes(state: GalleryState, target: HTMLElement, nav: Navigation, hooks: ControlHooks): void {
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
      const which = galleryKey(event, state.rtl);
      if (!which) return;
      event.preventDefault();
      nav.move(which, true);
    },
    { signal: state.signal },
  );
}
