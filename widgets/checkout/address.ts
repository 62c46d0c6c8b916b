import type { WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { TYPING_DELAY_MS, addressComplete } from './logic';
import { shipToDifferent, type CheckoutParams } from './params';

export interface AddressUpdates {
  /** The shopper typed into an address field: totals are refreshed once they pause on a complete address. */
  typed(field: Element): void;
  /** The field's `change` came before the pause: refresh now rather than wait. */
  flush(): void;
  /** `div.shipping_address` shows only while "ship to a different address" is ticked. */
  syncShippingAddress(): void;
  /**
   * Guest checkout with an optional account (`option_guest_checkout` "yes"): the account fields
   * (`div.create-account`) show only while `#createaccount` is ticked, and a ticked box starts with an empty
   * password, as WooCommerce's toggle_create_account. Hidden, they are not "visible required rows" to the steps.
   */
  syncCreateAccount(): void;
}

export function createAddressUpdates(
  form: HTMLFormElement,
  params: CheckoutParams,
  ctx: WidgetContext,
  requestUpdate: () => void,
): AddressUpdates {
  let timer: number | undefined;
  let typedIn: Element | undefined;
  ctx.onCleanup(() => {
    if (timer !== undefined) env().clearTimeout(timer);
  });

  function updateAfterTyping(): void {
    timer = undefined;
    const input = typedIn;
    typedIn = undefined;
    if (!input?.isConnected) return;
    // WooCommerce waits until the address block the shopper types in is complete.
    const group = input.closest('div');
    const required = group
      ? [...group.querySelectorAll('.address-field.validate-required')].map(
          (row) => row.querySelector<HTMLInputElement>('input.input-text')?.value ?? 'x',
        )
      : [];
    if (addressComplete(required)) requestUpdate();
  }

  return {
    typed(field) {
      if (timer !== undefined) env().clearTimeout(timer);
      typedIn = field;
      timer = env().setTimeout(updateAfterTyping, TYPING_DELAY_MS);
    },
    flush() {
      if (timer === undefined) return;
      env().clearTimeout(timer);
      updateAfterTyping();
    },
    syncShippingAddress() {
      const box = form.querySelector<HTMLElement>('div.shipping_address');
      if (box) box.style.display = shipToDifferent(form) ? '' : 'none';
    },
    syncCreateAccount() {
      const box = document.querySelector<HTMLInputElement>('input#createaccount');
      if (!params.option_guest_checkout || !box) return;
      for (const panel of document.querySelectorAll<HTMLElement>('div.create-account')) panel.style.display = box.checked ? '' : 'none';
      const password = box.checked ? document.querySelector<HTMLInputElement>('#account_password') : null;
      if (password) password.value = '';
    },
  };
}
