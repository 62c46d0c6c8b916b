import { islandHost } from '../host';
import { consentGate } from '../dom/consent-gate';
import { parseFragment } from '../dom/html';
import { plainMarkup } from '../dom/plain';
import { warnOnce } from '../log';

/**
 * The one sanitizer, once a fragment has needed it on this page (its chunk, and DOMPurify's where the browser has
 * no sanitizer of its own, is never part of the load: a shop's mini-cart markup is plain, see src/dom/plain.ts).
 */
let sanitize: ((html: string) => DocumentFragment) | undefined;
/** Each swap's number: a fragment waiting for the sanitizer goes in only if no newer swap came meanwhile. */
let generation = 0;

function loadSanitizer(): Promise<unknown> {
  return import('../dom/sanitize').then(async ({ sanitizeFragment, sanitizerReady }) => {
    await sanitizerReady();
    sanitize = (html) => sanitizeFragment(html, { blockedBy: consentGate });
  });
}

/** Replace each target with its own copy of the content; returns the elements inserted. */
function place(selector: string, targets: Element[], content: DocumentFragment): Element[] {
  const host = islandHost();
  const inserted: Element[] = [];
  for (const target of targets) {
    // Each target on its own: one that cannot be replaced (a key naming the document itself) must not stop
    // the others, nor throw into the theme code that triggered added_to_cart.
    try {
      if (!target.isConnected) continue;
      try {
        host?.unmount(target);
      } catch {
        /* the runtime reports its own failures */
      }
      const copy = content.cloneNode(true) as DocumentFragment;
      const elements = [...copy.childNodes].filter((n): n is Element => n instanceof Element);
      target.replaceWith(copy);
      inserted.push(...elements);
    } catch (error) {
      warnOnce('cart', 'fragments', `the key ${JSON.stringify(selector)} could not be swapped: ${String(error)}`);
    }
  }
  return inserted;
}

/**
 * Replace every fragment target, all in one synchronous pass (so one frame, no flicker between keys). What the
 * runtime mounted inside a replaced element is unmounted first, and the new markup is scanned, so widgets in
 * fragments (the mini-cart's remove links, counters) work at once. Returns the elements inserted.
 *
 * Markup beyond what mini-carts print (src/dom/plain.ts) goes through the one sanitizer: at once when it is
 * already here, else once its chunk has loaded (those keys only, unless a newer swap came first).
 *
 * `done` runs once every key is in: at once, or after the waiting keys went in (or could not). The cart's
 * `wc_fragments_loaded` / `wc_fragments_refreshed` fire there, so a theme that re-binds on them finds the new
 * markup, as after WooCommerce's own swap.
 */
export function swapFragments(fragments: Record<string, string>, done?: () => void): Element[] {
  const mine = ++generation;
  const inserted: Element[] = [];
  const waiting: Record<string, string> = {};
  for (const [selector, html] of Object.entries(fragments)) {
    let targets: Element[];
    try {
      targets = [...document.querySelectorAll(selector)];
    } catch {
      warnOnce('cart', 'fragments', `the key ${JSON.stringify(selector)} is not a valid selector; skipped`);
      continue;
    }
    if (!targets.length) continue;
    // Parsed inert (a template runs nothing and loads nothing), scripts removed, then checked.
    let content = parseFragment(html);
    if (!plainMarkup(content)) {
      if (!sanitize) {
        waiting[selector] = html;
        continue;
      }
      content = sanitize(html);
    }
    inserted.push(...place(selector, targets, content));
  }
  const someWait = Object.keys(waiting).length > 0;
  if (someWait) {
    loadSanitizer().then(
      () => {
        if (mine === generation) swapFragments(waiting);
        done?.();
      },
      () => {
        warnOnce('cart', 'fragments', 'the sanitizer did not load: fragments beyond plain mini-cart markup were not swapped');
        done?.();
      },
    );
  }
  const host = islandHost();
  for (const element of inserted) {
    try {
      if (host && element.isConnected) host.scan(element);
    } catch {
      /* the runtime reports its own failures */
    }
  }
  if (!someWait) done?.();
  return inserted;
}
