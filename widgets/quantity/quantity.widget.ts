import { defineWidget } from '../../src/widget';
import { announceIn, statusRegion } from '../../src/dom/announce';
import { avadaBehaviours } from '../../src/theme/theme';
import { fireLegacy } from '../../src/events/bus';
import { decrement, increment, raisedToMin, readBounds } from './logic';

/** One polite region for every quantity box: pressing − or + keeps focus on the button, so the value is said here. */
const quantityStatus = () => statusRegion('sf-quantity-status');

function labelText(input: HTMLInputElement): string {
  const label = input.labels?.[0]?.textContent?.trim();
  return label || input.getAttribute('aria-label') || '';
}

function makeButton(kind: 'minus' | 'plus', disabled: boolean): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = kind;
  b.textContent = kind === 'minus' ? '-' : '+';
  b.setAttribute('aria-label', kind === 'minus' ? 'Decrease quantity' : 'Increase quantity');
  b.disabled = disabled;
  return b;
}

export default defineWidget({
  mount(element, { signal, onCleanup }) {
    const box = element as HTMLElement;
    // A table cell holding the usual div.quantity is handled through that div.
    if (box.tagName === 'TD' && box.querySelector('div.quantity')) return;
    const input = box.querySelector<HTMLInputElement>('input.qty') ?? box.querySelector<HTMLInputElement>('input');
    if (!input) return;

    // WooCommerce raises `input.qty` only: a plugin's own number field in the box keeps what it was given.
    if (input.classList.contains('qty') && !input.closest('.product-quantity')) {
      const raised = raisedToMin(input.value, input.getAttribute('min'));
      if (raised !== undefined) input.value = raised;
    }
    if (input.type === 'date' || input.type === 'hidden') return;
    // The -/+ buttons are Avada's: other themes style the box without them (Storefront), or print and run their own.
    if (!avadaBehaviours()) return;

    // Look before adding: Avada's server markup, or a theme, may already carry the buttons.
    if (!box.classList.contains('buttons_added') && !box.querySelector('.minus, .plus')) {
      const locked = input.readOnly || input.disabled;
      const minus = makeButton('minus', locked);
      const plus = makeButton('plus', locked);
      input.before(minus);
      input.after(plus);
      box.classList.add('buttons_added');
      onCleanup(() => {
        minus.remove();
        plus.remove();
        box.classList.remove('buttons_added');
      });
    }
    quantityStatus();

    box.addEventListener(
      'click',
      (event) => {
        const control = event.target instanceof Element ? event.target.closest('.minus, .plus') : null;
        if (!control || !box.contains(control) || input.readOnly || input.disabled) return;
        event.preventDefault();
        // Read the bounds on each press: the variation form rewrites min and max for each variation.
        const bounds = readBounds({ min: input.getAttribute('min'), max: input.getAttribute('max'), step: input.getAttribute('step') });
        const next = control.classList.contains('plus') ? increment(input.value, bounds) : decrement(input.value, bounds);
        if (next === input.value) return;
        input.value = next;
        fireLegacy(input, 'change');
        const label = labelText(input);
        announceIn(quantityStatus(), label ? `${label}: ${next}` : next);
      },
      { signal },
    );
  },
});
