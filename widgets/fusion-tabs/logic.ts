import { idFromHash } from '../../src/tabs/logic';

/**
 * The tab a page opens with: the one the location hash names (by its panel id or by its link id), else the
 * one the builder printed as active, else the first.
 */
export function initialTabIndex(hash: string, tabs: readonly { panelId?: string; tabId?: string; active: boolean }[]): number {
  const routed = hashTabIndex(hash, tabs);
  if (routed >= 0) return routed;
  const active = tabs.findIndex((t) => t.active);
  return active >= 0 ? active : 0;
}

/** The tab a hash names, -1 for none. */
export function hashTabIndex(hash: string, tabs: readonly { panelId?: string; tabId?: string }[]): number {
  const id = idFromHash(hash);
  if (id === undefined) return -1;
  return tabs.findIndex((t) => t.panelId === id || t.tabId === id);
}

/** Avada's layout classes say how the tabs are laid out; `aria-orientation` only when the class is explicit. */
export function declaredOrientation(classes: readonly string[]): 'vertical' | 'horizontal' | undefined {
  if (classes.includes('vertical-tabs')) return 'vertical';
  if (classes.includes('horizontal-tabs')) return 'horizontal';
  return undefined;
}
