import { defineWidget, type WidgetContext } from '../../src/widget';
import { flag, readGlobal, str } from '../../src/config/globals';
import { fixedAdminBarHeight } from '../../src/dom/scroll';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';

const browserIntersecting = env().intersecting;
import { listenLegacy } from '../../src/events/bus';
import {
  builderOnDevice,
  deviceFor,
  DESKTOP_QUERY,
  legacyType,
  readBuilderSticky,
  releaseLine,
  shrinks,
  sideTrigger,
  stickyOnDevice,
  TABLET_QUERY,
  triggerPosition,
  SHRINK_HEIGHT,
  SHRINK_MS,
  type Device,
} from './logic';

/**
 * The sticky header: legacy types 1, 2 and 3 (`avadaHeaderVars`) and Layout Builder sticky containers. No work
 * per scroll event: geometry is measured once (and again on resize and the reinit events), and an
 * IntersectionObserver on a sentinel reaching from the page's top down to the trigger line says when the line
 * passes under the admin bar. Without IntersectionObserver, a passive scroll listener batched per frame compares
 * scrollY with the measured trigger.
 */
const STYLES = `
.sf-sticky-sentinel { position: absolute; top: 0; left: 0; width: 1px; pointer-events: none; visibility: hidden; }
.fusion-header-wrapper[data-sf-shrink] .fusion-header { height: var(--sf-header-height, auto); transition: height ${SHRINK_MS}ms ease-in-out; }
body.fusion-is-sticky .fusion-header-wrapper[data-sf-shrink] .fusion-header { height: ${SHRINK_HEIGHT}px; }
body.fusion-is-sticky .fusion-header-wrapper[data-sf-shrink] .fusion-header > .fusion-row { min-height: 0; height: 100%; }
.fusion-sticky-container.fusion-container-stuck { position: fixed; top: var(--sf-sticky-top, 0px); left: var(--sf-sticky-left, 0px); width: var(--sf-sticky-width, 100%); z-index: 10000; }
.sf-sticky-parent { position: relative; }
.fusion-sticky-container.fusion-container-stuck.sf-sticky-bottomed { position: absolute; top: auto; bottom: 0; }
.sf-sticky-height-transition, .sf-sticky-height-transition > .fusion-row { transition: min-height ${SHRINK_MS}ms ease-in-out, height ${SHRINK_MS}ms ease-in-out, padding ${SHRINK_MS}ms ease-in-out; }
@media (prefers-reduced-motion: reduce) { .fusion-header-wrapper[data-sf-shrink] .fusion-header, .sf-sticky-height-transition, .sf-sticky-height-transition > .fusion-row { transition: none; } }
`;

const HEADER_SPEC = {
  header_position: str('top'),
  header_sticky: flag(false),
  header_sticky_tablet: flag(false),
  header_sticky_mobile: flag(false),
  header_sticky_shadow: flag(false),
  header_sticky_type2_layout: str('menu_only'),
  sticky_header_shrinkage: flag(false),
};

const RESIZE_DEBOUNCE_MS = 100;

/** A line in the document: `onChange(true)` once scrollY passes `trigger`, false when back above it. */
function watchTrigger(signal: AbortSignal, onChange: (past: boolean) => void): (trigger: number, adminBar: number) => void {
  let past: boolean | undefined;
  const report = (value: boolean) => {
    if (value === past) return;
    past = value;
    onChange(value);
  };
  if (typeof IntersectionObserver !== 'function' && env().intersecting === browserIntersecting) {
    let trigger = 0;
    let scheduled = false;
    const check = () => {
      scheduled = false;
      report(window.scrollY > trigger);
    };
    window.addEventListener(
      'scroll',
      () => {
        if (scheduled) return;
        scheduled = true;
        env().frame(check);
      },
      { passive: true, signal },
    );
    return (next) => {
      trigger = next;
      past = undefined;
      check();
    };
  }
  const sentinel = document.createElement('div');
  sentinel.className = 'sf-sticky-sentinel';
  sentinel.setAttribute('aria-hidden', 'true');
  document.body.append(sentinel);
  let stop: (() => void) | undefined;
  signal.addEventListener(
    'abort',
    () => {
      stop?.();
      sentinel.remove();
    },
    { once: true },
  );
  return (trigger, adminBar) => {
    stop?.();
    past = undefined;
    // From the page's top to the line: the line is above the admin bar's bottom exactly when nothing of it shows.
    sentinel.style.height = `${Math.max(1, trigger + adminBar)}px`;
    stop = env().intersecting(sentinel, (inView) => report(!inView), `${-adminBar}px 0px 0px 0px`);
  };
}

/** Calls `update` on resize (debounced), on the reinit events, and when the device class changes. */
function remeasureOn(context: WidgetContext, update: () => void): () => Device {
  const { signal } = context;
  const desktop = env().matchMedia(DESKTOP_QUERY);
  const tablet = env().matchMedia(TABLET_QUERY);
  const device = (): Device =>
    desktop && tablet ? (desktop.matches ? 'desktop' : tablet.matches ? 'tablet' : 'mobile') : deviceFor(window.innerWidth);
  let timer: number | undefined;
  window.addEventListener(
    'resize',
    () => {
      if (timer !== undefined) env().clearTimeout(timer);
      timer = env().setTimeout(update, RESIZE_DEBOUNCE_MS);
    },
    { passive: true, signal },
  );
  signal.addEventListener('abort', () => timer !== undefined && env().clearTimeout(timer), { once: true });
  desktop?.addEventListener('change', update, { signal });
  tablet?.addEventListener('change', update, { signal });
  for (const name of ['fusion-sticky-header-reinit', 'fusion-reinit-sticky']) listenLegacy(window, name, update, signal, context.name);
  return device;
}

const docTop = (el: Element) => el.getBoundingClientRect().top + window.scrollY;

function mountLegacy(wrapper: HTMLElement, context: WidgetContext): void {
  const vars = readGlobal('avadaHeaderVars', HEADER_SPEC, context.name);
  if (!vars.header_sticky) return;
  const side = vars.header_position === 'left' || vars.header_position === 'right';
  const versioned = wrapper.querySelector('[class*="fusion-header-v"]') ?? wrapper;
  const type = legacyType({ headerPosition: vars.header_position, headerClasses: side ? [] : versioned.classList });
  const target =
    type === 3
      ? wrapper
      : type === 2
        ? wrapper.querySelector<HTMLElement>(
            vars.header_sticky_type2_layout === 'menu_and_logo' ? '.fusion-sticky-header-wrapper' : '.fusion-secondary-main-menu',
          )
        : wrapper.querySelector<HTMLElement>('.fusion-header');
  if (!target) return;
  const placeholder = type === 3 ? null : wrapper.querySelector<HTMLElement>('.fusion-header-sticky-height');
  let stuck = false;
  let height = 0;
  let shrink = false;

  const apply = (on: boolean) => {
    stuck = on;
    document.body.classList.toggle('fusion-is-sticky', on);
    target.classList.toggle('fusion-sticky-shadow', on && vars.header_sticky_shadow);
    // Hold the header's place only when the theme's CSS really took it out of the flow (no jump either way).
    if (placeholder) placeholder.style.height = on && getComputedStyle(target).position === 'fixed' ? `${height}px` : '';
  };
  const setTrigger = watchTrigger(context.signal, (past) => apply(past && enabled()));
  const measure = () => {
    if (stuck) apply(false);
    wrapper.removeAttribute('data-sf-shrink');
    wrapper.style.removeProperty('--sf-header-height');
    height = target.getBoundingClientRect().height;
    shrink = type === 1 && shrinks({ shrinkage: vars.sticky_header_shrinkage, type, height });
    if (shrink) {
      wrapper.style.setProperty('--sf-header-height', `${height}px`);
      wrapper.setAttribute('data-sf-shrink', '');
    }
    const adminBar = fixedAdminBarHeight();
    const top = docTop(placeholder ?? target);
    const trigger =
      type === 3
        ? sideTrigger({ elementTop: top, elementHeight: height, viewportHeight: window.innerHeight, adminBar })
        : triggerPosition({ elementTop: top, adminBar, offset: 0 });
    setTrigger(trigger, adminBar);
  };
  const device = remeasureOn(context, measure);
  const enabled = () => stickyOnDevice({ desktop: true, tablet: vars.header_sticky_tablet, mobile: vars.header_sticky_mobile }, device());
  measure();
  context.signal.addEventListener(
    'abort',
    () => {
      apply(false);
      wrapper.removeAttribute('data-sf-shrink');
      wrapper.style.removeProperty('--sf-header-height');
    },
    { once: true },
  );
}

function mountBuilder(container: HTMLElement, context: WidgetContext): void {
  const sticky = readBuilderSticky((name) => container.getAttribute(name), context.warn);
  const placeholder = document.createElement('div');
  placeholder.className = 'sf-sticky-placeholder';
  placeholder.setAttribute('aria-hidden', 'true');
  container.before(placeholder);
  // The height change between the container's normal and stuck states (the theme's CSS) animates.
  container.classList.toggle('sf-sticky-height-transition', sticky.heightTransition);
  const parent = sticky.parent && sticky.bottoming ? container.parentElement : null;
  parent?.classList.add('sf-sticky-parent');
  let height = 0;
  let stuck = false;
  const apply = (on: boolean) => {
    stuck = on;
    container.classList.toggle('fusion-container-stuck', on);
    placeholder.style.height = on ? `${height}px` : '';
    if (!on) container.classList.remove('sf-sticky-bottomed');
  };
  const setTrigger = watchTrigger(context.signal, (past) => apply(past && builderOnDevice(sticky, device())));
  const setTransition = watchTrigger(context.signal, (past) => container.classList.toggle('fusion-sticky-transition', past && stuck));
  // Past the release line the container rests at its parent's bottom (still marked stuck, as it is scrolled to).
  const setRelease = parent
    ? watchTrigger(context.signal, (past) => container.classList.toggle('sf-sticky-bottomed', past && stuck))
    : undefined;
  const measure = () => {
    if (stuck) apply(false);
    const box = container.getBoundingClientRect();
    height = box.height;
    const adminBar = fixedAdminBarHeight();
    container.style.setProperty('--sf-sticky-top', `${adminBar + sticky.offset}px`);
    // Stuck, it keeps the column it sat in (a header container spans the page; one in a column keeps its width).
    container.style.setProperty('--sf-sticky-left', `${box.left}px`);
    container.style.setProperty('--sf-sticky-width', `${box.width}px`);
    const trigger = triggerPosition({ elementTop: docTop(placeholder), adminBar, offset: sticky.offset });
    setTrigger(trigger, adminBar);
    if (sticky.transitionOffset > 0) setTransition(trigger + sticky.transitionOffset, adminBar);
    if (parent && setRelease) {
      const line = releaseLine({
        parent: true,
        bottoming: true,
        parentBottom: docTop(parent) + parent.getBoundingClientRect().height,
        height,
        stickyTop: adminBar + sticky.offset,
      });
      if (line !== undefined) setRelease(Math.max(line, trigger), adminBar);
    }
  };
  const device = remeasureOn(context, measure);
  // The parent grows as its images arrive: its bottom is measured again once the page has loaded.
  if (parent && document.readyState !== 'complete') window.addEventListener('load', measure, { once: true, signal: context.signal });
  measure();
  context.signal.addEventListener(
    'abort',
    () => {
      apply(false);
      container.classList.remove('fusion-sticky-transition', 'sf-sticky-height-transition');
      parent?.classList.remove('sf-sticky-parent');
      placeholder.remove();
    },
    { once: true },
  );
}

export default defineWidget({
  mount(element, context) {
    adoptStyles('sticky-header', STYLES);
    if (element.classList.contains('fusion-sticky-container')) mountBuilder(element as HTMLElement, context);
    else mountLegacy(element as HTMLElement, context);
  },
});
