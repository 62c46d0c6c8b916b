import { defineWidget, type WidgetContext, type WidgetModule } from '../../src/widget';
import { liveRegion } from '../../src/cart/announce';
import { cartNotLoaded, HASH_COOKIE, refreshUnlessCartCall, startCart } from '../../src/cart/cart';
import { storedSessionHash } from '../../src/cart/persist';
import { cartStore } from '../../src/cart/store';
import { whenReleased } from '../../src/dom/press';
import { env } from '../../src/env';
import { listenLegacy } from '../../src/events/bus';
import { deferView } from '../../src/react/defer';
import { INTENT_EVENTS, onceInViewAndAlive, onIntent } from '../../src/react/intent';
import { getCookie } from '../../src/storage/cookies';
import { cartChanged, isUnfilled, REMOVE_LINK } from './logic';
import { followRemoveLink, removeLinkOf } from './remove-link';

const BOX = '.widget_shopping_cart_content';
const VIEW_INTENT = INTENT_EVENTS.filter((type) => type !== 'click');

const boxesWithView = new WeakSet<Element>();

/**
 * The React view (and React with it) is loaded once per page, the first time a box is reached for, shown to a
 * shopper who moves, or the cart changes; from then on every box mounts it at once (a fragment swap replaces the
 * box: the new one gets the view too). A page service kept until the runtime stops: a fragment swap unmounts
 * every box before it scans the new one, and a service disposed in between would forget that the view was wanted.
 */
interface ViewWanted {
  view?: Promise<WidgetModule>;
  /** Boxes waiting for the view, each with its own deferred mount. */
  readonly waiting: Map<Element, () => void>;
  /** The first reason to show the cart (reached for, shown to a shopper who moves, changed): load the view for every box on the page. */
  want(): void;
}

const viewWanted = (ctx: WidgetContext): ViewWanted => ctx.page('mini-cart:view', createViewWanted, { keep: true });

function createViewWanted(scope: WidgetContext): ViewWanted {
  const wanted: ViewWanted = {
    waiting: new Map(),
    want() {
      wanted.view ??= import('./mini-cart.island').then((m) => m.default);
      for (const want of wanted.waiting.values()) want();
      wanted.waiting.clear();
    },
  };
  watchCart(wanted, scope.signal);
  return wanted;
}

/** What makes the view wanted, once per page: a cart that changed since the page was printed. */
function watchCart(wanted: ViewWanted, signal: AbortSignal): void {
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true, signal: controller.signal });
  // The cart the page started with: the one stored by an earlier page, else the one the shop's cookie names (a
  // sidebar box printed empty and filled by the first refresh shows that cart, not a change).
  const printed = storedSessionHash() ?? getCookie(HASH_COOKIE) ?? '';
  const changed = () => {
    controller.abort();
    wanted.want();
  };
  const unsubscribe = cartStore.subscribe((state) => {
    if (cartChanged(printed, state)) changed();
  });
  controller.signal.addEventListener('abort', unsubscribe, { once: true });
  // Another script's add or remove (the store follows it, but an unchanged hash would not say so).
  listenLegacy(document.body, 'added_to_cart', changed, controller.signal, 'mini-cart');
  listenLegacy(document.body, 'removed_from_cart', changed, controller.signal, 'mini-cart');
}

/** Whether the React view renders this box (tests). */
export const hasView = (box: Element): boolean => boxesWithView.has(box);

function mountBox(element: Element, ctx: WidgetContext, wanted: ViewWanted): void {
  // Until the view is there (and for a remove clicked while it loads), plain code removes the line.
  const inFlight = new WeakSet<Element>();
  const activate = (event: Event) => {
    if (boxesWithView.has(element)) return; // the view owns its links
    const link = removeLinkOf(event, element, REMOVE_LINK);
    if (!link) return;
    event.preventDefault();
    if (inFlight.has(link)) return;
    inFlight.add(link);
    void removeWithoutView(link, ctx).finally(() => inFlight.delete(link));
  };
  element.addEventListener('click', activate, { signal: ctx.signal });
  element.addEventListener('keydown', activate, { signal: ctx.signal });

  const boxView = deferView(ctx, {
    load: () => wanted.view!,
    mount: async (module) => {
      if (!element.isConnected || boxesWithView.has(element)) return;
      boxesWithView.add(element);
      ctx.onCleanup(() => boxesWithView.delete(element));
      await module.mount(element, ctx);
    },
    // The takeover waits for the release of a press inside the box (a link's click would be lost).
    afterRelease: whenReleased(element, ctx.signal),
    // The plain handler keeps working.
    fallback: 'the mini-cart keeps its printed markup',
  });
  if (wanted.view) void boxView.want();
  else {
    // Wanted (by this box or another, or a cart change): a warm-up still waiting for its idle moment is moot.
    let cancelWarm = () => {};
    wanted.waiting.set(element, () => {
      cancelWarm();
      void boxView.want();
    });
    ctx.onCleanup(() => wanted.waiting.delete(element));
    // Reached for (a pointer over or down, a touch, focus, a key): wanted now. Not a click alone (a script's, or
    // a test's, with no pointer before it): the plain handler removes at once, a view arriving then would race it.
    // In the task after the event: asking for the view starts the fetch of each of its chunks, which at 4x costs
    // tens of ms that would otherwise lengthen the pointer's own task (the hover's paint waits for it).
    const want = () => wanted.want();
    onIntent(element, () => void env().yieldTask().then(want), ctx.signal, VIEW_INTENT);
    // Shown (a sidebar in view at load, a dropdown opened) is not intent: a visitor who does nothing must not pay
    // for the framework to render the lines the server printed. Shown to a shopper who moves, it loads at an
    // idle moment, warmed (warm.ts), so the first hover or remove finds it evaluated and compiled.
    queueMicrotask(() => {
      if (ctx.signal.aborted || wanted.view || isUnfilled(element.childElementCount, element.textContent ?? '')) return;
      // A warm-up that fails fails again for the view's own load, which says so once.
      const warmThenWant = () =>
        void import('./warm')
          .then((m) => m.default())
          .catch(() => {})
          .finally(want);
      cancelWarm = onceInViewAndAlive(element, warmThenWant, ctx.signal);
    });
  }

  // The box is printed empty and nothing was loaded (the cookies said the cart is empty): load it only when it
  // is actually shown (a sidebar in view, a dropdown opened), never on every page view.
  queueMicrotask(() => {
    const unfilled = () => !ctx.signal.aborted && cartNotLoaded() && isUnfilled(element.childElementCount, element.textContent ?? '');
    if (!unfilled()) return;
    const cancel = env().visible(
      element,
      () => {
        // An add that revealed a "hide if empty" widget brings its own fragments: no second request.
        if (unfilled()) refreshUnlessCartCall(unfilled);
      },
      '0px',
    );
    ctx.onCleanup(cancel);
  });
}

/**
 * Remove a line without the view: the request's code (remove.ts) loads with the first remove, since most page
 * views never remove anything. The line shows as busy at once; if the code cannot load, the link is followed (a
 * full page remove), as any other failure of a remove.
 */
function removeWithoutView(link: HTMLAnchorElement, ctx: WidgetContext): Promise<void> {
  const item = link.closest<HTMLElement>('.woocommerce-mini-cart-item, .mini_cart_item');
  const busy = (on: boolean) => block(item, on);
  busy(true);
  return import('./remove').then(
    ({ removeLine }) => removeLine(link, ctx, busy),
    () => {
      busy(false);
      ctx.warn('remove', 'could not load its code; following the link');
      followRemoveLink(link, ctx);
    },
  );
}

function block(item: HTMLElement | null, on: boolean): void {
  if (!item) return;
  // Not dimmed, as in the view (MiniCart.tsx): faded text would fail the contrast check while it runs.
  item.classList.toggle('processing', on);
  item.style.pointerEvents = on ? 'none' : '';
  if (on) item.setAttribute('aria-busy', 'true');
  else item.removeAttribute('aria-busy');
}

/**
 * A remove link outside any mini-cart box (a theme's header dropdown filled by a fragment of its own): WooCommerce
 * handles `.remove_from_cart_button` anywhere in the body, so it is removed over ajax too. Links inside a box are
 * the box's (plain handler or view); the cart page's own remove links are the cart page's.
 */
function mountLoneRemove(link: HTMLAnchorElement, ctx: WidgetContext): void {
  let inFlight = false;
  const activate = (event: Event) => {
    if (removeLinkOf(event, link, REMOVE_LINK) !== link || link.closest(BOX)) return;
    event.preventDefault();
    if (inFlight) return;
    inFlight = true;
    void removeWithoutView(link, ctx).finally(() => (inFlight = false));
  };
  link.addEventListener('click', activate, { signal: ctx.signal });
  link.addEventListener('keydown', activate, { signal: ctx.signal });
}

export default defineWidget({
  mount(element, ctx) {
    if (element.matches(REMOVE_LINK)) {
      if (element.closest(`${BOX}, .woocommerce-cart-form`) || !(element instanceof HTMLAnchorElement)) return;
      mountLoneRemove(element, ctx);
    }
    liveRegion();
    // After this mount returns: loading stored fragments replaces this very element.
    queueMicrotask(startCart);
    const wanted = viewWanted(ctx);
    if (element.matches(BOX)) mountBox(element, ctx, wanted);
  },
});
