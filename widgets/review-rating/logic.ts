import { flag, str, strList, type Spec } from '../../src/config/globals';

export interface RatingSettings {
  i18n_required_rating_text: string;
  i18n_rating_options: string[];
  review_rating_required: boolean;
}

export const DEFAULT_OPTIONS = ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'];

export const SETTINGS: Spec<RatingSettings> = {
  i18n_required_rating_text: str('Please select a rating'),
  // WooCommerce prints an array of five labels: a lone string is not a list of them (it would label one star).
  i18n_rating_options: {
    ...strList(DEFAULT_OPTIONS),
    read: (v) => (Array.isArray(v) ? strList([]).read(v) : undefined),
    expected: 'a list of five labels',
  },
  review_rating_required: flag(true),
};

/** Five labels, whatever the global holds: missing ones fall back to the English defaults. */
export function starLabels(options: readonly string[]): string[] {
  return DEFAULT_OPTIONS.map((fallback, i) => options[i]?.trim() || fallback);
}

/** The next star for an arrow key, wrapping like a radio group; RTL flips left and right. */
export function nextStar(current: number, key: string, rtl: boolean, count = 5): number | undefined {
  const forward = ['ArrowRight', 'ArrowDown'];
  const back = ['ArrowLeft', 'ArrowUp'];
  let step = forward.includes(key) ? 1 : back.includes(key) ? -1 : 0;
  if (step === 0) {
    if (key === 'Home') return 1;
    if (key === 'End') return count;
    return undefined;
  }
  if (rtl && (key === 'ArrowRight' || key === 'ArrowLeft')) step = -step;
  const from = current >= 1 && current <= count ? current : step > 0 ? 0 : count + 1;
  return ((from - 1 + step + count) % count) + 1;
}

/** Whether the review may be submitted: a rating is chosen, or none is required. */
export function ratingMissing(value: string, required: boolean): boolean {
  return required && value.trim() === '';
}
