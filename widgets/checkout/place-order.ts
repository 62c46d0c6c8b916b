import type { WidgetContext } from '../../src/widget';
import { safeRedirect } from '../../src/cart/logic';
import { navigation } from '../../src/cart/navigate';
import { wcAjaxUrl } from '../../src/config/woocommerce';
import { block, unblock } from '../../src/dom/block';
import { moveFocusTo } from '../../src/dom/focus';
import { serializeForm } from '../../src/dom/form';
import { errorNotice } from '../../src/dom/notices';
import { scrollToNotices } from '../../src/dom/scroll-to';
import { NetError, isNetError, shopperMessage } from '../../src/net/errors';
import { requestJson } from '../../src/net/request';
import { loadSanitizer, loadedSanitizer, type Sanitizer } from '../privacy/sanitizer';
import { clearInlineMessages, isField, showFieldError, validateAll, type Field } from './fields';
import { checkoutRedirect, truthy } from './logic';
import { showGroup } from './notices';
import { CHECKOUT_TIMEOUT, DEFAULT_CHECKOUT_ERROR, ask, fire, readParams } from './params';
import type { PaymentMethods } from './payment';
import type { OrderReview } from './review';
import { checkoutSchema } from './schema';
import type { Steps } from './steps';

/** What a new checkout failure clears (info notices such as the coupon prompt stay). */
const CHECKOUT_CLEARS = '.woocommerce-error, .woocommerce-message, .is-error, .is-success';

interface Deps {
  form: HTMLFormElement;
  root: HTMLElement;
  ctx: WidgetContext;
  payment: PaymentMethods;
  review: OrderReview;
  steps: Steps | null;
}

/** A refused value for the console: quoted and cut short (it came from the network). */
function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function checkoutUrl(): string {
  return safeRedirect(readParams().checkout_url || null, location.href) ?? wcAjaxUrl('checkout');
}

/** Markup to show at once: through the sanitizer when its chunk is here, else its words only (never unchecked). */
function markupNow(html: string): Node {
  const sanitizer = loadedSanitizer();
  if (sanitizer) return sanitizer.sanitizeShopHtml(html);
  return document.createTextNode(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
}

/**
 * The server's failure messages, through the sanitizer. Its chunk may fail to load (offline, a deploy renamed it):
 * the shopper still reads each message, as text, and the fields named in them are still marked.
 */
async function serverMessages(html: string, sanitizer: Promise<Sanitizer>): Promise<DocumentFragment | HTMLElement> {
  try {
    return (await sanitizer).sanitizeShopHtml(html);
  } catch {
    const items = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('li');
    const list = errorNotice([...items].map((li) => (li.textContent ?? '').trim()));
    items.forEach((li, i) => {
      const id = li.getAttribute('data-id');
      if (id) list.children[i]?.setAttribute('data-id', id);
    });
    return list;
  }
}

function genericError(error?: unknown): DocumentFragment {
  const offline = isNetError(error) && error.code === 'fetch_error';
  const list = errorNotice(error && !offline ? [shopperMessage(error)] : []);
  const li = document.createElement('li');
  if (offline) li.textContent = shopperMessage(error);
  else li.appendChild(markupNow(readParams().i18n_checkout_error || DEFAULT_CHECKOUT_ERROR));
  list.appendChild(li);
  const fragment = document.createDocumentFragment();
  fragment.appendChild(list);
  return fragment;
}

/** The form's submit: WooCommerce's submit path, its events, and its failure display (submit_error). */
export function createPlaceOrder({ form, root, ctx, payment, review, steps }: Deps): () => Promise<void> {
  const { signal } = ctx;

  /**
   * One notice group at the top of the form, inline messages, scroll, focus, event. `messagesHtml` is what
   * `checkout_error` carries: the server's `messages` exactly as it sent them (listeners parse that string), else
   * the markup of our own notice.
   */
  function submitError(content: DocumentFragment | HTMLElement, messagesHtml?: string): void {
    for (const n of root.querySelectorAll(`.woocommerce-NoticeGroup-checkout, ${CHECKOUT_CLEARS}`)) {
      if (!n.closest('.wc-empty-cart-message')) n.remove();
    }
    clearInlineMessages(form);
    const group = showGroup(form, root, 'checkout', content);
    form.classList.remove('processing');
    unblock(form);
    validateAll(form);
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

  function success(data: { redirect?: unknown }): void {
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
  }

  return async function placeOrder(): Promise<void> {
    if (form.classList.contains('processing')) return;
    if (!ask(form, 'checkout_place_order', [form])) return;
    const gateway = payment.checked()?.value;
    if (gateway && !ask(form, `checkout_place_order_${gateway}`, [form])) return;
    // No review answer may replace the payment fields while the order they describe is sent.
    review.cancel();
    form.classList.add('processing');
    block(form);
    // Only a failure's messages need it; a sale never waits for it, nor fails with it.
    const sanitizer = loadSanitizer();
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
    if (data.result === 'success') return success(data);
    if (data.result !== 'failure') return submitError(genericError(new NetError('invalid_response')));
    if (truthy(data.reload)) return navigation.reload();
    if (truthy(data.refresh)) review.request();
    if (typeof data.messages === 'string' && data.messages.trim()) {
      const messages = await serverMessages(data.messages, sanitizer);
      if (!signal.aborted) submitError(messages, data.messages);
    } else submitError(genericError());
  };
}
