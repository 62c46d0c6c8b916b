/**
 * The one sanitizer for server HTML we insert (a lightbox's ajax item, quick view's product, the cart page's and
 * the checkout's answers), in a chunk of its own that only the code inserting such HTML imports (through
 * `loadSanitizer` in widgets/privacy/sanitizer.ts, started beside the request so it costs no wait).
 *
 * Two engines, one outcome. Where the browser has its own HTML Sanitizer (./native-sanitize.ts) it does the
 * removing and DOMPurify is never requested; elsewhere DOMPurify (./purify.ts, a chunk of its own) does. Either way
 * one walk (./sanitize-rules.ts) then applies the contract.
 *
 * What comes out: no scripts (their text can be handed to the caller to read a value, never run), no event
 * handlers, no `meta`, `base`, `link`, `object`, `embed` or `srcdoc`; every URL attribute read by the URL parser
 * (so `java&#9;script:` and `&#1;javascript:` are what the browser would see) and kept only as http(s) (links also
 * mailto: and tel:); forms only when they post to the shop; and whatever would load from a third-party host whose
 * consent type is not allowed yet left in the theme's own blocked form (`data-privacy-src` + `data-privacy-type`),
 * which the privacy widget unblocks once the visitor consents.
 */
import { parseFragment } from './html';
import { nativeEngine } from './native-sanitize';
import { enforceContract, type SanitizeOptions } from './sanitize-rules';

export type { SanitizeOptions };

type Engine = (html: string, shopForms: boolean) => DocumentFragment;

let engine: Engine | undefined;
let ready: Promise<void> | undefined;

/**
 * Resolves once an engine is here: at once where the browser has its own, else when DOMPurify's chunk has loaded
 * (a failed load rejects, and the next call tries again). `sanitizeFragment` is synchronous after it.
 */
export function sanitizerReady(): Promise<void> {
  if (engine) return Promise.resolve();
  const native = nativeEngine();
  if (native) {
    engine = native;
    return Promise.resolve();
  }
  ready ??= import('./purify').then(
    ({ purifyFragment }) => {
      engine = purifyFragment;
    },
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}

/**
 * Server HTML as an inert fragment, still in a parser's document of its own: nothing loads or runs until the caller
 * inserts what it needs (a whole cart page's logo and footer images are never requested). Only after
 * `sanitizerReady()` has resolved.
 */
export function sanitizeFragment(html: string, options: SanitizeOptions): DocumentFragment {
  if (!engine) throw new Error('sanitizeFragment before sanitizerReady() resolved');
  // Not for safety (both engines drop every handler): Chromium reports each handler attribute it parses under the
  // page's CSP, even in an inert document, as a console error per answer. Most go from the text first.
  const text = html.replace(/\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  // Read from an inert parse of their own (a template runs nothing), before either engine drops them.
  if (options.scriptTexts) parseFragment(text, options.scriptTexts);
  const fragment = engine(text, options.shopForms === true);
  enforceContract(fragment, options);
  return fragment;
}
