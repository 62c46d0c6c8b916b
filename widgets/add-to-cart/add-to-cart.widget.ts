import { defineWidget, type WidgetContext } from '../../src/widget';
import { announce, clearAnnouncement, liveRegion } from '../../src/cart/announce';
import { connectCart, markOwn, refreshFragments } from '../../src/cart/cart';
import { receiveCart } from '../../src/cart/changes';
import { addToCartParams, cartCallTimeout } from '../../src/cart/config';
import { asFragments } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { cartResponseSchema } from '../../src/cart/response';
import { env } from '../../src/env';
import { askLegacy, fireLegacy, listenLegacy } from '../../src/events/bus';
import { isNetError, messageFor, NET_MESSAGES } from '../../src/net/errors';
import { sameOriginUrl } from '../../src/net/url';
import { cartCall } from '../../src/net/wc';
import { avadaIndicator } from './indicator';
import { BUTTON, checkDelay, collectData, decideOutcome, failureText, linkHref, nameFromLabel, quantityValue } from './logic';

const OWNER = 'add-to-cart';
const ERROR_CLASS = 'storefront-islands-cart-error';
/** Adds of each button not answered yet (queued or in flight). */
const pending = new WeakMap<Element, number>();
/**
 * The button activated last. A repeat on it while its add is unanswered is a double click and is ignored; once
 * another button was activated in between, a repeat is the shopper asking for one more, and it is queued
 * (WooCommerce adds on every click; dropping it would lose what the shopper asked for).
 */
let lastActivated: Element | undefined;

/** `loading` stays while any add of this button is unanswered. */
function settle(button: HTMLElement): void {
  if ((pending.get(button) ?? 0) <= 1) button.classList.remove('loading');
}

function productName(button: HTMLElement): string | null {
  const title = button.closest('.product, li')?.querySelector('.woocommerce-loop-product__title, .product-title, .fusion-title-heading');
  return title?.textContent?.trim() || nameFromLabel(button.getAttribute('aria-label'));
}

function clearInlineError(button: HTMLElement): void {
  for (const el of button.parentElement?.querySelectorAll(`:scope > .${ERROR_CLASS}`) ?? []) el.remove();
}

/** A visible message beside the button; the status region says it to screen readers. The href stays the fallback. */
function showInlineError(button: HTMLElement, text: string): void {
  clearInlineError(button);
  const message = document.createElement('span');
  message.className = ERROR_CLASS;
  message.textContent = text;
  const anchor = button.nextElementSibling?.classList.contains('added_to_cart') ? button.nextElementSibling : button;
  anchor.after(message);
  announce(text);
}

function insertViewCartLink(button: HTMLElement): void {
  const { is_cart, cart_url, i18n_view_cart } = addToCartParams();
  if (is_cart || button.parentElement?.querySelector('.added_to_cart')) return;
  const checked = sameOriginUrl(cart_url, location.href);
  if (!checked) return;
  const link = document.createElement('a');
  // `cart_url` as printed (WooCommerce's href) only where it leads exactly where the check said; else the checked
  // URL (whitespace, controls, a <base> pointing elsewhere).
  link.setAttribute('href', linkHref(checked, document.baseURI, cart_url));
  link.className = 'added_to_cart wc-forward';
  link.title = i18n_view_cart;
  link.textContent = i18n_view_cart;
  button.after(link);
}

async function addToCart(button: HTMLElement, ctx: WidgetContext): Promise<void> {
  const body = document.body;
  const clickedAt = env().now();
  const indicator = avadaIndicator(button, ctx.signal);
  clearAnnouncement();
  clearInlineError(button);
  button.classList.remove('added');
  button.classList.add('loading');
  indicator?.start();

  if (!askLegacy(body, 'should_send_ajax_request.adding_to_cart', [button], OWNER)) {
    fireLegacy(body, 'ajax_request_not_sent.adding_to_cart', [false, false, button], OWNER);
    settle(button);
    indicator?.fail();
    return;
  }

  // Every data-* attribute, read now (themes change data-quantity), as strings; handlers of adding_to_cart may
  // add fields to this very object before it is posted, as with WooCommerce.
  const data: Record<string, unknown> = collectData([...button.attributes].map((a) => [a.name, a.value] as const));
  fireLegacy(body, 'adding_to_cart', [button, data], OWNER);

  const fail = (reason: string) => {
    settle(button);
    indicator?.fail();
    showInlineError(button, failureText(productName(button), reason));
  };

  let response;
  try {
    response = await cartCall('add_to_cart', data as Record<string, string>, { timeout: cartCallTimeout(), schema: cartResponseSchema });
  } catch (error) {
    fail(messageFor(error));
    // A call that timed out may still have reached the cart: show what the server has.
    if (isNetError(error) && error.code === 'timeout') void refreshFragments();
    return;
  }

  const params = addToCartParams();
  const outcome = decideOutcome(response, { cartRedirect: params.cart_redirect_after_add, cartUrl: params.cart_url, base: location.href });
  switch (outcome.kind) {
    case 'navigate':
      navigation.go(outcome.url);
      return;
    case 'unsafe-redirect':
      ctx.warn(outcome.target, 'points to another site or is not an http(s) URL; not followed');
      fail('');
      return;
    case 'failed':
      fail(NET_MESSAGES.invalid_response);
      return;
    case 'added': {
      markOwn(outcome.fragments);
      fireLegacy(body, 'added_to_cart', [outcome.fragments, outcome.hash, button], OWNER);
      settle(button);
      button.classList.add('added');
      insertViewCartLink(button);
      fireLegacy(body, 'wc_cart_button_updated', [button], OWNER);
      receiveCart(asFragments(outcome.fragments) ?? {}, outcome.hash);
      const message = button.getAttribute('data-success_message');
      const name = productName(button);
      announce(message || (name ? `“${name}” has been added to your cart` : 'The product has been added to your cart'));
      // Bound to the widget: an unmounted button's card gets no late check.
      if (indicator) ctx.timeout(() => indicator.succeed(), checkDelay(clickedAt, env().now()));
    }
  }
}

function mountPostCardQuantity(card: Element, { signal }: WidgetContext): void {
  // Through the page's jQuery when there is one (it also sees native changes): Avada's −/+ buttons fire their
  // change through jQuery only.
  listenLegacy(
    card,
    'change',
    (_args, _event, input) => {
      if (!(input instanceof HTMLInputElement) || !input.matches('.qty') || !card.contains(input)) return;
      const value = quantityValue(input.value);
      const button = card.querySelector('.add_to_cart_button');
      if (value && button) button.setAttribute('data-quantity', value);
    },
    signal,
    OWNER,
  );
}

export default defineWidget({
  mount(element, ctx) {
    if (!element.matches(BUTTON)) {
      mountPostCardQuantity(element, ctx);
      return;
    }
    const button = element as HTMLElement;
    liveRegion();
    connectCart();
    const activate = (event: Event) => {
      // Block buttons (.wc-interactive) belong to the block scripts. As WooCommerce decides at click time: a
      // button that is no longer an ajax button, or whose data-product_id is empty, follows its link.
      if (button.classList.contains('wc-interactive') || !button.matches(BUTTON) || !button.getAttribute('data-product_id')) return;
      event.preventDefault();
      // Avada refuses disabled buttons; a double click (a repeat while this button's add is unanswered, with
      // no other button activated since) adds once.
      const unanswered = pending.get(button) ?? 0;
      if (button.classList.contains('disabled') || (unanswered > 0 && lastActivated === button)) return;
      lastActivated = button;
      pending.set(button, unanswered + 1);
      void addToCart(button, ctx).finally(() => pending.set(button, (pending.get(button) ?? 1) - 1));
    };
    button.addEventListener('click', activate, { signal: ctx.signal });
    button.addEventListener(
      'keydown',
      (event) => {
        // Enter follows the link as a click; Space must too (the link has role=button semantics for WooCommerce).
        if (event.key === ' ' && !event.repeat) activate(event);
      },
      { signal: ctx.signal },
    );
  },
});
