/**
 * The lightbox's core chunk: PhotoSwipe 5 rendering the slides (gestures, swipe, pinch and click zoom) inside the
 * dialog the trigger chunk already shows. Our dialog owns the controls, keys, history and focus; PhotoSwipe's own
 * buttons, keys and focus trap are off so there is one of each.
 */
import { photoSwipe, type PhotoSwipe, type SlideData } from '../../src/dom/photoswipe';
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { buildContent, type SlideContent } from './content';
import { EXTRAS_CSS } from './extras-styles';
import { swipeStep, TEXTS, type VideoSize } from './logic';
import type { LightboxItem } from './targets';

export { fillVideoThumbs } from './thumbs';

export interface SlidesRequest {
  stage: HTMLElement;
  items: readonly LightboxItem[];
  index: number;
  loop: boolean;
  animationMs: number;
  video: VideoSize;
  /** The lightbox's path: which way a swipe goes (`lightbox_path`). */
  path: 'horizontal' | 'vertical';
  /** Room kept free under the slides (the thumbnails' strip), in px. */
  bottom: number;
  /** A swipe or PhotoSwipe's own navigation moved to another item. */
  onChange(index: number): void;
  /** PhotoSwipe asked to close (background click, vertical drag). */
  onRequestClose(): void;
}

export interface Slides {
  goTo(index: number): void;
  destroy(): void;
}

type ItemSlide = SlideData & { sfItem: LightboxItem; sfMeasured?: boolean };

/** Until the image has loaded, the printed thumbnail's ratio (else 4:3) stands in for its size. */
function slideData(item: LightboxItem): ItemSlide {
  if (item.type !== 'image') return { type: 'sf-item', sfItem: item };
  const ratio = item.width && item.height ? item.height / item.width : 0.75;
  return { src: item.href, width: 1600, height: Math.round(1600 * ratio), alt: item.title || item.caption, sfItem: item };
}

/**
 * The contract's swipe rule over PhotoSwipe's own release (which weighs speed and how much of the next slide
 * shows): a touch swipe of more than 100 px along the path within 1 s moves one item, anything else springs back.
 * The rule is for fingers and pens, as iLightbox's swipe was (it had no mouse drag); a mouse drag keeps PhotoSwipe's
 * own release, so a slow deliberate drag past half the slide still moves. On a vertical path an up/down swipe moves
 * instead of PhotoSwipe's drag-to-close.
 */
function swipeRule(pswp: PhotoSwipe, path: 'horizontal' | 'vertical'): void {
  let start: { x: number; y: number; t: number } | undefined;
  let end: { x: number; y: number; t: number } | undefined;
  const point = (e: PointerEvent | MouseEvent | TouchEvent) => {
    const p = 'changedTouches' in e ? e.changedTouches[0] : e;
    return p ? { x: p.clientX, y: p.clientY, t: e.timeStamp } : undefined;
  };
  pswp.on('pointerDown', ({ originalEvent }) => {
    // A second finger (pinch) is not a swipe; a mouse drag is PhotoSwipe's own (past half the slide or a flick).
    const mouse = (originalEvent as PointerEvent).pointerType === 'mouse' || originalEvent.type === 'mousedown';
    if ((start && !end) || mouse) start = undefined;
    else start = point(originalEvent);
    end = undefined;
  });
  pswp.on('pointerUp', ({ originalEvent }) => {
    if (start && !end) end = point(originalEvent);
  });
  if (path === 'vertical') pswp.on('verticalDrag', (event) => event.preventDefault());
  const drag = pswp.gestures.drag;
  const scroll = pswp.mainScroll;
  const finish = drag.end.bind(drag);
  drag.end = () => {
    const gesture = start && end ? { dx: end.x - start.x, dy: end.y - start.y, ms: end.t - start.t, path } : undefined;
    const step = gesture ? swipeStep(gesture) : undefined;
    start = end = undefined;
    if (step === undefined || pswp.gestures.isMultitouch) return finish();
    const shifted = scroll.isShifted();
    const move = scroll.moveIndexBy;
    scroll.moveIndexBy = (diff, animate, velocity) => move.call(scroll, step, animate, step === diff ? velocity : 0);
    try {
      finish();
    } finally {
      scroll.moveIndexBy = move;
    }
    // A vertical swipe on a vertical path did not shift the strip: move as the arrows do (not while zoomed in,
    // where a drag pans the image).
    const slide = pswp.currSlide;
    const zoomed = !!slide && slide.currZoomLevel > slide.zoomLevels.initial;
    if (!shifted && step !== 0 && path === 'vertical' && Math.abs(gesture!.dy) > Math.abs(gesture!.dx) && !zoomed) {
      if (step > 0) pswp.next();
      else pswp.prev();
    }
  };
}

export function mountSlides(request: SlidesRequest): Slides {
  const PhotoSwipeCore = photoSwipe();
  adoptStyles('sf-ilightbox-extras', EXTRAS_CSS);
  const reduced = env().prefersReducedMotion();
  const controller = new AbortController();
  const contents = new Map<unknown, SlideContent>();
  const pswp: PhotoSwipe = new PhotoSwipeCore({
    dataSource: request.items.map(slideData),
    index: request.index,
    appendToEl: request.stage,
    loop: request.loop,
    bgOpacity: 0,
    spacing: 0.1,
    padding: { top: 0, bottom: request.bottom, left: 0, right: 0 },
    preload: [1, 1],
    showHideAnimationType: 'none',
    zoomAnimationDuration: reduced ? 0 : request.animationMs,
    arrowPrev: false,
    arrowNext: false,
    close: false,
    zoom: false,
    counter: false,
    escKey: false,
    arrowKeys: false,
    trapFocus: false,
    returnFocus: false,
    tapAction: false,
    bgClickAction: 'close',
    imageClickAction: 'zoom-or-close',
    maxZoomLevel: 1,
    errorMsg: TEXTS.imageError,
  });

  pswp.addFilter('contentErrorElement', (element) => {
    element.textContent = TEXTS.imageError;
    element.setAttribute('role', 'alert');
    return element;
  });
  pswp.addFilter('isContentZoomable', (zoomable, content) => zoomable && content.type === 'image');

  pswp.on('contentLoad', (event) => {
    const { content } = event;
    if (content.type !== 'sf-item') return;
    event.preventDefault();
    const built = buildContent((content.data as ItemSlide).sfItem, request.video, controller.signal);
    const holder = document.createElement('div');
    holder.className = 'pswp__content sf-ilightbox__slide';
    holder.append(built.element);
    // Players, forms and links keep their pointer: PhotoSwipe's drag and tap handling stays on the background.
    built.element.addEventListener('pointerdown', (e) => e.stopPropagation());
    content.element = holder;
    contents.set(content, built);
  });
  pswp.on('contentActivate', ({ content }) => contents.get(content)?.activate());
  pswp.on('contentDeactivate', ({ content }) => contents.get(content)?.deactivate());
  pswp.on('contentDestroy', ({ content }) => {
    contents.get(content)?.destroy();
    contents.delete(content);
  });
  // The real size arrives with the image: refresh that slide once so zoom and fit use it.
  pswp.on('loadComplete', ({ content, isError }) => {
    const data = content.data as ItemSlide;
    const img = content.element;
    if (isError || data.sfMeasured || !(img instanceof HTMLImageElement) || !img.naturalWidth) return;
    data.sfMeasured = true;
    if (img.naturalWidth === data.width && img.naturalHeight === data.height) return;
    data.width = img.naturalWidth;
    data.height = img.naturalHeight;
    if (content.index >= 0) pswp.refreshSlideContent(content.index);
  });

  let destroyed = false;
  pswp.on('change', () => {
    if (!destroyed) request.onChange(pswp.currIndex);
  });
  pswp.on('close', () => {
    if (!destroyed) request.onRequestClose();
  });
  swipeRule(pswp, request.path);
  pswp.init();
  // The dialog is the dialog: PhotoSwipe's inner root must not announce a second one.
  pswp.element?.removeAttribute('role');
  pswp.element?.removeAttribute('aria-modal');
  pswp.element?.removeAttribute('tabindex');
  pswp.scrollWrap?.removeAttribute('aria-roledescription');

  return {
    goTo(index) {
      if (!destroyed && index !== pswp.currIndex) pswp.goTo(index);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      controller.abort();
      pswp.destroy();
      for (const built of contents.values()) built.destroy();
      contents.clear();
    },
  };
}
