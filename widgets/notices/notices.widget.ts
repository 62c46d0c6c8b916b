import { defineWidget } from '../../src/widget';
import { listenLegacy } from '../../src/events/bus';
import { installJQueryShims } from '../../src/events/shims';
import { env } from '../../src/env';
import { mendNoticeLists } from '../../src/dom/notice-lists';
import { ALERT_NOTICE, FOCUS_DELAY_MS, REFOCUS_EVENTS } from './logic';

/**
 * Notice focus for the whole page. It mounts on every `.woocommerce-notices-wrapper`, but the behaviour is
 * page-wide, so the body listeners exist once however many wrappers come and go (the cart page replaces its
 * wrapper when the cart empties). The focus timer is not tied to one wrapper for the same reason.
 */
let users = 0;
let listeners: AbortController | undefined;
let pending: (() => void) | undefined;

/** The alert notice there is now gets focus in 500 ms (notices added later, such as checkout errors, manage their own focus). */
function focusFirstAlertSoon(): void {
  pending?.();
  for (const wrapper of document.querySelectorAll('.woocommerce-notices-wrapper')) mendNoticeLists(wrapper);
  const notice = document.querySelector<HTMLElement>(ALERT_NOTICE);
  if (!notice) {
    pending = undefined;
    return;
  }
  notice.setAttribute('tabindex', '-1');
  const e = env();
  const id = e.setTimeout(() => {
    pending = undefined;
    // A plain focus, as WooCommerce's: the browser brings the notice into view.
    if (notice.isConnected) notice.focus();
  }, FOCUS_DELAY_MS);
  pending = () => e.clearTimeout(id);
}

export default defineWidget({
  mount(element, { onCleanup }) {
    users += 1;
    mendNoticeLists(element);
    if (!listeners) {
      listeners = new AbortController();
      for (const name of REFOCUS_EVENTS) listenLegacy(document.body, name, () => focusFirstAlertSoon(), listeners.signal);
      installJQueryShims();
    }
    focusFirstAlertSoon();
    onCleanup(() => {
      users -= 1;
      if (users > 0) return;
      listeners?.abort();
      listeners = undefined;
      pending?.();
      pending = undefined;
    });
  },
});
