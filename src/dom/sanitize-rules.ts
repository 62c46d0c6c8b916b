/**
 * The contract's rules for server HTML, applied to what either engine of the one sanitizer (./sanitize.ts) left:
 * the browser's own HTML Sanitizer or DOMPurify has already removed what can run (scripts, handlers, `javascript:`
 * navigation); this walk decides what the contract adds, the same way for both, on the inert fragment before it
 * goes anywhere (nothing it holds has loaded yet).
 */
import { sameOriginUrl } from '../net/url';

export interface SanitizeOptions {
  /**
   * The consent type that still blocks loading this URL, or null when it may load: the page's consent gate,
   * injected by the caller (widgets/privacy/sanitizer.ts binds the privacy widget's), so this core module knows
   * no widget.
   */
  blockedBy(url: string): string | null;
  /** Receives the text of each inline script removed, so a caller can read a value an answer prints in one. */
  scriptTexts?: string[];
  /**
   * The shop's own forms (a cart page, checkout fragments): every field keeps its `name` and `id` as printed.
   * The guard against DOM clobbering drops names such as `action`, `method` or `title`, and a field without its
   * name is not sent with the order.
   */
  shopForms?: boolean;
}

/** Elements the contract removes, whichever engine runs: what redirects, loads a document, or animates a URL. */
export const FORBIDDEN_ELEMENTS = ['meta', 'base', 'link', 'object', 'embed', 'frame', 'frameset'];
export const FORBIDDEN_SVG_ELEMENTS = ['animate', 'set', 'animateMotion', 'animateTransform', 'animateColor'];

/** Attributes that hold a URL the browser navigates to or submits to. */
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'action', 'formaction', 'cite', 'ping']);
/** Attributes whose URL the browser fetches as soon as the element exists. */
const LOAD_ATTRIBUTES = new Set(['src', 'poster', 'background', 'data']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const XHTML = 'http://www.w3.org/1999/xhtml';

function parse(value: string): URL | null {
  try {
    return new URL(value.trim(), document.baseURI);
  } catch {
    return null;
  }
}

const http = (url: URL | null) => url !== null && (url.protocol === 'http:' || url.protocol === 'https:');

/** The element's loading URL goes where the privacy widget looks for it, so nothing is requested before consent. */
function hold(el: Element, attr: string, value: string, type: string): void {
  el.removeAttribute(attr);
  if (attr === 'src' && !el.hasAttribute('data-privacy-src')) {
    el.setAttribute('data-privacy-src', value);
    el.setAttribute('data-privacy-type', type);
    el.classList.add('fusion-hidden');
  }
}

/** A stylesheet or style attribute whose `url(…)` is not http(s) or points at a host still waiting for consent. */
function cssLoadsBlocked(css: string, options: SanitizeOptions): boolean {
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const url = parse(match[2] ?? '');
    if (!http(url) || options.blockedBy(url!.href)) return true;
  }
  return false;
}

let formProbe: HTMLFormElement | undefined;

/**
 * An `id` or `name` that would shadow a property of `document` or of a form (`cookie`, `action`, `submit`):
 * DOMPurify's clobbering guard, which the browser's sanitizer has no counterpart for.
 */
function clobbers(value: string): boolean {
  formProbe ??= document.createElement('form');
  return value in document || value in formProbe;
}

/** What this walk and the code after it read on an element: a form's field named so would shadow it. */
const ELEMENT_MEMBERS = new Set(
  'attributes removeAttribute setAttribute getAttribute hasAttribute localName nodeName namespaceURI textContent classList shadowRoot childNodes children querySelector querySelectorAll removeChild insertBefore appendChild hasChildNodes remove replaceWith'.split(
    ' ',
  ),
);

/** A form whose fields shadow the DOM members this walk calls on it: it goes whole, as DOMPurify removes one. */
function clobbered(el: Element): boolean {
  if (!(el instanceof HTMLFormElement)) return false;
  for (const field of Element.prototype.querySelectorAll.call(el, '[name], [id]')) {
    if (ELEMENT_MEMBERS.has(field.getAttribute('name') ?? '') || ELEMENT_MEMBERS.has(field.id)) return true;
  }
  return false;
}

/** One element's attributes against the contract; what must go whole is pushed on `doomed`. */
function checkElement(el: Element, options: SanitizeOptions, doomed: Element[]): void {
  for (const { name, value } of Array.from(el.attributes)) {
    const lower = name.toLowerCase();
    if (LINK_ATTRIBUTES.has(lower)) {
      const url = parse(value);
      if (!url || !LINK_SCHEMES.has(url.protocol)) el.removeAttribute(name);
      else if ((lower === 'action' || lower === 'formaction') && !sameOriginUrl(url.href)) {
        // A form posting elsewhere would send what a shopper types there: it goes, with its fields.
        if (lower === 'action') doomed.push(el);
        else el.removeAttribute(name);
      }
    } else if (LOAD_ATTRIBUTES.has(lower)) {
      const url = parse(value);
      if (!http(url)) el.removeAttribute(name);
      else {
        const type = options.blockedBy(url!.href);
        if (type) hold(el, lower, value, type);
      }
    } else if (lower === 'srcset') {
      const candidates = value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '');
      if (candidates.some((c) => !http(parse(c)) || options.blockedBy(parse(c)!.href))) el.removeAttribute(name);
    } else if (lower === 'style' && /url\s*\(/i.test(value) && cssLoadsBlocked(value, options)) {
      el.removeAttribute(name);
    } else if ((lower === 'id' || lower === 'name') && !options.shopForms && clobbers(value)) {
      el.removeAttribute(name);
    }
  }
  if (el.localName === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  if (el.localName === 'style' && cssLoadsBlocked(el.textContent ?? '', options)) doomed.push(el);
}

/**
 * Every element of `root` (template contents and open shadow roots too) through the contract's rules, in place.
 * A custom element is replaced by its content: DOMPurify drops unknown elements, and one the page defines would
 * otherwise wake up with the shop's answer inside it.
 */
export function enforceContract(root: DocumentFragment, options: SanitizeOptions): void {
  const doomed: Element[] = [];
  const unwrapped: Element[] = [];
  const visit = (scope: ParentNode) => {
    for (const el of scope.querySelectorAll('*')) {
      if (clobbered(el)) {
        doomed.push(el);
        continue;
      }
      checkElement(el, options, doomed);
      if (el.namespaceURI === XHTML && el.localName.includes('-')) unwrapped.push(el);
      if (el instanceof HTMLTemplateElement) visit(el.content);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(root);
  // After the walk: an element the walk still stands on is not taken from under it.
  for (const el of unwrapped) Element.prototype.replaceWith.call(el, ...Array.from(el.childNodes));
  for (const el of doomed) Element.prototype.remove.call(el);
}
