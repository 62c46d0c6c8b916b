/**
 * WooCommerce's error list puts `role="alert"` on the `<ul>`, which takes its list semantics away and leaves the
 * items orphaned (axe: listitem). The items get `role="none"`: same markup and classes, the alert reads as text.
 * A module of its own: the notices widget, on every shop page, needs only this, not the notice builders and
 * parsers the cart and checkout pages use (src/dom/notices.ts).
 */
export function mendNoticeLists(root: ParentNode): void {
  for (const li of root.querySelectorAll('ul[role="alert"] > li:not([role])')) li.setAttribute('role', 'none');
}
