import { defineWidget } from '../../src/widget';
import { listenLegacy } from '../../src/events/bus';
import { installJQueryShims } from '../../src/events/shims';
import { env } from '../../src/env';
import { mendNoticeLists } from '../../src/dom/notice-lists';
import { ALERT_NOTICE, FOCUS_DELAY_MS, REFOCUS_EVENTS, RESTORING_FOCUS } from './logic';

/**
 * Notice focus for the whole page. It mounts on every `.woocommerce-notices-wrapper`, but the behaviour is
 * page-wide, so the body listeners exist once however many wrappers come and go (the cart page replaces its
 * wrapper when the cart empties). The focus timer is not tied to one wrapper for the same reason.
 */
let users = 0;
let listeners: AbortController | undefined;
let pending: { notice: HTMLElement; cancel: () => void } | undefined;
/** Notices this page already moved focus to, or left alone because focus went elsewhere first. */
const focused = new WeakSet<HTMLElement>();

/**
 * The alert notice there is now gets focus in 500 ms, unless focus goes elsewhere first (notices added later, such as
 * checkout errors, manage their own focus). `again`: after the cart's update events, as WooCommerce does, even a
 * notice focused before. A wrapper that mounts leaves a notice already focused or about to be alone: the runtime
 * mounts a swapped wrapper a little after the event that announced it (later still on a slow phone), and focusing
 * its notice a second time would take a shopper away from the field they moved to meanwhile.
 */
function focusFirstAlertSoon(again: boolean): void {
  for (const wrapper of document.querySelectorAll('.woocommerce-notices-wrapper')) mendNoticeLists(wrapper);
  const notice = document.querySelector<HTMLElement>(ALERT_NOTICE);
  if (notice && !again && (focused.has(notice) || pending?.notice === notice)) return;
  pending?.cancel();
  pending = undefined;
  if (!notice) return;
  notice.setAttribute('tabindex', '-1');
  const e = env();
  const id = e.setTimeout(() => {
    pending = undefined;
    if (!notice.isConnected) return;
    focused.add(notice);
    // A plain focus, as WooCommerce's: the browser brings the notice into view.
    notice.focus();
  }, FOCUS_DELAY_MS);
  pending = { notice, cancel: () => e.clearTimeout(id) };
}

/**
 * Focus the shopper moved somewhere else while a notice waited (a Tab, a click) stays there: taking it to the
 * notice would turn their next key (Space on the button they moved to) into a key on the notice. The notice then
 * counts as handled, so its wrapper mounting later does not try again. The cart putting focus back in the field its
 * answer replaced (after Enter in a quantity) is not such a move: there the notice takes focus, as WooCommerce's does.
 */
function onFocusIn(event: FocusEvent): void {
  const target = event.target as Element;
  if (!pending || target === pending.notice || target.hasAttribute?.(RESTORING_FOCUS)) return;
  focused.add(pending.notice);
  pending.cancel();
  pending = undefined;
}

export default defineWidget({
  mount(element, { onCleanup }) {
    users += 1;
    mendNoticeLists(element);
    if (!listeners) {
      listeners = new AbortController();
      for (const name of REFOCUS_EVENTS) listenLegacy(document.body, name, () => focusFirstAlertSoon(true), listeners.signal);
      document.addEventListener('focusin', onFocusIn, { capture: true, signal: listeners.signal });
      installJQueryShims();
    }
    focusFirstAlertSoon(false);
    onCleanup(() => {
      users -= 1;
      if (users > 0) return;
      listeners?.abort();
      listeners = undefined;
      pending?.cancel();
      pending = undefined;
    });
  },
});
