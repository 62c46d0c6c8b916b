import type { WidgetEntry } from './types';

/**
 * The one list of widgets. A new widget is one folder in widgets/ and one line here. Plain-TypeScript widgets
 * never import React; React widgets share one React chunk.
 */
export const registry: readonly WidgetEntry[] = [
  { name: 'store-notice', selector: '.woocommerce-store-notice', trigger: 'load', load: () => import('../widgets/store-notice/store-notice.widget') },
];
