import type { WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { local } from '../../src/storage/storage';
import { hrefHash, panelAnimation, parseHash, pushOffset, recordClose, recordOpen, type OffCanvasConfig, type StoredState } from './logic';
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
}

const WRAP_CLOSING = 'is-closing';
const WRAP_WAITING = 'oc-waiting-for-close';

/** The events carry the id as the theme's jQuery `.data('id')` reads it: a number when numeric. */
const eventId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);

const isMobile = (config: OffCanvasConfig) => config.is_mobile || (env().matchMedia('(max-width: 640px)')?.matches ?? false);

function pauseMedia(root: Element): void {
  for (const frame of root.querySelectorAll('iframe')) {
    let url: URL;
    try {
      url = new URL(frame.src, location.href);
    } catch {
      continue;
    }
    const message = /(^|\.)(youtube\.com|youtube-nocookie\.com)$/.test(url.hostname)
      ? { event: 'command', func: 'pauseVideo', args: '' }
      : /(^|\.)vimeo\.com$/.test(url.hostname)
        ? { method: 'pause' }
        : undefined;
    if (message) frame.contentWindow?.postMessage(JSON.stringify(message), url.origin);
  }
  for (const media of root.querySelectorAll<HTMLMediaElement>('video, audio')) {
    try {
      media.pause();
    } catch {
      /* a detached or failing player: nothing to pause */
    }
  }
}

/**
 * Who holds the page's scroll lock, by panel id (a popup over an open bar: closing the popup must leave the
 * bar's lock on). The `sf-oc-lock` class is for bars; a popup's modal dialog locks through CSS and only shares
 * the gutter.
 */
const lockHolders = new Map<string, boolean>();

function setScrollLock(holder: string, on: boolean, needsClass: boolean): void {
  const root = document.documentElement;
  // Measured before the first lock only: once the page is locked its scrollbar is already gone.
  if (on && lockHolders.size === 0) root.classList.toggle('sf-oc-gutter', window.innerWidth - root.clientWidth > 0);
  if (on) lockHolders.set(holder, needsClass);
  else lockHolders.delete(holder);
  root.classList.toggle('sf-oc-lock', [...lockHolders.values()].includes(true));
  if (lockHolders.size === 0) root.classList.remove('sf-oc-gutter');
}

export function createPanel(options: PanelOptions): Panel {
  const { wrap, id, config, context } = options;
  const panel = (wrap.querySelector(':scope > .awb-off-canvas') ?? wrap.querySelector('.awb-off-canvas')) as HTMLElement | null;
  let state = options.state;
  let phase: 'closed' | 'open' | 'closing' = wrap.classList.contains('awb-show') ? 'open' : 'closed';
  let opener: HTMLElement | null = null;
  let view: Promise<PanelView | undefined> | undefined;
  let cancelAnimation: (() => void) | undefined;
  const isPopup = config.type === 'popup' && !wrap.classList.contains('type-sliding-bar');

  const save = () => {
    local.setJSON(options.storageKey, {
      last_open_date: state.last_open_date ?? '',
      open_count: state.open_count,
      close_count: state.close_count,
      closed: state.closed,
      page_views: state.page_views,
      sessions: state.sessions,
    });
  };

  const toggleLinks = () =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href*="#awb-oc__"]')].filter((a) => {
      const action = parseHash(hrefHash(a.getAttribute('href')));
      return action?.action === 'toggle' && action.id === id;
    });

  const scrollLock = (on: boolean) => {
    // A modal popup locks the page through CSS (html:has(dialog:modal)); a bar only with its overlay and the
    // page scrollbar hidden.
    const locks = isPopup || (config.overlay && !config.overlay_page_scrollbar && !wrap.classList.contains('overlay-disabled'));
    if (locks) setScrollLock(id, on, !isPopup);
  };

  const push = (on: boolean) => {
    if (isPopup || config.transition !== 'push' || !panel) return;
    const root = document.documentElement;
    if (!on) {
      root.classList.remove('sf-oc-pushed');
      root.style.removeProperty('--sf-oc-push-x');
      root.style.removeProperty('--sf-oc-push-y');
      return;
    }
    const vertical = config.position === 'top' || config.position === 'bottom';
    const size = vertical ? panel.offsetHeight : panel.offsetWidth;
    const offset = pushOffset(config.position, size, getComputedStyle(root).direction === 'rtl' || root.dir === 'rtl');
    root.style.setProperty(offset.axis === 'x' ? '--sf-oc-push-x' : '--sf-oc-push-y', `${offset.px}px`);
    root.classList.add('sf-oc-pushed');
  };

  const animate = (direction: 'In' | 'Out', done: () => void) => {
    cancelAnimation?.();
    const animation = panel
      ? panelAnimation(config, direction, { reducedMotion: env().prefersReducedMotion(), mobile: isMobile(config) })
      : undefined;
    if (!panel || !animation) {
      done();
      return;
    }
    panel.classList.add('fusion-animated', animation.className);
    panel.setAttribute('data-animation-type', animation.className);
    panel.style.animationDuration = `${animation.speed}s`;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      panel.removeEventListener('animationend', onEnd);
      env().clearTimeout(fallback);
      panel.classList.remove('fusion-animated', animation.className);
      panel.removeAttribute('data-animation-type');
      panel.style.removeProperty('animation-duration');
      cancelAnimation = undefined;
      done();
    };
    const onEnd = (event: Event) => {
      if (event.target === panel) finish();
    };
    panel.addEventListener('animationend', onEnd);
    // A theme without the keyframes never sends animationend.
    const fallback = env().setTimeout(finish, animation.speed * 1000 + 100);
    cancelAnimation = finish;
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

  const loadView = (): Promise<PanelView | undefined> => {
    if (!panel) return Promise.resolve(undefined);
    view ??= import('./view')
      .then((m) => (context.signal.aborted ? undefined : m.mountView(viewOptions())))
      .catch((error: unknown) => {
        context.warn('view', `could not load (${String(error)}); the panel opens without its dialog`);
        return undefined;
      });
    return view;
  };

  // A bar without timers needs nothing from the view: React stays off the page.
  const needsView = isPopup || config.auto_close_after_time > 0 || config.show_close_button_after_time > 0;
  const syncView = () => {
    if (!needsView) return;
    void loadView().then((v) => v?.setOpen(phase === 'open', opener));
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
      if (phase === 'closing') cancelAnimation?.();
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
      animate('In', () => {});
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
      animate('Out', () => {
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
    cancelAnimation?.();
    scrollLock(false);
    push(false);
    void view?.then((v) => v?.unmount());
  });
  return api;
}
