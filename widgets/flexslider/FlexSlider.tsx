import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import fadePlugin from 'embla-carousel-fade';
import type { EmblaCarouselType } from 'embla-carousel';
import { markSlides, ROTATION_CONTROL, slideLabel, unmarkSlides, useCarousel } from '../../src/react/carousel';
import { swipeTarget, type FlexOptions } from './logic';
import { pauseOthers, startSlideVideo, watchPlayback } from './videos';

export interface FlexLabels {
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** "{n} of {m}" */
  slide: string;
  /** "Show slide {n}" for the dots and thumbnails. */
  show: string;
}

export interface FlexSliderProps {
  /** The CMS's `.flexslider` element: embla's viewport. */
  root: HTMLElement;
  /** Its `ul.slides`: embla's container; the slides stay the CMS's own elements (iframes are never reloaded). */
  list: HTMLElement;
  slides: HTMLElement[];
  /** Thumbnail URLs (`data-thumb`) for the thumbnail navigation, by slide. */
  thumbs: (string | undefined)[];
  options: FlexOptions;
  labels: FlexLabels;
  reducedMotion: boolean;
  /** Called once embla has taken over the slides (the loading state ends). */
  onStart(): void;
}

/** Keep the row as tall as the active slide, until the returned function undoes it. */
function followHeight(api: EmblaCarouselType, list: HTMLElement, slides: readonly HTMLElement[]): () => void {
  const fit = () => {
    const height = slides[api.selectedScrollSnap()]?.offsetHeight;
    if (height) list.style.height = `${height}px`;
  };
  fit();
  api.on('select', fit).on('resize', fit);
  return () => {
    api.off('select', fit).off('resize', fit);
    list.style.height = '';
  };
}

/**
 * FlexSlider's swipe rule over embla's own release (which weighs the drag's speed differently): once embla has
 * handled the pointer's release, the slide the rule says is the one scrolled to.
 */
function swipeRule(api: EmblaCarouselType, root: HTMLElement, list: HTMLElement, instant: boolean): () => void {
  let start: { x: number; y: number; t: number; index: number } | undefined;
  let end: { x: number; y: number; t: number } | undefined;
  const down = (event: PointerEvent) => {
    start = end = undefined;
    // Only a drag on the slides is a swipe: a press on the controls (dots, arrows, pause) is theirs.
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0) || !list.contains(event.target as Node)) return;
    start = { x: event.clientX, y: event.clientY, t: event.timeStamp, index: api.selectedScrollSnap() };
  };
  const up = (event: PointerEvent) => {
    if (start && event.isPrimary) end = { x: event.clientX, y: event.clientY, t: event.timeStamp };
  };
  const released = () => {
    if (!start || !end) return;
    const target = swipeTarget({
      dx: end.x - start.x,
      dy: end.y - start.y,
      ms: end.t - start.t,
      width: root.clientWidth,
      start: start.index,
      count: api.scrollSnapList().length,
    });
    start = end = undefined;
    if (target !== undefined && target !== api.selectedScrollSnap()) api.scrollTo(target, instant);
  };
  root.addEventListener('pointerdown', down, { passive: true });
  window.addEventListener('pointerup', up, { passive: true, capture: true });
  api.on('pointerUp', released);
  return () => {
    root.removeEventListener('pointerdown', down);
    window.removeEventListener('pointerup', up, { capture: true });
    api.off('pointerUp', released);
  };
}

/** FlexSlider's 600 ms animation in embla's duration units (about 20 per 400 ms). */
const DURATION = 30;

/**
 * The slider's controls (pause/play, dots or thumbnails, previous/next with the theme's icon classes), rendered
 * beside the CMS's slides; the slides themselves are driven by the shared carousel hook and marked up as the
 * WAI-ARIA carousel asks.
 */
export function FlexSlider({ root, list, slides, thumbs, options, labels, reducedMotion, onStart }: FlexSliderProps) {
  const fade = options.animation === 'fade';
  const plugins = useMemo(() => (fade ? [fadePlugin()] : []), [fade]);
  // embla's loop needs a third slide to stand in; with two, the hook wraps previous/next instead.
  // The viewport is the whole slider, controls included: only a press on the slides is embla's to drag. A press on
  // an arrow or a dot during a slide's animation otherwise stopped the animation where it was, and the
  // release snapped back to the slide it was leaving, undoing the press.
  const emblaOptions = useMemo(
    () => ({
      container: list,
      slides,
      loop: slides.length > 2,
      duration: DURATION,
      watchDrag: (_api: unknown, event: MouseEvent | TouchEvent) => list.contains(event.target as Node),
    }),
    [list, slides],
  );
  const region = useCallback(() => root, [root]);
  const carousel = useCarousel({
    options: emblaOptions,
    plugins,
    autoplay: options.autoplay ? options.speed : undefined,
    reducedMotion,
    region,
    single: true,
    wrap: true,
  });
  const { api, selected, inView, rotating, viewportRef, hold } = carousel;

  useLayoutEffect(() => {
    viewportRef(root);
    return () => viewportRef(null);
  }, [root, viewportRef]);

  useEffect(() => {
    if (api) onStart();
  }, [api, onStart]);

  useEffect(() => markSlides(slides, inView, labels.slide), [slides, inView, labels.slide]);
  // A polite live region only while the slides do not move by themselves: set in the commit that changes the
  // rotation button, so the region and the button never disagree (a passive effect ran a frame later in the
  // compact build, where a pause read "Play slideshow" on a region still "off").
  useLayoutEffect(() => root.setAttribute('aria-live', rotating ? 'off' : 'polite'), [root, rotating]);
  useEffect(() => () => unmarkSlides(slides), [slides]);

  // The active slide's video plays (when its data says so), every other one pauses.
  useEffect(() => {
    if (!api) return;
    pauseOthers(slides, selected, options);
    startSlideVideo(slides[selected], options);
    root.classList.toggle('sf-flexslider--video', Boolean(slides[selected]?.querySelector('iframe')));
  }, [api, slides, selected, options, root]);
  useEffect(() => watchPlayback(root, options, (playing) => hold('video', playing)), [root, options, hold]);

  useEffect(() => (api ? swipeRule(api, root, list, reducedMotion) : undefined), [api, root, list, reducedMotion]);

  // Smooth height: the slides' row takes the active slide's height (the CSS transition animates it).
  useEffect(() => (options.smoothHeight && api ? followHeight(api, list, slides) : undefined), [api, options.smoothHeight, slides, list]);

  const count = slides.length;
  return (
    <>
      {carousel.rotates && (
        <button type="button" className="sf-flexslider__rotation" {...{ [ROTATION_CONTROL]: '' }} onClick={carousel.toggleRotation}>
          {rotating ? labels.pause : labels.play}
        </button>
      )}
      {options.controlNav && (
        <ol className={`flex-control-nav ${options.controlNav === 'thumbnails' ? 'flex-control-thumbs' : 'flex-control-paging'}`}>
          {slides.map((_, i) => {
            const active = i === selected;
            const name = slideLabel(labels.show, i, count);
            const thumb = options.controlNav === 'thumbnails' ? thumbs[i] : undefined;
            return (
              <li key={i}>
                <button
                  type="button"
                  className={active ? 'flex-active' : undefined}
                  aria-current={active || undefined}
                  aria-label={name}
                  onClick={() => carousel.goTo(i)}
                >
                  {thumb ? <img src={thumb} alt="" className={active ? 'flex-active' : undefined} draggable={false} /> : i + 1}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {options.directionNav && (
        <ul className="flex-direction-nav">
          <li className="flex-nav-prev">
            <button type="button" className="flex-prev" aria-label={labels.previous} onClick={carousel.previous}>
              <i className={options.prevIcon} aria-hidden="true" />
            </button>
          </li>
          <li className="flex-nav-next">
            <button type="button" className="flex-next" aria-label={labels.next} onClick={carousel.next}>
              <i className={options.nextIcon} aria-hidden="true" />
            </button>
          </li>
        </ul>
      )}
    </>
  );
}
