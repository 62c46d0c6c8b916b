import { useEffect, useLayoutEffect, useRef } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { WidgetContext } from '../../src/widget';
import type { GalleryState, Navigation } from './state';
import { listenLegacy } from '../../src/events/bus';
import { attachIsland, type IslandHandle } from '../../src/react/island';

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
export function mountThumbStrip(list: HTMLOListElement, props: ThumbStripProps, context: WidgetContext): IslandHandle<ThumbStripProps> {
  return attachIsland('product-gallery', list, ThumbStrip, props, context);
}

/**
 * The plain strip's takeover by the island, in the island's chunk (gallery.ts asks for it on intent): the strip's
 * images become the island's in one synchronous render, Embla starts at the slide shown, and from then on the
 * gallery's index and Embla follow each other.
 */
export function takeOver(
  state: GalleryState,
  nav: Navigation,
  options: EmblaOptionsType & { startIndex: number },
  hideZoom: () => void,
): void {
  const { gallery, signal, count } = state;
  /** The island's Embla is live (or gone): follow it, and let it follow us. */
  function attachEmbla(api: EmblaCarouselType | undefined): void {
    if (api === state.embla || signal.aborted) return;
    state.embla = api;
    state.live = !!api;
    gallery.classList.toggle('sf-gallery--static', !api);
    if (!api) return;
    // A drag wins over the hover zoom: hide it while the slides move.
    api.on('pointerDown', () => {
      state.dragging = true;
      // Not the buffer's hide: a tap waiting for the zoom's chunk is not taken back by the press that may be a second tap.
      hideZoom();
    });
    api.on('pointerUp', () => {
      state.dragging = false;
    });
    api.on('select', () => {
      if (state.embla !== api) return;
      // Without layout (tests, a hidden quick view) Embla has no snaps: our own index stays the truth.
      if (api.scrollSnapList().length !== count) return;
      const selected = api.selectedScrollSnap();
      if (selected !== state.index) nav.apply(selected, false);
    });
    if (api.scrollSnapList().length === count && api.selectedScrollSnap() !== state.index) api.scrollTo(state.index, true);
    nav.fitHeight();
  }

  const { viewport, list } = state;
  if (signal.aborted || !viewport || !list) return;
  const focused = state.thumbs().indexOf(document.activeElement as HTMLImageElement);
  const views = state.thumbs().map((img) => ({
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset') ?? '',
    sizes: img.getAttribute('sizes') ?? '',
    alt: img.alt,
    label: img.getAttribute('aria-label') ?? '',
    itemClass: img.parentElement?.className ?? '',
  }));
  options.startIndex = state.index;
  state.stripIsland = mountThumbStrip(
    list,
    { thumbs: views, viewport, options, onEmbla: attachEmbla, onThumbnailClick: (i) => nav.goTo(i) },
    state.scope,
  );
  // Same task as the takeover: the active marks and the keyboard focus are where they were.
  nav.render();
  if (focused >= 0) state.thumbs()[focused]?.focus({ preventScroll: true });
}
