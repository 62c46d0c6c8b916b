import { setAttr } from '../../src/dom/announce';
import type { Variations } from './data';
import type { AttributeAvailability, Chosen } from './logic';
import type { FormParts, Texts } from './settings';
import { UNAVAILABLE_ATTR } from './swatches';

/** The attribute selects: what is chosen, and which options the data leaves (the printed options kept aside). */
export interface Selects {
  chosen(): Chosen;
  /** §5.2 for every select; resets values that became impossible (DOM order, re-checking after each) and returns those selects. */
  filter(): HTMLSelectElement[];
  /** Ajax mode: options the cache knows lead nowhere are marked, not removed (the server decides). */
  markFromCache(): void;
  /** The printed options back, each select keeping its value (new data: `reload_product_variations`). */
  restore(): void;
}

export function createSelects({ selects, names }: FormParts, data: Variations, texts: Texts): Selects {
  const pristine = new Map(selects.map((s) => [s, [...s.options]] as const));
  const chosen = (): Chosen => Object.fromEntries(selects.map((s, i) => [names[i]!, s.value]));

  const show = (select: HTMLSelectElement, state: AttributeAvailability) => {
    const value = select.value;
    const keepPlaceholder = !(select.getAttribute('data-show_option_none') === 'no' && value !== '');
    const wanted: HTMLOptionElement[] = [];
    for (const option of pristine.get(select)!) {
      if (option.value === '') {
        if (keepPlaceholder) wanted.push(option);
        continue;
      }
      const s = state.state(option.value);
      if (s === 'detached') continue;
      setAttr(option, 'disabled', s === 'disabled' ? '' : null);
      option.classList.toggle('attached', true);
      option.classList.toggle('enabled', s === 'enabled');
      wanted.push(option);
    }
    const current = select.options;
    if (current.length !== wanted.length || wanted.some((o, k) => current[k] !== o)) select.replaceChildren(...wanted);
    if (select.value !== value) select.value = value;
  };

  return {
    chosen,
    filter() {
      const { index } = data;
      if (!index) return [];
      const reset: HTMLSelectElement[] = [];
      for (let round = 0; round <= selects.length; round++) {
        const availability = index.availability(chosen(), names);
        const invalid = selects.find((s, i) => s.value !== '' && availability.get(names[i]!)?.state(s.value) !== 'enabled');
        if (invalid && round < selects.length) {
          invalid.value = '';
          if (!reset.includes(invalid)) reset.push(invalid);
          continue;
        }
        selects.forEach((select, i) => show(select, availability.get(names[i]!)!));
        break;
      }
      return reset;
    },
    markFromCache() {
      if (!data.useAjax) return;
      const now = chosen();
      selects.forEach((select, i) => {
        for (const option of select.options) {
          if (option.value === '') continue;
          const known = data.cache.known(now, names[i]!, option.value);
          if (known === 'nomatch' || known === 'unavailable') {
            option.setAttribute('aria-disabled', 'true');
            option.setAttribute(UNAVAILABLE_ATTR, known);
            option.title = known === 'nomatch' ? texts.i18n_no_matching_variations_text : texts.i18n_unavailable_text;
          } else if (option.hasAttribute(UNAVAILABLE_ATTR)) {
            option.removeAttribute('aria-disabled');
            option.removeAttribute(UNAVAILABLE_ATTR);
            option.removeAttribute('title');
          }
        }
      });
    },
    restore() {
      for (const select of selects) {
        const value = select.value;
        select.replaceChildren(...pristine.get(select)!);
        select.value = value;
      }
    },
  };
}
