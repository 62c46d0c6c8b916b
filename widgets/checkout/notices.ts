import { mendNoticeLists } from '../../src/dom/notices';

export type NoticeGroupKind = 'updateOrderReview' | 'checkout';

/** WooCommerce's notice group of a kind at the top of the form, replacing the previous one of that kind. */
export function showGroup(form: HTMLFormElement, root: ParentNode, kind: NoticeGroupKind, content: Node): HTMLElement {
  root.querySelector(`.woocommerce-NoticeGroup-${kind}`)?.remove();
  const group = document.createElement('div');
  group.className = `woocommerce-NoticeGroup woocommerce-NoticeGroup-${kind}`;
  group.appendChild(content);
  mendNoticeLists(group);
  form.prepend(group);
  return group;
}

/** A coupon answer's notices replace the page's messages, except the checkout's own failure group. */
export function removeMessages(root: ParentNode): void {
  for (const n of root.querySelectorAll('.woocommerce-error, .woocommerce-message, .is-error, .is-success')) {
    if (!n.closest('.woocommerce-NoticeGroup-checkout')) n.remove();
  }
}
