import { pageJQuery } from '../../src/events/jquery';
import type { Variations } from './data';
import { buildIndex, chosenCount, type Chosen, type Variation } from './logic';
import type { Machine } from './machine';
import type { FormParts } from './settings';
import { hydrate } from './source';

/**
 * What `wc_variation_form` hands to theme code: WooCommerce's VariationForm, its `$` fields holding jQuery
 * collections when the page has jQuery, the data and state read live.
 */
export function variationFormFacade(parts: FormParts, data: Variations, machine: Machine, chosen: () => Chosen) {
  const { form, selects, names } = parts;
  const jq = pageJQuery();
  const $ = (x: Element | Element[] | null) => (jq ? jq((x ?? []) as never) : x);
  return {
    $form: $(form),
    $attributeFields: $(selects),
    $singleVariation: $(parts.singleVariation),
    $singleVariationWrap: $(parts.wrap),
    $resetVariations: $(parts.resets()),
    $button: $(parts.button),
    get variationData() {
      return data.useAjax ? false : (data.index?.variations.map(hydrate) ?? false);
    },
    get useAjax() {
      return data.useAjax;
    },
    get loading() {
      return machine.loading;
    },
    getChosenAttributes: () => {
      const now = chosen();
      return { data: now, count: names.length, chosenCount: chosenCount(now, names) };
    },
    findMatchingVariations: (variations: Variation[], attributes: Chosen) => buildIndex(variations).matches(attributes),
  };
}
