import { env } from '../../src/env';
import {
  backgroundInfo,
  distanceBelowFold,
  emptyInfo,
  intersectsViewport,
  isLazyRenderBlock,
  selectLcp,
  visibleArea,
  type ImageInfo,
  type LcpEntry,
  type Screen,
} from './logic';

/** Work on one slice for at most this long, then yield to the page (no long task however big the DOM). */
const SLICE_MS = 8;

/** Run `each` over the items in slices of at most SLICE_MS, yielding at idle between slices. */
export async function inSlices<T>(items: readonly T[], each: (item: T) => void, isCancelled: () => boolean = () => false): Promise<void> {
  let i = 0;
  while (i < items.length) {
    if (isCancelled()) return;
    const started = performance.now();
    do each(items[i++]!);
    while (i < items.length && performance.now() - started < SLICE_MS);
    if (i < items.length) await new Promise<void>((resolve) => env().idle(resolve, 100));
  }
}

const attr = (el: Element, name: string) => el.getAttribute(name) ?? '';

/** As the browser resolves a URL attribute (`poster` the same way on every engine). */
function absolute(value: string, el: Element): string {
  try {
    return new URL(value, el.baseURI).href;
  } catch {
    return value;
  }
}

/** What WP Rocket records for one candidate; undefined when it has none (no background image). */
export function elementInfo(el: Element): ImageInfo | undefined {
  const info = emptyInfo();
  const tag = el.localName;
  if (tag === 'img') {
    const img = el as HTMLImageElement;
    if (img.hasAttribute('srcset'))
      return {
        ...info,
        type: 'img-srcset',
        src: img.src,
        srcset: attr(img, 'srcset'),
        sizes: attr(img, 'sizes'),
        current_src: img.currentSrc,
      };
    return { ...info, type: 'img', src: img.src, current_src: img.currentSrc };
  }
  if (tag === 'video') {
    const video = el as HTMLVideoElement;
    const source = video.querySelector('source');
    const poster = video.getAttribute('poster');
    const src = poster ? absolute(poster, video) : source ? (source as HTMLSourceElement).src : '';
    return { ...info, type: 'img', src, current_src: src };
  }
  if (tag === 'svg') {
    const image = el.querySelector('image');
    if (!image) return info;
    const href = image.getAttribute('href') ?? image.getAttribute('xlink:href') ?? '';
    return { ...info, type: 'img', src: href, current_src: href };
  }
  if (tag === 'picture') {
    const img = el.querySelector('img');
    const sources = Array.from(el.querySelectorAll('source'), (s) => ({
      srcset: attr(s, 'srcset'),
      media: attr(s, 'media'),
      type: attr(s, 'type'),
      sizes: attr(s, 'sizes'),
    }));
    return { ...info, type: 'picture', src: img?.src ?? '', sources };
  }
  const view = el.ownerDocument.defaultView;
  if (!view) return undefined;
  return backgroundInfo([
    view.getComputedStyle(el).backgroundImage,
    view.getComputedStyle(el, '::after').backgroundImage,
    view.getComputedStyle(el, '::before').backgroundImage,
  ]);
}

/** The element whose box stands for a candidate: a picture's own img; an img inside a picture is not one. */
function boxElement(el: Element): Element | undefined {
  if (el.localName === 'img' && el.parentElement?.localName === 'picture') return undefined;
  if (el.localName === 'picture') return el.querySelector('img') ?? undefined;
  return el;
}

export function screenSize(): Screen {
  return {
    width: window.innerWidth || document.documentElement.clientWidth,
    height: window.innerHeight || document.documentElement.clientHeight,
  };
}

/** LCP and above-the-fold images among the candidates matched by `selector`. */
export async function detectLcp(selector: string, isCancelled?: () => boolean): Promise<LcpEntry[]> {
  const screen = screenSize();
  const candidates: { area: number; info: ImageInfo | undefined }[] = [];
  await inSlices(
    Array.from(document.querySelectorAll(selector)),
    (el) => {
      const boxed = boxElement(el);
      if (!boxed) return;
      const box = boxed.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0 || !intersectsViewport(box, screen)) return;
      candidates.push({ area: visibleArea(box, screen), info: elementInfo(el) });
    },
    isCancelled,
  );
  return selectLcp(candidates);
}

export interface LrcOptions {
  threshold: number;
  skipStrings: readonly string[];
  exclusions: readonly [string, RegExp][];
}

const negative = (value: string) => parseFloat(value) < 0;
const hasNegativeMargin = (style: CSSStyleDeclaration) =>
  [style.marginTop, style.marginRight, style.marginBottom, style.marginLeft].some(negative);

/** Layouts that `content-visibility: auto` would break (WP Rocket leaves them out). */
export function hasLazyRenderConflict(el: Element): boolean {
  const view = el.ownerDocument.defaultView!;
  const style = view.getComputedStyle(el);
  if (
    hasNegativeMargin(style) ||
    style.getPropertyValue('content-visibility') === 'auto' ||
    style.getPropertyValue('content-visibility') === 'hidden'
  )
    return true;
  for (const child of Array.from(el.children)) {
    const s = view.getComputedStyle(child);
    if (hasNegativeMargin(s) || s.position === 'absolute' || s.position === 'fixed') return true;
  }
  return false;
}

/** Why an element may not be lazily rendered, or undefined when it may. */
export function lazyRenderSkip(el: Element, options: LrcOptions): string | undefined {
  if (!el.getAttribute('data-rocket-location-hash')) return 'empty hash';
  const id = el.id.toLowerCase();
  if (id && options.skipStrings.some((s) => s && id.includes(s.toLowerCase()))) return 'skipString';
  if (el.querySelector('use')) return 'svg use';
  if (options.exclusions.some(([name, pattern]) => el.hasAttribute(name) && pattern.test(el.getAttribute(name)!))) return 'exclusion';
  if (hasLazyRenderConflict(el)) return 'conflict';
  return undefined;
}

function distanceOf(el: Element | null): number {
  if (!el) return 0;
  return distanceBelowFold(el.getBoundingClientRect().top, window.scrollY, screenSize().height);
}

/** Hashes of the outermost blocks far enough below the first screen to be lazily rendered. */
export async function detectLazyRender(options: LrcOptions, isCancelled?: () => boolean): Promise<string[]> {
  const hashes: string[] = [];
  await inSlices(
    Array.from(document.querySelectorAll('[data-rocket-location-hash]')),
    (el) => {
      if (lazyRenderSkip(el, options)) return;
      if (isLazyRenderBlock(distanceOf(el), distanceOf(el.parentElement), options.threshold))
        hashes.push(el.getAttribute('data-rocket-location-hash')!);
    },
    isCancelled,
  );
  return hashes;
}
