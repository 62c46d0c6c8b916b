import { defineWidget, type WidgetContext } from '../../src/widget';
import { announceIn } from '../../src/dom/announce';
import { adoptStyles } from '../../src/dom/styles';
import { session } from '../../src/storage/storage';
import { parseCount } from './logic';
import { wirePopups } from './popup';
import { watchTimes } from './relative-time';

/**
 * Review grid, list and badge, and the floating badge: plain TypeScript (DESIGN.md principle 3). They annotate
 * the server's markup (relative times, a popup link, a close button, revealing printed reviews) and own no UI
 * state worth rendering, so they never pull React. The slider, which does render state, is review-slider.
 */
export const badgeKey = (provider: string) => `sf_review_badge_closed_${provider}`;

// What we hide stays hidden where the theme gives these elements a display of their own (a flex badge, grid cards):
// the user-agent rule for [hidden] loses to any author display.
adoptStyles(
  'reviews',
  '.sf-review-badge--floating[hidden],.sf-reviews .sf-review[hidden],.sf-reviews__more[hidden]{display:none!important}',
);

function mountBadge(badge: HTMLElement, { warn, signal }: WidgetContext): void {
  const provider = badge.getAttribute('data-provider')?.trim();
  if (!provider) warn('data-provider', 'missing; the badge can be closed but will show again on the next page');
  const key = provider ? badgeKey(provider) : undefined;
  if (key && session.get(key) === '1') {
    badge.hidden = true;
    return;
  }
  const close = badge.querySelector<HTMLButtonElement>('button.sf-review-badge__close');
  if (!close) return;
  if (!close.textContent?.trim() && !close.hasAttribute('aria-label')) close.setAttribute('aria-label', 'Close');
  close.type = 'button';
  close.addEventListener(
    'click',
    () => {
      if (key) session.set(key, '1');
      const hadFocus = badge.contains(document.activeElement);
      badge.hidden = true;
      // Focus inside a hidden element is lost to the page top; start from the main content instead.
      if (hadFocus) document.querySelector<HTMLElement>('main, #main, [role="main"]')?.focus({ preventScroll: true });
    },
    { signal },
  );
}

const reviewItems = (section: Element) => [...section.querySelectorAll<HTMLElement>('.sf-review')];

function mountShowMore(section: HTMLElement, { warn, signal, onCleanup }: WidgetContext): void {
  const button = section.querySelector<HTMLButtonElement>('button.sf-reviews__more');
  if (!button) return;
  const count = parseCount(button.getAttribute('data-count'));
  if (count === undefined) {
    warn('data-count', 'expected a positive whole number; every review stays shown');
    button.hidden = true;
    return;
  }
  const items = reviewItems(section);
  // The server prints every review (readable without JavaScript); one page of `data-count` stays visible.
  const hiddenByUs = items.slice(count);
  if (hiddenByUs.length === 0) {
    button.hidden = true;
    return;
  }
  for (const item of hiddenByUs) item.hidden = true;
  button.hidden = false;
  button.type = 'button';
  const status = document.createElement('div');
  status.className = 'sf-reviews__status sf-visually-hidden';
  status.setAttribute('role', 'status');
  button.after(status);
  const announce = (message: string) => announceIn(status, message);
  button.addEventListener(
    'click',
    () => {
      const next = reviewItems(section)
        .filter((i) => i.hidden)
        .slice(0, count);
      if (next.length === 0) return;
      for (const item of next) item.hidden = false;
      const left = reviewItems(section).filter((i) => i.hidden).length;
      announce(left > 0 ? `${next.length} more reviews shown, ${left} left.` : `${next.length} more reviews shown, all reviews shown.`);
      if (left === 0) {
        // The button goes away: focus the first new review so the reader carries on from there.
        const first = next[0]!;
        if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
        first.focus();
        button.hidden = true;
      }
    },
    { signal },
  );
  onCleanup(() => {
    for (const item of items) item.hidden = false;
    status.remove();
  });
}

export default defineWidget({
  mount(element, context) {
    const el = element as HTMLElement;
    // A popup link printed outside any review widget (contract §10: `a.sf-review-popup` opens the popup).
    if (el.matches('a.sf-review-popup')) return wirePopups(el, context.signal);
    if (el.matches('.sf-review-badge--floating')) mountBadge(el, context);
    else mountShowMore(el, context);
    wirePopups(el, context.signal);
    context.onCleanup(watchTimes(el, context.warn));
  },
});
