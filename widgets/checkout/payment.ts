import { fire, type CheckoutParams } from './params';

export interface PaymentMethods {
  /** The checked method's radio, if any. */
  checked(): HTMLInputElement | undefined;
  /**
   * WooCommerce's init_payment_methods, at mount and after each order review: one method hides its radio; the
   * shopper's method stays checked when a new payment fragment checks another (an answer to a request sent before
   * the shopper changed it); none checked checks the first; and, as its click on the checked method does,
   * `payment_method_selected` fires when the method differs from the last one seen (so once at mount).
   */
  init(): void;
  /** The shopper picked a method. */
  changed(): void;
}

export function createPaymentMethods(form: HTMLFormElement, params: CheckoutParams): PaymentMethods {
  let selected: string | undefined;
  const inputs = () => [...form.querySelectorAll<HTMLInputElement>('input[name="payment_method"]')];
  const checked = () => inputs().find((i) => i.checked);

  function relabel(): void {
    const button = form.querySelector<HTMLButtonElement | HTMLInputElement>('#place_order');
    if (!button) return;
    const method = checked();
    const original = button.getAttribute('data-value') ?? (button instanceof HTMLInputElement ? button.value : button.textContent) ?? '';
    if (!button.hasAttribute('data-value')) button.setAttribute('data-value', original);
    const label = method?.getAttribute('data-order_button_text') || original;
    if (button instanceof HTMLInputElement) button.value = label;
    else button.textContent = label;
    // Gateways that draw their own pay button (wallets) hide WooCommerce's.
    const custom = !!method && params.gateways_with_custom_place_order_button.includes(method.value);
    button.hidden = custom;
  }

  function showPaymentBox(): void {
    const method = checked();
    for (const input of inputs()) {
      const box = input.closest('li')?.querySelector<HTMLElement>('.payment_box');
      if (box) box.style.display = input === method ? '' : 'none';
    }
  }

  /** After a fragment, an unchecked list says nothing; the shopper unchecking (a plugin's radio) does. */
  function refresh(announceNone: boolean): void {
    showPaymentBox();
    relabel();
    const now = checked()?.value;
    if ((now !== undefined || announceNone) && now !== selected) {
      selected = now;
      fire('payment_method_selected');
    }
  }

  function init(): void {
    const all = inputs();
    if (all.length === 1) all[0]!.style.display = 'none';
    const previous = selected === undefined ? undefined : all.find((i) => i.value === selected);
    if (previous) previous.checked = true;
    if (all.length && !checked()) all[0]!.checked = true;
    refresh(false);
  }

  return { checked, init, changed: () => refresh(true) };
}

/**
 * Values typed into a gateway's fields and the terms box, to put back once the payment fragment is replaced: the
 * returned function restores them.
 */
export function savePaymentValues(form: HTMLFormElement): () => void {
  const terms = form.querySelector<HTMLInputElement>('#terms')?.checked ?? false;
  const saved = new Map<string, { value: string; checked: boolean }>();
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '.payment_box input, .payment_box select, .payment_box textarea',
  )) {
    if (el.id) saved.set(el.id, { value: el.value, checked: el instanceof HTMLInputElement && el.checked });
  }
  return () => {
    const termsBox = form.querySelector<HTMLInputElement>('#terms');
    if (termsBox && terms) termsBox.checked = true;
    for (const [id, state] of saved) {
      const el = document.getElementById(id);
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) el.checked = state.checked;
      else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
        if (state.value !== '') el.value = state.value;
      }
    }
  };
}
