import { islandHost } from '../../mount/host';
import { warnOnce } from '../log';

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  // Fragments come from the shop's own wc-ajax endpoints, as WooCommerce inserts them; scripts inside a
  // template never run.
  template.innerHTML = html;
  return template.content;
}

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
    const content = parse(html);
    for (const target of targets) {
      if (!target.isConnected) continue;
      try {
        host?.unmount(target);
      } catch {
        /* the runtime reports its own failures */
      }
      const copy = content.cloneNode(true) as DocumentFragment;
      inserted.push(...[...copy.childNodes].filter((n): n is Element => n instanceof Element));
      target.replaceWith(copy);
    }
  }
  if (host) for (const element of inserted) if (element.isConnected) host.scan(element);
  return inserted;
}

/** Empty every mini-cart content box (a page restored from the back-forward cache shows an old cart). */
export function emptyMiniCarts(): void {
  for (const box of document.querySelectorAll('.widget_shopping_cart_content')) box.replaceChildren();
}
