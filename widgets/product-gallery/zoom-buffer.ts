import { env } from '../../src/env';
import { shouldZoom, TAP_MAX_MS, TAP_SLOP } from './rules';
import { SLIDE_SELECTOR } from './slides';
import type { GalleryState } from './state';
import type { Zoom } from './zoom';

/**
 * The zoom's stand-in until its chunk is here. Mouse (and a hovering pen): the zoom follows the pointer while it
 * is over the slide. Touch (and a pen's tap): a tap pins the zoom at the tap point, one finger then pans it instead
 * of swiping the slider, and a second tap, a tap elsewhere or a slide change unpins it — WooCommerce's
 * `on: 'click'` zoom on touch devices. All of that is zoom.ts, a chunk of its own, imported when a pointer or focus
 * first reaches a zoomable slide. Until it is here, this code keeps what the shopper did: a tap on the slide
 * (≤ TAP_SLOP from where it went down, ≤ TAP_MAX_MS) is neither a swipe nor an image click (its click is
 * swallowed) and pins the zoom at the tap point once the chunk is here (a second tap meanwhile takes it back); a
 * hovering mouse or pen sees the zoom at its latest position over the slide.
 */
export interface ZoomBuffer {
  /** The zoom, once its chunk is here. */
  readonly zoom: Zoom | undefined;
  /** A tap pinned the zoom (not one waiting for the chunk): one finger pans it, the slider leaves it alone. */
  pinned(): boolean;
  /** Hide the zoom, and take back a tap waiting for the chunk. */
  hide(): void;
  /** Re-decide whether the active slide zooms (woocommerce_gallery_init_zoom, load, resize, a slide change). */
  init(): void;
}

/** 0: not asked for; 1: on its way; 2: here; 3: could not load (the gallery works without zoom). */
type ZoomState = 0 | 1 | 2 | 3;

export function createZoomBuffer(state: GalleryState, load: () => Promise<typeof import('./zoom')>): ZoomBuffer {
  const { gallery, wrapper, slideEls, settings, signal } = state;
  let zoom: Zoom | undefined;
  let zoomState: ZoomState = 0;
  /** While the chunk is on its way: the hovering mouse or pen over the active slide, and a tap waiting to pin. */
  let hoverAt: PointerEvent | undefined;
  let tapAt: PointerEvent | undefined;
  /** The click a handled tap or pan produces (here or in zoom.ts) must neither open the lightbox nor follow the link. */
  let swallowClick = false;

  const zoomableNow = (i: number): boolean => {
    const slide = state.slides[i];
    if (!slide || !settings.zoom) return false;
    return shouldZoom(true, slide.largeWidth, gallery.getBoundingClientRect().width);
  };
  const onActiveSlide = (event: Event) => (event.target as Element | null)?.closest(SLIDE_SELECTOR) === slideEls[state.index];

  const buffer: ZoomBuffer = {
    get zoom() {
      return zoom;
    },
    pinned: () => !!zoom?.pinned,
    hide() {
      tapAt = undefined;
      zoom?.hide();
    },
    init: () => zoom?.init(),
  };

  function loadZoom(): void {
    if (zoomState || !wrapper) return;
    zoomState = 1;
    load()
      .then(({ createZoom }) => {
        if (signal.aborted) return;
        const z = createZoom({
          wrapper,
          slideEls,
          magnify: settings.magnify,
          tapSlop: TAP_SLOP,
          tapMaxMs: TAP_MAX_MS,
          signal,
          index: () => state.index,
          slide: (i) => state.slides[i],
          zoomable: zoomableNow,
          dragging: () => state.dragging,
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
        state.warn('zoom', `the zoom could not load (${String(error)}); the gallery works without it`);
      });
  }

  /** A tap on the active slide; false when the tap is not the zoom's (an image click). */
  function tap(event: PointerEvent): boolean {
    if (zoom) return zoom.tap(event);
    if (tapAt) {
      tapAt = undefined;
      return true;
    }
    if (zoomState > 2 || !zoomableNow(state.index)) return false;
    tapAt = event;
    loadZoom();
    return true;
  }

  if (!settings.zoom || !wrapper) return buffer;
  // A mouse or pen comes over the slide before it presses, a finger presses, focus may come in from the keyboard:
  // the first of them on a zoomable slide asks for the chunk.
  const wantsZoom = (event: Event) => !zoomState && onActiveSlide(event) && zoomableNow(state.index);
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
  listenForTaps(state, wrapper, {
    reach,
    waiting: (event) => !zoom && event.pointerType !== 'mouse' && event.isPrimary && onActiveSlide(event),
    tap: (event) => (swallowClick = tap(event)),
    swallow: (value) => {
      const was = swallowClick;
      swallowClick = value;
      return was;
    },
    hide: buffer.hide,
  });
  state.scope.onCleanup(() => zoom?.remove());
  return buffer;
}

interface TapHooks {
  reach(event: Event): void;
  /** A press that may be a tap for the buffer: the chunk is not here yet. */
  waiting(event: PointerEvent): boolean;
  tap(event: PointerEvent): void;
  /** Set whether the next click is swallowed; returns whether it was. */
  swallow(value: boolean): boolean;
  hide(): void;
}

/** The presses on the slides before the chunk came, the click a tap leaves behind, and a tap elsewhere. */
function listenForTaps(state: GalleryState, wrapper: HTMLElement, hooks: TapHooks): void {
  const { signal, slideEls } = state;
  /** A touch or pen press on the active slide that began before the chunk came: it may be a tap. */
  let down: { id: number; x: number; y: number; at: number } | undefined;
  wrapper.addEventListener(
    'pointerdown',
    (event) => {
      hooks.swallow(false);
      hooks.reach(event);
      // Once the chunk is here, its own listeners take the presses that begin.
      down = hooks.waiting(event) ? { id: event.pointerId, x: event.clientX, y: event.clientY, at: env().now() } : undefined;
    },
    { signal },
  );
  wrapper.addEventListener(
    'pointerup',
    (event) => {
      const from = down;
      if (!from || from.id !== event.pointerId) return;
      down = undefined;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) <= TAP_SLOP && env().now() - from.at <= TAP_MAX_MS) hooks.tap(event);
    },
    { signal },
  );
  wrapper.addEventListener('pointercancel', () => (down = undefined), { signal });
  // Capturing, so it runs before the lightbox's image-click listener, which leaves a prevented click alone.
  wrapper.addEventListener(
    'click',
    (event) => {
      if (!hooks.swallow(false)) return;
      event.preventDefault();
    },
    { signal, capture: true },
  );
  // Enter on the image link is a click of its own, never the one a tap left behind.
  wrapper.addEventListener('keydown', () => hooks.swallow(false), { signal });
  // A tap anywhere else unpins, as WooCommerce's click-to-zoom does (or takes back a tap waiting for the chunk).
  document.addEventListener('pointerdown', (event) => slideEls[state.index]?.contains(event.target as Node | null) || hooks.hide(), {
    signal,
    capture: true,
  });
}
