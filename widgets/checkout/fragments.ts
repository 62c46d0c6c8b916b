import type { WidgetContext } from '../../src/widget';
import { islandHost } from '../../src/host';
import { runScripts, takeScripts } from './gateway-scripts';

/*
 * The order review's fragments put in place: a chunk of its own, requested beside the first answer with the
 * sanitizer (the checkout's own chunk stays as small at load as before the gateway's scripts ran).
 */

/** The fragment key whose scripts run, as WooCommerce's jQuery runs them when it puts the fragment in. */
const PAYMENT_FRAGMENT = '.woocommerce-checkout-payment';

/**
 * Each fragment replaces every element its key selects; widgets in the new markup are mounted at once. The markup
 * goes through the one sanitizer, once per key, with the shop's field names and ids kept (a payment gateway's
 * fields must reach the order). The payment fragment's scripts run once it is in, before the next fragment, as
 * WooCommerce's jQuery runs them (./gateway-scripts.ts); no other fragment's do.
 */
export async function replaceFragments(
  fragments: Record<string, string>,
  clean: (html: string) => DocumentFragment,
  ctx: WidgetContext,
): Promise<void> {
  for (const [selector, html] of Object.entries(fragments)) {
    let found: Element[];
    try {
      found = [...document.querySelectorAll(selector)];
    } catch {
      ctx.warn('fragments', `the key ${JSON.stringify(selector)} is not a valid selector; skipped`);
      continue;
    }
    if (!found.length) continue;
    const taken = selector === PAYMENT_FRAGMENT ? takeScripts(html) : null;
    const cleaned = clean(taken ? taken.html : html);
    const roots: Element[] = [];
    found.forEach((target, i) => {
      const content = i === found.length - 1 ? cleaned : (cleaned.cloneNode(true) as DocumentFragment);
      const inserted = [...content.children];
      target.replaceWith(content);
      roots.push(...inserted);
      for (const el of inserted) islandHost()?.scan(el);
    });
    if (taken?.scripts.length) await runScripts(roots, taken, ctx.signal, (message) => ctx.warn('payment', message));
  }
}
