/**
 * The browser's own HTML Sanitizer (`Element.setHTML`: Chromium 146+, Firefox 148+) as an engine of the one
 * sanitizer (./sanitize.ts), so where it exists DOMPurify's bytes are never requested. Its safe method always
 * removes what can run (scripts, handlers, `javascript:` navigation, frames, `<use>`), whatever we configure; the
 * configuration removes what our DOMPurify configuration also removes and the safe method would keep (compared
 * element by element and attribute by attribute in Chromium 156). The contract's own rules come after, in one walk
 * for both engines (./sanitize-rules.ts).
 */
import { FORBIDDEN_ELEMENTS, FORBIDDEN_SVG_ELEMENTS } from './sanitize-rules';

interface SanitizerName {
  name: string;
  namespace?: string;
}
interface SanitizerConfig {
  comments?: boolean;
  removeElements?: (string | SanitizerName)[];
  replaceWithChildrenElements?: (string | SanitizerName)[];
  removeAttributes?: string[];
}
type SetHTML = (this: Element, html: string, options: { sanitizer: unknown }) => void;
type SanitizerClass = new (config: SanitizerConfig) => unknown;

const SVG = 'http://www.w3.org/2000/svg';
const MATHML = 'http://www.w3.org/1998/Math/MathML';
const svg = (name: string): SanitizerName => ({ name, namespace: SVG });
const math = (name: string): SanitizerName => ({ name, namespace: MATHML });

const CONFIG: SanitizerConfig = {
  comments: false,
  // Gone with their content. The contract's (DOMPurify's FORBID_TAGS; the animations in SVG's namespace, where
  // they animate); then what DOMPurify drops with its content too: raw-text elements, `<noscript>` (never shown with
  // scripts on), frames of other kinds, SVG's HTML island, MathML's annotations (mutation XSS is made of them).
  removeElements: [
    ...FORBIDDEN_ELEMENTS,
    'noscript',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
    'portal',
    'fencedframe',
    ...[...FORBIDDEN_SVG_ELEMENTS, 'foreignObject', 'discard'].map(svg),
    ...['annotation-xml', 'annotation'].map(math),
  ],
  // Unknown to DOMPurify, which keeps their content: permission prompts, SVG Tiny's handlers, MathML actions.
  replaceWithChildrenElements: [
    'listing',
    'geolocation',
    'permission',
    'usermedia',
    ...['handler', 'listener'].map(svg),
    ...['maction', 'semantics'].map(math),
  ],
  // Kept by the safe method, dropped by DOMPurify: requests to a URL of their own (attribution, topics, ad
  // auctions, shared storage, private tokens) that no consent gate sees, a field joining another form of the page
  // (`form`) or changing how it posts, focus and keys taken, editing, customized built-ins (`is`), declarative
  // shadow roots.
  removeAttributes: [
    'srcdoc',
    'is',
    'attributionsrc',
    'browsingtopics',
    'adauctionheaders',
    'sharedstoragewritable',
    'privatetoken',
    'form',
    'formmethod',
    'formenctype',
    'formtarget',
    'accesskey',
    'autofocus',
    'contenteditable',
    'interestfor',
    'blocking',
    'manifest',
    'codebase',
    'archive',
    'shadowrootmode',
    'shadowrootclonable',
    'shadowrootdelegatesfocus',
    'shadowrootserializable',
  ],
};

/**
 * Stands in for an `<iframe>` while the safe method, which always removes frames, runs; marked with a value drawn
 * for each answer, so a stand-in the answer wrote itself stays an unknown element (and goes, as with DOMPurify).
 */
const FRAME = 'storefront-frame';
const MARK = 'data-storefront-frame';
/** What a frame keeps (DOMPurify's attributes for one, with our ADD_ATTR), besides `aria-*` and `data-*`. */
const FRAME_ATTRIBUTES = new Set(
  'src title width height name id class style lang dir hidden tabindex role allow allowfullscreen fetchpriority frameborder loading referrerpolicy sandbox'.split(
    ' ',
  ),
);

/**
 * A frame (a YouTube embed in a product's description, a map) must come through, gated by consent, as with
 * DOMPurify; and a declarative shadow root must not (the safe method builds one unless `shadowrootmode` is in
 * removeAttributes, as it is above: Chromium 156 then leaves a plain template; a closed root would be out of any
 * walk's reach, so the attribute also goes here, whatever an implementation does). So an answer holding either is
 * first parsed inert, frames put under a stand-in element and shadow-root templates made plain templates, and what
 * that serializes to is what the safe method reads.
 */
function prepared(html: string, mark: string): string {
  if (!/<iframe|shadowrootmode/i.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const visit = (scope: ParentNode) => {
    for (const el of scope.querySelectorAll('iframe, template')) {
      if (el instanceof HTMLTemplateElement) {
        el.removeAttribute('shadowrootmode');
        visit(el.content);
      } else if (el instanceof HTMLIFrameElement) {
        const stand = el.ownerDocument.createElement(FRAME);
        for (const { name, value } of Array.from(el.attributes)) stand.setAttribute(name, value);
        stand.setAttribute(MARK, mark);
        el.replaceWith(stand);
      }
    }
  };
  visit(template.content);
  return template.innerHTML;
}

/** The stand-ins back into frames, with a frame's attributes only (the contract's walk checks their URLs next). */
function restoreFrames(root: ParentNode, mark: string): void {
  for (const el of root.querySelectorAll(`${FRAME}, template`)) {
    if (el instanceof HTMLTemplateElement) {
      restoreFrames(el.content, mark);
      continue;
    }
    if (el.getAttribute(MARK) !== mark) continue;
    el.removeAttribute(MARK);
    const frame = el.ownerDocument.createElement('iframe');
    for (const { name, value } of Array.from(el.attributes)) {
      if (FRAME_ATTRIBUTES.has(name) || name.startsWith('aria-') || name.startsWith('data-')) frame.setAttribute(name, value);
    }
    el.replaceWith(frame);
  }
}

function clean(html: string, sanitizer: unknown, setHTML: SetHTML): DocumentFragment {
  // A template's content belongs to an inert document: nothing in it loads until the caller inserts it.
  const template = document.createElement('template');
  setHTML.call(template, html, { sanitizer });
  return template.content;
}

/**
 * The native engine, or undefined where the browser has none or one that does not honour this configuration (an
 * early implementation): checked once on a sample, so such a browser gets DOMPurify instead.
 */
export function nativeEngine(): ((html: string) => DocumentFragment) | undefined {
  const setHTML = (Element.prototype as { setHTML?: SetHTML }).setHTML;
  const Sanitizer = (globalThis as { Sanitizer?: SanitizerClass }).Sanitizer;
  if (typeof setHTML !== 'function' || typeof Sanitizer !== 'function') return undefined;
  try {
    const sanitizer = new Sanitizer(CONFIG);
    // No handler in the sample: Chromium reports parsing one as a CSP violation, even in an inert document.
    const sample = clean('<b form="f">b</b><meta><svg><animate></animate></svg><a href="javascript:x">a</a>', sanitizer, setHTML);
    const honoured = sample.querySelector('b') !== null && sample.querySelector('[form], meta, animate, [href]') === null;
    if (!honoured) return undefined;
    return (html) => {
      const mark = crypto.getRandomValues(new Uint32Array(2)).join('-');
      const fragment = clean(prepared(html, mark), sanitizer, setHTML);
      restoreFrames(fragment, mark);
      return fragment;
    };
  } catch {
    return undefined;
  }
}
