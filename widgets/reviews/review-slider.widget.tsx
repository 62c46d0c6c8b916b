import { defineIsland } from '../../src/react/island';
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { parseAutoplay } from './logic';
import { wirePopups } from './popup';
import { watchTimes } from './relative-time';
import { ReviewSlider, type ReviewSliderProps, type SliderLabels, type Slide } from './ReviewSlider';

/**
 * The review slider: a React island (it owns state: the selected slide, what is in view, rotation) on
 * embla-carousel-react. It renders into the printed `.sf-reviews__slider`, keeping the printed reviews'
 * classes and content. Without JavaScript the theme shows the same reviews as a scrollable row.
 */
const DEFAULT_LABELS: SliderLabels = {
  previous: 'Previous review',
  next: 'Next review',
  pause: 'Pause rotation',
  play: 'Start rotation',
  slide: '{n} of {m}',
};

// Only once enhanced: the viewport clips and the track becomes embla's flex row (no shift from the printed row).
adoptStyles(
  'review-slider',
  '.sf-reviews__slider[data-sf-carousel] .sf-reviews__viewport{overflow:hidden}' +
    '.sf-reviews__slider[data-sf-carousel] .sf-reviews__track{display:flex;overflow:visible;scroll-snap-type:none}' +
    '.sf-reviews__slider[data-sf-carousel] .sf-review{min-width:0}' +
    // A slider printed without its wrapper (below): one review per view unless the theme sizes them.
    ':where(.sf-reviews__slider[data-sf-built]) :where(.sf-review){flex:0 0 100%}',
);

function readLabels(section: Element): SliderLabels {
  const read = (name: string, fallback: string) => section.getAttribute(`data-label-${name}`)?.trim() || fallback;
  const slide = read('slide', DEFAULT_LABELS.slide);
  return {
    previous: read('previous', DEFAULT_LABELS.previous),
    next: read('next', DEFAULT_LABELS.next),
    pause: read('pause', DEFAULT_LABELS.pause),
    play: read('play', DEFAULT_LABELS.play),
    slide: slide.includes('{n}') ? slide : DEFAULT_LABELS.slide,
  };
}

function readSlide(el: Element): Slide {
  const attributes: Record<string, string> = {};
  for (const a of el.attributes)
    if (a.name === 'class' || a.name === 'id' || a.name === 'lang' || a.name.startsWith('data-')) attributes[a.name] = a.value;
  return { attributes, html: el.innerHTML };
}

const hostOf = (section: Element) => section.querySelector(':scope .sf-reviews__slider');

/**
 * The contract's minimal markup (theme.md §10) is the section with its `div.sf-review`s (or `li.sf-review`s in a
 * list) and no `.sf-reviews__slider`: the wrapper is built where the first review is (before its list: a `<div>`
 * inside `<ul>` is not a list), the printed reviews go into it (the island draws them again as slides), and on
 * unmount they go back where they were and the wrapper goes.
 */
function buildHost(section: Element, onCleanup: (fn: () => void) => void): Element {
  const printed = [...section.querySelectorAll('.sf-review')];
  const places = printed.map((review) => [review.parentNode, review.nextSibling] as const);
  const host = document.createElement('div');
  host.className = 'sf-reviews__slider';
  host.setAttribute('data-sf-built', '');
  const first = printed[0]!;
  const list =
    first.parentElement?.matches('ul, ol') && section.contains(first.parentElement) && first.parentElement !== section
      ? first.parentElement
      : undefined;
  (list ?? first).before(host);
  host.append(...printed);
  onCleanup(() => {
    // Last first: a review's next sibling is then back in place (or was never moved).
    for (let i = printed.length - 1; i >= 0; i--) places[i]![0]?.insertBefore(printed[i]!, places[i]![1]);
    host.remove();
  });
  return host;
}

export default defineIsland<ReviewSliderProps>({
  name: 'review-slider',
  Component: ReviewSlider,
  props(section, { warn }) {
    const host = hostOf(section);
    const printed = [...(host ?? section).querySelectorAll('.sf-review')];
    if (printed.length === 0) {
      warn('.sf-review', 'none in the slider');
      return undefined;
    }
    const autoplay = parseAutoplay(section.getAttribute('data-autoplay'));
    if (autoplay === 'invalid') warn('data-autoplay', 'expected milliseconds between slides; the slider does not rotate');
    return {
      slides: printed.map(readSlide),
      labels: readLabels(section),
      autoplay: autoplay === 'invalid' ? undefined : autoplay,
      reducedMotion: env().prefersReducedMotion(),
    };
  },
  host(section, { onCleanup }) {
    const host = hostOf(section) ?? buildHost(section, onCleanup);
    // Before the first render: it is synchronous and embla measures the slides in its effects, so the enhanced
    // layout (viewport clipping, the track as a flex row) must already apply. Set later, a page whose theme does
    // not style the track itself (the contract's minimal markup) gives embla a column of slides: nothing to scroll.
    host.setAttribute('data-sf-carousel', '');
    onCleanup(() => host.removeAttribute('data-sf-carousel'));
    return host;
  },
  connect(_island, section, { warn, signal, onCleanup }) {
    const host = hostOf(section)!;
    section.setAttribute('aria-roledescription', 'carousel');
    const labelled = section.hasAttribute('aria-labelledby') || section.hasAttribute('aria-label');
    if (!labelled) section.setAttribute('aria-label', 'Reviews');
    wirePopups(section, signal);
    // The slides' content is set once (same HTML on every render), so the filled time slots stay put.
    const stopTimes = watchTimes(host, warn);
    onCleanup(() => {
      stopTimes();
      section.removeAttribute('aria-roledescription');
      if (!labelled) section.removeAttribute('aria-label');
    });
  },
});
