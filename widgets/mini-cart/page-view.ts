import { HASH_COOKIE } from '../../src/cart/cart';
import { storedSessionHash } from '../../src/cart/persist';
import { cartStore } from '../../src/cart/store';
import { listenLegacy } from '../../src/events/bus';
import { getCookie } from '../../src/storage/cookies';
import type { OwnedContext, WidgetContext, WidgetModule } from '../../src/widget';
import { cartChanged } from './logic';

/** The page service's key: every mini-cart element of the page holds the one service. */
export const PAGE_VIEW = 'mini-cart:view';

/**
 * Whether the page wants the mini-cart's React view. The view (and React with it) is loaded once per page, the
 * first time a box is reached for, shown to a shopper who moves, or the cart changes; from then on every box
 * mounts it at once. A fragment swap replaces every box: the service outlives it (the runtime defers a service's
 * last release until the new markup has mounted), so the new boxes get the view too.
 */
export interface PageView {
  /** The view's module, once wanted. */
  readonly module: Promise<WidgetModule> | undefined;
  /** The first reason to show the cart: load the view for every box on the page. */
  want(): void;
  /** Run `mount` when the view is first wanted, unless `signal` ends before. */
  whenWanted(mount: () => void, signal: AbortSignal): void;
}

export function createPageView(scope: WidgetContext): PageView {
  let module: Promise<WidgetModule> | undefined;
  const waiting = new Set<() => void>();
  const want = (): void => {
    module ??= import('./mini-cart.island').then((m) => m.default);
    for (const mount of Array.from(waiting)) mount();
    waiting.clear();
  };
  watchCart(scope.child(), want);
  return {
    get module() {
      return module;
    },
    want,
    whenWanted(mount, signal) {
      waiting.add(mount);
      signal.addEventListener('abort', () => waiting.delete(mount), { once: true });
    },
  };
}

/** What makes the view wanted, once per page: a cart that changed since the page was printed. */
function watchCart(watching: OwnedContext, want: () => void): void {
  // The cart the page started with: the one stored by an earlier page, else the one the shop's cookie names (a
  // sidebar box printed empty and filled by the first refresh shows that cart, not a change).
  const printed = storedSessionHash() ?? getCookie(HASH_COOKIE) ?? '';
  const changed = (): void => {
    watching.dispose();
    want();
  };
  watching.onCleanup(
    cartStore.subscribe((state) => {
      if (cartChanged(printed, state)) changed();
    }),
  );
  // Another script's add or remove (the store follows it, but an unchanged hash would not say so).
  listenLegacy(document.body, 'added_to_cart', changed, watching.signal, 'mini-cart');
  listenLegacy(document.body, 'removed_from_cart', changed, watching.signal, 'mini-cart');
}
