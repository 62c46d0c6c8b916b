import { islandHost } from '../../src/host';
import { adopt, parsePage } from '../../src/dom/html';
import { mendNoticeLists } from '../../src/dom/notices';
import { NetError } from '../../src/net/errors';
import { loadSanitizer } from '../privacy/sanitizer';
import { restoreEdits, setUpdateEnabled, unsentEdits } from './edits';
import { answerNotices, type CartNotices } from './notices';
import { cartForm, cartTotals, fire } from './params';
import type { Shipping } from './shipping';

export interface Answers {
  /**
   * Put a whole cart page answer in place, as the classic cart does: the form, the totals and the notices; no form
   * means the cart is now empty. An answer that is neither (a login page, a cached page) changes nothing and throws.
   * `sent` holds the typed values the request carried (what the server has seen). Only what goes in passes the
   * one sanitizer (the caller requests its chunk beside the answer), each part on its own.
   */
  applyPage(html: string, preserveNotices: boolean, sent?: Map<string, string>): Promise<void>;
  /** New totals, already sanitized (a shipping answer, or a page's): the disclosure and the server's methods follow them. */
  replaceTotals(next: Element): void;
}

type Clean = (element: Element) => Element | null;

/** A part the sanitizer left nothing of (a form posting off-site) is no answer we can show: nothing changes. */
function need(element: Element | null): Element {
  if (!element) throw new NetError('invalid_response');
  return element;
}

/** The answer's whole `.woocommerce` block takes our place (the cart emptied, or came back from empty). */
function replaceRoot(root: HTMLElement, next: Element): void {
  const node = adopt(next);
  root.replaceWith(node);
  islandHost()?.scan(node);
}

/** The form element stays (theme code may hold it); its attributes, classes and content are the answer's. */
function morphForm(current: HTMLFormElement, next: Element): void {
  for (const attr of Array.from(current.attributes))
    if (!next.hasAttribute(attr.name) && attr.name !== 'class') current.removeAttribute(attr.name);
  for (const attr of next.attributes) if (attr.name !== 'class') current.setAttribute(attr.name, attr.value);
  const processing = current.classList.contains('processing');
  current.className = next.className;
  if (processing) current.classList.add('processing');
  const overlay = current.querySelector(':scope > .blockOverlay');
  current.replaceChildren(...[...next.childNodes].map((n) => adopt(n)));
  if (overlay) current.appendChild(overlay);
  islandHost()?.scan(current);
}

export function createAnswers(root: HTMLElement, notices: CartNotices, shipping: Shipping): Answers {
  function replaceTotals(next: Element): void {
    const current = cartTotals(root);
    const node = adopt(next);
    if (current) current.replaceWith(node);
    else (root.querySelector('.cart-collaterals') ?? root).appendChild(node);
    islandHost()?.scan(node);
    shipping.prepare();
    shipping.snapshot();
    fire('updated_cart_totals');
  }

  function emptied(doc: ParentNode, found: Element[], preserveNotices: boolean, clean: Clean): void {
    const empty = doc.querySelector('.wc-empty-cart-message');
    if (!empty) throw new NetError('invalid_response');
    const nextRoot = empty.closest('.woocommerce');
    if (nextRoot && root.matches('.woocommerce')) replaceRoot(root, need(clean(nextRoot)));
    else {
      const blockEl = adopt(need(clean(empty)));
      const back = doc.querySelector('.return-to-shop');
      const cleanBack = back && clean(back);
      cartForm(root)?.replaceWith(blockEl, ...(cleanBack ? [adopt(cleanBack)] : []));
      root.querySelector('.cart-collaterals')?.remove();
      if (!preserveNotices) notices.removeAll();
      notices.show(found);
      islandHost()?.scan(blockEl);
    }
    fire('wc_cart_emptied');
  }

  async function applyPage(html: string, preserveNotices: boolean, sent?: Map<string, string>): Promise<void> {
    const clean = (await loadSanitizer()).sanitizeShopElement;
    const doc = parsePage(html);
    mendNoticeLists(doc);
    const nextForm = doc.querySelector('form.woocommerce-cart-form');
    const found = answerNotices(doc)
      .map(clean)
      .filter((n): n is Element => n !== null);
    const current = cartForm(root);
    if (!nextForm) emptied(doc, found, preserveNotices, clean);
    else if (!current) {
      // The empty cart (an undo after the last item went): the answer's whole block replaces it.
      const nextRoot = nextForm.closest('.woocommerce');
      if (!nextRoot || !root.matches('.woocommerce')) throw new NetError('invalid_response');
      replaceRoot(root, need(clean(nextRoot)));
    } else {
      const cleanForm = need(clean(nextForm));
      if (!preserveNotices) notices.removeAll();
      notices.clearErrors();
      // Read before the answer goes in: what the shopper typed that the server has not seen survives it.
      const edits = unsentEdits(current, sent);
      morphForm(current, cleanForm);
      setUpdateEnabled(current, restoreEdits(current, edits));
      const nextTotals = doc.querySelector('.cart_totals');
      const cleanTotals = nextTotals && clean(nextTotals);
      if (cleanTotals) replaceTotals(cleanTotals);
      notices.show(found);
    }
    // As WooCommerce's update_wc_div, emptied or not: the mini-cart refreshes on it (the header count goes to 0).
    fire('updated_wc_div');
  }

  return { applyPage, replaceTotals };
}
