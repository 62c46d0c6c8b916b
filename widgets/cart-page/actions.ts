import type { WidgetContext } from '../../src/widget';
import { cartCallTimeout } from '../../src/cart/config';
import { safeRedirect } from '../../src/cart/logic';
import { clearCouponError, showCouponError } from '../../src/dom/coupon';
import { serializeForm } from '../../src/dom/form';
import { noticeText, noticesFromHtml } from '../../src/dom/notices';
import { NetError, shopperMessage } from '../../src/net/errors';
import { requestText } from '../../src/net/request';
import { wcAjaxHtml } from '../../src/net/wc';
import { loadSanitizer } from '../privacy/sanitizer';
import type { Answers } from './answer';
import type { CartCalls } from './calls';
import { CALC_SHIPPING_VALUE, isErrorNoticeHtml, shippingMethodFields } from './logic';
import type { CartNotices } from './notices';
import { fire, readParams } from './params';
import type { Shipping } from './shipping';

/** Each shopper action that is one cart call; `false` from a link or form means "let the browser do it". */
export interface CartActions {
  applyCoupon(code: string, used: HTMLInputElement | null): void;
  /** Avada's coupon box, anywhere on the page: its code goes through the core field. */
  applyFromAvada(): void;
  removeCoupon(code: string): void;
  changeShipping(): void;
  /** Remove or undo: a GET of the link's own URL (same origin only). */
  followLink(link: HTMLAnchorElement, kind: 'remove' | 'restore'): boolean;
  submitCalculator(calc: HTMLFormElement): boolean;
}

interface Deps {
  root: HTMLElement;
  ctx: WidgetContext;
  calls: CartCalls;
  notices: CartNotices;
  answers: Answers;
  shipping: Shipping;
}

export const couponFields = () => [...document.querySelectorAll<HTMLInputElement>('#coupon_code, #avada_coupon_code')];

export function createActions({ root, ctx: { signal }, calls, notices, answers, shipping }: Deps): CartActions {
  const timeout = () => cartCallTimeout();

  /** The error stays next to the field the shopper typed in, tied to it (and to the core field), focus back in it. */
  function couponError(used: HTMLInputElement | null, message: string): void {
    const core = root.querySelector<HTMLInputElement>('#coupon_code');
    const field = used ?? core;
    const fields = [...new Set([field, core])].filter((f): f is HTMLInputElement => f !== null);
    showCouponError(fields, field?.closest('.coupon') ?? field?.parentElement ?? notices.wrapper(), message);
  }

  function applyCoupon(code: string, used: HTMLInputElement | null): void {
    const work = async () => {
      clearCouponError(couponFields());
      let html: string;
      let found: Element[];
      try {
        html = await wcAjaxHtml(
          'apply_coupon',
          { security: readParams().apply_coupon_nonce, coupon_code: code },
          { signal, timeout: timeout() },
        );
        // An answer without a notice is no answer (invalid_response): said inline too.
        found = noticesFromHtml(html, (await loadSanitizer()).sanitizeShopHtml);
      } catch (error) {
        if (!signal.aborted) couponError(used, shopperMessage(error));
        return;
      }
      if (isErrorNoticeHtml(html)) {
        const errors = found.filter((n) => n.matches('.woocommerce-error, .is-error'));
        couponError(used, errors.map(noticeText).join(' ') || noticeText(found[0]!));
        return;
      }
      notices.removeAll();
      notices.show(found);
      for (const field of couponFields()) field.value = '';
      fire('applied_coupon', [code]);
      await calls.postUpdate(true);
    };
    void calls.run(work, { queueIfBusy: true });
  }

  function removeCoupon(code: string): void {
    void calls.run(async () => {
      const html = await wcAjaxHtml(
        'remove_coupon',
        { security: readParams().remove_coupon_nonce, coupon: code },
        { signal, timeout: timeout() },
      );
      const found = noticesFromHtml(html, (await loadSanitizer()).sanitizeShopHtml);
      notices.removeAll();
      notices.show(found);
      if (!isErrorNoticeHtml(html)) fire('removed_coupon', [code]);
      await calls.postUpdate(true);
    });
  }

  function changeShipping(): void {
    const work = async () => {
      const body = { security: readParams().update_shipping_method_nonce, ...shippingMethodFields(shipping.chosen()) };
      try {
        const html = await wcAjaxHtml('update_shipping_method', body, { signal, timeout: timeout() });
        const next = (await loadSanitizer()).sanitizeShopHtml(html).querySelector('.cart_totals');
        if (!next) throw new NetError('invalid_response');
        notices.clearErrors();
        answers.replaceTotals(next);
        fire('updated_shipping_method');
      } catch (error) {
        shipping.revert();
        throw error;
      }
    };
    void calls.run(work, { queueIfBusy: true });
  }

  function followLink(link: HTMLAnchorElement, kind: 'remove' | 'restore'): boolean {
    const url = safeRedirect(link.getAttribute('href'), location.href);
    if (!url) return false;
    void calls.run(async () => {
      const { text } = await requestText(url, { signal, timeout: timeout() });
      await answers.applyPage(text, false);
      if (kind === 'remove') fire('item_removed_from_classic_cart');
    });
    return true;
  }

  function submitCalculator(calc: HTMLFormElement): boolean {
    const url = safeRedirect(calc.getAttribute('action') || location.href, location.href);
    if (!url) return false;
    const body = serializeForm(calc);
    body.delete('calc_shipping');
    body.set('calc_shipping', CALC_SHIPPING_VALUE);
    const method = (calc.getAttribute('method') ?? 'post').toUpperCase() === 'GET' ? 'GET' : 'POST';
    void calls.run(async () => {
      const { text } = await requestText(url, { method, body, signal, timeout: timeout() });
      await answers.applyPage(text, false);
    });
    return true;
  }

  function applyFromAvada(): void {
    const avada = document.querySelector<HTMLInputElement>('#avada_coupon_code');
    const core = root.querySelector<HTMLInputElement>('#coupon_code');
    const code = avada?.value ?? core?.value ?? '';
    if (core) core.value = code;
    applyCoupon(code, avada ?? core);
  }

  return { applyCoupon, applyFromAvada, removeCoupon, changeShipping, followLink, submitCalculator };
}
