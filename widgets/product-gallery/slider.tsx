import { useEffect, useLayoutEffect, useRef } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { WidgetContext } from '../../src/widget';
import { listenLegacy } from '../../src/events/bus';
import { defineIsland, type IslandHandle } from '../../src/react/island';

/**
 * The slider's React island: the thumbnail strip (`ol.flex-control-nav.flex-control-thumbs > li > img`) and Embla,
 * through embla-carousel-react, on the `.flex-viewport` the plain code put around the server's slides. It takes
 * over from the plain strip in one synchronous render with the same markup, so nothing moves on screen.
 *
 * What the island does not own, on purpose: the active thumbnail's `flex-active` / `aria-current` (the gallery's
 * own index sets them in the same task as the click, before and after React arrived) and the thumbnails' click
 * and Enter/Space (one delegated listener on the `ol`, so a click during the takeover is not lost).
 */
export interface ThumbView {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  label: string;
  /** The plain strip's `li` class (the end of a row of our fallback layout). */
  itemClass: string;
}

export interface ThumbStripProps {
  thumbs: readonly ThumbView[];
  /** The `.flex-viewport` around the server's slide wrapper: Embla's root. */
  viewport: HTMLElement;
  /** Read once: a new object would re-initialise Embla. */
  options: EmblaOptionsType;
  onEmbla(api: EmblaCarouselType | undefined): void;
  /** `flexslider-click` on a thumbnail (the variation form, a theme's triggerHandler: it does not bubble). */
  onThumbnailClick(index: number): void;
}

export function ThumbStrip({ thumbs, viewport, options, onEmbla, onThumbnailClick }: ThumbStripProps) {
  const [emblaRef, emblaApi] = useEmblaCarousel(options);
  const images = useRef<(HTMLImageElement | null)[]>([]);

  // The viewport is server markup moved by the plain code, not an element this component renders.
  useLayoutEffect(() => emblaRef(viewport), [emblaRef, viewport]);
  useEffect(() => onEmbla(emblaApi), [emblaApi, onEmbla]);
  // Layout effect: listening from the same task as the takeover, so no flexslider-click falls in a gap.
  useLayoutEffect(() => {
    const listening = new AbortController();
    images.current.forEach((img, i) => {
      if (img) listenLegacy(img, 'flexslider-click', () => onThumbnailClick(i), listening.signal);
    });
    return () => listening.abort();
  }, [thumbs.length, onThumbnailClick]);

  return (
    <>
      {thumbs.map((thumb, i) => (
        <li key={i} className={thumb.itemClass || undefined}>
          <img
            ref={(el) => {
              images.current[i] = el;
            }}
            loading="lazy"
            src={thumb.src}
            srcSet={thumb.srcset || undefined}
            sizes={thumb.sizes || undefined}
            alt={thumb.alt}
            role="button"
            tabIndex={0}
            aria-label={thumb.label}
            draggable={false}
          />
        </li>
      ))}
    </>
  );
}

/** Mount the strip into the plain `ol` (its children are replaced in the same task); cleanups go to `context`. */
export function mountThumbStrip(
  list: HTMLOListElement,
  props: ThumbStripProps,
  context: WidgetContext,
): IslandHandle<ThumbStripProps> | undefined {
  let handle: IslandHandle<ThumbStripProps> | undefined;
  defineIsland<ThumbStripProps>({
    name: 'product-gallery',
    Component: ThumbStrip,
    props: () => props,
    connect: (island) => {
      handle = island;
    },
  }).mount(list, context);
  return handle;
}
