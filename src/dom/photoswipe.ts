import PhotoSwipe from 'photoswipe';
import photoswipeCss from 'photoswipe/dist/photoswipe.css?inline';
import { adoptStyles, adoptStylesIn } from './styles';

/**
 * PhotoSwipe 5's core with its CSS adopted (once per document, as a constructed sheet: no inline style under the
 * strict CSP). The product gallery and the lightbox both import it from their lazily loaded chunks, so the
 * library and its CSS are one shared chunk, fetched on the first open of either.
 */
export function photoSwipe(): typeof PhotoSwipe {
  adoptStyles('photoswipe', photoswipeCss);
  return PhotoSwipe;
}

/** PhotoSwipe 5's core with its CSS adopted into a shadow root only (a lightbox the page's CSS must not reach). */
export function photoSwipeIn(root: ShadowRoot): typeof PhotoSwipe {
  adoptStylesIn(root, 'photoswipe', photoswipeCss);
  return PhotoSwipe;
}

export type { default as PhotoSwipe, SlideData } from 'photoswipe';
