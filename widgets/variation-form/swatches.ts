import { uniqueId } from '../../src/dom/announce';

/**
 * Avada's colour, image and button swatches (`.avada-select-wrapper` > select + `a[data-value]`) as a WAI-ARIA
 * radio group: the wrapper is `role="radiogroup"` labelled by the attribute's label, each swatch `role="radio"`
 * with `aria-checked` and a roving tabindex; arrows move and choose. The select stays the source of truth and
 * what posts; swatches mirror it. A swatch whose option is gone or disabled is `aria-disabled` (and Avada's
 * `data-disabled`), described by the reason. This module annotates the markup once and handles the input;
 * the form's React view (VariationView.tsx) writes each swatch's state from `states()`.
 */
export const SWATCH = '.avada-color-select, .avada-image-select, .avada-button-select';

/** Why an option cannot be chosen; written on the option by the form, read here. */
export type Unavailable = 'nomatch' | 'unavailable';
export const UNAVAILABLE_ATTR = 'data-sf-unavailable';

export interface SwatchGroup {
  select: HTMLSelectElement;
  group: HTMLElement;
  swatches: HTMLElement[];
}

/** What one swatch shows, read from its select: the view writes it onto the swatch. */
export interface SwatchState {
  swatch: HTMLElement;
  checked: boolean;
  /** Why it cannot be chosen (described by that reason's text), or undefined. */
  reason: Unavailable | undefined;
  /** The one swatch of its group in the Tab order (roving tabindex). */
  tabbable: boolean;
}

export interface Swatches {
  groups: SwatchGroup[];
  /** Every swatch's state, mirrored from its select's value and option states. */
  states(): SwatchState[];
  /** The element that takes focus for a select: its tabbable swatch, or the select itself. */
  focusTarget(select: HTMLSelectElement): HTMLElement;
}

function optionState(select: HTMLSelectElement, value: string): Unavailable | undefined {
  for (const option of select.options) {
    if (option.value !== value) continue;
    if (option.disabled) return 'unavailable';
    const marked = option.getAttribute(UNAVAILABLE_ATTR);
    return marked === 'nomatch' || marked === 'unavailable' ? marked : undefined;
  }
  return 'nomatch';
}

function labelFor(select: HTMLSelectElement, form: HTMLFormElement): HTMLElement | null {
  if (!select.id) return null;
  for (const label of form.querySelectorAll('label')) if (label.htmlFor === select.id) return label;
  return null;
}

export function setupSwatches(
  form: HTMLFormElement,
  selects: readonly HTMLSelectElement[],
  choose: (select: HTMLSelectElement, value: string, byShopper: boolean) => void,
  signal: AbortSignal,
): Swatches {
  const groups: SwatchGroup[] = [];
  for (const select of selects) {
    const group = select.closest<HTMLElement>('.avada-select-wrapper');
    if (!group || !form.contains(group)) continue;
    const swatches = [...group.querySelectorAll<HTMLElement>(SWATCH)].filter((s) => s.hasAttribute('data-value'));
    if (swatches.length === 0) continue;
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('data-sf-swatches', '');
    const label = labelFor(select, form);
    if (label) {
      if (!label.id) label.id = uniqueId('sf-attribute-label');
      group.setAttribute('aria-labelledby', label.id);
    }
    // The swatches stand in for the select; it stays in the form (it is what posts) but out of the way.
    select.setAttribute('aria-hidden', 'true');
    select.tabIndex = -1;
    for (const swatch of swatches) {
      swatch.setAttribute('role', 'radio');
      // A colour swatch has only a colour inside: its name comes from Avada's title.
      if (!swatch.getAttribute('aria-label') && !swatch.textContent?.trim()) {
        const name = swatch.getAttribute('title') ?? swatch.getAttribute('data-title') ?? swatch.getAttribute('data-value') ?? '';
        swatch.setAttribute('aria-label', name);
      }
    }
    groups.push({ select, group, swatches });
  }

  const isDisabled = (s: HTMLElement) => s.getAttribute('aria-disabled') === 'true';

  const states = (): SwatchState[] => {
    const all: SwatchState[] = [];
    for (const { select, swatches } of groups) {
      const value = select.value;
      const group = swatches.map((swatch) => {
        const v = swatch.getAttribute('data-value') ?? '';
        return { swatch, checked: v !== '' && v === value, reason: optionState(select, v), tabbable: false };
      });
      (group.find((s) => s.checked) ?? group.find((s) => !s.reason) ?? group[0])!.tabbable = true;
      all.push(...group);
    }
    return all;
  };

  const groupOf = (el: Element) => groups.find((g) => g.swatches.includes(el as HTMLElement));

  const activate = (swatch: HTMLElement, toggle: boolean, byShopper: boolean) => {
    const g = groupOf(swatch);
    if (!g || isDisabled(swatch)) return;
    const value = swatch.getAttribute('data-value') ?? '';
    // Avada: a second click on the chosen swatch clears the attribute.
    choose(g.select, toggle && g.select.value === value ? '' : value, byShopper);
  };

  form.addEventListener(
    'click',
    (event) => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
      if (!swatch || !groupOf(swatch)) return;
      event.preventDefault();
      activate(swatch, true, event.isTrusted);
    },
    { signal },
  );

  form.addEventListener(
    'keydown',
    (event) => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
      const g = swatch ? groupOf(swatch) : undefined;
      if (!swatch || !g) return;
      const rtl = g.group.closest('[dir]')?.getAttribute('dir') === 'rtl';
      const step = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        // Space checks (radio pattern); Enter keeps the link's click behaviour, which toggles as a click does.
        activate(swatch, event.key === 'Enter', event.isTrusted);
        return;
      }
      const enabled = g.swatches.filter((s) => !isDisabled(s) || s === swatch);
      let next: HTMLElement | undefined;
      if (step !== undefined) {
        const i = enabled.indexOf(swatch);
        next = enabled[(i + step + enabled.length) % enabled.length];
      } else if (event.key === 'Home') next = enabled.find((s) => s !== swatch || !isDisabled(s));
      else if (event.key === 'End') next = enabled.findLast?.((s) => s !== swatch || !isDisabled(s)) ?? enabled[enabled.length - 1];
      if (!next) return;
      event.preventDefault();
      if (isDisabled(next)) return;
      next.focus();
      activate(next, false, event.isTrusted);
    },
    { signal },
  );

  return {
    groups,
    states,
    focusTarget(select) {
      const g = groups.find((x) => x.select === select);
      return g?.swatches.find((s) => s.tabIndex === 0) ?? select;
    },
  };
}
