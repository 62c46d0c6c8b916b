import type { WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { local } from '../../src/storage/storage';
import { deferView } from '../../src/react/defer';
import { createAnimator, pauseMedia, pushPage } from './effects';
import { hrefHash, parseHash, recordClose, recordOpen, type OffCanvasConfig, type StoredState } from './logic';
import type { PanelView, ViewOptions } from './view';

/**
 * One off-canvas panel's open and close, in plain code: the theme's classes, animations, stored counters,
 * events, push, scroll lock and media. The React view (the popup's modal `<dialog>`, focus, timers) is loaded
 * the first time the panel opens, or at once when it arrived open.
 */
export type OpenHow = 'auto' | 'cart' | 'manual';
export type CloseReason = 'button' | 'overlay' | 'escape' | 'anchor' | 'link' | 'timer' | 'api';

export interface Panel {
  readonly id: string;
  isOpen(): boolean;
  open(how: OpenHow, opener?: Element | null): void;
  close(reason: CloseReason): void;
  toggle(opener?: Element | null): void;
}

export interface PanelOptions {
  wrap: HTMLElement;
  id: string;
  config: OffCanvasConfig;
  context: WidgetContext;
  storageKey: string;
  /** The state read at load, after the rules counted page views and sessions. */
  state: StoredState;
  /** The page's scroll lock, shared by every panel (page.ts). */
  scrollLock(holder: string, on: boolean, needsClass: boolean): void;
}

const WRAP_CLOSING = 'is-closing';
const WRAP_WAITING = 'oc-waiting-for-close';

/** The events carry the id as the theme's jQuery `.data('id')` reads it: a number when numeric. */
const eventId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);

function saveState(key: string, state: StoredState): void {
  local.setJSON(key, {
    last_open_date: state.last_open_date ?? '',
    open_count: state.open_count,
    close_count: state.close_count,
    closed: state.closed,
    page_views: state.page_views,
    sessions: state.sessions,
  });
}

/** The page's links that toggle this panel (they carry the theme's active class while it is open). */
const toggleLinksOf = (id: string) =>
  [...document.querySelectorAll<HTMLAnchorElement>('a[href*="#awb-oc__"]')].filter((a) => {
    const action = parseHash(hrefHash(a.getAttribute('href')));
    return action?.action === 'toggle' && action.id === id;
  });

export function createPanel(options: PanelOptions): Panel {
  const { wrap, id, config, context } = options;
  const panel = (wrap.querySelector(':scope > .awb-off-canvas') ?? wrap.querySelector('.awb-off-canvas')) as HTMLElement | null;
  let state = options.state;
  let phase: 'closed' | 'open' | 'closing' = wrap.classList.contains('awb-show') ? 'open' : 'closed';
  let opener: HTMLElement | null = null;
  const animation = createAnimator(panel, config);
  const isPopup = config.type === 'popup' && !wrap.classList.contains('type-sliding-bar');

  const save = () => saveState(options.storageKey, state);
  const toggleLinks = () => toggleLinksOf(id);

  const scrollLock = (on: boolean) => {
    // A modal popup locks the page through CSS (html:has(dialog:modal)); a bar only with its overlay and the
    // page scrollbar hidden.
    const locks = isPopup || (config.overlay && !config.overlay_page_scrollbar && !wrap.classList.contains('overlay-disabled'));
    if (locks) options.scrollLock(id, on, !isPopup);
  };

  const push = (on: boolean) => {
    if (!isPopup && config.transition === 'push' && panel) pushPage(config, panel, on);
  };

  const viewOptions = (): ViewOptions => ({
    wrap,
    panel: panel!,
    popup: isPopup,
    closeOnEscape: config.close_on_esc && !wrap.classList.contains('disable-close-on-esc'),
    closeOnOverlay: config.overlay_close_on_click && !wrap.classList.contains('overlay-disable-close'),
    autoCloseMs: config.auto_close_after_time * 1000,
    closeButtonDelayMs: config.show_close_button_after_time * 1000,
    requestClose: (reason) => api.close(reason),
  });

  const view = deferView(context, {
    load: () => import('./view'),
    mount: (m): PanelView => m.mountView(viewOptions(), context),
    fallback: 'the panel opens without its dialog',
  });

  // A bar without timers needs nothing from the view: React stays off the page.
  const needsView = isPopup || config.auto_close_after_time > 0 || config.show_close_button_after_time > 0;
  const syncView = () => {
    if (!needsView) return;
    if (!panel) return;
    void view.want().then((v) => v?.setOpen(phase === 'open', opener));
  };

  const removeHash = () => {
    const action = parseHash(location.hash);
    if (action && (action.action === 'close-all' || action.id === id))
      history.replaceState(history.state, '', location.pathname + location.search);
  };

  const finishClose = () => {
    phase = 'closed';
    wrap.classList.remove('awb-show', WRAP_CLOSING, WRAP_WAITING);
    scrollLock(false);
    push(false);
    for (const link of toggleLinks()) link.classList.remove('awb-oc-active');
    syncView();
    removeHash();
    fireLegacy(wrap, 'awb-oc-closed', [eventId(id)]);
  };

  const api: Panel = {
    id,
    isOpen: () => phase === 'open',
    open(how, from) {
      if (phase === 'open') return;
      if (phase === 'closing') animation.cancel();
      phase = 'open';
      const active = from ?? document.activeElement;
      opener = active instanceof HTMLElement && active !== document.body ? active : null;
      state = recordOpen(state, env().now(), how !== 'manual');
      save();
      wrap.classList.add('awb-show');
      wrap.classList.remove(WRAP_CLOSING, WRAP_WAITING);
      scrollLock(true);
      push(true);
      for (const link of toggleLinks()) link.classList.add('awb-oc-active');
      animation.run('In', () => {});
      syncView();
      fireLegacy(wrap, 'awb-oc-opened', [eventId(id)]);
    },
    close(_reason) {
      if (phase !== 'open') return;
      phase = 'closing';
      state = recordClose(state);
      save();
      if (panel) pauseMedia(panel);
      wrap.classList.add(WRAP_CLOSING);
      animation.run('Out', () => {
        wrap.classList.add(WRAP_WAITING);
        finishClose();
      });
    },
    toggle(from) {
      if (phase === 'open') api.close('link');
      else api.open('manual', from);
    },
  };

  // Arrived open (a sliding bar printed with awb-show): its behaviours start at once.
  if (phase === 'open') {
    scrollLock(true);
    push(true);
    syncView();
  }
  context.onCleanup(() => {
    animation.cancel();
    scrollLock(false);
    push(false);
  });
  return api;
}
