import { fireLegacy } from '../../src/events/bus';
import { OWNER, fire } from './params';

interface Chosen {
  index: string | null;
  value: string;
}

export interface Shipping {
  /** The calculator link is a disclosure: a button to assistive tech, with its state and target. */
  prepare(): void;
  toggleCalculator(link: HTMLElement): void;
  /** The methods the server has now (after each totals answer): what a refused change goes back to. */
  snapshot(): void;
  /** The server did not take the new method: show the one it still has, so the total stays true. */
  revert(): void;
  chosen(): Chosen[];
}

function calculatorSection(link: Element): HTMLElement | null {
  const id = link.getAttribute('aria-controls');
  const byId = id ? document.getElementById(id) : null;
  return byId ?? link.closest('form, .cart_totals')?.querySelector<HTMLElement>('.shipping-calculator-form') ?? null;
}

function isHidden(el: HTMLElement): boolean {
  return Boolean(el.hidden) || el.style.display === 'none';
}

export function createShipping(root: HTMLElement): Shipping {
  let server = new Map<string, string>();

  function chosen(): Chosen[] {
    return [
      ...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        'select.shipping_method, input[name^="shipping_method"][type="radio"]:checked, input[name^="shipping_method"][type="hidden"]',
      ),
    ].map((el) => ({ index: el.getAttribute('data-index'), value: el.value }));
  }

  return {
    prepare() {
      for (const link of root.querySelectorAll<HTMLElement>('.shipping-calculator-button')) {
        const section = calculatorSection(link);
        if (!section) continue;
        if (!section.id) section.id = 'shipping-calculator-form';
        if (link.tagName === 'A') link.setAttribute('role', 'button');
        link.setAttribute('aria-controls', section.id);
        link.setAttribute('aria-expanded', String(!isHidden(section)));
      }
    },
    toggleCalculator(link) {
      const section = calculatorSection(link);
      if (!section) return;
      const open = isHidden(section);
      section.hidden = false;
      section.style.display = open ? '' : 'none';
      link.setAttribute('aria-expanded', String(open));
      // As WooCommerce's cart script: the country and state fields refresh (wc-country-select, which is kept, fills
      // the state field and enhances the now visible selects on these).
      for (const field of document.querySelectorAll('select.country_to_state, input.country_to_state'))
        fireLegacy(field, 'change', [], OWNER);
      fire('country_to_state_changed');
    },
    snapshot() {
      server = new Map(chosen().map((c) => [c.index ?? '0', c.value]));
    },
    revert() {
      for (const input of root.querySelectorAll<HTMLInputElement>('input.shipping_method[type="radio"]')) {
        const previous = server.get(input.getAttribute('data-index') ?? '0');
        if (previous !== undefined) input.checked = input.value === previous;
      }
      for (const select of root.querySelectorAll<HTMLSelectElement>('select.shipping_method')) {
        const previous = server.get(select.getAttribute('data-index') ?? '0');
        if (previous !== undefined) select.value = previous;
      }
    },
    chosen,
  };
}
