import { islandHost } from '../host';
import { parseFragment } from '../dom/html';
import { warnOnce } from '../log';

/**
 * Replace every fragment target, all in one synchronous pass (so one frame, no flicker between keys). What the
 * runtime mounted inside a replaced element is unmounted first, and the new markup is scanned, so widgets in
 * fragments (the mini-cart's remove links, counters) work at once. Returns the elements inserted.
 */
export function swapFragments(fragments: Record<string, string>): Element[] {
  const host = islandHost();
  const inserted: Element[] = [];
  for (const [selector, html] of Object.entries(fragments)) {
    let targets: Element[];
    try {
      targets = [...document.querySelectorAll(selector)];
    } catch {
      warnOnce('cart', 'fragments', `the key ${JSON.stringify(selector)} is not a valid selector; skipped`);
      continue;
    }
    if (!targets.length) continue;
    // The same script-free parse as every other answer we insert (src/dom/html.ts).
    const content = parseFragment(html);
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
  }
  for (const element of inserted) {
    try {
      if (host && element.isConnected) host.scan(element);
    } catch {
      /* the runtime reports its own failures */
    }
  }
  return inserted;
}
