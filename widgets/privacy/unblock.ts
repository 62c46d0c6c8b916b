/**
 * Turning the server's blocked forms back into what they were, once their type is allowed (plain DOM code: it
 * runs at load for types already allowed, before React is even requested).
 */
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { httpUrl } from '../../src/net/url';
import { blockedKind, carriesToScript, playerUrl, restoreScriptText, VIMEO_ID, waitsForMaps, YOUTUBE_ID, youtubeThumbnail } from './logic';

export interface UnblockContext {
  allowed(type: string): boolean;
  warn(field: string, message: string): void;
}

/** Fired (native, bubbling) on each element we unblock, so a lazy loader or slider can pick it up. */
export const UNBLOCKED_EVENT = 'storefront:privacy-unblocked';

export function kindOf(el: Element) {
  return blockedKind(el.tagName, {
    has: (n) => el.hasAttribute(n),
    get: (n) => el.getAttribute(n),
    classes: [...el.classList],
  });
}

/** The page's CSP nonce, so a script the server held back runs under a nonce-based policy. */
function pageNonce(): string | undefined {
  for (const s of document.scripts) if (s.nonce) return s.nonce;
  return undefined;
}

function announce(el: Element, type: string): void {
  el.dispatchEvent(new CustomEvent(UNBLOCKED_EVENT, { bubbles: true, detail: { type } }));
}

/** `iframe` / `img`: the source goes back where it belongs (`data-orig-src` for Avada's lazy images). */
function unblockSource(el: Element, type: string): void {
  const src = el.getAttribute('data-privacy-src') ?? '';
  if (el.tagName === 'IMG' && el.classList.contains('lazyload')) el.setAttribute('data-orig-src', src);
  else el.setAttribute('src', src);
  el.setAttribute('data-privacy-unblocked', '');
  el.classList.remove('fusion-hidden');
  if (type === 'gmaps') el.closest('.fusion-maps-static-type')?.classList.remove('fusion-hidden');
  announce(el, type);
}

/**
 * What the server put inside a blocked `noscript`/`span`. With scripting on, a browser parses a noscript's
 * content as raw text; a parser without scripting (and happy-dom) makes elements of it: innerHTML gives the
 * printed markup either way.
 */
function printedContent(el: Element): string {
  if (el.tagName === 'NOSCRIPT' && el.children.length) return el.innerHTML;
  return el.textContent ?? '';
}

function scriptFrom(el: Element): HTMLScriptElement {
  const script = document.createElement('script');
  for (const attr of el.attributes) if (carriesToScript(attr.name)) script.setAttribute(attr.name, attr.value);
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  const src = el.getAttribute('data-privacy-src');
  if (src) {
    script.src = src;
    // Inserted scripts are async by default: keep the printed order (the API before what uses it).
    script.async = false;
  }
  const text = restoreScriptText(printedContent(el));
  if (text.trim()) script.text = text;
  return script;
}

/** Map scripts waiting for the Maps API (and InfoBox), checked every second as the theme does. */
const waitingForMaps: { el: Element; script: HTMLScriptElement }[] = [];
let mapsTimer: number | undefined;
let mapsTries = 0;
const MAPS_TRIES = 60;

/** Tests: a new page (no map scripts waiting, no timer). */
export function resetMapsWait(): void {
  if (mapsTimer !== undefined) env().clearTimeout(mapsTimer);
  mapsTimer = undefined;
  waitingForMaps.length = 0;
  mapsTries = 0;
}

function insertWaiting(w: { el: Element; script: HTMLScriptElement }): void {
  if (w.el.isConnected) w.el.replaceWith(w.script);
  else document.body.append(w.script);
}

function runMaps(): void {
  for (const map of document.querySelectorAll('.fusion-google-map')) {
    map.classList.remove('fusion-hidden');
    const run = (window as unknown as Record<string, unknown>)[`fusion_run_map_${map.id}`];
    if (map.id && typeof run === 'function') (run as () => void)();
  }
}

/** Once `google.maps` exists: InfoBox goes in first; the map scripts once InfoBox is defined (when the page uses it). */
function flushMaps(ctx: UnblockContext): void {
  mapsTimer = undefined;
  if (!waitingForMaps.length) return;
  const w = window as unknown as { google?: { maps?: unknown }; InfoBox?: unknown };
  if (w.google?.maps) {
    for (let i = waitingForMaps.length - 1; i >= 0; i--) {
      const item = waitingForMaps[i]!;
      if (item.script.src.includes('infobox_packed')) {
        waitingForMaps.splice(i, 1);
        insertWaiting(item);
      }
    }
    const usesInfoBox = !!document.querySelector('script[src*="infobox_packed"]');
    if (!usesInfoBox || typeof w.InfoBox === 'function') {
      for (const item of waitingForMaps.splice(0)) insertWaiting(item);
      runMaps();
      return;
    }
  }
  if (++mapsTries >= MAPS_TRIES) {
    ctx.warn('gmaps', 'the Google Maps API did not arrive within a minute; the maps stay empty');
    return;
  }
  mapsTimer = env().setTimeout(() => flushMaps(ctx), 1000);
}

function unblockScript(el: Element, type: string, ctx: UnblockContext): void {
  const script = scriptFrom(el);
  if (type === 'gmaps' && waitsForMaps(el.getAttribute('data-privacy-src'), script.text)) {
    el.setAttribute('data-privacy-unblocked', '');
    waitingForMaps.push({ el, script });
    mapsTries = 0;
    // Collected first (every script of the type is unblocked in one pass), checked on the next turn.
    if (mapsTimer === undefined) mapsTimer = env().setTimeout(() => flushMaps(ctx), 0);
    return;
  }
  el.replaceWith(script);
  announce(script, type);
}

/** WordPress video widget: the printed player goes in, then WordPress's media player (if the page has it). */
function unblockVideo(el: Element, type: string): void {
  const template = document.createElement('template');
  template.innerHTML = printedContent(el);
  const nodes = [...template.content.childNodes];
  el.replaceWith(...nodes);
  const wp = (window as unknown as { wp?: { mediaelement?: { initialize?: () => void } } }).wp;
  if (typeof wp?.mediaelement?.initialize === 'function') wp.mediaelement.initialize();
  for (const n of nodes) if (n instanceof Element) announce(n, type);
}

/** `priv-fac-lite-youtube` → `lite-youtube`: same attributes and content, the facade starts on it. */
function unblockFacade(el: Element, type: string, ctx: UnblockContext): Element {
  const real = document.createElement(el.tagName.toLowerCase().replace(/^priv-fac-/, ''));
  for (const attr of el.attributes) real.setAttribute(attr.name, attr.value);
  real.classList.remove('fusion-hidden');
  real.append(...el.childNodes);
  el.replaceWith(real);
  startLite(real, ctx);
  announce(real, type);
  return real;
}

/**
 * A held-back source goes into `src` only as an http(s) URL (the URL parser decides, so `java&#9;script:` and
 * `&#1;javascript:` are refused as well): anything else warns and the element stays blocked.
 */
function sourceRefused(el: Element, ctx: UnblockContext): boolean {
  const src = el.getAttribute('data-privacy-src');
  if (src === null || (el.tagName !== 'IFRAME' && el.tagName !== 'IMG' && !src.trim())) return false;
  if (httpUrl(src)) return false;
  ctx.warn('data-privacy-src', `expected an http(s) URL, got ${JSON.stringify(src)}; the ${el.tagName.toLowerCase()} stays blocked`);
  return true;
}

/** Unblock one element of an allowed type; returns false when it is not a blocked form (or its type waits). */
export function unblockElement(el: Element, ctx: UnblockContext): boolean {
  const type = el.getAttribute('data-privacy-type') ?? '';
  const kind = kindOf(el);
  if (kind === 'lite') return startLite(el, ctx);
  if (!type || !ctx.allowed(type) || el.hasAttribute('data-privacy-unblocked')) return false;
  if ((kind === 'source' || kind === 'script') && sourceRefused(el, ctx)) return false;
  switch (kind) {
    case 'source':
      unblockSource(el, type);
      return true;
    case 'script':
      unblockScript(el, type, ctx);
      return true;
    case 'video':
      unblockVideo(el, type);
      return true;
    case 'facade':
      unblockFacade(el, type, ctx);
      return true;
    case 'placeholder':
      el.remove();
      return true;
    default:
      return false;
  }
}

/** Every blocked element of one type in the document, its placeholders, and the bar's checkbox. */
export function unblockType(type: string, ctx: UnblockContext, root: ParentNode = document): void {
  for (const el of root.querySelectorAll(`[data-privacy-type="${CSS.escape(type)}"]`)) if (el.isConnected) unblockElement(el, ctx);
  const box = document.getElementById(`bar-${type}`);
  if (box instanceof HTMLInputElement && box.type === 'checkbox') box.checked = true;
  if (type === 'youtube' || type === 'vimeo') for (const lite of root.querySelectorAll(`lite-${type}`)) startLite(lite, ctx);
}

/**
 * A placeholder printed right after its iframe goes, with the iframe, into a `.fluid-width-video-wrapper` whose
 * top padding keeps the printed aspect ratio, as the theme does.
 */
export function fitPlaceholder(placeholder: HTMLElement): void {
  const iframe = placeholder.previousElementSibling;
  const parent = placeholder.parentElement;
  if (!(iframe instanceof HTMLIFrameElement) || !parent) return;
  if (parent.classList.contains('fluid-width-video-wrapper') || parent.classList.contains('fusion-background-video-wrapper')) return;
  const width = placeholder.style.width;
  const height = parseFloat(placeholder.style.height);
  if (!width || !Number.isFinite(height) || height <= 0) return;
  const wrapper = document.createElement('div');
  wrapper.className = 'fluid-width-video-wrapper';
  if (width.endsWith('%')) wrapper.style.paddingTop = `${height}px`;
  else {
    const w = parseFloat(width);
    if (!Number.isFinite(w) || w <= 0) return;
    wrapper.style.paddingTop = `${(height / w) * 100}%`;
  }
  placeholder.before(wrapper);
  wrapper.append(placeholder, iframe);
}

// ---- lite YouTube / Vimeo facades --------------------------------------------------------------------------

const LITE_CSS = `
lite-youtube, lite-vimeo { display: block; position: relative; contain: content; aspect-ratio: 16 / 9; max-width: 100%; background: #000 center / cover no-repeat; cursor: pointer; overflow: hidden; }
lite-youtube > img.sf-lite-thumb, lite-vimeo > img.sf-lite-thumb { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
lite-youtube > iframe, lite-vimeo > iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
lite-youtube > .lty-playbtn, lite-vimeo > .lty-playbtn, lite-vimeo > .ltv-playbtn { position: absolute; inset: 0; margin: auto; width: 68px; height: 48px; border: 0; border-radius: 12px; background: #212121e6; cursor: pointer; }
lite-youtube > .lty-playbtn::before, lite-vimeo > .lty-playbtn::before { content: ""; position: absolute; left: 26px; top: 14px; border-style: solid; border-width: 10px 0 10px 18px; border-color: transparent transparent transparent #fff; }
lite-youtube > .lty-playbtn:focus-visible, lite-vimeo > .lty-playbtn:focus-visible { outline: 3px solid #fff; outline-offset: 2px; background: #f00; }
lite-youtube:hover > .lty-playbtn, lite-vimeo:hover > .lty-playbtn { background: #f00; }
.sf-lite-label { position: absolute; left: 0; right: 0; top: 0; margin: 0; padding: 12px 16px; color: #fff; background: linear-gradient(#000c, #0000); font-size: 1rem; }
`;

/**
 * The facade: a still (YouTube's thumbnail; Vimeo's would need an API call, so a dark frame with the title)
 * and a real play button; the player loads from the privacy-enhanced host with autoplay only on that click.
 * Only for an allowed type: the still itself comes from the embed host.
 */
export function startLite(el: Element, ctx: UnblockContext): boolean {
  const kind = el.tagName.toLowerCase() === 'lite-vimeo' ? 'vimeo' : 'youtube';
  if (!ctx.allowed(kind) || el.hasAttribute('data-sf-lite') || el.classList.contains('lyt-activated')) return false;
  const id = el.getAttribute('videoid') ?? '';
  if (!(kind === 'youtube' ? YOUTUBE_ID : VIMEO_ID).test(id)) {
    ctx.warn(
      `${el.tagName.toLowerCase()} videoid`,
      `expected a ${kind === 'youtube' ? '11-character YouTube' : 'numeric Vimeo'} id, got ${JSON.stringify(id)}; the video is left as printed`,
    );
    return false;
  }
  el.setAttribute('data-sf-lite', '');
  adoptStyles('privacy-lite', LITE_CSS);
  const title =
    el.getAttribute('title')?.trim() || el.getAttribute('playlabel')?.trim() || (kind === 'youtube' ? 'YouTube video' : 'Vimeo video');
  if (kind === 'youtube') {
    const img = document.createElement('img');
    img.className = 'sf-lite-thumb';
    img.src = youtubeThumbnail(id);
    img.alt = '';
    img.decoding = 'async';
    img.loading = 'lazy';
    el.prepend(img);
  } else if (!el.querySelector('.sf-lite-label')) {
    const label = document.createElement('p');
    label.className = 'sf-lite-label';
    label.textContent = title;
    el.append(label);
  }
  let button = el.querySelector<HTMLButtonElement>('button.lty-playbtn, button.ltv-playbtn');
  if (!button) {
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'lty-playbtn';
    el.append(button);
  }
  button.setAttribute('aria-label', `Play: ${title}`);
  const play = (event: Event) => {
    event.preventDefault();
    if (!ctx.allowed(kind) || el.classList.contains('lyt-activated')) return;
    const iframe = document.createElement('iframe');
    iframe.src = playerUrl(kind, id, el.getAttribute('params'));
    iframe.title = title;
    iframe.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
    iframe.allowFullscreen = true;
    el.classList.add('lyt-activated');
    el.replaceChildren(iframe);
    iframe.focus();
  };
  el.addEventListener('click', play);
  return true;
}
