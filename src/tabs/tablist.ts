import { isActivationKey, orientationOf, targetIndex, type Direction } from './logic';

/**
 * The WAI-ARIA tabs behaviour on markup the CMS printed: roles the markup lacks, `aria-selected`,
 * `aria-controls`, a roving `tabindex`, arrow keys (orientation- and direction-aware), Home and End, and manual
 * activation (Enter, Space, click). How a panel is shown is the caller's (WooCommerce hides with inline
 * styles, Bootstrap-style markup moves classes).
 */
export interface TabEntry {
  tab: HTMLElement;
  /** The `li` around the tab, which carries `active`. */
  item: HTMLElement | null;
  panel: HTMLElement | null;
}

export interface TablistOptions {
  list: HTMLElement;
  entries: TabEntry[];
  /** Show or hide one panel. */
  show(entry: TabEntry, shown: boolean): void;
  /** Label panels by the tab link when the markup does not already label them. */
  labelPanelsBy?: 'tab' | 'keep';
  signal: AbortSignal;
  /** After a selection made by the shopper or by a hash (not the initial one). */
  onChange?(entry: TabEntry, index: number): void;
  /**
   * State `aria-orientation="vertical"` when focus enters a list the theme stacked without saying so, so screen
   * readers name the arrow keys that work. A value the markup printed is left alone.
   */
  stateOrientation?: boolean;
}

/** Marks an aria-orientation we stated from a measurement (kept across re-inits), as opposed to a printed one. */
const STATED = 'sfOrientation';

export interface Tablist {
  readonly entries: readonly TabEntry[];
  select(index: number, options?: { focus?: boolean; silent?: boolean }): void;
  selected(): number;
  /** The entry whose panel has this id (or whose tab has it), -1 when none. */
  indexOfId(id: string): number;
}

let generated = 0;

/** The element's id, or a new one no other element on the page has. */
export function ensureId(el: HTMLElement, prefix: string): string {
  if (el.id) return el.id;
  let id: string;
  do id = `${prefix}-${++generated}`;
  while (document.getElementById(id));
  el.id = id;
  return id;
}

/** The writing direction that applies to an element: the nearest `dir`, else the document's. */
export function directionOf(el: Element): Direction {
  const dir =
    el.closest('[dir]')?.getAttribute('dir') ?? document.documentElement.getAttribute('dir') ?? document.body?.getAttribute('dir');
  if (dir) return dir.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
  try {
    return getComputedStyle(el).direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

export function createTablist(options: TablistOptions): Tablist {
  const { list, entries, show, signal } = options;
  let current = -1;

  if (!list.getAttribute('role')) list.setAttribute('role', 'tablist');
  for (const entry of entries) {
    const { tab, item, panel } = entry;
    if (item && !item.getAttribute('role')) item.setAttribute('role', 'presentation');
    if (!tab.getAttribute('role')) tab.setAttribute('role', 'tab');
    if (panel) {
      tab.setAttribute('aria-controls', ensureId(panel, 'sf-tabpanel'));
      if (!panel.getAttribute('role')) panel.setAttribute('role', 'tabpanel');
      if (options.labelPanelsBy === 'tab' || !panel.hasAttribute('aria-labelledby')) {
        panel.setAttribute('aria-labelledby', ensureId(tab, 'sf-tab'));
      }
    }
  }

  function select(index: number, opts: { focus?: boolean; silent?: boolean } = {}): void {
    if (index < 0 || index >= entries.length) return;
    const changed = index !== current;
    current = index;
    entries.forEach((entry, i) => {
      const on = i === index;
      entry.tab.setAttribute('aria-selected', on ? 'true' : 'false');
      entry.tab.setAttribute('tabindex', on ? '0' : '-1');
      entry.item?.classList.toggle('active', on);
      show(entry, on);
    });
    if (opts.focus) entries[index]!.tab.focus();
    if (!opts.silent && changed) options.onChange?.(entries[index]!, index);
  }

  function indexFromEvent(event: Event): number {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return -1;
    return entries.findIndex((e) => e.tab === target || e.tab.contains(target));
  }

  list.addEventListener(
    'click',
    (event) => {
      const i = indexFromEvent(event);
      if (i < 0) return;
      event.preventDefault();
      select(i, { focus: true });
    },
    { signal },
  );

  const measure = () => entries.map((e) => (e.item ?? e.tab).getBoundingClientRect());
  const stated = () => list.dataset[STATED] !== undefined;

  if (options.stateOrientation && !(list.hasAttribute('aria-orientation') && !stated())) {
    list.addEventListener(
      'focusin',
      (event) => {
        const from = event.relatedTarget;
        if (from instanceof Node && list.contains(from)) return;
        list.removeAttribute('aria-orientation');
        if (orientationOf(measure()) === 'vertical') {
          list.setAttribute('aria-orientation', 'vertical');
          list.dataset[STATED] = '';
        } else delete list.dataset[STATED];
      },
      { signal },
    );
  }

  list.addEventListener(
    'keydown',
    (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const i = indexFromEvent(event);
      if (i < 0) return;
      if (isActivationKey(event.key)) {
        event.preventDefault();
        select(i, { focus: true });
        return;
      }
      // Measured on each key press: the theme turns horizontal tabs into a stacked list on small screens.
      // Only an orientation the markup declared wins; one we stated from a measurement is measured again and kept
      // in step with the layout.
      const ours = stated();
      const orientation = orientationOf(measure(), ours ? null : list.getAttribute('aria-orientation'));
      if (ours && list.getAttribute('aria-orientation') !== orientation) list.setAttribute('aria-orientation', orientation);
      const next = targetIndex(event.key, i, entries.length, orientation, directionOf(list));
      if (next === undefined) return;
      event.preventDefault();
      // Roving tabindex follows focus; the selection waits for Enter or Space (manual activation).
      for (const [j, entry] of entries.entries()) entry.tab.setAttribute('tabindex', j === next ? '0' : '-1');
      entries[next]!.tab.focus();
    },
    { signal },
  );

  // Tab out of the list and back in: land on the selected tab again, not on the one last focused by arrows.
  list.addEventListener(
    'focusout',
    (event) => {
      const to = (event as FocusEvent).relatedTarget;
      if (to instanceof Node && list.contains(to)) return;
      entries.forEach((entry, j) => entry.tab.setAttribute('tabindex', j === current ? '0' : '-1'));
    },
    { signal },
  );

  return {
    entries,
    select,
    selected: () => current,
    indexOfId(id) {
      return entries.findIndex((e) => e.panel?.id === id || e.tab.id === id);
    },
  };
}
