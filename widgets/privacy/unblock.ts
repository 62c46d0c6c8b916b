/**
 * Turning the server's blocked forms back into what they were, once their type is allowed (plain DOM code: it
 * runs at load for types already allowed, before React is even requested).
 */
import { httpUrl } from '../../src/net/url';
import { blockedKind, carriesToScript, restoreScriptText, waitsForMaps } from './logic';
import { startLite } from './lite';
import type { MapsWait } from './maps';

export interface UnblockContext {
  allowed(type: string): boolean;
  warn(field: string, message: string): void;
  /** The page's map scripts waiting for the Maps API (maps.ts). */
  maps: MapsWait;
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

function unblockScript(el: Element, type: string, ctx: UnblockContext): void {
  const script = scriptFrom(el);
  if (type === 'gmaps' && waitsForMaps(el.getAttribute('data-privacy-src'), script.text)) {
    el.setAttribute('data-privacy-unblocked', '');
    ctx.maps.wait(el, script);
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
