/**
 * The sticky add-to-cart bar's rules, free of the DOM: when it shows, when it may be exposed to assistive
 * technology, what its button mirrors, and what it says about the chosen variation.
 */

/** The bar appears once the page has scrolled past this many pixels (theme.md §10), and hides above it. */
export const SHOW_AFTER_PX = 200;

/**
 * - `hidden`: above the threshold, the bar is not rendered at all;
 * - `inert`: visible, but the real button is on screen: the bar is a visual echo only, hidden from assistive
 *   technology and out of the Tab order, so no one meets two "Add to cart" controls at once;
 * - `exposed`: visible and the real button is off screen: the bar's button is the one to use.
 */
export type Exposure = 'hidden' | 'inert' | 'exposed';

export function exposure(scrollY: number, realButtonInView: boolean, threshold = SHOW_AFTER_PX): Exposure {
  if (!(scrollY > threshold)) return 'hidden';
  return realButtonInView ? 'inert' : 'exposed';
}

export interface RealButtonState {
  classes: readonly string[];
  disabledAttribute: boolean;
  ariaDisabled: string | null;
  text: string;
}

export interface MirroredButton {
  /** Blocked: selection needed or unavailable. The bar's button stays focusable (aria-disabled) and explains. */
  disabled: boolean;
  reason: 'selection-needed' | 'unavailable' | null;
  loading: boolean;
  added: boolean;
  text: string;
}

/** What the bar's button shows, read from the real button's state (the variation form's classes included). */
export function mirrorButton(real: RealButtonState): MirroredButton {
  const has = (c: string) => real.classes.includes(c);
  const disabled = real.disabledAttribute || has('disabled') || real.ariaDisabled === 'true';
  const reason = has('wc-variation-is-unavailable') ? 'unavailable' : has('wc-variation-selection-needed') ? 'selection-needed' : null;
  return {
    disabled,
    reason: disabled ? reason : null,
    loading: has('loading'),
    added: has('added'),
    text: real.text.replace(/\s+/g, ' ').trim(),
  };
}

/** "Blue, M": the chosen options' labels in form order; unchosen attributes are left out. */
export function chosenSummary(choices: readonly { value: string; label: string }[]): string {
  return choices
    .filter((c) => c.value !== '' && c.label.trim() !== '')
    .map((c) => c.label.replace(/\s+/g, ' ').trim())
    .join(', ');
}

/** The variation's own price when it has one (`price_html` is "" when every variation costs the same). */
export function priceHtmlFor(variation: unknown, productPriceHtml: string): string {
  if (variation && typeof variation === 'object') {
    const html = (variation as { price_html?: unknown }).price_html;
    if (typeof html === 'string' && html.trim() !== '') return html;
  }
  return productPriceHtml;
}
