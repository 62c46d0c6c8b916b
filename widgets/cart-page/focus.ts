import { moveFocusTo } from '../../src/dom/focus';

export interface SavedFocus {
  id: string;
  name: string;
  value: string;
  wasInside: boolean;
}

/** Where focus was before a call replaced the cart: the same control is found again in the answer by id or name. */
export function rememberFocus(root: HTMLElement): SavedFocus {
  const active = document.activeElement;
  const el = active instanceof HTMLElement ? active : null;
  return {
    id: el?.id ?? '',
    name: el?.getAttribute('name') ?? '',
    value: el instanceof HTMLInputElement ? el.value : '',
    wasInside: !!el && el !== document.body && root.contains(el),
  };
}

/** Back on the same control, else on the notice that says what happened (never lost on the body). */
export function restoreFocus(root: HTMLElement, saved: SavedFocus): void {
  if (!saved.wasInside) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const scope = root.isConnected ? root : document;
  let target: HTMLElement | null = saved.id ? document.getElementById(saved.id) : null;
  if (!target && saved.name) {
    const same = [...scope.querySelectorAll<HTMLElement>(`[name="${CSS.escape(saved.name)}"]`)];
    target = same.find((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.value === saved.value) ?? same[0] ?? null;
  }
  if (target && !(target as HTMLButtonElement).disabled) {
    // Marked while focus moves (RESTORING_FOCUS in widgets/notices/logic.ts, a literal here so the two chunks share
    // no module): the cart's own restore, after which WooCommerce's 500 ms notice focus still comes.
    target.setAttribute('data-sf-restoring-focus', '');
    try {
      target.focus({ preventScroll: true });
    } finally {
      target.removeAttribute('data-sf-restoring-focus');
    }
    return;
  }
  const wrapper = document.querySelector('.woocommerce-notices-wrapper');
  const notice =
    wrapper?.querySelector<HTMLElement>('[role="alert"], [role="status"]') ??
    document.querySelector<HTMLElement>('.wc-empty-cart-message .cart-empty');
  if (notice) {
    moveFocusTo(notice);
    notice.scrollIntoView?.({ block: 'nearest' });
  }
}
