import { useCallback, useRef } from 'react';
import { ROTATION_CONTROL, slideLabel, useCarousel } from '../../src/react/carousel';

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
 * the pointer is over it, and for good once keyboard focus enters (the user can start it again). The behaviour
 * is the shared carousel hook's; this view only renders the review markup.
 */
const OPTIONS = { align: 'start', containScroll: 'trimSnaps', duration: 25, inViewThreshold: 0.5 } as const;

export function ReviewSlider({ slides, labels, autoplay, reducedMotion }: ReviewSliderProps) {
  const regionRef = useRef<HTMLDivElement>(null);
  const region = useCallback(() => regionRef.current?.parentElement, []);
  const { viewportRef, inView, rotating, rotates, toggleRotation, previous, next, canPrev, canNext } = useCarousel({
    options: OPTIONS,
    autoplay,
    reducedMotion,
    region,
  });

  return (
    <>
      <div className="sf-reviews__controls" ref={regionRef}>
        {rotates && (
          <button type="button" className="sf-reviews__pause" {...{ [ROTATION_CONTROL]: '' }} onClick={toggleRotation}>
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
      <div className="sf-reviews__viewport" ref={viewportRef}>
        <div className="sf-reviews__track" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={i}
              {...reactProps(slide.attributes)}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(labels.slide, i, slides.length)}
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
