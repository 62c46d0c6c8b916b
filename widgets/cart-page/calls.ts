import type { WidgetContext } from '../../src/widget';
import { cartCallTimeout } from '../../src/cart/config';
import { safeRedirect } from '../../src/cart/logic';
import { block, unblock } from '../../src/dom/block';
import { serializeForm } from '../../src/dom/form';
import { NetError, shopperMessage } from '../../src/net/errors';
import { cartQueue } from '../../src/net/queue';
import { requestText } from '../../src/net/request';
import { loadSanitizer } from '../privacy/sanitizer';
import type { Answers } from './answer';
import { typedValues } from './edits';
import { restoreFocus, rememberFocus } from './focus';
import { UPDATE_CART_VALUE } from './logic';
import type { CartNotices } from './notices';
import { cartForm, cartTotals } from './params';

export interface CartCalls {
  /** A call is running (the form and totals are blocked). */
  busy(): boolean;
  /**
   * One cart call at a time. Clicks inside the blocked form and totals cannot happen (the overlay covers them) and
   * are ignored; what arrives from elsewhere (`queueIfBusy`: Avada's coupon box, a shipping change) goes through
   * the shop's one cart queue, never dropped.
   */
  run(work: () => Promise<void>, options?: { queueIfBusy?: boolean }): Promise<void>;
  /**
   * Post the form as "Update cart". Asked for while a call runs (an update link outside the form, a plugin's
   * `wc_update_cart`), it is made once after it: several asks collapse into one.
   */
  update(preserveNotices: boolean): void;
  /** The update's request itself, inside a running call (a coupon's refresh). */
  postUpdate(preserveNotices: boolean): Promise<void>;
}

interface Deps {
  root: HTMLElement;
  ctx: WidgetContext;
  notices: CartNotices;
  answers: Answers;
}

export function createCalls({ root, ctx: { signal }, notices, answers }: Deps): CartCalls {
  let busy = 0;
  let pendingUpdate: { preserveNotices: boolean } | undefined;

  function blockTargets(): HTMLElement[] {
    const found = [cartForm(root), cartTotals(root)].filter((el): el is HTMLElement => el !== null);
    if (found.length) return found;
    const empty = root.querySelector<HTMLElement>('.wc-empty-cart-message');
    return empty ? [empty] : [];
  }

  async function run(work: () => Promise<void>, options: { queueIfBusy?: boolean } = {}): Promise<void> {
    if (busy > 0 && !options.queueIfBusy) return;
    busy += 1;
    const saved = rememberFocus(root);
    const targets = blockTargets();
    targets.forEach(block);
    // Every answer goes through the sanitizer: its chunk is requested beside the call, so it costs no wait.
    void loadSanitizer();
    try {
      await cartQueue.run(work);
    } catch (error) {
      if (!signal.aborted) notices.showError(shopperMessage(error));
    } finally {
      targets.forEach(unblock);
      for (const el of blockTargets()) unblock(el);
      busy -= 1;
      restoreFocus(root, saved);
      // The remembered update goes after the call that held it, with the form as it is then.
      if (busy === 0 && pendingUpdate && !signal.aborted) {
        const { preserveNotices } = pendingUpdate;
        pendingUpdate = undefined;
        update(preserveNotices);
      }
    }
  }

  async function postUpdate(preserveNotices: boolean): Promise<void> {
    const form = cartForm(root);
    if (!form) return;
    const url = safeRedirect(form.getAttribute('action') || location.href, location.href);
    if (!url) throw new NetError('invalid_response');
    const body = serializeForm(form);
    body.delete('update_cart');
    body.set('update_cart', UPDATE_CART_VALUE);
    const sent = typedValues(form, 'current');
    const { text } = await requestText(url, { method: 'POST', body, signal, timeout: cartCallTimeout() });
    await answers.applyPage(text, preserveNotices, sent);
  }

  function update(preserveNotices: boolean): void {
    if (busy > 0) {
      // Notices are kept only if every request for this update asked to keep them.
      pendingUpdate = { preserveNotices: (pendingUpdate?.preserveNotices ?? true) && preserveNotices };
      return;
    }
    void run(() => postUpdate(preserveNotices));
  }

  return { busy: () => busy > 0, run, update, postUpdate };
}
