import { env } from '../../src/env';

const SPINNER = 'awb-icon-spinner';
const CHECK = 'awb-icon-check-square-o';
const IN_CART = 'fusion-item-in-cart';
/** The signal each card's hover listeners are bound to: wired again once the widget that wired them unmounted. */
const hoverWired = new WeakMap<Element, AbortSignal>();

function fade(el: HTMLElement, visible: boolean): void {
  el.style.display = visible ? 'block' : 'none';
  if (!visible || env().prefersReducedMotion() || typeof el.animate !== 'function') return;
  el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200 });
}

/**
 * Avada's listing indicator: the `i` in the card's `.cart-loading` spins from the click; the check and
 * `fusion-item-in-cart` come only after success (and no earlier than 2 s after the click); a failure takes the
 * indicator away. Returns null for cards without one.
 */
export function avadaIndicator(button: HTMLElement, signal: AbortSignal) {
  const card = button.closest<HTMLElement>('.product, li, .swiper-slide');
  const loading = card?.querySelector<HTMLElement>('.cart-loading');
  // Any icon inside, as Avada's `.find('i')`: its product rollover prints it inside the cart link
  // (`.cart-loading > a > i` with a "View Cart" label), other layouts as a direct child.
  const icon = loading?.querySelector<HTMLElement>('i') ?? null;
  if (!card || !loading || !icon) return null;
  const marked = button.closest<HTMLElement>('.fusion-clean-product-image-wrapper, li');
  const imageHover = button.closest('.fusion-post-card-cart') ? card.querySelector<HTMLElement>('.fusion-image-wrapper') : null;

  const wiredWith = hoverWired.get(card);
  if (!signal.aborted && (!wiredWith || wiredWith.aborted)) {
    hoverWired.set(card, signal);
    // Afterwards the check shows while the card is hovered or focused; gone with the widget.
    const reveal = (on: boolean) => () => {
      if (marked?.classList.contains(IN_CART) && icon.classList.contains(CHECK)) loading.style.display = on ? 'block' : 'none';
    };
    card.addEventListener('mouseenter', reveal(true), { signal });
    card.addEventListener('mouseleave', reveal(false), { signal });
    card.addEventListener('focusin', reveal(true), { signal });
    card.addEventListener('focusout', reveal(false), { signal });
  }

  return {
    start(): void {
      icon.classList.remove(CHECK);
      icon.classList.add(SPINNER);
      fade(loading, true);
      imageHover?.classList.add('hover');
    },
    succeed(): void {
      icon.classList.remove(SPINNER);
      icon.classList.add(CHECK);
      marked?.classList.add(IN_CART);
      imageHover?.classList.remove('hover');
    },
    fail(): void {
      icon.classList.remove(CHECK);
      icon.classList.add(SPINNER);
      loading.style.display = 'none';
      marked?.classList.remove(IN_CART);
      imageHover?.classList.remove('hover');
    },
  };
}
