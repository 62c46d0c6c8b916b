import type { WidgetContext } from '../../src/widget';
import { hrefHash, parseHash, type HashAction, type RuleOutcome } from './logic';
import type { Panel } from './panel';
import type { TriggerName } from './triggers';

/**
 * What the page's panels share, as one page service: the panels by id (hash links reach any of them), the rule
 * outcomes and fired triggers (once per page, also when a panel's markup is inserted again while the page shows
 * panels), the scroll lock's holders, and the one document listener for hash links. Disposed with the last panel.
 */
export interface OffCanvasPage {
  readonly panels: Map<string, Panel>;
  readonly outcomes: Map<string, RuleOutcome>;
  readonly fired: Map<string, Set<TriggerName>>;
  scrollLock(holder: string, on: boolean, needsClass: boolean): void;
}

export const offCanvasPage = (context: WidgetContext): OffCanvasPage => context.page('off-canvas:page', createPage);

function createPage(scope: WidgetContext): OffCanvasPage {
  const panels = new Map<string, Panel>();
  const runHashAction = (action: HashAction, opener: Element | null): boolean => {
    if (action.action === 'close-all') {
      for (const panel of panels.values()) panel.close('link');
      return true;
    }
    const panel = panels.get(action.id);
    if (!panel) return false;
    if (action.action === 'toggle') panel.toggle(opener);
    else if (action.action === 'open') panel.open('manual', opener);
    else panel.close('link');
    return true;
  };
  // Menus print a panel's hash links anywhere on the page: one listener for all of them.
  document.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = event.target instanceof Element ? event.target.closest('a[href*="-oc__"]') : null;
      const action = link ? parseHash(hrefHash(link.getAttribute('href'))) : undefined;
      if (action && runHashAction(action, link)) event.preventDefault();
    },
    { signal: scope.signal },
  );
  return { panels, outcomes: new Map(), fired: new Map(), scrollLock: createScrollLock() };
}

/**
 * Who holds the page's scroll lock, by panel id (a popup over an open bar: closing the popup must leave the
 * bar's lock on). The `sf-oc-lock` class is for bars; a popup's modal dialog locks through CSS and only shares
 * the gutter.
 */
function createScrollLock(): OffCanvasPage['scrollLock'] {
  const holders = new Map<string, boolean>();
  return (holder, on, needsClass) => {
    const root = document.documentElement;
    // Measured before the first lock only: once the page is locked its scrollbar is already gone.
    if (on && holders.size === 0) root.classList.toggle('sf-oc-gutter', window.innerWidth - root.clientWidth > 0);
    if (on) holders.set(holder, needsClass);
    else holders.delete(holder);
    root.classList.toggle('sf-oc-lock', [...holders.values()].includes(true));
    if (holders.size === 0) root.classList.remove('sf-oc-gutter');
  };
}
