import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import autoplayPlugin from 'embla-carousel-autoplay';

export interface Slide {
  /** The printed review's attributes (class, data-time …), kept so the theme's CSS and the time slot still apply. */
  attributes: Record<string, string>;
  /** The printed review's content: the site's own server markup, rendered as it was printed. */
  html: string;
}

export interface SliderLabels {
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** "{n} of {m}". */
  slide: string;
}

export interface ReviewSliderProps {
  slides: Slide[];
  labels: SliderLabels;
  /** Milliseconds between slides; undefined: no rotation (the default, and always under reduced motion). */
  autoplay?: number;
  reducedMotion: boolean;
}

const reactProps = (attributes: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) out[name === 'class' ? 'className' : name] = value;
  return out;
};

/**
 * The WAI-ARIA carousel over the printed reviews: slides labelled "n of m", previous/next buttons, and a
 * pause button only when it rotates. Slides out of view are inert (out of the tab order). Rotation stops while
 * the pointer is over it, and for good once keyboard focus enters (the user can start it again).
 */
export function ReviewSlider({ slides, labels, autoplay, reducedMotion }: ReviewSliderProps) {
  const rotates = autoplay !== undefined && !reducedMotion;
  const plugins = useMemo(
    () => (rotates ? [autoplayPlugin({ delay: autoplay, playOnInit: true, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false })] : []),
    [rotates, autoplay],
  );
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', duration: 25, inViewThreshold: 0.5 }, plugins);
  const [inView, setInView] = useState<number[] | undefined>(undefined);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);
  const [rotating, setRotating] = useState(rotates);
  const hovered = useRef(false);
  const trackRef = useRef<HTMLDivElement>(null);
  /** After a key press: the slide to focus once it is in view (not inert) any more. */
  const focusPending = useRef(false);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setInView(api.slidesInView());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    sync();
    api.on('select', sync).on('slidesInView', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('slidesInView', sync).off('reInit', sync);
    };
  }, [api]);

  useEffect(() => {
    if (!api || !focusPending.current) return;
    const index = api.selectedScrollSnap();
    if (!inView?.includes(index)) return;
    focusPending.current = false;
    trackRef.current?.querySelectorAll<HTMLElement>(':scope > [role="group"]')[index]?.focus();
  }, [api, inView]);

  const autoplayOf = useCallback(() => api?.plugins().autoplay, [api]);
  useEffect(() => {
    const player = autoplayOf();
    if (!player) return;
    if (rotating && !hovered.current) player.play();
    else player.stop();
  }, [rotating, autoplayOf]);

  const previous = () => api?.scrollPrev(reducedMotion);
  const next = () => api?.scrollNext(reducedMotion);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if ((event.target as Element).closest('input, textarea, select, [contenteditable="true"]')) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = (event.key === 'ArrowRight') !== rtl;
    event.preventDefault();
    focusPending.current = true;
    if (forward) next();
    else previous();
  };

  const stopForKeyboard = (target: EventTarget) => {
    let keyboard = true;
    try {
      keyboard = (target as Element).matches(':focus-visible');
    } catch {
      /* older engines: treat focus as keyboard focus */
    }
    if (keyboard && rotating) setRotating(false);
  };

  return (
    <>
      {/* Keyboard focus on previous/next stops rotation too; the pause button itself is how to say so. */}
      <div className="sf-reviews__controls" onFocus={(e) => !(e.target as Element).matches('.sf-reviews__pause') && stopForKeyboard(e.target)}>
        {rotates && (
          <button type="button" className="sf-reviews__pause" onClick={() => setRotating((r) => !r)}>
            {rotating ? labels.pause : labels.play}
          </button>
        )}
        <button type="button" className="sf-reviews__prev" onClick={previous} aria-disabled={!canPrev || undefined}>
          {labels.previous}
        </button>
        <button type="button" className="sf-reviews__next" onClick={next} aria-disabled={!canNext || undefined}>
          {labels.next}
        </button>
      </div>
      <div
        className="sf-reviews__viewport"
        ref={viewportRef}
        onKeyDown={onKeyDown}
        onMouseEnter={() => {
          hovered.current = true;
          autoplayOf()?.stop();
        }}
        onMouseLeave={() => {
          hovered.current = false;
          if (rotating) autoplayOf()?.play();
        }}
        onFocus={(e) => stopForKeyboard(e.target)}
      >
        <div className="sf-reviews__track" ref={trackRef} aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={i}
              {...reactProps(slide.attributes)}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide.replace('{n}', String(i + 1)).replace('{m}', String(slides.length))}
              tabIndex={-1}
              inert={inView !== undefined && !inView.includes(i) ? true : undefined}
              dangerouslySetInnerHTML={{ __html: slide.html }}
            />
          ))}
        </div>
      </div>
    </>
  );
}
