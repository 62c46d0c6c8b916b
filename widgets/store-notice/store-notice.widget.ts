import { defineWidget } from '../../src/widget';
import { getCookie, setCookie } from '../../src/storage/cookies';
import { HIDDEN_VALUE, isDismissed, isWellFormedNoticeId, noticeCookieName } from './logic';

function show(notice: HTMLElement): void {
  notice.style.removeProperty('display');
  if (getComputedStyle(notice).display === 'none') notice.style.display = 'block';
}

/** Avada offsets its header for the notice; once it is gone the header sits under the admin bar only. */
function releaseThemeOffsets(): void {
  const wrapper = document.getElementById('wrapper');
  if (wrapper) wrapper.style.marginTop = '';
  const adminBar = document.getElementById('wpadminbar');
  const header = document.querySelector<HTMLElement>('.fusion-header');
  if (header) header.style.top = `${adminBar?.offsetHeight ?? 0}px`;
}

export default defineWidget({
  mount(element, { signal, warn }) {
    const notice = element as HTMLElement;
    const id = notice.getAttribute('data-notice-id');
    if (!isWellFormedNoticeId(id)) warn('data-notice-id', `expected 32 hex digits, got ${JSON.stringify(id)}; using it as is`);
    const cookie = noticeCookieName(id);
    if (isDismissed(getCookie(cookie))) {
      notice.style.display = 'none';
      return;
    }
    show(notice);
    const dismiss = (event: Event) => {
      event.preventDefault();
      // A session cookie on path /, exactly as WooCommerce writes it.
      setCookie(cookie, HIDDEN_VALUE);
      notice.style.display = 'none';
      releaseThemeOffsets();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('.woocommerce-store-notice__dismiss-link')) dismiss(event);
    };
    const onKey = (event: KeyboardEvent) => {
      // Enter already clicks a link; Space on a role=button link must too.
      if (event.key === ' ' && event.target instanceof Element && event.target.closest('.woocommerce-store-notice__dismiss-link'))
        dismiss(event);
    };
    notice.addEventListener('click', onClick, { signal });
    notice.addEventListener('keydown', onKey, { signal });
  },
});
