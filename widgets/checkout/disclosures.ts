/**
 * The two panels WooCommerce's checkout script toggles above the form: the coupon form and the returning
 * customer's login form (`form.login` / `form.woocommerce-form--login` in older templates). Ids are given only when
 * the markup has none, so `aria-controls` can point at them.
 */
export const DISCLOSURES = {
  coupon: { toggle: 'a.showcoupon', panel: 'form.checkout_coupon', id: 'woocommerce-checkout-form-coupon' },
  login: {
    toggle: 'a.showlogin',
    panel: 'form.woocommerce-form-login, form.login, form.woocommerce-form--login',
    id: 'woocommerce-checkout-form-login',
  },
} as const;
export type Disclosure = keyof typeof DISCLOSURES;
export const DISCLOSURE_TOGGLES = `${DISCLOSURES.coupon.toggle}, ${DISCLOSURES.login.toggle}`;

export interface Disclosures {
  /** The toggle links become disclosure buttons ("Click here to enter your code", "Click here to login"). */
  prepare(): void;
  setOpen(kind: Disclosure, open: boolean, focus: boolean): void;
  /** A toggle link was activated. */
  toggle(link: Element): void;
}

function isClosed(panel: HTMLElement): boolean {
  return panel.style.display === 'none' || Boolean(panel.hidden);
}

export function createDisclosures(root: ParentNode): Disclosures {
  function prepareOne(kind: Disclosure): void {
    const { toggle, panel, id } = DISCLOSURES[kind];
    const link = root.querySelector<HTMLElement>(toggle);
    const target = root.querySelector<HTMLElement>(panel);
    if (!link || !target) return;
    if (!target.id) target.id = id;
    link.setAttribute('role', 'button');
    link.setAttribute('aria-controls', target.id);
    // WooCommerce labels the coupon link "Enter your coupon code" while it reads "Click here to enter your code":
    // speech users say what they see (WCAG 2.5.3), so the visible text names it.
    const label = link.getAttribute('aria-label');
    const text = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (label !== null && text && !label.toLowerCase().includes(text.toLowerCase())) link.removeAttribute('aria-label');
    link.setAttribute('aria-expanded', String(!isClosed(target)));
  }

  function setOpen(kind: Disclosure, open: boolean, focus: boolean): void {
    const { toggle, panel } = DISCLOSURES[kind];
    const target = root.querySelector<HTMLElement>(panel);
    if (!target) return;
    target.hidden = false;
    target.style.display = open ? '' : 'none';
    root.querySelector(toggle)?.setAttribute('aria-expanded', String(open));
    if (open && focus) target.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  }

  return {
    prepare() {
      prepareOne('coupon');
      prepareOne('login');
    },
    setOpen,
    toggle(link) {
      const kind: Disclosure = link.matches(DISCLOSURES.login.toggle) ? 'login' : 'coupon';
      const target = root.querySelector<HTMLElement>(DISCLOSURES[kind].panel);
      setOpen(kind, !!target && isClosed(target), true);
    },
  };
}
