/**
 * The lightbox's core chunk: PhotoSwipe 5 rendering the slides (gestures, swipe, pinch and click zoom) inside the
 * dialog the trigger chunk already shows. Our dialog owns the controls, keys, history and focus; PhotoSwipe's own
 * buttons, keys and focus trap are off so there is one of each.
 */
import { photoSwipe, type PhotoSwipe, type SlideData } from '../../src/dom/photoswipe';
import { env } from '../../src/env';
import { buildContent, type SlideContent } from './content';
import { TEXTS, type VideoSize } from './logic';
import type { LightboxItem } from './targets';

export interface SlidesRequest {
  stage: HTMLElement;
  items: readonly LightboxItem[];
  index: number;
  loop: boolean;
  animationMs: number;
  video: VideoSize;
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

export function mountSlides(request: SlidesRequest): Slides {
  const PhotoSwipeCore = photoSwipe();
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
