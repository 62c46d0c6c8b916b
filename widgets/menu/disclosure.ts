import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { HOVER_DELAY_MS } from './logic';

/**
 * Disclosure navigation (accessibility.md: "not role=menu"): a real button per submenu with aria-expanded and
 * aria-controls, links left untouched. One set per widget root: opening one closes its open siblings, Escape
 * closes the innermost open one and returns focus to its button, and (where the theme asks) a click outside
 * closes them all.
 */
const STYLES = `
[data-sf-panel="closed"] { display: none !important; }
[data-sf-panel="open"] { visibility: visible !important; opacity: 1 !important; }
.sf-submenu-toggle { background: none; border: 0; padding: 0 .25em; margin: 0; color: inherit; font: inherit; cursor: pointer; line-height: 1; min-width: 24px; min-height: 24px; }
.sf-submenu-toggle::after { content: ""; display: inline-block; width: .45em; height: .45em; border: solid currentColor; border-width: 0 2px 2px 0; transform: translateY(-25%) rotate(45deg); }
.sf-submenu-toggle[aria-expanded="true"]::after { transform: translateY(15%) rotate(-135deg); }
@media (prefers-reduced-motion: reduce) { [data-sf-panel] { transition: none !important; animation: none !important; } }
`;

export interface DisclosureOptions {
  button: HTMLElement;
  panel: HTMLElement;
  /** Gets `openClass` while open (the theme styles the item, e.g. `li.expanded`). */
  item?: HTMLElement;
  openClass?: string;
  /** Pointer resting here opens after 500 ms; leaving closes what hover opened. */
  hoverTarget?: HTMLElement;
  /** Runs after the state changed (slides, positioning, state classes elsewhere). */
  onChange?: (open: boolean) => void;
  /** Starts open (the current page's branch). */
  initiallyOpen?: boolean;
}

export interface Disclosure {
  readonly button: HTMLElement;
  readonly panel: HTMLElement;
  isOpen(): boolean;
  open(how?: 'hover' | 'user'): void;
  close(): void;
}

let ids = 0;
/** The first control in a panel that opened: where the focus goes. */
export const firstFocusable = (root: Element): HTMLElement | null =>
  root.querySelector<HTMLElement>('input:not([type="hidden"]), a[href], button, select, textarea');

function ensureId(el: HTMLElement, prefix: string): string {
  if (!el.id) el.id = `${prefix}-${++ids}`;
  return el.id;
}

/** Links that only toggle something (`href="#"`) act as buttons: Enter and Space, and the role says so. */
export function asButton(el: HTMLElement, signal: AbortSignal): void {
  if (el instanceof HTMLButtonElement) {
    if (!el.hasAttribute('type')) el.type = 'button';
    return;
  }
  el.setAttribute('role', 'button');
  if (!el.hasAttribute('href') && !el.hasAttribute('tabindex')) el.tabIndex = 0;
  el.addEventListener(
    'keydown',
    (event) => {
      if (event.key === ' ') {
        event.preventDefault();
        el.click();
      }
    },
    { signal },
  );
}

/**
 * Slides a disclosure panel open or closed over `ms` (0: no slide, as under reduced motion). The panel is already
 * marked open or closed by its disclosure; closing keeps it shown until the slide ends. Web Animations, so the
 * page's CSP (no inline style attributes) does not block it.
 */
export function slidePanel(panel: HTMLElement, open: boolean, isOpen: () => boolean, ms: number): void {
  if (!ms || typeof panel.animate !== 'function') return;
  panel.dataset.sfPanel = 'open';
  const full = `${panel.scrollHeight}px`;
  const animation = panel.animate(
    [
      { height: open ? '0px' : full, overflow: 'hidden' },
      { height: open ? full : '0px', overflow: 'hidden' },
    ],
    { duration: ms, easing: 'ease-in-out' },
  );
  const settle = () => {
    if (!isOpen()) panel.dataset.sfPanel = 'closed';
  };
  animation.addEventListener('finish', settle);
  animation.addEventListener('cancel', settle);
}

/** The button placed right after a parent link, named after it ("Open submenu of Shop"). */
export function createToggle(label: string, className: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute('aria-label', label);
  return button;
}

export interface DisclosureSet {
  add(options: DisclosureOptions): Disclosure;
  all(): readonly Disclosure[];
  closeAll(): void;
}

interface SetSettings {
  outsideClick?: boolean;
  hover?: () => boolean;
  exclusive?: boolean;
}

/**
 * One disclosure of a set: its state on the button (`aria-expanded`) and panel, opened by click, by a resting
 * mouse (`hoverTarget`) or by code; closing it closes the open ones inside it, and (the set being exclusive)
 * opening it closes its open siblings.
 */
function createDisclosure(
  options: DisclosureOptions,
  items: readonly Disclosure[],
  root: HTMLElement,
  settings: SetSettings,
  signal: AbortSignal,
): Disclosure {
  const { button, panel, item, openClass, hoverTarget, onChange } = options;
  let open = false;
  let byHover = false;
  let timer: number | undefined;
  const cancelTimer = () => {
    if (timer !== undefined) env().clearTimeout(timer);
    timer = undefined;
  };
  const apply = (next: boolean, how: 'hover' | 'user' = 'user') => {
    cancelTimer();
    if (next === open) {
      if (next && how === 'user') byHover = false;
      return;
    }
    open = next;
    byHover = next && how === 'hover';
    if (next && settings.exclusive !== false)
      for (const other of items) if (other !== disclosure && other.isOpen() && !other.panel.contains(button)) other.close();
    if (!next) for (const inner of items) if (inner !== disclosure && inner.isOpen() && panel.contains(inner.button)) inner.close();
    button.setAttribute('aria-expanded', String(next));
    panel.dataset.sfPanel = next ? 'open' : 'closed';
    if (item && openClass) item.classList.toggle(openClass, next);
    onChange?.(next);
  };
  const disclosure: Disclosure = {
    button,
    panel,
    isOpen: () => open,
    open: (how = 'user') => apply(true, how),
    close: () => apply(false),
  };
  button.setAttribute('aria-controls', ensureId(panel, 'sf-submenu'));
  button.setAttribute('aria-expanded', 'false');
  panel.dataset.sfPanel = 'closed';
  if (options.initiallyOpen) apply(true);
  asButton(button, signal);
  button.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      // A click on a hover-opened submenu keeps it open (the shopper meant it), else it toggles.
      if (open && byHover) byHover = false;
      else apply(!open);
    },
    { signal },
  );
  if (hoverTarget) {
    hoverTarget.addEventListener(
      'pointerenter',
      (event) => {
        if (event.pointerType !== 'mouse' || open || settings.hover?.() === false) return;
        cancelTimer();
        timer = env().setTimeout(() => apply(true, 'hover'), HOVER_DELAY_MS);
      },
      { signal },
    );
    hoverTarget.addEventListener(
      'pointerleave',
      (event) => {
        if (event.pointerType !== 'mouse') return;
        cancelTimer();
        if (open && byHover && !hoverTarget.contains(document.activeElement)) apply(false);
      },
      { signal },
    );
  }
  // Tabbing out of a submenu closes it, as the APG disclosure navigation does.
  (item ?? panel.parentElement ?? root).addEventListener(
    'focusout',
    (event) => {
      const to = event.relatedTarget as Node | null;
      const scope = item ?? panel.parentElement;
      if (open && to && scope && !scope.contains(to) && !byHover) apply(false);
    },
    { signal },
  );
  return disclosure;
}

/** Escape closes the innermost open panel holding focus, else the one whose button has focus, else the last opened. */
function closeOnEscape(root: HTMLElement, items: readonly Disclosure[], signal: AbortSignal): void {
  root.addEventListener(
    'keydown',
    (event) => {
      if (event.defaultPrevented || (event.key !== 'Escape' && event.key !== 'Esc')) return;
      const active = document.activeElement;
      const openOnes = items.filter((d) => d.isOpen());
      const target =
        openOnes
          .filter((d) => active && d.panel.contains(active))
          .sort((a, b) => (a.panel.contains(b.panel) ? 1 : b.panel.contains(a.panel) ? -1 : 0))[0] ??
        openOnes.find((d) => d.button === active) ??
        openOnes[openOnes.length - 1];
      if (!target) return;
      event.preventDefault();
      target.close();
      target.button.focus();
    },
    { signal },
  );
}

export function disclosureSet(root: HTMLElement, signal: AbortSignal, settings: SetSettings = {}): DisclosureSet {
  adoptStyles('menu-disclosure', STYLES);
  const items: Disclosure[] = [];
  closeOnEscape(root, items, signal);
  if (settings.outsideClick) {
    document.addEventListener(
      'click',
      (event) => {
        if (!root.contains(event.target as Node)) for (const d of items) if (d.isOpen()) d.close();
      },
      { signal, capture: true },
    );
  }
  signal.addEventListener(
    'abort',
    () => {
      for (const d of items) {
        delete d.panel.dataset.sfPanel;
        d.button.removeAttribute('aria-expanded');
      }
    },
    { once: true },
  );

  return {
    add(options) {
      const disclosure = createDisclosure(options, items, root, settings, signal);
      items.push(disclosure);
      return disclosure;
    },
    all: () => items,
    closeAll: () => {
      for (const d of items) if (d.isOpen()) d.close();
    },
  };
}
