import type { WidgetContext } from '../../src/widget';
import { asFragments } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { block, unblock } from '../../src/dom/block';
import { serializeForm } from '../../src/dom/form';
import { errorNotice, mendNoticeLists } from '../../src/dom/notices';
import { scrollToNotices } from '../../src/dom/scroll-to';
import { env } from '../../src/env';
import { NetError, shopperMessage } from '../../src/net/errors';
import { wcAjax } from '../../src/net/wc';
import { loadSanitizer } from '../privacy/sanitizer';
import { isVisible, validateAll, type Field, type Later } from './fields';
import {
  COALESCE_MS,
  addressComplete,
  changedFragments,
  createLatestRunner,
  mergeReviewArgs,
  reviewBody,
  truthy,
  type AddressValues,
  type ReviewArgs,
} from './logic';
import { showGroup } from './notices';
import { REVIEW_TIMEOUT, fieldValue, fire, readParams, shipToDifferent } from './params';
import { savePaymentValues, type PaymentMethods } from './payment';
import { reviewSchema, type ReviewResponse } from './schema';

export interface OrderReview {
  /** Ask for fresh totals as WooCommerce does: through `update_checkout`, so plugins see (and may trigger) it. */
  request(args?: { update_shipping_method: boolean }): void;
  /** `update_checkout` was heard: the call is coalesced, a newer one aborts the older. */
  schedule(args: ReviewArgs): void;
  /** An order is being placed: no review call runs or lands under it. */
  cancel(): void;
  /** The payment methods and the review table, blocked while a call runs. */
  targets(): HTMLElement[];
}

interface Deps {
  form: HTMLFormElement;
  root: HTMLElement;
  ctx: WidgetContext;
  payment: PaymentMethods;
  /** Layout changes wait for a pressed pointer's release (see the widget). */
  afterPress: Later;
}

const address = (form: HTMLFormElement, prefix: 'billing' | 'shipping'): AddressValues => ({
  country: fieldValue(form, `${prefix}_country`),
  state: fieldValue(form, `${prefix}_state`),
  postcode: fieldValue(form, `${prefix}_postcode`),
  city: fieldValue(form, `${prefix}_city`),
  address: fieldValue(form, `${prefix}_address_1`),
  address_2: fieldValue(form, `${prefix}_address_2`),
});

function hasFullAddress(form: HTMLFormElement): boolean {
  const values = [...form.querySelectorAll('.address-field.validate-required')]
    .filter((row) => isVisible(row))
    .map((row) => row.querySelector<Field>('input, select, textarea')?.value ?? '');
  return addressComplete(values);
}

function shippingMethods(form: HTMLFormElement): Record<string, string> {
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

type Clean = (html: string) => DocumentFragment;

/**
 * An answer, with the sanitizer its markup goes through and what puts its fragments in place (their chunks are
 * requested beside the answer).
 */
interface Reviewed {
  data: ReviewResponse;
  clean: Clean;
  replaceFragments: (typeof import('./fragments'))['replaceFragments'];
}

export function createOrderReview({ form, root, ctx, payment, afterPress }: Deps): OrderReview {
  const { signal } = ctx;
  let lastFragments: Record<string, string> | undefined;
  let applying = Promise.resolve();
  const targets = () => [...root.querySelectorAll<HTMLElement>('.woocommerce-checkout-payment, .woocommerce-checkout-review-order-table')];
  let blocked: HTMLElement[] = [];
  const blockAll = () => {
    blocked = targets();
    blocked.forEach(block);
  };
  const unblockAll = () => {
    blocked.forEach(unblock);
    targets().forEach(unblock);
    blocked = [];
  };

  const runner = createLatestRunner<ReviewArgs, Reviewed>({
    delay: COALESCE_MS,
    timers: { setTimeout: (fn, ms) => env().setTimeout(fn, ms), clearTimeout: (id) => env().clearTimeout(id) },
    merge: mergeReviewArgs,
    onStart: blockAll,
    run: async (args, requestSignal) => {
      const sanitizer = loadSanitizer();
      const fragments = import('./fragments');
      const body = reviewBody({
        security: readParams().update_order_review_nonce,
        paymentMethod: payment.checked()?.value ?? '',
        billing: address(form, 'billing'),
        shipping: shipToDifferent(form) ? address(form, 'shipping') : null,
        hasFullAddress: hasFullAddress(form),
        postData: serializeForm(form).toString(),
        shippingMethods: args.updateShippingMethod ? shippingMethods(form) : null,
      });
      const [data, { sanitizeShopHtml }, { replaceFragments }] = await Promise.all([
        wcAjax<ReviewResponse>('update_order_review', body, {
          signal: requestSignal,
          timeout: REVIEW_TIMEOUT,
          schema: reviewSchema,
        }),
        sanitizer,
        fragments,
      ]);
      if (data.fragments === undefined && data.result === undefined) throw new NetError('invalid_response');
      return { data, clean: sanitizeShopHtml, replaceFragments };
    },
    onResult: (reviewed) => {
      unblockAll();
      // One answer at a time: a gateway's script still loading for the last one is waited for.
      afterPress(() => {
        applying = applying
          .then(() => apply(reviewed))
          .catch((error: unknown) => ctx.warn('update_order_review', `the answer could not be put in place: ${String(error)}`));
      });
    },
    onError: (error) => {
      unblockAll();
      if (signal.aborted) return;
      // WooCommerce says nothing; the totals may be stale, so say so, and keep every value as it is.
      showGroup(form, root, 'updateOrderReview', errorNotice([shopperMessage(error)]));
    },
  });
  ctx.onCleanup(() => runner.cancel());

  /**
   * An answer, in WooCommerce's order: the changed fragments replace theirs, the shopper's payment values come
   * back into them, a failure shows its messages, the payment methods are initialised on the new markup, and only
   * then `updated_checkout` tells plugins the review is in place. The payment fragment's scripts run as it goes in,
   * before the values come back (a field a script built gets its value too) and before the event.
   */
  async function apply(reviewed: Reviewed): Promise<void> {
    const { data, clean } = reviewed;
    if (truthy(data.reload)) {
      navigation.reload();
      return;
    }
    root.querySelector('.woocommerce-NoticeGroup-updateOrderReview')?.remove();
    const restore = savePaymentValues(form);
    const fragments = asFragments(data.fragments) ?? {};
    const changed = changedFragments(lastFragments, fragments);
    lastFragments = fragments;
    await reviewed.replaceFragments(changed, clean, ctx);
    if (signal.aborted) return;
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
          ? clean(data.messages)
          : errorNotice([shopperMessage(new NetError('invalid_response'))]);
      const group = showGroup(form, root, 'updateOrderReview', messages);
      validateAll(form);
      scrollToNotices(group);
    }
    payment.init();
    fire('updated_checkout', [data]);
  }

  return {
    request: (args) => fire('update_checkout', args ? [args] : []),
    schedule: (args) => runner.schedule(args),
    cancel: () => {
      runner.cancel();
      unblockAll();
    },
    targets,
  };
}
