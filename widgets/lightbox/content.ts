/**
 * What a non-image slide shows: video, YouTube/Vimeo behind the consent gate, iframe, inline and ajax content.
 * Part of the lazily loaded core chunk. Builders return an element; `activate`/`deactivate` start and stop
 * players, so a preloaded neighbour never plays (or loads a third-party player) while it is off screen.
 */
import { islandHost } from '../../src/host';
import { loadSanitizer } from '../privacy/sanitizer';
import { requestText } from '../../src/net/request';
import { consentStore, typeAllowed } from '../privacy/consent';
import { gatedType, PROVIDER_NAMES } from '../privacy/hosts';
import { embedUrl, TEXTS, videoId, videoMime, type VideoSize } from './logic';
import type { LightboxItem } from './targets';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function errorBox(text: string): HTMLElement {
  const box = el('div', 'sf-ilightbox__error ilightbox-alert', text);
  box.setAttribute('role', 'alert');
  return box;
}

export interface SlideContent {
  element: HTMLElement;
  activate(): void;
  deactivate(): void;
  destroy(): void;
}

const still = (element: HTMLElement, extra: Partial<SlideContent> = {}): SlideContent => ({
  element,
  activate() {},
  deactivate() {},
  destroy() {},
  ...extra,
});

function frame(src: string, title: string, width: number, height: number): HTMLIFrameElement {
  const iframe = el('iframe', 'sf-ilightbox__frame');
  iframe.src = src;
  iframe.title = title;
  iframe.width = String(width);
  iframe.height = String(height);
  iframe.allow = 'autoplay; fullscreen; picture-in-picture';
  iframe.allowFullscreen = true;
  return iframe;
}

/**
 * A frame from a third-party host behind the consent gate: the frame once the visitor allows its type (and, for
 * players, only while the slide is current), else Avada's consent placeholder whose button allows that one type.
 * A privacy-enhanced host (YouTube's nocookie player) is not consent: it waits the same.
 */
function gated(type: string, href: string, makeFrame: () => HTMLIFrameElement, options: { onlyWhileActive: boolean }): SlideContent {
  const box = el('div', `sf-ilightbox__media sf-ilightbox__media--${options.onlyWhileActive ? 'embed' : 'iframe'}`);
  const name = PROVIDER_NAMES[type] ?? type;
  let active = false;
  let shown: HTMLIFrameElement | undefined;
  let unsubscribe: (() => void) | undefined;
  const render = () => {
    if (typeAllowed(type)) {
      const wanted = active || !options.onlyWhileActive;
      if (wanted && !shown) box.replaceChildren((shown = makeFrame()));
      else if (!wanted) {
        shown = undefined;
        box.replaceChildren();
      }
      return;
    }
    shown = undefined;
    const placeholder = el('div', 'fusion-privacy-placeholder sf-ilightbox__consent');
    const inner = el('div', 'fusion-privacy-placeholder-content');
    const label = el('div', 'fusion-privacy-label', `For privacy reasons ${name} needs your permission to be loaded.`);
    const accept = el('button', 'fusion-button button-default fusion-privacy-consent', 'I Accept');
    accept.type = 'button';
    accept.addEventListener('click', () => {
      const store = consentStore();
      store.set([...new Set([...store.consents(), type])]);
    });
    const link = el('a', 'sf-ilightbox__external', `Open on ${name}`);
    if (type === 'youtube' || type === 'vimeo') link.textContent = `Watch on ${name}`;
    link.href = href;
    link.target = '_blank';
    link.rel = 'noopener';
    inner.append(label, accept, ' ', link);
    placeholder.append(inner);
    box.replaceChildren(placeholder);
  };
  render();
  return {
    element: box,
    activate() {
      active = true;
      unsubscribe ??= consentStore().subscribe(render);
      render();
    },
    deactivate() {
      active = false;
      if (options.onlyWhileActive) render();
    },
    destroy() {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

/** YouTube/Vimeo: the privacy-enhanced player once the consent bar allows the type, else a consent placeholder. */
function embed(item: LightboxItem, kind: 'youtube' | 'vimeo', size: VideoSize): SlideContent {
  const id = videoId(kind, item.href);
  const title = item.title || `${PROVIDER_NAMES[kind]} video`;
  return gated(
    kind,
    item.href,
    () =>
      frame(embedUrl(kind, id), title, item.options.width ?? size.lightbox_video_width, item.options.height ?? size.lightbox_video_height),
    { onlyWhileActive: true },
  );
}

/** `data-type="iframe"`: any page; one on a gated host (a YouTube embed, a Google map) waits for its consent. */
function iframe(item: LightboxItem, size: VideoSize): SlideContent {
  const make = () =>
    frame(
      item.href,
      item.title || 'Embedded page',
      item.options.width ?? size.lightbox_video_width,
      item.options.height ?? size.lightbox_video_height,
    );
  const type = gatedType(item.href, document.baseURI);
  if (type) return gated(type, item.href, make, { onlyWhileActive: false });
  const box = el('div', 'sf-ilightbox__media sf-ilightbox__media--iframe');
  box.append(make());
  return still(box);
}

function video(item: LightboxItem, size: VideoSize): SlideContent {
  const box = el('div', 'sf-ilightbox__media sf-ilightbox__media--video');
  const player = el('video', 'sf-ilightbox__video');
  player.controls = true;
  player.playsInline = true;
  // Nothing is fetched until the visitor presses play: a preloaded neighbour costs no bandwidth.
  player.preload = 'none';
  player.width = item.options.width ?? size.lightbox_video_width;
  player.height = item.options.height ?? size.lightbox_video_height;
  if (item.options.thumbnail) player.poster = item.options.thumbnail;
  const source = el('source', '');
  source.src = item.href;
  source.type = videoMime(item.href);
  player.append(source);
  if (item.title) player.setAttribute('aria-label', item.title);
  box.append(player);
  return still(box, { deactivate: () => player.pause() });
}

function inline(item: LightboxItem): SlideContent {
  const box = htmlBox(item);
  const source = document.getElementById(item.href.slice(1));
  if (!source) {
    box.append(errorBox(TEXTS.ajaxError));
    return still(box);
  }
  // The element itself moves in (its state and listeners stay) and goes back where it was on close.
  const marker = document.createComment('lightbox inline');
  source.before(marker);
  box.append(source);
  return still(box, {
    destroy() {
      if (marker.isConnected) marker.replaceWith(source);
    },
  });
}

/** A box of page content: it may scroll, so it takes focus (keyboard users can scroll it too). */
function htmlBox(item: LightboxItem): HTMLElement {
  const box = el('div', 'sf-ilightbox__html');
  box.tabIndex = 0;
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', item.title || 'Content');
  return box;
}

/**
 * The answer goes in through the sanitizer (requested beside the answer); frames and images from a host still
 * waiting for consent stay in the theme's blocked form, and the runtime's scan hands them to the privacy widget,
 * which loads them once the visitor allows their type.
 */
function ajax(item: LightboxItem, signal: AbortSignal): SlideContent {
  const box = htmlBox(item);
  box.setAttribute('aria-busy', 'true');
  box.append(el('p', 'sf-ilightbox__loading-text', TEXTS.loading));
  const sanitizer = loadSanitizer();
  Promise.all([requestText(item.href, { signal }), sanitizer])
    .then(([{ text }, { sanitizeFragment }]) => {
      if (signal.aborted) return;
      box.replaceChildren(sanitizeFragment(text));
      if (box.isConnected) islandHost()?.scan(box);
    })
    .catch(() => {
      if (!signal.aborted) box.replaceChildren(errorBox(TEXTS.ajaxError));
    })
    .finally(() => box.removeAttribute('aria-busy'));
  return still(box);
}

/** No plugins here: a Flash item shows the link to its file. */
function fileLink(item: LightboxItem): SlideContent {
  const box = el('div', 'sf-ilightbox__html');
  const link = el('a', 'sf-ilightbox__external', item.title || item.href);
  link.href = item.href;
  box.append(link);
  return still(box);
}

export function buildContent(item: LightboxItem, size: VideoSize, signal: AbortSignal): SlideContent {
  switch (item.type) {
    case 'youtube':
    case 'vimeo':
      return embed(item, item.type, size);
    case 'video':
      return video(item, size);
    case 'iframe':
      return iframe(item, size);
    case 'inline':
      return inline(item);
    case 'html':
      return item.href.startsWith('#') ? inline(item) : ajax(item, signal);
    case 'ajax':
      return ajax(item, signal);
    case 'flash':
      return fileLink(item);
    default:
      return still(errorBox(TEXTS.ajaxError));
  }
}
