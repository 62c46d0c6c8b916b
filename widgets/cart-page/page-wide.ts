import { listenLegacy } from '../../src/events/bus';
import { OWNER } from './params';

const AVADA_UPDATE = '.fusion-update-cart, a[href="#updateCart"]';
const AVADA_APPLY = '.fusion-apply-coupon';

/** What a cart on the page answers to from outside it. */
export interface PageCart {
  root: HTMLElement;
  pressUpdate(): void;
  applyFromAvada(): void;
  update(preserveNotices: boolean): void;
}

/** Page-wide duties (Avada's links anywhere on the page, `wc_update_cart`) belong to the first cart on the page. */
const carts: PageCart[] = [];
const primary = () => carts.find((c) => c.root.isConnected);
let listeners: AbortController | undefined;

export const isRegistered = (root: HTMLElement) => carts.some((c) => c.root === root);

function activate(event: Event, target: Element): void {
  const owner = primary();
  if (!owner) return;
  if (target.closest(AVADA_UPDATE)) {
    event.preventDefault();
    owner.pressUpdate();
  } else if (target.closest(AVADA_APPLY)) {
    event.preventDefault();
    owner.applyFromAvada();
  }
}

/** Avada's cart links may sit anywhere on the page; `wc_update_cart` comes from theme and plugin code. */
function listen(signal: AbortSignal): void {
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && !event.defaultPrevented) activate(event, event.target);
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const t = event.target instanceof Element ? event.target : null;
      if (event.key === ' ' && t?.matches(`a${AVADA_APPLY}, ${AVADA_UPDATE}`)) activate(event, t);
    },
    { signal },
  );
  listenLegacy(
    document.body,
    'wc_update_cart',
    (args) => primary()?.update(args[0] === true || args[0] === 'true' || args[0] === 1),
    signal,
    OWNER,
  );
}

/** The document's listeners live while any cart does; the returned function unregisters this one. */
export function registerCart(cart: PageCart): () => void {
  carts.push(cart);
  if (!listeners) {
    listeners = new AbortController();
    listen(listeners.signal);
  }
  return () => {
    carts.splice(carts.indexOf(cart), 1);
    if (!carts.length) {
      listeners?.abort();
      listeners = undefined;
    }
  };
}
