import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { markSlides, ROTATION_CONTROL, unmarkSlides, useCarousel } from '../../src/react/carousel';
import { itemSpacing, itemWidthFor, visibleItems, type CarouselOptions } from './logic';

export interface CarouselLabels {
  previous: string;
  next: string;
  pause: string;
  play: string;
  slide: string;
}

export interface CarouselProps {
  /** The CMS's carousel element (the region; the controls go inside it). */
  root: HTMLElement;
  /** The element around the row (embla's viewport) and the row of items (its container). */
  viewport: HTMLElement;
  row: HTMLElement;
  items: HTMLElement[];
  options: CarouselOptions;
  productSlider: boolean;
  labels: CarouselLabels;
  reducedMotion: boolean;
}

/**
 * A carousel of the CMS's items (posts, products, logos): as many 250 px items as fit (1.6 to 4.3), one per
 * move, previous/next buttons and, when it rotates, a pause button. The items stay the CMS's elements.
 */
export function Carousel({ root, viewport, row, items, options, productSlider, labels, reducedMotion }: CarouselProps) {
  const emblaOptions = useMemo(
    () => ({
      container: row,
      slides: items,
      align: 'start' as const,
      loop: options.loop,
      slidesToScroll: options.scrollItems,
      containScroll: 'trimSnaps' as const,
      duration: 25,
      inViewThreshold: 0.5,
    }),
    [row, items, options.loop, options.scrollItems],
  );
  const region = useCallback(() => root, [root]);
  const carousel = useCarousel({ options: emblaOptions, autoplay: options.autoplay ? options.speed : undefined, reducedMotion, region });
  const { viewportRef, inView, rotating } = carousel;

  // Item width and spacing follow the carousel's width (embla re-measures when the items resize).
  useLayoutEffect(() => {
    const size = () => {
      const spacing = itemSpacing(options, productSlider, window.innerWidth);
      const visible = visibleItems(viewport.clientWidth, options.itemWidth, spacing, options.columns, items.length);
      root.style.setProperty('--sf-carousel-gap', `${spacing}px`);
      root.style.setProperty('--sf-carousel-item', `${itemWidthFor(viewport.clientWidth, visible, spacing)}px`);
      root.setAttribute('data-sf-visible', String(visible));
    };
    size();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : undefined;
    observer?.observe(viewport);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--sf-carousel-gap');
      root.style.removeProperty('--sf-carousel-item');
      root.removeAttribute('data-sf-visible');
    };
  }, [root, viewport, items.length, options, productSlider]);

  useLayoutEffect(() => {
    viewportRef(viewport);
    return () => viewportRef(null);
  }, [viewport, viewportRef]);

  useEffect(() => markSlides(items, inView, labels.slide), [items, inView, labels.slide]);
  useEffect(() => () => unmarkSlides(items), [items]);
  // On the viewport, not the row: a printed list row is role=presentation, which an aria-live would undo.
  // In the commit that changes the rotation button (as the FlexSlider), never a frame after it.
  useLayoutEffect(() => viewport.setAttribute('aria-live', rotating ? 'off' : 'polite'), [viewport, rotating]);

  return (
    <div className="fusion-carousel-nav awb-carousel-nav">
      {carousel.rotates && (
        <button type="button" className="sf-carousel__rotation" {...{ [ROTATION_CONTROL]: '' }} onClick={carousel.toggleRotation}>
          {rotating ? labels.pause : labels.play}
        </button>
      )}
      <button
        type="button"
        className="fusion-nav-prev awb-swiper-button awb-swiper-button-prev"
        aria-label={labels.previous}
        aria-disabled={!carousel.canPrev || undefined}
        onClick={carousel.previous}
      >
        <i className="awb-icon-angle-left" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="fusion-nav-next awb-swiper-button awb-swiper-button-next"
        aria-label={labels.next}
        aria-disabled={!carousel.canNext || undefined}
        onClick={carousel.next}
      >
        <i className="awb-icon-angle-right" aria-hidden="true" />
      </button>
    </div>
  );
}
