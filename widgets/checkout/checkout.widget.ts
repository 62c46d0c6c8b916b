import { islandHost } from '../../src/host';
import { defineWidget, type WidgetContext } from '../../src/widget';
import { asFragments, safeRedirect } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { flag, pageGlobal, readGlobal, str, strList } from '../../src/config/globals';
import { wcAjaxUrl } from '../../src/config/woocommerce';
import { block, unblock } from '../../src/dom/block';
import { clearCouponError, showCouponError } from '../../src/dom/coupon';
import { moveFocusTo } from '../../src/dom/focus';
import { serializeForm } from '../../src/dom/form';
import { parseFragment } from '../../src/dom/html';
import { whenReleased } from '../../src/dom/press';
import { errorNotice, mendNoticeLists, noticeText, noticesFromHtml } from '../../src/dom/notices';
import { scrollToNotices } from '../../src/dom/scroll-to';
import { env } from '../../src/env';
import { askLegacy, fireLegacy, listenLegacy } from '../../src/events/bus';
import { NetError, isNetError, shopperMessage } from '../../src/net/errors';
import { requestJson } from '../../src/net/request';
import { wcAjax, wcAjaxHtml } from '../../src/net/wc';
import { FIELD_SELECTOR, clearField, clearInlineMessages, isField, isVisible, showFieldError, validateField, type Field } from './fields';
import {
  COALESCE_MS,
  TYPING_DELAY_MS,
  addressComplete,
  changedFragments,
  checkoutRedirect,
  createLatestRunner,
  mergeReviewArgs,
  reviewArgsFrom,
  reviewBody,
  truthy,
  type AddressValues,
  type ReviewArgs,
} from './logic';
import { checkoutSchema, reviewSchema, type ReviewResponse } from './schema';
import { setupSteps } from './steps';

interface CheckoutParams {
  update_order_review_nonce: string;
  apply_coupon_nonce: string;
  remove_coupon_nonce: string;
  checkout_url: string;
  is_checkout: boolean;
  option_guest_checkout: boolean;
  i18n_checkout_error: string;
  gateways_with_custom_place_order_button: string[];
}

const DEFAULT_CHECKOUT_ERROR =
  'There was an error processing your order. Please check for any charges in your payment method and review your <a href="/my-account/orders/">order history</a> before placing the order again.';
/** What a new checkout failure clears (info notices such as the coupon prompt stay). */
const CHECKOUT_CLEARS = '.woocommerce-error, .woocommerce-message, .is-error, .is-success';
/** Order review calls are cheap; placing an order may wait on a payment provider, and must not be cut short. */
const REVIEW_TIMEOUT = 15_000;
const CHECKOUT_TIMEOUT = 60_000;

const OWNER = 'checkout';
const fire = (name: string, args: unknown[] = []) => fireLegacy(document.body, name, args, OWNER);
const ask = (target: HTMLFormElement, name: string, args: unknown[]) => askLegacy(target, name, args, OWNER);

/**
 * The two panels WooCommerce's checkout script toggles above the form: the coupon form and the returning
 * customer's login form (`form.login` / `form.woocommerce-form--login` in older templates). Ids are given only when
 * the markup has none, so `aria-controls` can point at them.
 */
const DISCLOSURES = {
  coupon: { toggle: 'a.showcoupon', panel: 'form.checkout_coupon', id: 'woocommerce-checkout-form-coupon' },
  login: {
    toggle: 'a.showlogin',
    panel: 'form.woocommerce-form-login, form.login, form.woocommerce-form--login',
    id: 'woocommerce-checkout-form-login',
  },
} as const;
type Disclosure = keyof typeof DISCLOSURES;

function isClosed(panel: HTMLElement): boolean {
  return panel.style.display === 'none' || Boolean(panel.hidden);
}

/** A refused value for the console: quoted and cut short (it came from the network). */
function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function readParams(): CheckoutParams {
  return readGlobal<CheckoutParams>(
    'wc_checkout_params',
    {
      update_order_review_nonce: str(''),
      apply_coupon_nonce: str(''),
      remove_coupon_nonce: str(''),
      checkout_url: str(''),
      is_checkout: flag(true),
      option_guest_checkout: flag(false),
      i18n_checkout_error: str(DEFAULT_CHECKOUT_ERROR),
      gateways_with_custom_place_order_button: strList([]),
    },
    'checkout',
  );
}

function mountCheckout(form: HTMLFormElement, ctx: WidgetContext): void {
  const { signal } = ctx;
  const params = readParams();
  const root = (form.closest('.woocommerce') ?? form.parentElement ?? document.body) as HTMLElement;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => env().setTimeout(fn, ms),
    clearTimeout: (id: number) => env().clearTimeout(id),
  };
  let lastFragments: Record<string, string> | undefined;
  let selectedPayment: string | undefined;
  let typingTimer: number | undefined;
  let typedIn: Element | undefined;

  form.setAttribute('novalidate', 'novalidate');
  /**
   * Nothing may move the layout between a pointer going down and its click: leaving a field by pressing "Place
   * order" validates the field and may refresh the totals, and a message or fragment put in place above the button
   * then moves it from under the pointer (or replaces it), and the order is not placed. Those changes wait for the
   * release; the field's state and description do not.
   */
  const afterPress = whenReleased(document.documentElement, signal);

  const value = (name: string): string => {
    const item = form.elements.namedItem(name);
    if (!item) return '';
    return (item as RadioNodeList | HTMLInputElement).value ?? '';
  };
  const address = (prefix: 'billing' | 'shipping'): AddressValues => ({
    country: value(`${prefix}_country`),
    state: value(`${prefix}_state`),
    postcode: value(`${prefix}_postcode`),
    city: value(`${prefix}_city`),
    address: value(`${prefix}_address_1`),
    address_2: value(`${prefix}_address_2`),
  });
  const shipToDifferent = () =>
    form.querySelector<HTMLInputElement>('#ship-to-different-address input, #ship-to-different-address-checkbox')?.checked ?? false;
  const paymentInputs = () => [...form.querySelectorAll<HTMLInputElement>('input[name="payment_method"]')];
  const checkedPayment = () => paymentInputs().find((i) => i.checked);

  // --- payment methods -----------------------------------------------------------------------------------------

  function placeOrderButton(): HTMLButtonElement | HTMLInputElement | null {
    return form.querySelector<HTMLButtonElement | HTMLInputElement>('#place_order');
  }

  function relabel(): void {
    const button = placeOrderButton();
    if (!button) return;
    const method = checkedPayment();
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
    const method = checkedPayment();
    for (const input of paymentInputs()) {
      const box = input.closest('li')?.querySelector<HTMLElement>('.payment_box');
      if (box) box.style.display = input === method ? '' : 'none';
    }
  }

  /**
   * WooCommerce's init_payment_methods, at mount and after each order review: one method hides its radio; the
   * shopper's method stays checked when a new payment fragment checks another (an answer to a request sent before
   * the shopper changed it); none checked checks the first; and, as its click on the checked method does,
   * `payment_method_selected` fires when the method differs from the last one seen (so once at mount).
   */
  function initPayment(): void {
    const inputs = paymentInputs();
    if (inputs.length === 1) inputs[0]!.style.display = 'none';
    const previous = selectedPayment === undefined ? undefined : inputs.find((i) => i.value === selectedPayment);
    if (previous) previous.checked = true;
    if (inputs.length && !checkedPayment()) inputs[0]!.checked = true;
    showPaymentBox();
    relabel();
    const now = checkedPayment()?.value;
    if (now !== undefined && now !== selectedPayment) {
      selectedPayment = now;
      fire('payment_method_selected');
    }
  }

  function paymentChanged(): void {
    showPaymentBox();
    relabel();
    const now = checkedPayment()?.value;
    if (now !== selectedPayment) {
      selectedPayment = now;
      fire('payment_method_selected');
    }
  }

  // --- order review ----------------------------------------------------------------------------------------------

  const reviewTargets = () => [
    ...root.querySelectorAll<HTMLElement>('.woocommerce-checkout-payment, .woocommerce-checkout-review-order-table'),
  ];
  let blockedReview: HTMLElement[] = [];
  const blockReview = () => {
    blockedReview = reviewTargets();
    blockedReview.forEach(block);
  };
  const unblockReview = () => {
    blockedReview.forEach(unblock);
    reviewTargets().forEach(unblock);
    blockedReview = [];
  };

  function hasFullAddress(): boolean {
    const values = [...form.querySelectorAll('.address-field.validate-required')]
      .filter((row) => isVisible(row))
      .map((row) => row.querySelector<Field>('input, select, textarea')?.value ?? '');
    return addressComplete(values);
  }

  function shippingMethods(): Record<string, string> {
    const out: Record<string, string> = {};
    const chosen = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      'select.shipping_method, input[name^="shipping_method"][type="radio"]:checked, input[name^="shipping_method"][type="hidden"]',
    );
    chosen.forEach((el, i) => {
      const index = el.getAttribute('data-index');
      out[index !== null && /^\d+$/.test(index) ? index : String(i)] = el.value;
    });
    return out;
  }

  const review = createLatestRunner<ReviewArgs, ReviewResponse>({
    delay: COALESCE_MS,
    timers,
    merge: mergeReviewArgs,
    onStart: blockReview,
    run: async (args, requestSignal) => {
      const body = reviewBody({
        security: readParams().update_order_review_nonce,
        paymentMethod: checkedPayment()?.value ?? '',
        billing: address('billing'),
        shipping: shipToDifferent() ? address('shipping') : null,
        hasFullAddress: hasFullAddress(),
        postData: serializeForm(form).toString(),
        shippingMethods: args.updateShippingMethod ? shippingMethods() : null,
      });
      const data = await wcAjax<ReviewResponse>('update_order_review', body, {
        signal: requestSignal,
        timeout: REVIEW_TIMEOUT,
        schema: reviewSchema,
      });
      if (data.fragments === undefined && data.result === undefined) throw new NetError('invalid_response');
      return data;
    },
    onResult: (data) => {
      unblockReview();
      afterPress(() => applyReview(data));
    },
    onError: (error) => {
      unblockReview();
      if (signal.aborted) return;
      // WooCommerce says nothing; the totals may be stale, so say so, and keep every value as it is.
      showGroup('updateOrderReview', errorNotice([shopperMessage(error)]));
    },
  });
  ctx.onCleanup(() => review.cancel());

  function showGroup(kind: 'updateOrderReview' | 'checkout', content: Node): HTMLElement {
    root.querySelector(`.woocommerce-NoticeGroup-${kind}`)?.remove();
    const group = document.createElement('div');
    group.className = `woocommerce-NoticeGroup woocommerce-NoticeGroup-${kind}`;
    group.appendChild(content);
    mendNoticeLists(group);
    form.prepend(group);
    return group;
  }

  /** Values typed into a gateway's fields and the terms box survive the payment fragment being replaced. */
  function savePaymentState(): () => void {
    const terms = form.querySelector<HTMLInputElement>('#terms')?.checked ?? false;
    const saved = new Map<string, { value: string; checked: boolean }>();
    for (const el of form.querySelectorAll<Field>('.payment_box input, .payment_box select, .payment_box textarea')) {
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

  function applyReview(data: ReviewResponse): void {
    if (truthy(data.reload)) {
      navigation.reload();
      return;
    }
    root.querySelector('.woocommerce-NoticeGroup-updateOrderReview')?.remove();
    const restore = savePaymentState();
    const fragments = asFragments(data.fragments) ?? {};
    const changed = changedFragments(lastFragments, fragments);
    lastFragments = fragments;
    for (const [selector, html] of Object.entries(changed)) {
      let targets: Element[];
      try {
        targets = [...document.querySelectorAll(selector)];
      } catch {
        ctx.warn('fragments', `the key ${JSON.stringify(selector)} is not a valid selector; skipped`);
        continue;
      }
      for (const target of targets) {
        const content = parseFragment(html);
        const inserted = [...content.children];
        target.replaceWith(content);
        for (const el of inserted) islandHost()?.scan(el);
      }
    }
    restore();
    mendNoticeLists(root.isConnected ? root : document);
    if (!form.isConnected) {
      // An expired session answers with a replacement for the whole form: that message is the page now.
      fire('updated_checkout', [data]);
      return;
    }
    if (data.result === 'failure') {
      for (const n of root.querySelectorAll('.woocommerce-error')) n.remove();
      const messages =
        typeof data.messages === 'string' && data.messages.trim()
          ? parseFragment(data.messages)
          : errorNotice([shopperMessage(new NetError('invalid_response'))]);
      const group = showGroup('updateOrderReview', messages);
      validateAll();
      scrollToNotices(group);
    }
    initPayment();
    fire('updated_checkout', [data]);
  }

  function requestUpdate(args?: { update_shipping_method: boolean }): void {
    fire('update_checkout', args ? [args] : []);
  }

  function typed(target: Element): void {
    if (typingTimer !== undefined) env().clearTimeout(typingTimer);
    typedIn = target;
    typingTimer = env().setTimeout(updateAfterTyping, TYPING_DELAY_MS);
  }

  function updateAfterTyping(): void {
    typingTimer = undefined;
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
  ctx.onCleanup(() => {
    if (typingTimer !== undefined) env().clearTimeout(typingTimer);
  });

  // --- validation ------------------------------------------------------------------------------------------------

  function validateAll(): void {
    for (const field of form.querySelectorAll<Field>(FIELD_SELECTOR)) if (isVisible(field)) validateField(field);
  }

  // --- coupons ---------------------------------------------------------------------------------------------------

  const couponForm = () => root.querySelector<HTMLFormElement>(DISCLOSURES.coupon.panel);

  /** The toggle links before the checkout form ("Click here to enter your code", "Click here to login"). */
  function prepareDisclosure(kind: Disclosure): void {
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

  function toggleOpen(kind: Disclosure): void {
    const target = root.querySelector<HTMLElement>(DISCLOSURES[kind].panel);
    setOpen(kind, !!target && isClosed(target), true);
  }

  function removeNotices(): void {
    for (const n of root.querySelectorAll('.woocommerce-error, .woocommerce-message, .is-error, .is-success')) {
      if (!n.closest('.woocommerce-NoticeGroup-checkout')) n.remove();
    }
  }

  async function applyCoupon(target: HTMLFormElement): Promise<void> {
    const field = target.querySelector<HTMLInputElement>('input[name="coupon_code"]');
    const code = field?.value ?? '';
    const fields = field ? [field] : [];
    clearCouponError(fields);
    block(target);
    try {
      const html = await wcAjaxHtml(
        'apply_coupon',
        { security: readParams().apply_coupon_nonce, coupon_code: code, billing_email: value('billing_email') },
        { signal, timeout: REVIEW_TIMEOUT },
      );
      const notices = noticesFromHtml(html);
      const errors = notices.filter((n) => n.matches('.woocommerce-error, .is-error'));
      if (errors.length) {
        showCouponError(fields, field?.closest('.form-row')?.parentElement ?? target, errors.map(noticeText).join(' '));
        return;
      }
      removeNotices();
      target.before(...notices.map((n) => document.importNode(n, true)));
      setOpen('coupon', false, false);
      if (field) field.value = '';
      fire('applied_coupon_in_checkout', [code]);
      requestUpdate({ update_shipping_method: false });
    } catch (error) {
      if (!signal.aborted) showCouponError(fields, field?.closest('.form-row')?.parentElement ?? target, shopperMessage(error));
    } finally {
      unblock(target);
    }
  }

  async function removeCoupon(code: string): Promise<void> {
    const targets = reviewTargets();
    targets.forEach(block);
    try {
      const html = await wcAjaxHtml(
        'remove_coupon',
        { security: readParams().remove_coupon_nonce, coupon: code },
        { signal, timeout: REVIEW_TIMEOUT },
      );
      const notices = noticesFromHtml(html);
      removeNotices();
      form.before(...notices.map((n) => document.importNode(n, true)));
      if (!notices.some((n) => n.matches('.woocommerce-error, .is-error'))) {
        fire('removed_coupon_in_checkout', [code]);
        requestUpdate({ update_shipping_method: false });
        const field = couponForm()?.querySelector<HTMLInputElement>('input[name="coupon_code"]');
        if (field) field.value = '';
      }
    } catch (error) {
      if (!signal.aborted) form.before(errorNotice([shopperMessage(error)]));
    } finally {
      targets.forEach(unblock);
    }
  }

  // --- place order -----------------------------------------------------------------------------------------------

  function checkoutUrl(): string {
    return safeRedirect(readParams().checkout_url || null, location.href) ?? wcAjaxUrl('checkout');
  }

  /** WooCommerce's submit_error: one notice group at the top of the form, inline messages, scroll, focus, event. */
  /**
   * `messagesHtml` is what `checkout_error` carries: the server's `messages` exactly as it sent them (listeners
   * parse that string), else the markup of our own notice.
   */
  function submitError(content: DocumentFragment | HTMLElement, messagesHtml?: string): void {
    for (const n of root.querySelectorAll(`.woocommerce-NoticeGroup-checkout, ${CHECKOUT_CLEARS}`)) {
      if (!n.closest('.wc-empty-cart-message')) n.remove();
    }
    clearInlineMessages(form);
    const group = showGroup('checkout', content);
    form.classList.remove('processing');
    unblock(form);
    validateAll();
    let firstInvalid: Field | null = null;
    for (const li of group.querySelectorAll('li[data-id]')) {
      const id = li.getAttribute('data-id') ?? '';
      const field = id ? form.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
      if (!isField(field)) continue;
      showFieldError(field, (li.textContent ?? '').replace(/\s+/g, ' ').trim());
      firstInvalid ??= field;
    }
    if (firstInvalid) {
      steps?.reveal(firstInvalid);
      firstInvalid.focus({ preventScroll: true });
    } else {
      moveFocusTo(group);
    }
    scrollToNotices(group);
    fire('checkout_error', [messagesHtml ?? group.innerHTML]);
  }

  function genericError(error?: unknown): DocumentFragment {
    const list = errorNotice(error && !(isNetError(error) && error.code === 'fetch_error') ? [shopperMessage(error)] : []);
    if (!(isNetError(error) && error.code === 'fetch_error')) {
      const li = document.createElement('li');
      li.appendChild(parseFragment(readParams().i18n_checkout_error || DEFAULT_CHECKOUT_ERROR));
      list.appendChild(li);
    } else {
      list.appendChild(Object.assign(document.createElement('li'), { textContent: shopperMessage(error) }));
    }
    const fragment = document.createDocumentFragment();
    fragment.appendChild(list);
    return fragment;
  }

  async function placeOrder(): Promise<void> {
    if (form.classList.contains('processing')) return;
    if (!ask(form, 'checkout_place_order', [form])) return;
    const gateway = checkedPayment()?.value;
    if (gateway && !ask(form, `checkout_place_order_${gateway}`, [form])) return;
    review.cancel();
    unblockReview();
    form.classList.add('processing');
    block(form);
    let data;
    try {
      data = await requestJson(checkoutUrl(), {
        method: 'POST',
        body: serializeForm(form),
        signal,
        timeout: CHECKOUT_TIMEOUT,
        schema: checkoutSchema,
      });
    } catch (error) {
      if (!signal.aborted) submitError(genericError(error));
      return;
    }
    if (data.result === 'success') {
      if (!ask(form, 'checkout_place_order_success', [data, form])) {
        // A gateway took over (a payment popup): it decides what happens next.
        form.classList.remove('processing');
        unblock(form);
        return;
      }
      const decision = checkoutRedirect(data.redirect, location.href);
      if ('follow' in decision) {
        navigation.go(decision.follow);
        return;
      }
      // The order exists, but this is no place to send a shopper: say so, keep the form as typed.
      ctx.warn('redirect', `refused to leave for ${describeValue(data.redirect)}: ${decision.refuse}`);
      submitError(genericError());
      return;
    }
    if (data.result === 'failure') {
      if (truthy(data.reload)) {
        navigation.reload();
        return;
      }
      if (truthy(data.refresh)) requestUpdate();
      if (typeof data.messages === 'string' && data.messages.trim()) submitError(parseFragment(data.messages), data.messages);
      else submitError(genericError());
      return;
    }
    submitError(genericError(new NetError('invalid_response')));
  }

  // --- wiring ----------------------------------------------------------------------------------------------------

  const steps = setupSteps(form, root, ctx);

  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void placeOrder();
    },
    { signal },
  );

  const onFieldEvent = (type: string, target: EventTarget | null) => {
    if (!isField(target) || !form.contains(target)) return;
    if (type === 'input') clearField(target);
    else validateField(target, afterPress);
  };
  for (const type of ['input', 'focusout']) form.addEventListener(type, (event) => onFieldEvent(type, event.target), { signal });

  // `change` through the page's jQuery when there is one (it also sees native changes), as WooCommerce's checkout
  // listens: the enhanced country and state selects (selectWoo, kept with wc-country-select) trigger theirs
  // through jQuery only.
  listenLegacy(
    form,
    'change',
    (_args, _event, eventTarget) => {
      onFieldEvent('change', eventTarget);
      const t = eventTarget instanceof Element && form.contains(eventTarget) ? eventTarget : null;
      if (!t) return;
      if (t.matches('input[name="payment_method"]')) paymentChanged();
      else if (t.matches('select.shipping_method, input[name^="shipping_method"]')) requestUpdate({ update_shipping_method: true });
      else if (t.matches('#ship-to-different-address input, #ship-to-different-address-checkbox')) {
        syncShippingAddress();
        requestUpdate();
      } else if (
        t.matches(
          '.update_totals_on_change select, .update_totals_on_change input[type="radio"], .update_totals_on_change input[type="checkbox"], .address-field select',
        )
      )
        requestUpdate();
      else if (t.matches('.address-field input.input-text, .update_totals_on_change input.input-text') && typingTimer !== undefined) {
        env().clearTimeout(typingTimer);
        updateAfterTyping();
      }
    },
    signal,
    OWNER,
  );
  form.addEventListener(
    'input',
    (event) => {
      const t = event.target instanceof Element ? event.target : null;
      if (t?.matches('.address-field input.input-text, .update_totals_on_change input.input-text')) typed(t);
    },
    { signal },
  );

  root.addEventListener(
    'click',
    (event) => {
      const t = event.target instanceof Element ? event.target : null;
      if (!t) return;
      const toggle = t.closest(`${DISCLOSURES.coupon.toggle}, ${DISCLOSURES.login.toggle}`);
      const remove = t.closest<HTMLAnchorElement>('a.woocommerce-remove-coupon');
      if (toggle && root.contains(toggle)) {
        event.preventDefault();
        toggleOpen(toggle.matches(DISCLOSURES.login.toggle) ? 'login' : 'coupon');
      } else if (remove && form.contains(remove)) {
        const code = remove.getAttribute('data-coupon');
        if (code === null) return;
        event.preventDefault();
        void removeCoupon(code);
      }
    },
    { signal },
  );
  root.addEventListener(
    'keydown',
    (event) => {
      if (
        event.key === ' ' &&
        event.target instanceof HTMLElement &&
        event.target.matches(`${DISCLOSURES.coupon.toggle}, ${DISCLOSURES.login.toggle}, a[role="button"]`)
      ) {
        event.preventDefault();
        event.target.click();
      }
    },
    { signal },
  );
  root.addEventListener(
    'submit',
    (event) => {
      const t = event.target;
      if (t instanceof HTMLFormElement && t.matches('form.checkout_coupon')) {
        event.preventDefault();
        if (!t.classList.contains('processing')) void applyCoupon(t);
      }
    },
    { signal },
  );

  /**
   * Guest checkout with an optional account (`option_guest_checkout` "yes"): the account fields
   * (`div.create-account`) show only while `#createaccount` is ticked, and a ticked box starts with an empty
   * password, as WooCommerce's toggle_create_account. Hidden, they are not "visible required rows" to the steps.
   */
  function syncCreateAccount(): void {
    const box = document.querySelector<HTMLInputElement>('input#createaccount');
    if (!params.option_guest_checkout || !box) return;
    for (const panel of document.querySelectorAll<HTMLElement>('div.create-account')) panel.style.display = box.checked ? '' : 'none';
    const password = box.checked ? document.querySelector<HTMLInputElement>('#account_password') : null;
    if (password) password.value = '';
  }
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.matches('input#createaccount')) syncCreateAccount();
    },
    { signal },
  );

  function syncShippingAddress(): void {
    const box = form.querySelector<HTMLElement>('div.shipping_address');
    if (box) box.style.display = shipToDifferent() ? '' : 'none';
  }

  listenLegacy(document.body, 'update_checkout', (args) => review.schedule(reviewArgsFrom(args[0])), signal, OWNER);
  listenLegacy(form, 'update', () => requestUpdate(), signal, OWNER);
  listenLegacy(
    form,
    'validate',
    (_args, _event, target) => {
      if (isField(target)) validateField(target, afterPress);
    },
    signal,
    OWNER,
  );

  initPayment();
  syncShippingAddress();
  syncCreateAccount();
  prepareDisclosure('coupon');
  prepareDisclosure('login');
  fire('init_checkout');
  // The page may come from a cache: totals are refreshed once on load, as WooCommerce does.
  if (params.is_checkout) requestUpdate();
}

export default defineWidget({
  mount(element, ctx) {
    // WooCommerce's checkout script does nothing without its settings; the form still posts.
    if (pageGlobal('wc_checkout_params') === undefined || !(element instanceof HTMLFormElement)) return;
    mountCheckout(element, ctx);
  },
});
