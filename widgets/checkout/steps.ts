import type { WidgetContext } from '../../src/widget';
import { readGlobal, str } from '../../src/config/globals';
import { env } from '../../src/env';
import { moveFocusTo } from '../../src/dom/focus';
import { errorNotice } from '../../src/dom/notices';
import { fixedHeaderOffset, scrollToElement } from '../../src/dom/scroll-to';
import { fireLegacy } from '../../src/events/bus';
import { FIELD_SELECTOR, countsAsValid, isField, isVisible, validateField } from './fields';

/**
 * Avada's checkout steps: billing (`col-1`), shipping or additional information (`col-2`) and `order_review`,
 * as tabs above the form. Moving on validates the visible required fields of the current step; a failure shows
 * a well-formed alert list (Avada's is malformed and silent) and moves focus to it.
 */
const DEFAULT_ERROR = 'Not all fields have been filled in correctly.';
const ERROR_ITEM = 'avada-checkout-error';
const FADE_MS = 400;
const SCROLL_MS = 500;
const STEP_FIELDS =
  '.woocommerce-billing-fields .validate-required, .woocommerce-shipping-fields .validate-required, .woocommerce-account-fields .validate-required';

export interface Steps {
  /** Show the step holding an element (a field the server reported), without validating. */
  reveal(el: Element): void;
}

export function setupSteps(form: HTMLFormElement, root: ParentNode, { signal, warn }: WidgetContext): Steps | null {
  const found = root.querySelector<HTMLElement>('.woocommerce-checkout-nav');
  if (!found) return null;
  const nav: HTMLElement = found;
  const container = form.closest<HTMLElement>('.avada-checkout') ?? form;
  const message =
    readGlobal('avadaWooCommerceVars', { woocommerce_checkout_error: str(DEFAULT_ERROR) }, 'checkout').woocommerce_checkout_error ||
    DEFAULT_ERROR;

  const panels = (name: string): HTMLElement[] => {
    if (name === 'order_review') return [...form.querySelectorAll<HTMLElement>('#order_review_heading, #order_review')];
    if (name === 'col-1' || name === 'col-2')
      return [...form.querySelectorAll<HTMLElement>(`#customer_details > .${name}, .${name}`)].slice(0, 1);
    return [];
  };
  const names = ['col-1', 'col-2', 'order_review'];
  const links = () => [...nav.querySelectorAll<HTMLAnchorElement>('a[data-name]')];

  function setActive(name: string): void {
    for (const link of links()) {
      const on = link.getAttribute('data-name') === name;
      link.closest('li')?.classList.toggle('is-active', on);
      if (on) link.setAttribute('aria-current', 'step');
      else link.removeAttribute('aria-current');
    }
  }

  function show(name: string, fade: boolean): void {
    for (const other of names) for (const el of panels(other)) el.style.display = 'none';
    const reduced = env().prefersReducedMotion();
    for (const el of panels(name)) {
      el.style.display = '';
      if (fade && !reduced) {
        el.style.opacity = '0';
        el.style.transition = `opacity ${FADE_MS}ms linear`;
        env().frame(() => (el.style.opacity = '1'));
      } else {
        el.style.removeProperty('opacity');
      }
    }
    setActive(name);
  }

  /** Every visible required row is validated; only billing, shipping and account rows can hold the step back. */
  function stepValid(): boolean {
    const counted = new Set(form.querySelectorAll(STEP_FIELDS));
    let valid = true;
    for (const row of form.querySelectorAll('.validate-required')) {
      if (!isVisible(row)) continue;
      const field = row.querySelector(`${FIELD_SELECTOR}, input, select, textarea`);
      if (countsAsValid(field)) continue;
      const ok = isField(field) ? validateField(field) : row.classList.contains('woocommerce-validated');
      if (!ok && counted.has(row)) valid = false;
    }
    return valid;
  }

  function showError(): void {
    const list = errorNotice([message], ERROR_ITEM);
    form.prepend(list);
    fireLegacy(document.body, 'avada_checkout_error', [message], 'checkout');
    moveFocusTo(list);
    void scrollToElement(list, SCROLL_MS, fixedHeaderOffset());
  }

  function go(name: string, fromContinue: boolean): void {
    for (const item of container.querySelectorAll(`.${ERROR_ITEM}`)) (item.closest('ul.woocommerce-error') ?? item).remove();
    const valid = stepValid();
    fireLegacy(form.closest('.woocommerce') ?? document.body, 'avada_checkout_continue_field_validation', [], 'checkout');
    if (!valid) {
      showError();
      return;
    }
    if (!panels(name).length) {
      warn('data-name', `no step named ${JSON.stringify(name)}`);
      return;
    }
    show(name, true);
    if (fromContinue) {
      const horizontal = nav.closest('[class*="horizontal"]') !== null;
      const anchor = horizontal ? nav : container;
      void scrollToElement(anchor, SCROLL_MS, fixedHeaderOffset());
      // The link that had focus is now hidden: start the shopper at the new step's heading.
      const first = panels(name)[0];
      const heading = first?.matches('h1, h2, h3, h4') ? first : first?.querySelector<HTMLElement>('h1, h2, h3, h4');
      if (heading) moveFocusTo(heading);
      else if (first) moveFocusTo(first);
    }
  }

  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-name]') : null;
    if (!link || !(nav.contains(link) || link.matches('a.continue-checkout'))) return;
    event.preventDefault();
    go(link.getAttribute('data-name') ?? '', !nav.contains(link));
  };
  (root as Element).addEventListener('click', onClick as EventListener, { signal });

  const initial =
    links()
      .find((l) => l.closest('li')?.classList.contains('is-active'))
      ?.getAttribute('data-name') ?? 'col-1';
  show(names.includes(initial) ? initial : 'col-1', false);

  return {
    reveal(el: Element) {
      const name = names.find((n) => panels(n).some((p) => p.contains(el)));
      if (name && !panels(name).every((p) => isVisible(p))) show(name, false);
    },
  };
}
