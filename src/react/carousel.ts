import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import autoplayPlugin from 'embla-carousel-autoplay';
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';

/**
 * The WAI-ARIA carousel behaviour every slider shares (review slider, FlexSlider, carousels), on embla: what is
 * in view, previous/next, rotation with a pause button, rotation held while the pointer is over the carousel or
 * a video plays, stopped for good when keyboard focus enters (the user can start it again), arrow keys, and the
 * focused slide following the keyboard. Views stay thin: they render their own classes and call this.
 */
export interface CarouselSetup {
  options: EmblaOptionsType;
  /** Extra embla plugins (fade …); memoise them, a new array re-creates the carousel. */
  plugins?: EmblaPluginType[];
  /** Milliseconds between slides; undefined: no rotation. */
  autoplay?: number;
  reducedMotion: boolean;
  /**
   * The element whose hover and keyboard focus stop rotation and whose arrow keys move the slides (the carousel
   * with its controls); default: the viewport.
   */
  region?: () => Element | null | undefined;
  /** One slide in view at a time, the selected one (fade stacks every slide in one place). */
  single?: boolean;
  /** Previous/next wrap around at the ends even where embla cannot loop (two slides). */
  wrap?: boolean;
}

export interface Carousel {
  /** Give embla its viewport: as a ref for React-rendered markup, or called with the CMS's element. */
  viewportRef: (element: HTMLElement | null) => void;
  api: EmblaCarouselType | undefined;
  selected: number;
  /** Indexes of the slides in view; undefined until embla measured them (nothing is inert before). */
  inView: number[] | undefined;
  canPrev: boolean;
  canNext: boolean;
  /** Whether the carousel rotates at all (then a pause button shows). */
  rotates: boolean;
  /** Whether rotation is on (the button's state); holds (hover, a playing video) pause it without changing this. */
  rotating: boolean;
  toggleRotation(): void;
  setRotating(on: boolean): void;
  /** Pause rotation for a reason (a playing video) until released; the button state stays as it is. */
  hold(reason: string, on: boolean): void;
  previous(): void;
  next(): void;
  goTo(index: number): void;
}

/** Marks the control that must not stop rotation when it gets focus (the pause/play button itself). */
export const ROTATION_CONTROL = 'data-sf-rotation';

const isKeyboardFocus = (target: EventTarget | null): boolean => {
  try {
    return (target as Element).matches(':focus-visible');
  } catch {
    return true; // older engines: treat focus as keyboard focus
  }
};

/** The slide an arrow key goes to from `from` (of `count`); `from` itself at an end that does not wrap. */
const arrowTarget = (from: number, count: number, forward: boolean, round: boolean): number =>
  forward ? (from + 1 < count ? from + 1 : round ? 0 : from) : from > 0 ? from - 1 : round ? count - 1 : from;

type Api = EmblaCarouselType | undefined;

/**
 * Rotation: the button's state (`rotating`) and the holds that pause it without changing that state (the pointer
 * over the carousel, a playing video), applied to embla's autoplay plugin.
 */
function useRotation(api: Api, rotates: boolean) {
  const [rotating, setRotating] = useState(rotates);
  const holds = useRef(new Set<string>());
  const rotatingRef = useRef(rotating);
  useLayoutEffect(() => {
    rotatingRef.current = rotating;
  }, [rotating]);

  const applyRotation = useCallback(() => {
    const player = api?.plugins().autoplay;
    if (!player) return;
    try {
      if (rotatingRef.current && holds.current.size === 0) {
        if (!player.isPlaying()) player.play();
      } else if (player.isPlaying()) player.stop();
    } catch {
      // embla can hand out its API before it has initialised its plugins (a slider not laid out yet): the
      // autoplay plugin throws then. Its `init` event applies the state again.
    }
  }, [api]);

  useEffect(applyRotation, [applyRotation, rotating]);
  useEffect(() => {
    if (!api) return;
    // The plugin stops on a press (`stopOnInteraction`) and is started again here on release only if the state
    // says so: its own restart on release ignored a rotation the shopper had paused (a click on a dot or an arrow
    // inside the carousel made a paused slideshow rotate again).
    api.on('init', applyRotation).on('reInit', applyRotation).on('pointerUp', applyRotation);
    return () => {
      api.off('init', applyRotation).off('reInit', applyRotation).off('pointerUp', applyRotation);
    };
  }, [api, applyRotation]);

  const hold = useCallback(
    (reason: string, on: boolean) => {
      if (on) holds.current.add(reason);
      else holds.current.delete(reason);
      applyRotation();
    },
    [applyRotation],
  );
  return { rotating, setRotating, rotatingRef, hold };
}

interface RegionInput {
  region: CarouselSetup['region'];
  hold: Carousel['hold'];
  stopRotation(): void;
  /** Where the focus goes once that slide is selected and in view (see `focusPending` in useCarousel). */
  focusPending: { current: number | undefined };
  next(): void;
  previous(): void;
  wrap: boolean | undefined;
}

/**
 * The region's pointer and keyboard: hover holds rotation, keyboard focus entering stops it (not on the
 * rotation button itself), and ←/→ move the slides with focus following.
 */
function useRegionInput(api: Api, { region, hold, stopRotation, focusPending, next, previous, wrap }: RegionInput): void {
  useEffect(() => {
    if (!api) return;
    const area = region?.() ?? api.rootNode();
    const controller = new AbortController();
    const listen = { signal: controller.signal };
    area.addEventListener('mouseenter', () => hold('pointer', true), listen);
    area.addEventListener('mouseleave', () => hold('pointer', false), listen);
    area.addEventListener(
      'focusin',
      (event) => {
        const target = event.target as Element;
        if (target.closest(`[${ROTATION_CONTROL}]`)) return;
        if (isKeyboardFocus(target)) stopRotation();
      },
      listen,
    );
    area.addEventListener(
      'keydown',
      (event) => {
        const key = (event as KeyboardEvent).key;
        if (key !== 'ArrowLeft' && key !== 'ArrowRight') return;
        const target = event.target as Element;
        if (target.closest('input, textarea, select, [contenteditable="true"]') || !api.rootNode().contains(target)) return;
        const forward = (key === 'ArrowRight') !== (getComputedStyle(api.rootNode()).direction === 'rtl');
        event.preventDefault();
        // The request is made before moving (React may render the move before next/previous return), for the slide
        // the move goes to; no move at an end, no request.
        const from = api.selectedScrollSnap();
        const to = arrowTarget(from, api.scrollSnapList().length, forward, Boolean(wrap || api.internalEngine().options.loop));
        focusPending.current = to !== from ? to : undefined;
        if (forward) next();
        else previous();
        // Not where predicted (and not yet taken): follow where embla went.
        const landed = api.selectedScrollSnap();
        if (focusPending.current === to && landed !== to) focusPending.current = landed !== from ? landed : undefined;
      },
      listen,
    );
    return () => controller.abort();
  }, [api, region, hold, stopRotation, focusPending, next, previous, wrap]);
}

export function useCarousel({ options, plugins, autoplay, reducedMotion, region, single, wrap }: CarouselSetup): Carousel {
  const rotates = autoplay !== undefined && !reducedMotion;
  const allPlugins = useMemo(
    () => [
      ...(plugins ?? []),
      ...(rotates
        ? [autoplayPlugin({ delay: autoplay, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false })]
        : []),
    ],
    [plugins, rotates, autoplay],
  );
  const [viewportRef, api] = useEmblaCarousel(options, allPlugins);
  const [selected, setSelected] = useState(0);
  const [inView, setInView] = useState<number[] | undefined>(undefined);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);
  const { rotating, setRotating, rotatingRef, hold } = useRotation(api, rotates);
  /**
   * After an arrow key: the index of the slide to focus once it is selected and in view (no longer inert). An index,
   * not a flag: Preact runs a render's pending effects at the start of the next render, so an effect of the render
   * before the key (still showing the old slide) could otherwise take the request and focus the old slide, which
   * then turns inert and drops focus to the body.
   */
  const focusPending = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      const index = api.selectedScrollSnap();
      setSelected(index);
      setInView(single ? [index] : api.slidesInView());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    sync();
    api.on('select', sync).on('slidesInView', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('slidesInView', sync).off('reInit', sync);
    };
  }, [api, single]);

  const instant = reducedMotion;
  const previous = useCallback(() => {
    if (api && wrap && !api.canScrollPrev()) api.scrollTo(api.scrollSnapList().length - 1, instant);
    else api?.scrollPrev(instant);
  }, [api, instant, wrap]);
  const next = useCallback(() => {
    if (api && wrap && !api.canScrollNext()) api.scrollTo(0, instant);
    else api?.scrollNext(instant);
  }, [api, instant, wrap]);
  const goTo = useCallback((index: number) => api?.scrollTo(index, instant), [api, instant]);

  useEffect(() => {
    if (!api || focusPending.current !== selected || !inView?.includes(selected)) return;
    focusPending.current = undefined;
    // After this commit's other effects: a view that marks the CMS's slides lifts `inert` in its own effect.
    queueMicrotask(() => api.slideNodes()[selected]?.focus());
  }, [api, inView, selected]);

  const stopRotation = useCallback(() => {
    if (rotatingRef.current) setRotating(false);
  }, [rotatingRef, setRotating]);
  useRegionInput(api, { region, hold, stopRotation, focusPending, next, previous, wrap });

  return {
    viewportRef,
    api,
    selected,
    inView,
    canPrev,
    canNext,
    rotates,
    rotating,
    toggleRotation: () => setRotating((r) => !r),
    setRotating,
    hold,
    previous,
    next,
    goTo,
  };
}

/** "{n} of {m}" with the slide's number and the count. */
export const slideLabel = (template: string, index: number, count: number): string =>
  template.replace('{n}', String(index + 1)).replace('{m}', String(count));

/**
 * The slide pattern on slides React does not render (the CMS's own elements): group, "n of m", focusable by
 * script, and off-screen slides inert so Tab never lands on a link nobody can see.
 */
export function markSlides(slides: readonly HTMLElement[], inView: readonly number[] | undefined, template: string): void {
  slides.forEach((slide, i) => {
    slide.setAttribute('role', 'group');
    slide.setAttribute('aria-roledescription', 'slide');
    slide.setAttribute('aria-label', slideLabel(template, i, slides.length));
    if (!slide.hasAttribute('tabindex')) slide.tabIndex = -1;
    slide.toggleAttribute('inert', inView !== undefined && !inView.includes(i));
  });
}

/** Undo `markSlides` (the widget unmounts; the markup goes back to what the CMS printed). */
export function unmarkSlides(slides: readonly HTMLElement[]): void {
  for (const slide of slides) {
    for (const name of ['role', 'aria-roledescription', 'aria-label', 'inert']) slide.removeAttribute(name);
    if (slide.tabIndex === -1) slide.removeAttribute('tabindex');
  }
}

/**
 * Name the carousel region: its own label if the CMS printed one, else the heading of the section it sits in,
 * else `fallback`. Returns the attributes it added (to remove on unmount).
 */
export function nameCarousel(root: Element, fallback: string): string[] {
  if (root.hasAttribute('aria-label') || root.hasAttribute('aria-labelledby')) return [];
  const section = root.parentElement?.closest('section');
  const heading = section?.getAttribute('aria-labelledby') ?? section?.querySelector(':scope > h2[id], :scope > h3[id]')?.id;
  if (heading) {
    root.setAttribute('aria-labelledby', heading);
    return ['aria-labelledby'];
  }
  root.setAttribute('aria-label', fallback);
  return ['aria-label'];
}
