import { adopt } from '../../src/dom/html';
import { NOTICE_SELECTOR, errorNotice, noticeText } from '../../src/dom/notices';
import { cartForm } from './params';

/** Cart content that looks like a notice (the empty cart's info block) or holds the shopper's own fields. */
const NOT_A_MESSAGE = '.wc-empty-cart-message, .woocommerce-cart-form, .cart_totals, form.checkout';

/**
 * Every notice an answer page prints, wherever its theme prints it (Storefront, and WooCommerce's own
 * `woocommerce_output_all_notices` hooked elsewhere, put them at the top of the content, outside the cart's
 * notices wrapper, which the answer leaves empty): outermost only, and one per text, as WooCommerce's cart script
 * shows a repeated message once.
 */
export function answerNotices(doc: ParentNode): Element[] {
  const seen = new Set<string>();
  return [...doc.querySelectorAll(NOTICE_SELECTOR)].filter((n) => {
    if (n.closest(NOT_A_MESSAGE) || n.parentElement?.closest(NOTICE_SELECTOR)) return false;
    const text = noticeText(n);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

export interface CartNotices {
  /** The cart's notices wrapper (made before the form when the markup has none). */
  wrapper(): HTMLElement;
  /**
   * As WooCommerce's cart script, the page's messages go wherever the theme printed them (Storefront's sit above
   * the page, outside this cart): a message the shopper has already acted on must not stay beside the new one.
   */
  removeAll(): void;
  /** Into the cart's notices wrapper, each message once: one already on the page (kept by a coupon call) is not repeated. */
  show(nodes: readonly Element[]): void;
  /** Our own failure notice (one at a time). */
  showError(message: string): void;
  clearErrors(): void;
}

export function createNotices(root: HTMLElement): CartNotices {
  const ours = new WeakSet<Element>();

  function wrapper(): HTMLElement {
    const existing = root.querySelector<HTMLElement>('.woocommerce-notices-wrapper');
    if (existing) return existing;
    const made = document.createElement('div');
    made.className = 'woocommerce-notices-wrapper';
    const anchor = cartForm(root) ?? root.firstElementChild;
    if (anchor?.parentElement) anchor.parentElement.insertBefore(made, anchor);
    else root.prepend(made);
    return made;
  }

  function clearErrors(): void {
    for (const n of root.querySelectorAll('.woocommerce-error')) if (ours.has(n)) n.remove();
  }

  return {
    wrapper,
    removeAll() {
      for (const n of document.querySelectorAll(NOTICE_SELECTOR)) {
        // The empty-cart block is itself an info notice: it is content, not a message.
        if (!n.closest(NOT_A_MESSAGE)) n.remove();
      }
    },
    show(nodes) {
      const shown = new Set([...document.querySelectorAll(NOTICE_SELECTOR)].filter((n) => !n.closest(NOT_A_MESSAGE)).map(noticeText));
      const fresh = nodes.filter((n) => !shown.has(noticeText(n)));
      if (fresh.length) wrapper().prepend(...fresh.map((n) => adopt(n)));
    },
    showError(message) {
      clearErrors();
      const notice = errorNotice([message]);
      ours.add(notice);
      wrapper().prepend(notice);
    },
    clearErrors,
  };
}
