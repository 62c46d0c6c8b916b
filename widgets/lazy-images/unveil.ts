import type { WidgetContext } from '../../src/widget';
import { checkedSrcset, httpUrlText } from '../../src/net/url-attrs';
import { autoSizes, backgroundImage, isGradient } from './logic';

/**
 * Unveiling one lazy image or background as lazysizes does: its events (`lazybeforeunveil`, cancelable;
 * `lazyloaded`), its classes (`lazyloading`, then `lazyloaded` or `lazyerror`), `data-sizes="auto"` kept in step
 * with the rendered width, and every URL from the markup through the http(s) check.
 */

const unveiled = new WeakSet<Element>();
let sizer: ResizeObserver | undefined;

export function isUnveiled(el: Element): boolean {
  return unveiled.has(el);
}

export function unobserveSize(el: Element): void {
  sizer?.unobserve(el);
}

/** Tests: a fresh page. */
export function resetSizes(): void {
  sizer?.disconnect();
  sizer = undefined;
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

export function unveil(el: Element, context: WidgetContext, width?: number): void {
  if (unveiled.has(el)) return;
  unveiled.add(el);
  const go = el.dispatchEvent(new CustomEvent('lazybeforeunveil', { bubbles: true, cancelable: true, detail: {} }));
  el.classList.remove('lazyload');
  if (!go) return; // a listener took over, as with lazysizes
  if (el instanceof HTMLImageElement) loadImage(el, context, width);
  else if (el instanceof HTMLElement) loadBackground(el, context);
}
