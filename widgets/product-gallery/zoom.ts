import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import type { Slide } from './logic';

/**
 * The zoom itself, a chunk of its own: `gallery.ts` imports it when a pointer or focus first reaches a zoomable
 * slide (never at load). It draws `img.zoomImg` in the active slide, follows the mouse (or a hovering pen), pins
 * the zoom where a tap asked for it and pans it with one finger (instead of swiping the slider); a second tap
 * unpins it, and so do a tap elsewhere on the page and a slide change (gallery.ts calls `hide`). Gallery.ts keeps just enough to
 * tell a tap made before this chunk arrived from a swipe, and hands it over here once it is.
 */
export const ZOOM_CSS = `
.sf-gallery .zoomImg{position:absolute;top:0;left:0;max-width:none!important;max-height:none!important;border:0;opacity:0;pointer-events:none;transition:opacity .12s linear}
.sf-gallery .zoomImg.sf-zoom--on{opacity:1}
.sf-gallery .sf-zoom--pinned{touch-action:pinch-zoom}
@media (prefers-reduced-motion: reduce){.sf-gallery .zoomImg{transition:none}}
`;

/** What the gallery lends the zoom: its slides, the shown index and its rules. */
export interface ZoomHost {
  wrapper: HTMLElement;
  slideEls: readonly HTMLElement[];
  magnify: number;
  /** logic.ts's TAP_SLOP and TAP_MAX_MS (handed over: importing them would tie this chunk to the gallery's). */
  tapSlop: number;
  tapMaxMs: number;
  signal: AbortSignal;
  index(): number;
  slide(i: number): Slide | undefined;
  /** `zoom_enabled` and the slide's large image is wider than the gallery. */
  zoomable(i: number): boolean;
  /** The slider is being dragged: no hover zoom meanwhile. */
  dragging(): boolean;
  /** The event happened on the active slide. */
  onActiveSlide(event: Event): boolean;
  /** The click this press produces must neither open the lightbox nor follow the image link (gallery.ts takes it). */
  swallowClick(): void;
}

export interface Zoom {
  /** A tap pinned the zoom: hover rules (pointerleave, a pen hovering) leave it alone, one finger pans it. */
  readonly pinned: boolean;
  /** The mouse (or a hovering pen) over the active slide: show the zoom there. */
  hover(event: PointerEvent): void;
  /** A tap on the active slide: pin the zoom there, or unpin it. False when the tap is not the zoom's. */
  tap(event: PointerEvent): boolean;
  hide(): void;
  /** Re-decide whether the active slide zooms; `stale`: a slide whose image was swapped. */
  init(stale?: number): void;
  remove(): void;
}

/**
 * Where the zoom image sits so the point under the pointer stays under it: the pointer's fraction of the box
 * maps to the same fraction of the overflow. Clamped so the image always covers the box.
 */
export function zoomOffset(
  pointerX: number,
  pointerY: number,
  box: { width: number; height: number },
  zoom: { width: number; height: number },
): { left: number; top: number } {
  const fx = box.width > 0 ? Math.min(Math.max(pointerX / box.width, 0), 1) : 0;
  const fy = box.height > 0 ? Math.min(Math.max(pointerY / box.height, 0), 1) : 0;
  return { left: -fx * Math.max(0, zoom.width - box.width), top: -fy * Math.max(0, zoom.height - box.height) };
}

/**
 * A finger panning the tap-zoomed image moves it with the finger (direct manipulation, as photos on a phone),
 * not by the hover rule's pointer fraction: the image does not jump where the next drag starts. Clamped so the
 * image always covers the box.
 */
export function panOffset(
  current: { left: number; top: number },
  dx: number,
  dy: number,
  box: { width: number; height: number },
  zoom: { width: number; height: number },
): { left: number; top: number } {
  // `+ 0` turns -0 into 0 for a style value.
  const clamp = (v: number, overflow: number) => Math.min(0, Math.max(-Math.max(0, overflow), v)) + 0;
  return { left: clamp(current.left + dx, zoom.width - box.width), top: clamp(current.top + dy, zoom.height - box.height) };
}

/** The zoom's side of a press, for the listeners that tell a tap from a pan. */
interface PressTarget {
  pinned(): boolean;
  unpin(): void;
  hover(event: PointerEvent): void;
  tap(event: PointerEvent): boolean;
  hide(): void;
  /** One finger moved the pinned zoom by (dx, dy). */
  pan(dx: number, dy: number): void;
}

/** Touch and pen presses on the slides: a tap pins or unpins the zoom, a move while pinned pans it. */
function listenForPresses(host: ZoomHost, zoom: PressTarget): void {
  const { wrapper, signal, onActiveSlide } = host;
  /** The touch or pen press on the active slide that may become a tap or a pan. */
  let press: { id: number; x: number; y: number; lastX: number; lastY: number; at: number; moved: boolean } | undefined;
  wrapper.addEventListener(
    'pointerdown',
    (event) => {
      if (event.pointerType === 'mouse') return;
      // A second finger makes the gesture a pinch, not a tap.
      if (!event.isPrimary) {
        if (press) press.moved = true;
        return;
      }
      press = onActiveSlide(event)
        ? {
            id: event.pointerId,
            x: event.clientX,
            y: event.clientY,
            lastX: event.clientX,
            lastY: event.clientY,
            at: env().now(),
            moved: false,
          }
        : undefined;
    },
    { signal },
  );
  wrapper.addEventListener(
    'pointermove',
    (event) => {
      if (press && event.pointerId === press.id) {
        if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > host.tapSlop) press.moved = true;
        zoom.pan(event.clientX - press.lastX, event.clientY - press.lastY);
        press.lastX = event.clientX;
        press.lastY = event.clientY;
        return;
      }
      // The mouse of a hybrid device takes over from a pinned touch zoom.
      if (event.pointerType === 'mouse' && zoom.pinned()) zoom.unpin();
      if (onActiveSlide(event)) zoom.hover(event);
    },
    { signal },
  );
  wrapper.addEventListener(
    'pointerup',
    (event) => {
      if (!press || event.pointerId !== press.id) return;
      const { moved, at } = press;
      press = undefined;
      const isTap = !moved && env().now() - at <= host.tapMaxMs;
      // The click a handled tap produces, and the end of a pan, are no image click.
      if (isTap ? zoom.tap(event) : zoom.pinned()) host.swallowClick();
    },
    { signal },
  );
  wrapper.addEventListener('pointercancel', () => (press = undefined), { signal });
  // A touch pointer "leaves" as it lifts: only hover zoom ends there.
  wrapper.addEventListener('pointerleave', () => zoom.pinned() || zoom.hide(), { signal });
}

export function createZoom(host: ZoomHost): Zoom {
  adoptStyles('product-gallery-zoom', ZOOM_CSS);
  const { slideEls } = host;
  let img: HTMLImageElement | undefined;
  /** The slide the zoom image is in, -1 for none. */
  let shown = -1;
  let pos = { left: 0, top: 0 };
  /** Its size as drawn (the large image × magnify); not read back from the element, which reports its layout. */
  let size = { width: 0, height: 0 };
  /** The zoom was pinned by a tap: hover rules (pointerleave, a pen hovering) leave it alone. */
  let pinned = false;

  function unpin(): void {
    pinned = false;
    for (const el of slideEls) el.classList.remove('sf-zoom--pinned');
  }

  function remove(): void {
    unpin();
    img?.remove();
    img = undefined;
    shown = -1;
  }

  function hide(): void {
    unpin();
    img?.classList.remove('sf-zoom--on');
  }

  function setPos(next: { left: number; top: number }): void {
    pos = next;
    if (!img) return;
    img.style.left = `${next.left}px`;
    img.style.top = `${next.top}px`;
  }

  /** Show the active slide's zoom with the point under (clientX, clientY) kept under it. */
  function place(clientX: number, clientY: number): boolean {
    const index = host.index();
    const el = slideEls[index];
    const slide = host.slide(index);
    if (!el || !slide) return false;
    if (!img || shown !== index) {
      remove();
      img = document.createElement('img');
      img.className = 'zoomImg';
      // Decorative: the slide's own image carries the text alternative; never focusable (pointer-events: none).
      img.alt = '';
      img.setAttribute('role', 'presentation');
      img.setAttribute('aria-hidden', 'true');
      img.src = slide.large;
      size = { width: Math.round(slide.largeWidth * host.magnify), height: Math.round(slide.largeHeight * host.magnify) };
      img.width = size.width;
      img.height = size.height;
      // Inline too: WooCommerce's own CSS (`div.images img { width: 100% }`) would shrink it back to the slide.
      img.style.width = `${size.width}px`;
      img.style.height = `${size.height}px`;
      el.append(img);
      shown = index;
    }
    const rect = el.getBoundingClientRect();
    setPos(zoomOffset(clientX - rect.left, clientY - rect.top, rect, size));
    img.classList.add('sf-zoom--on');
    return true;
  }

  function hover(event: PointerEvent): void {
    if (event.pointerType === 'touch' || pinned || host.dragging() || !host.zoomable(host.index())) return;
    place(event.clientX, event.clientY);
  }

  function tap(event: PointerEvent): boolean {
    if (pinned) {
      hide();
      return true;
    }
    if (!host.zoomable(host.index()) || !place(event.clientX, event.clientY)) return false;
    pinned = true;
    // One finger now pans the image: the browser must not scroll the page with it (pinch-zoom stays the page's).
    slideEls[shown]?.classList.add('sf-zoom--pinned');
    return true;
  }

  listenForPresses(host, {
    pinned: () => pinned,
    unpin,
    hover,
    tap,
    hide,
    pan(dx, dy) {
      const el = slideEls[host.index()];
      if (pinned && img && el) setPos(panOffset(pos, dx, dy, el.getBoundingClientRect(), size));
    },
  });

  return {
    get pinned() {
      return pinned;
    },
    hover,
    tap,
    hide,
    init(stale = -1) {
      const index = host.index();
      if (shown === stale || shown !== index || !host.zoomable(index)) remove();
    },
    remove,
  };
}
