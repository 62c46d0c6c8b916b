/**
 * The one sanitizer for server HTML we insert (a lightbox's ajax item, quick view's product): DOMPurify, configured
 * to the contract, in a chunk of its own that only the code inserting such HTML imports (through `loadSanitizer`
 * in ./html, started beside the request so it costs no wait).
 *
 * What comes out: no scripts (their text can be handed to the caller to read a value, never run), no event
 * handlers, no `meta`, `base`, `link`, `object`, `embed` or `srcdoc`; every URL attribute read by the URL parser
 * (so `java&#9;script:` and `&#1;javascript:` are what the browser would see) and kept only as http(s) (links also
 * mailto: and tel:); forms only when they post to the shop; and whatever would load from a third-party host whose
 * consent type is not allowed yet left in the theme's own blocked form (`data-privacy-src` + `data-privacy-type`),
 * which the privacy widget unblocks once the visitor consents.
 */
import DOMPurify, { type Config } from 'dompurify';
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
   * DOMPurify's guard against DOM clobbering drops names such as `action`, `method` or `title`, and a field without
   * its name is not sent with the order.
   */
  shopForms?: boolean;
}

/** Attributes that hold a URL the browser navigates to or submits to. */
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'action', 'formaction', 'cite', 'ping']);
/** Attributes whose URL the browser fetches as soon as the element exists. */
const LOAD_ATTRIBUTES = new Set(['src', 'poster', 'background', 'data']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const purify = DOMPurify(window);
let call: SanitizeOptions | undefined;
/** Removed once the pass is over (an element the pass is still walking is not taken from under it). */
let doomed: Element[] = [];

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

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'script' && call?.scriptTexts && node instanceof Element && !node.hasAttribute('src'))
    call.scriptTexts.push(node.textContent ?? '');
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (!call) return;
  const el = node as Element;
  for (const { name, value } of Array.from(el.attributes)) {
    const lower = name.toLowerCase();
    if (LINK_ATTRIBUTES.has(lower)) {
      const url = parse(value);
      if (!url || !LINK_SCHEMES.has(url.protocol)) el.removeAttribute(name);
      else if ((lower === 'action' || lower === 'formaction') && !sameOriginUrl(url.href)) {
        if (lower === 'action') doomed.push(el);
        else el.removeAttribute(name);
      }
    } else if (LOAD_ATTRIBUTES.has(lower)) {
      const url = parse(value);
      if (!http(url)) el.removeAttribute(name);
      else {
        const type = call.blockedBy(url!.href);
        if (type) hold(el, lower, value, type);
      }
    } else if (lower === 'srcset') {
      const candidates = value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '');
      if (candidates.some((c) => !http(parse(c)) || call!.blockedBy(parse(c)!.href))) el.removeAttribute(name);
    } else if (lower === 'style' && /url\s*\(/i.test(value) && cssLoadsBlocked(value)) {
      el.removeAttribute(name);
    }
  }
  if (el.localName === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  if (el.localName === 'style' && cssLoadsBlocked(el.textContent ?? '')) doomed.push(el);
});

/** A stylesheet or style attribute whose `url(…)` is not http(s) or points at a host still waiting for consent. */
function cssLoadsBlocked(css: string): boolean {
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const url = parse(match[2] ?? '');
    if (!http(url) || call!.blockedBy(url!.href)) return true;
  }
  return false;
}

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  RETURN_DOM_FRAGMENT: true,
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'fetchpriority', 'frameborder', 'loading', 'referrerpolicy', 'target', 'sandbox'],
  FORBID_TAGS: [
    'meta',
    'base',
    'link',
    'object',
    'embed',
    'frame',
    'frameset',
    'animate',
    'set',
    'animatemotion',
    'animatetransform',
    'animatecolor',
  ],
  FORBID_ATTR: ['srcdoc'],
};
const SHOP_FORMS_CONFIG: typeof CONFIG = { ...CONFIG, SANITIZE_DOM: false };

/**
 * Server HTML as an inert fragment, still in the parser's document of its own: nothing loads or runs until the caller
 * inserts what it needs (a whole cart page's logo and footer images are never requested).
 */
export function sanitizeFragment(html: string, options: SanitizeOptions): DocumentFragment {
  call = options;
  doomed = [];
  try {
    // Not for safety (DOMPurify drops every handler): Chromium reports each handler attribute it parses under the
    // page's CSP, even in the parser's own inert document, as a console error per answer. Most go from the text first.
    const fragment = purify.sanitize(
      html.replace(/\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, ''),
      options.shopForms ? SHOP_FORMS_CONFIG : CONFIG,
    ) as DocumentFragment;
    // A form posting elsewhere would send what a shopper types there: it goes, with its fields.
    for (const el of doomed) el.remove();
    return fragment;
  } finally {
    call = undefined;
    doomed = [];
  }
}
