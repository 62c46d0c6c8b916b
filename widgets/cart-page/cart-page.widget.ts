import { defineWidget, type WidgetContext } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { clearCouponError } from '../../src/dom/coupon';
import { listenLegacy } from '../../src/events/bus';
import { createActions, couponFields } from './actions';
import { createAnswers } from './answer';
import { createCalls } from './calls';
import { setUpdateEnabled } from './edits';
import { cartActionFor, isValidQuantity } from './logic';
import { createNotices } from './notices';
import { isRegistered, registerCart, type PageCart } from './page-wide';
import { OWNER, cartForm } from './params';
import { createShipping } from './shipping';

function createController(root: HTMLElement, ctx: WidgetContext): PageCart {
  const { signal } = ctx;
  const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (event: HTMLElementEventMap[K]) => void) =>
    root.addEventListener(type, fn, { signal });
  const notices = createNotices(root);
  const shipping = createShipping(root);
  const answers = createAnswers(root, notices, shipping);
  const calls = createCalls({ root, ctx, notices, answers });
  const actions = createActions({ root, ctx, calls, notices, answers, shipping });

  on('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || event.defaultPrevented) return;
    const line = target.closest<HTMLAnchorElement>('.product-remove > a, .cart_item a.remove, a.restore-item');
    const couponLink = target.closest<HTMLAnchorElement>('a.woocommerce-remove-coupon');
    const calcButton = target.closest<HTMLElement>('.shipping-calculator-button');
    if (line) {
      if (calls.busy() || actions.followLink(line, line.matches('.product-remove > a, .cart_item a.remove') ? 'remove' : 'restore'))
        event.preventDefault();
    } else if (couponLink) {
      const code = couponLink.getAttribute('data-coupon');
      if (code === null) return; // no code to send: the link's own URL removes it
      event.preventDefault();
      actions.removeCoupon(code);
    } else if (calcButton) {
      event.preventDefault();
      shipping.toggleCalculator(calcButton);
    }
  });

  on('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target) return;
    if (event.key === ' ' && target.matches('a[role="button"]')) {
      // Links acting as buttons answer Space as buttons do.
      event.preventDefault();
      target.click();
      return;
    }
    if (event.key !== 'Enter' || event.isComposing) return;
    if (target instanceof HTMLInputElement && target.matches('.woocommerce-cart-form input.qty')) {
      event.preventDefault();
      // The browser explains the constraint it knows; we just do not send a quantity the server would refuse.
      if (!isValidQuantity(target.value, target.getAttribute('min'), target.getAttribute('max'), target.getAttribute('step')))
        target.reportValidity();
      else calls.update(false);
    } else if (target instanceof HTMLInputElement && target.matches('.woocommerce-cart-form #coupon_code')) {
      event.preventDefault();
      actions.applyCoupon(target.value, target);
    }
  });

  const onEdit = (type: 'input' | 'change', eventTarget: EventTarget | null) => {
    const target = eventTarget instanceof Element ? eventTarget : null;
    if (!target || !root.contains(target)) return;
    if (target.closest('.woocommerce-cart-form .cart_item')) setUpdateEnabled(cartForm(root), true);
    if (type === 'input' && target.matches('#coupon_code, #avada_coupon_code') && target.classList.contains('has-error'))
      clearCouponError(couponFields());
    if (type === 'change' && target.matches('select.shipping_method, input[name^="shipping_method"]')) actions.changeShipping();
  };
  on('input', (event) => onEdit('input', event.target));
  // `change` through the page's jQuery when there is one (it also sees native changes): Avada's quantity
  // buttons and enhanced selects trigger theirs through jQuery only, as WooCommerce's cart script listens.
  listenLegacy(root, 'change', (_args, _event, target) => onEdit('change', target), signal, OWNER);

  on('submit', (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (form?.matches('form.woocommerce-shipping-calculator')) {
      if (calls.busy() || actions.submitCalculator(form)) event.preventDefault();
      return;
    }
    if (!form?.matches('form.woocommerce-cart-form')) return;
    const submitter = event.submitter ?? null;
    const active = document.activeElement instanceof HTMLElement && form.contains(document.activeElement) ? document.activeElement : null;
    const focused =
      active && active !== submitter
        ? { name: active.getAttribute('name'), id: active.id || null, isQty: active.matches('input.qty') }
        : null;
    const action = cartActionFor(submitter?.getAttribute('name') ?? null, focused);
    if (action === 'native') return;
    event.preventDefault();
    const core = root.querySelector<HTMLInputElement>('#coupon_code');
    if (action === 'update') calls.update(false);
    else actions.applyCoupon(core?.value ?? '', core);
  });

  setUpdateEnabled(cartForm(root), false);
  shipping.prepare();
  shipping.snapshot();
  return {
    root,
    pressUpdate() {
      const button = cartForm(root)?.querySelector<HTMLButtonElement | HTMLInputElement>('[name="update_cart"]');
      if (button && !button.disabled) calls.update(false);
    },
    applyFromAvada: actions.applyFromAvada,
    update: calls.update,
  };
}

export default defineWidget({
  mount(element, ctx) {
    // WooCommerce's cart script does nothing without its settings; the page's forms and links keep working.
    if (pageGlobal('wc_cart_params') === undefined) return;
    const root = (element.closest('.woocommerce') ?? element.parentElement ?? document.body) as HTMLElement;
    if (isRegistered(root)) return;
    ctx.onCleanup(registerCart(createController(root, ctx)));
  },
});
