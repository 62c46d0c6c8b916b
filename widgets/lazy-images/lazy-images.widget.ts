import { defineWidget, type WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { defaultExpand, distanceFromViewport, drainSliced, IDLE_EXPAND_FACTOR, inViewport, likelyLcp, parseExpand } from './logic';
import { isUnveiled, resetSizes, unobserveSize, unveil } from './unveil';

/**
 * Avada's lazy images (lazysizes' markup and events) on one IntersectionObserver per margin (the page's default,
 * plus one per distinct `data-expand`), and one ResizeObserver for `data-sizes="auto"`. Each image is its own
 * widget instance, so images inserted later are found by the runtime's own MutationObserver.
 */

/** Fired by the privacy widget on an element it unblocked (widgets/privacy/unblock.ts, UNBLOCKED_EVENT). */
const PRIVACY_UNBLOCKED = 'storefront:privacy-unblocked';

interface Watched {
  context: WidgetContext;
  observer: IntersectionObserver;
  /** Its own `data-expand` margin (kept when the page's margin widens). */
  custom: boolean;
}

const watched = new Map<Element, Watched>();
const observers = new Map<number, IntersectionObserver>();
/**
 * The LCP guess is made once, on an observer's first look at the page (each observer reports every image it
 * watches once, at start); images that come later never jump the queue.
 */
const looked = new WeakSet<IntersectionObserver>();
let lcpChosen = false;
let idleScheduled = false;
let idleExpanded = false;
let cancelIdleExpand: (() => void) | undefined;

/** Images the observers reported and not unveiled yet, nearest to the viewport first (per report). */
const queue = new Map<Element, { context: WidgetContext; width: number }>();
let draining = false;

function takeQueued(): [Element, { context: WidgetContext; width: number }] | undefined {
  const first = queue.entries().next();
  if (first.done) return undefined;
  queue.delete(first.value[0]);
  return first.value;
}

/** Unveils the queue a slice at a time (logic.ts drainSliced): a long batch never becomes one long task. */
function drain(): void {
  if (draining) return;
  draining = true;
  void drainSliced(
    takeQueued,
    ([el, { context, width }]) => {
      if (el.isConnected) unveil(el, context, width);
    },
    env(),
  ).finally(() => {
    draining = false;
    if (queue.size) drain();
  });
}

function onIntersect(entries: IntersectionObserverEntry[], observer: IntersectionObserver): void {
  const hits = entries.filter((e) => e.isIntersecting && watched.has(e.target));
  const width = window.innerWidth;
  const height = window.innerHeight;
  const firstLook = !looked.has(observer);
  looked.add(observer);
  if (!lcpChosen && firstLook) {
    const inView = hits.filter((e) => e.target instanceof HTMLImageElement);
    const lcp = likelyLcp(
      inView.map((e) => e.boundingClientRect),
      width,
      height,
    );
    // An attribute the browser reads when the request starts: set before the source below.
    if (lcp >= 0) {
      inView[lcp]!.target.setAttribute('fetchpriority', 'high');
      lcpChosen = true;
    }
  }
  const later: [IntersectionObserverEntry, WidgetContext][] = [];
  for (const entry of hits) {
    const context = watched.get(entry.target)!.context;
    unwatch(entry.target);
    // What shows in the first viewport at start loads at once, in this task: the likely LCP image never waits.
    if (firstLook && inViewport(entry.boundingClientRect, width, height)) unveil(entry.target, context, entry.boundingClientRect.width);
    else later.push([entry, context]);
  }
  const distance = ([entry]: [IntersectionObserverEntry, WidgetContext]) => distanceFromViewport(entry.boundingClientRect, width, height);
  later.sort((a, b) => distance(a) - distance(b));
  for (const [entry, context] of later) queue.set(entry.target, { context, width: entry.boundingClientRect.width });
  if (queue.size) drain();
}

function observerFor(margin: number): IntersectionObserver {
  let observer = observers.get(margin);
  if (!observer) {
    observer = new IntersectionObserver(onIntersect, { rootMargin: `${margin}px` });
    observers.set(margin, observer);
  }
  return observer;
}

function unwatch(el: Element): void {
  queue.delete(el);
  watched.get(el)?.observer.unobserve(el);
  watched.delete(el);
}

function watch(el: Element, context: WidgetContext): void {
  if (isUnveiled(el) || watched.has(el)) return;
  if (typeof IntersectionObserver !== 'function') {
    unveil(el, context);
    return;
  }
  let expand = parseExpand(el.getAttribute('data-expand'));
  if (Number.isNaN(expand)) {
    context.warn('data-expand', `expected a number of px, got ${JSON.stringify(el.getAttribute('data-expand'))}; using the default margin`);
    expand = undefined;
  }
  const observer = observerFor(expand ?? defaultMargin());
  watched.set(el, { context, observer, custom: expand !== undefined });
  observer.observe(el);
  expandWhenIdle();
}

/** The page's margin: lazysizes' expand, × its idle expansion factor once the page has loaded and gone idle. */
function defaultMargin(): number {
  const base = defaultExpand(window.innerWidth, window.innerHeight);
  return idleExpanded ? Math.round(base * IDLE_EXPAND_FACTOR) : base;
}

/**
 * lazysizes widens its margin by expFactor (1.5) once the page has loaded and nothing is loading: images a little
 * further down are fetched while the shopper reads, before a scroll brings them near. Once per page; images with
 * their own data-expand keep it.
 */
function expandWhenIdle(): void {
  if (idleScheduled) return;
  idleScheduled = true;
  const widen = () => {
    cancelIdleExpand = env().idle(() => {
      idleExpanded = true;
      const wider = observerFor(defaultMargin());
      for (const [el, entry] of watched) {
        if (entry.custom || entry.observer === wider) continue;
        entry.observer.unobserve(el);
        watched.set(el, { ...entry, observer: wider });
        wider.observe(el);
      }
    });
  };
  if (document.readyState === 'complete') widen();
  else window.addEventListener('load', widen, { once: true });
}

function afterPageLoad(fn: () => void, signal: AbortSignal): void {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', fn, { once: true, signal });
}

export default defineWidget({
  mount(element, context) {
    context.onCleanup(() => {
      unwatch(element);
      unobserveSize(element);
    });
    // The consent bar holds the source in data-privacy-src; it fires an event once it put it back.
    if (element.hasAttribute('data-privacy-src') && !element.hasAttribute('data-privacy-unblocked')) {
      element.addEventListener(PRIVACY_UNBLOCKED, () => watch(element, context), { once: true, signal: context.signal });
      return;
    }
    watch(element, context);
    if (element.classList.contains('lazypreload')) {
      // lazysizes' preloadAfterLoad: once the page has loaded, when the main thread is idle.
      afterPageLoad(() => {
        const cancel = env().idle(() => {
          if (!watched.has(element)) return;
          unwatch(element);
          unveil(element, context);
        });
        context.onCleanup(cancel);
      }, context.signal);
    }
  },
});

/** Tests: a fresh page (observers recreated, the LCP guess made again). */
export function resetLazyImages(): void {
  for (const observer of observers.values()) observer.disconnect();
  observers.clear();
  watched.clear();
  queue.clear();
  cancelIdleExpand?.();
  idleScheduled = false;
  idleExpanded = false;
  resetSizes();
  lcpChosen = false;
}
