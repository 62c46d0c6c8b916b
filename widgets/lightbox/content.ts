/**
 * What a non-image slide shows: video, YouTube/Vimeo behind the consent gate, iframe, inline and ajax content.
 * Part of the lazily loaded core chunk. Builders return an element; `activate`/`deactivate` start and stop
 * players, so a preloaded neighbour never plays (or loads a third-party player) while it is off screen.
 */
import { adopt } from '../../src/dom/html';
import { requestText } from '../../src/net/request';
import { consentStore, typeAllowed } from '../privacy/consent';
import { embedUrl, TEXTS, videoId, videoMime, type VideoSize } from './logic';
import type { LightboxItem } from './targets';

const PROVIDER = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

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

/** Answers are the site's own HTML, made inert: no scripts, no event-handler attributes, no script URLs, no plugins. */
export function inertFragment(html: string): DocumentFragment {
  // Cleaned in a document of its own (no browsing context and none of the page's CSP: nothing loads, runs or is
  // reported there), then adopted.
  const body = document.implementation.createHTMLDocument('').body;
  // Handler attributes are dropped from the text first: Chromium reports (and blocks) each one it parses under the
  // page's CSP, a console error for every answer; the DOM pass below removes any the pattern missed.
  body.innerHTML = html.replace(/\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  for (const node of body.querySelectorAll('script, object, embed, base, meta, link, style')) node.remove();
  for (const node of body.querySelectorAll('*')) {
    for (const attr of Array.from(node.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) node.removeAttribute(attr.name);
      else if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(name) && (name === 'srcdoc' || /^\s*(javascript|data|vbscript):/i.test(attr.value))) node.removeAttribute(attr.name);
    }
  }
  const fragment = document.createDocumentFragment();
  for (const child of Array.from(body.childNodes)) fragment.append(adopt(child));
  return fragment;
}

export interface SlideContent {
  element: HTMLElement;
  activate(): void;
  deactivate(): void;
  destroy(): void;
}

const still = (element: HTMLElement, extra: Partial<SlideContent> = {}): SlideContent => ({ element, activate() {}, deactivate() {}, destroy() {}, ...extra });

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

/** YouTube/Vimeo: the privacy-enhanced player once the consent bar allows the type, else a consent placeholder. */
function embed(item: LightboxItem, kind: 'youtube' | 'vimeo', size: VideoSize): SlideContent {
  const box = el('div', 'sf-ilightbox__media sf-ilightbox__media--embed');
  const id = videoId(kind, item.href);
  const name = PROVIDER[kind];
  let active = false;
  let unsubscribe: (() => void) | undefined;
  const render = () => {
    if (typeAllowed(kind)) {
      box.replaceChildren(active ? frame(embedUrl(kind, id), item.title || `${name} video`, item.options.width ?? size.lightbox_video_width, item.options.height ?? size.lightbox_video_height) : '');
      return;
    }
    const placeholder = el('div', 'fusion-privacy-placeholder sf-ilightbox__consent');
    const inner = el('div', 'fusion-privacy-placeholder-content');
    const label = el('div', 'fusion-privacy-label', `For privacy reasons ${name} needs your permission to be loaded.`);
    const accept = el('button', 'fusion-button button-default fusion-privacy-consent', 'I Accept');
    accept.type = 'button';
    accept.addEventListener('click', () => {
      const store = consentStore();
      store.set([...new Set([...store.consents(), kind])]);
    });
    const link = el('a', 'sf-ilightbox__external', `Watch on ${name}`);
    link.href = item.href;
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
      render();
    },
    destroy() {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
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

function ajax(item: LightboxItem, signal: AbortSignal): SlideContent {
  const box = htmlBox(item);
  box.setAttribute('aria-busy', 'true');
  box.append(el('p', 'sf-ilightbox__loading-text', TEXTS.loading));
  requestText(item.href, { signal })
    .then(({ text }) => box.replaceChildren(inertFragment(text)))
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
    case 'iframe': {
      const box = el('div', 'sf-ilightbox__media sf-ilightbox__media--iframe');
      box.append(frame(item.href, item.title || 'Embedded page', item.options.width ?? size.lightbox_video_width, item.options.height ?? size.lightbox_video_height));
      return still(box);
    }
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
