import { defineWidget, type WidgetContext } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { whenReleased } from '../../src/dom/press';
import { listenLegacy } from '../../src/events/bus';
import { createAddressUpdates } from './address';
import { createCoupons } from './coupons';
import { DISCLOSURE_TOGGLES, createDisclosures } from './disclosures';
import { clearField, isField, validateField } from './fields';
import { reviewArgsFrom } from './logic';
import { OWNER, fire, readParams } from './params';
import { createPaymentMethods } from './payment';
import { createPlaceOrder } from './place-order';
import { createOrderReview } from './review';
import { setupSteps } from './steps';

const ADDRESS_TYPING = '.address-field input.input-text, .update_totals_on_change input.input-text';
const UPDATES_TOTALS =
  '.update_totals_on_change select, .update_totals_on_change input[type="radio"], .update_totals_on_change input[type="checkbox"], .address-field select';
const SHIP_ELSEWHERE = '#ship-to-different-address input, #ship-to-different-address-checkbox';

function mountCheckout(form: HTMLFormElement, ctx: WidgetContext): void {
  const { signal } = ctx;
  const params = readParams();
  const root = (form.closest('.woocommerce') ?? form.parentElement ?? document.body) as HTMLElement;
  const on = (target: EventTarget, type: string, fn: (event: Event) => void) => target.addEventListener(type, fn, { signal });
  form.setAttribute('novalidate', 'novalidate');
  /**
   * Nothing may move the layout between a pointer going down and its click: leaving a field by pressing "Place
   * order" validates the field and may refresh the totals, and a message or fragment put in place above the button
   * then moves it from under the pointer (or replaces it), and the order is not placed. Those changes wait for the
   * release; the field's state and description do not.
   */
  const afterPress = whenReleased(document.documentElement, signal);

  const payment = createPaymentMethods(form, params);
  const review = createOrderReview({ form, root, ctx, payment, afterPress });
  const address = createAddressUpdates(form, params, ctx, () => review.request());
  const disclosures = createDisclosures(root);
  const coupons = createCoupons({ form, root, ctx, review, disclosures });
  const steps = setupSteps(form, root, ctx);
  const placeOrder = createPlaceOrder({ form, root, ctx, payment, review, steps });

  const onFieldEvent = (type: string, target: EventTarget | null) => {
    if (!isField(target) || !form.contains(target)) return;
    if (type === 'input') clearField(target);
    else validateField(target, afterPress);
  };
  /** What a changed control means for the totals, as WooCommerce's checkout script. */
  const onChange = (target: Element) => {
    if (target.matches('input[name="payment_method"]')) payment.changed();
    else if (target.matches('select.shipping_method, input[name^="shipping_method"]')) review.request({ update_shipping_method: true });
    else if (target.matches(SHIP_ELSEWHERE)) {
      address.syncShippingAddress();
      review.request();
    } else if (target.matches(UPDATES_TOTALS)) review.request();
    else if (target.matches(ADDRESS_TYPING)) address.flush();
  };

  on(form, 'submit', (event) => {
    event.preventDefault();
    void placeOrder();
  });
  on(form, 'input', (event) => {
    onFieldEvent('input', event.target);
    if (event.target instanceof Element && event.target.matches(ADDRESS_TYPING)) address.typed(event.target);
  });
  on(form, 'focusout', (event) => onFieldEvent('focusout', event.target));
  // `change` through the page's jQuery when there is one (it also sees native changes), as WooCommerce's checkout
  // listens: the enhanced country and state selects (selectWoo, kept with wc-country-select) trigger theirs
  // through jQuery only.
  listenLegacy(
    form,
    'change',
    (_args, _event, target) => {
      onFieldEvent('change', target);
      if (target instanceof Element && form.contains(target)) onChange(target);
    },
    signal,
    OWNER,
  );
  on(root, 'click', (event) => {
    const t = event.target instanceof Element ? event.target : null;
    const toggle = t?.closest(DISCLOSURE_TOGGLES);
    const remove = t?.closest<HTMLAnchorElement>('a.woocommerce-remove-coupon');
    if (toggle && root.contains(toggle)) {
      event.preventDefault();
      disclosures.toggle(toggle);
    } else if (remove && form.contains(remove) && remove.getAttribute('data-coupon') !== null) {
      event.preventDefault();
      void coupons.remove(remove.getAttribute('data-coupon')!);
    }
  });
  on(root, 'keydown', (event) => {
    const t = event.target;
    if ((event as KeyboardEvent).key === ' ' && t instanceof HTMLElement && t.matches(`${DISCLOSURE_TOGGLES}, a[role="button"]`)) {
      event.preventDefault();
      t.click();
    }
  });
  on(root, 'submit', (event) => {
    const t = event.target;
    if (!(t instanceof HTMLFormElement) || !t.matches('form.checkout_coupon')) return;
    event.preventDefault();
    if (!t.classList.contains('processing')) void coupons.apply(t);
  });
  on(document, 'change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches('input#createaccount')) address.syncCreateAccount();
  });
  listenLegacy(document.body, 'update_checkout', (args) => review.schedule(reviewArgsFrom(args[0])), signal, OWNER);
  listenLegacy(form, 'update', () => review.request(), signal, OWNER);
  listenLegacy(form, 'validate', (_args, _event, target) => isField(target) && validateField(target, afterPress), signal, OWNER);

  // WooCommerce's order (checkout.test.ts holds it): the methods are initialised (`payment_method_selected`) before
  // `init_checkout`, and the first refresh is asked for after it, so plugins listening to both see them in that order.
  payment.init();
  address.syncShippingAddress();
  address.syncCreateAccount();
  disclosures.prepare();
  fire('init_checkout');
  // The page may come from a cache: totals are refreshed once on load, as WooCommerce does.
  if (params.is_checkout) review.request();
}

export default defineWidget({
  mount(element, ctx) {
    // WooCommerce's checkout script does nothing without its settings; the form still posts.
    if (pageGlobal('wc_checkout_params') === undefined || !(element instanceof HTMLFormElement)) return;
    mountCheckout(element, ctx);
  },
});
