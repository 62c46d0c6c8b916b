import { defineWidget, type WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { checkedSrcset, httpUrlText } from '../../src/net/url-attrs';
import {
  autoSizes,
  backgroundImage,
  defaultExpand,
  distanceFromViewport,
  drainSliced,
  IDLE_EXPAND_FACTOR,
  inViewport,
  isGradient,
  likelyLcp,
  parseExpand,
} from './logic';

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
const unveiled = new WeakSet<Element>();
/**
 * The LCP guess is made once, on an observer's first look at the page (each observer reports every image it
 * watches once, at start); images that come later never jump the queue.
 */
const looked = new WeakSet<IntersectionObserver>();
let lcpChosen = false;
let sizer: ResizeObserver | undefined;
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
  if (unveiled.has(el) || watched.has(el)) return;
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

function sizeAll(img: HTMLImageElement, sizes: string): void {
  if (img.getAttribute('sizes') !== sizes) img.setAttribute('sizes', sizes);
  if (img.parentElement?.tagName !== 'PICTURE') return;
  for (const source of img.parentElement.querySelectorAll('source[data-sizes="auto"]')) {
    if (source.getAttribute('sizes') !== sizes) source.setAttribute('sizes', sizes);
  }
}

/** Resizing the page re-sizes every auto-sized image from its new rendered width, with no layout read of ours. */
function resizer(): ResizeObserver | undefined {
  if (!sizer && typeof ResizeObserver === 'function') {
    sizer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const width = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
        if (width >= 1) sizeAll(entry.target as HTMLImageElement, autoSizes(width));
      }
    });
  }
  return sizer;
}

function srcsetOf(el: Element, context: WidgetContext, what: string): string | undefined {
  const raw = el.getAttribute('data-srcset');
  if (raw === null) return undefined;
  const checked = checkedSrcset(raw, location.href);
  if (!checked || checked.refused) context.warn(what, `${checked?.refused ?? 'all'} candidate(s) are not http(s) URLs and were left out`);
  return checked?.srcset || undefined;
}

function finish(el: Element, ok: boolean): void {
  el.classList.remove('lazyloading');
  el.classList.add(ok ? 'lazyloaded' : 'lazyerror');
  if (ok) el.dispatchEvent(new CustomEvent('lazyloaded', { bubbles: true, cancelable: false, detail: {} }));
}

function whenDone(el: Element, target: EventTarget = el): void {
  el.classList.add('lazyloading');
  const controller = new AbortController();
  const done = (ok: boolean) => () => {
    controller.abort();
    finish(el, ok);
  };
  target.addEventListener('load', done(true), { signal: controller.signal });
  target.addEventListener('error', done(false), { signal: controller.signal });
}

function loadImage(img: HTMLImageElement, context: WidgetContext, width?: number): void {
  const printed = img.getAttribute('data-orig-src');
  const src = printed === null ? null : httpUrlText(printed, location.href);
  if (printed !== null && src === null) {
    context.warn('data-orig-src', `expected an http(s) URL, got ${JSON.stringify(printed)}; the printed src stays`);
  }
  const srcset = srcsetOf(img, context, 'data-srcset');
  const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : undefined;
  const sources = picture
    ? [...picture.querySelectorAll('source[data-srcset]')].map((s) => [s, srcsetOf(s, context, 'source data-srcset')] as const)
    : [];

  if (img.getAttribute('data-sizes') === 'auto') {
    // The observer's box is free; a layout read only when the image came another way (preload, consent).
    const rendered = width ?? img.getBoundingClientRect().width;
    sizeAll(img, autoSizes(rendered, rendered < 40 ? img.parentElement?.getBoundingClientRect().width : undefined));
    resizer()?.observe(img);
  }
  if (!src && !srcset && !sources.some(([, s]) => s)) {
    // Nothing (usable) to load: the printed image is what shows.
    finish(img, printed === null && img.getAttribute('data-srcset') === null);
    return;
  }
  whenDone(img);
  // Sources and srcset before src: the browser picks its candidate once, when src changes.
  for (const [source, set] of sources) if (set) source.setAttribute('srcset', set);
  if (srcset) img.setAttribute('srcset', srcset);
  if (src) img.setAttribute('src', src);
}

function loadBackground(el: HTMLElement, context: WidgetContext): void {
  const printed = el.getAttribute('data-bg') ?? '';
  const url = httpUrlText(printed, location.href);
  let gradient = el.getAttribute('data-bg-gradient') ?? undefined;
  if (gradient !== undefined && !isGradient(gradient)) {
    context.warn('data-bg-gradient', `expected a CSS gradient, got ${JSON.stringify(gradient)}; left out`);
    gradient = undefined;
  }
  if (!url) {
    context.warn('data-bg', `expected an http(s) URL, got ${JSON.stringify(printed)}; no background image`);
    if (gradient) el.style.backgroundImage = gradient;
    finish(el, false);
    return;
  }
  // The style property (CSSOM), not a style attribute: allowed under the strict CSP. A probe image tells when
  // it arrived (the browser fetches the URL once for both).
  const probe = new Image();
  whenDone(el, probe);
  el.style.backgroundImage = backgroundImage(url, gradient);
  probe.src = url;
}

function unveil(el: Element, context: WidgetContext, width?: number): void {
  if (unveiled.has(el)) return;
  unveiled.add(el);
  const go = el.dispatchEvent(new CustomEvent('lazybeforeunveil', { bubbles: true, cancelable: true, detail: {} }));
  el.classList.remove('lazyload');
  if (!go) return; // a listener took over, as with lazysizes
  if (el instanceof HTMLImageElement) loadImage(el, context, width);
  else if (el instanceof HTMLElement) loadBackground(el, context);
}

function afterPageLoad(fn: () => void, signal: AbortSignal): void {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', fn, { once: true, signal });
}

export default defineWidget({
  mount(element, context) {
    context.onCleanup(() => {
      unwatch(element);
      sizer?.unobserve(element);
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
  sizer?.disconnect();
  sizer = undefined;
  lcpChosen = false;
}
