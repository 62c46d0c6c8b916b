import type { WidgetContext } from '../../src/widget';
import { block, unblock } from '../../src/dom/block';
import { clearCouponError, showCouponError } from '../../src/dom/coupon';
import { errorNotice, noticeText, noticesFromHtml } from '../../src/dom/notices';
import { shopperMessage } from '../../src/net/errors';
import { wcAjaxHtml } from '../../src/net/wc';
import { loadSanitizer } from '../privacy/sanitizer';
import { DISCLOSURES, type Disclosures } from './disclosures';
import { removeMessages } from './notices';
import { REVIEW_TIMEOUT, fieldValue, fire, readParams } from './params';
import type { OrderReview } from './review';

export interface Coupons {
  /** The coupon form above the checkout was submitted. */
  apply(couponForm: HTMLFormElement): Promise<void>;
  /** A review table's "[Remove]" link. */
  remove(code: string): Promise<void>;
}

interface Deps {
  form: HTMLFormElement;
  root: HTMLElement;
  ctx: WidgetContext;
  review: OrderReview;
  disclosures: Disclosures;
}

export function createCoupons({ form, root, ctx: { signal }, review, disclosures }: Deps): Coupons {
  async function apply(target: HTMLFormElement): Promise<void> {
    const field = target.querySelector<HTMLInputElement>('input[name="coupon_code"]');
    const code = field?.value ?? '';
    const fields = field ? [field] : [];
    const errorPlace = () => field?.closest('.form-row')?.parentElement ?? target;
    clearCouponError(fields);
    block(target);
    const sanitizer = loadSanitizer();
    try {
      const html = await wcAjaxHtml(
        'apply_coupon',
        { security: readParams().apply_coupon_nonce, coupon_code: code, billing_email: fieldValue(form, 'billing_email') },
        { signal, timeout: REVIEW_TIMEOUT },
      );
      const notices = noticesFromHtml(html, (await sanitizer).sanitizeShopHtml);
      const errors = notices.filter((n) => n.matches('.woocommerce-error, .is-error'));
      if (errors.length) {
        showCouponError(fields, errorPlace(), errors.map(noticeText).join(' '));
        return;
      }
      removeMessages(root);
      target.before(...notices.map((n) => document.importNode(n, true)));
      disclosures.setOpen('coupon', false, false);
      if (field) field.value = '';
      fire('applied_coupon_in_checkout', [code]);
      review.request({ update_shipping_method: false });
    } catch (error) {
      if (!signal.aborted) showCouponError(fields, errorPlace(), shopperMessage(error));
    } finally {
      unblock(target);
    }
  }

  async function remove(code: string): Promise<void> {
    const targets = review.targets();
    targets.forEach(block);
    const sanitizer = loadSanitizer();
    try {
      const html = await wcAjaxHtml(
        'remove_coupon',
        { security: readParams().remove_coupon_nonce, coupon: code },
        { signal, timeout: REVIEW_TIMEOUT },
      );
      const notices = noticesFromHtml(html, (await sanitizer).sanitizeShopHtml);
      removeMessages(root);
      form.before(...notices.map((n) => document.importNode(n, true)));
      if (!notices.some((n) => n.matches('.woocommerce-error, .is-error'))) {
        fire('removed_coupon_in_checkout', [code]);
        review.request({ update_shipping_method: false });
        const field = root.querySelector(DISCLOSURES.coupon.panel)?.querySelector<HTMLInputElement>('input[name="coupon_code"]');
        if (field) field.value = '';
      }
    } catch (error) {
      if (!signal.aborted) form.before(errorNotice([shopperMessage(error)]));
    } finally {
      targets.forEach(unblock);
    }
  }

  return { apply, remove };
}
