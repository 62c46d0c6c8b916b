import { NetError } from '../net/errors';
import { mendNoticeLists } from './notice-lists';

export { mendNoticeLists };

/** WooCommerce's error notice: `ul.woocommerce-error[role=alert] > li` per message, text only. */
export function errorNotice(messages: readonly string[], itemClass?: string): HTMLUListElement {
  const list = document.createElement('ul');
  list.className = 'woocommerce-error';
  list.setAttribute('role', 'alert');
  for (const message of messages) {
    const li = document.createElement('li');
    li.setAttribute('role', 'none');
    if (itemClass) li.className = itemClass;
    li.textContent = message;
    list.appendChild(li);
  }
  return list;
}

/** The text of a notice for an inline message: its items joined, whitespace collapsed. */
export function noticeText(notice: Element): string {
  const items = [...notice.querySelectorAll('li')];
  const parts = items.length ? items.map((li) => li.textContent ?? '') : [notice.textContent ?? ''];
  return parts
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}

/** Classic and block notice styles. */
export const NOTICE_SELECTOR = '.woocommerce-error, .woocommerce-message, .woocommerce-info, .is-error, .is-info, .is-success';

/**
 * The notices of a notices-HTML answer (apply_coupon, remove_coupon), outermost only. An answer without any is
 * not one we understand (a cached page, a login form): `invalid_response`. `sanitize` is the one sanitizer (the
 * caller loads its chunk; the core imports no widget).
 */
export function noticesFromHtml(html: string, sanitize: (html: string) => DocumentFragment): Element[] {
  const notices = [...sanitize(html).querySelectorAll(NOTICE_SELECTOR)].filter((n) => !n.parentElement?.closest(NOTICE_SELECTOR));
  if (!notices.length) throw new NetError('invalid_response');
  for (const n of notices) mendNoticeLists(n.parentNode ?? n);
  return notices;
}
