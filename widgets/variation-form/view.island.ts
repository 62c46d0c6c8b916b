import type { WidgetContext } from '../../src/widget';
import { attachIsland, type IslandHandle } from '../../src/react/island';
import type { VariationViewProps } from './view-dom';
import { VariationView } from './VariationView';

/**
 * The variation form's React view, loaded on the shopper's first interaction with the form (with React, in the
 * same wave): it takes over the markup the form's plain code has kept until then, from the same state.
 */
export function attachView(
  name: string,
  host: HTMLElement,
  props: VariationViewProps,
  context: WidgetContext,
): IslandHandle<VariationViewProps> {
  return attachIsland(name, host, VariationView, props, context);
}
