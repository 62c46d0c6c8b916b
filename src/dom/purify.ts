/**
 * DOMPurify as the engine of the one sanitizer (./sanitize.ts) where the browser has no HTML Sanitizer of its own
 * (Safari, older browsers): a chunk of its own, requested only there. Configured to the contract; the contract's
 * URL, consent and form rules come after, in the walk both engines share (./sanitize-rules.ts).
 */
import DOMPurify, { type Config } from 'dompurify';
import { FORBIDDEN_ELEMENTS, FORBIDDEN_SVG_ELEMENTS } from './sanitize-rules';

const purify = DOMPurify(window);

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  RETURN_DOM_FRAGMENT: true,
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'fetchpriority', 'frameborder', 'loading', 'referrerpolicy', 'target', 'sandbox'],
  // DOMPurify compares tag names in lower case, whatever case they are given in.
  FORBID_TAGS: [...FORBIDDEN_ELEMENTS, ...FORBIDDEN_SVG_ELEMENTS],
  FORBID_ATTR: ['srcdoc'],
};
/** The shop's own forms: DOMPurify's clobbering guard would drop fields named `action` or `title` (see SanitizeOptions). */
const SHOP_FORMS_CONFIG: typeof CONFIG = { ...CONFIG, SANITIZE_DOM: false };

/**
 * Server HTML as an inert fragment, still in the parser's document of its own: nothing loads or runs until the caller
 * inserts what it needs (a whole cart page's logo and footer images are never requested).
 */
export function purifyFragment(html: string, shopForms: boolean): DocumentFragment {
  return purify.sanitize(html, shopForms ? SHOP_FORMS_CONFIG : CONFIG) as DocumentFragment;
}
