import { clampIndex, type Move } from './logic';
import { moveIndex } from './rules';
import { fitHeight, renderIndex } from './plain-slider';
import type { GalleryState, Navigation } from './state';
import type { ZoomBuffer } from './zoom-buffer';

/** Moving between slides, on our own index: the classes, ARIA and CSS transform now, Embla when it is live. */
export function createNavigation(state: GalleryState, parts: { startSlider(): void; zoom(): ZoomBuffer }): Navigation {
  const { slideEls, useSlider, count, loop, reduced } = state;
  const nav: Navigation = {
    fitHeight: () => fitHeight(state),
    render: () => renderIndex(state),
    apply(next, scroll, instant = false) {
      // Moving before the island arrived (a thumbnail, a key, the variation form): the CSS transform shows the move
      // now, and the island is asked for, to start at the slide shown.
      if (scroll && useSlider) parts.startSlider();
      const previous = state.index;
      const focused = document.activeElement;
      const focusInSlide = !!focused && !!slideEls[previous]?.contains(focused);
      state.index = next;
      if (scroll && state.embla) state.embla.scrollTo(next, instant || reduced);
      nav.render();
      parts.zoom().hide();
      parts.zoom().init();
      if (focusInSlide && previous !== next) {
        const target = slideEls[next]?.querySelector<HTMLElement>('a[href], button, [tabindex]');
        target?.focus({ preventScroll: true });
      }
    },
    goTo(target, options = {}) {
      const next = clampIndex(target, count, loop);
      const { embla } = state;
      if (next === state.index) {
        if (embla && embla.scrollSnapList().length === count && embla.selectedScrollSnap() !== next)
          embla.scrollTo(next, options.instant || reduced);
        return;
      }
      nav.apply(next, true, options.instant);
    },
    move(which: Move, fromKeyboard: boolean) {
      const focusInThumbs = state.thumbs().some((t) => t === document.activeElement);
      nav.goTo(moveIndex(state.index, count, which, loop));
      if (fromKeyboard && focusInThumbs) state.thumbs()[state.index]?.focus();
    },
  };
  return nav;
}
