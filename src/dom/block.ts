import { env } from '../env';

/**
 * The blocking overlay WooCommerce shows while a cart or checkout call runs (blockUI's look: white at 0.6
 * opacity, fading in over 200 ms and out over 400 ms; instant under reduced motion), with `.processing` on the
 * element as theme CSS and gateway scripts expect. We add `aria-busy`, and hold back keystrokes that would edit
 * a field the answer is about to replace, so nothing typed during the call is silently lost.
 */
const FADE_IN_MS = 200;
const FADE_OUT_MS = 400;
const OPACITY = '0.6';

interface Blocked {
  overlay: HTMLElement;
  keys: AbortController;
  restorePosition: boolean;
}
const blocked = new WeakMap<Element, Blocked>();

/** Keys that only move focus or leave: allowed while blocked. */
const PASS_KEYS = new Set(['Tab', 'Escape', 'Shift', 'Alt', 'Control', 'Meta']);

export function block(el: HTMLElement): void {
  if (blocked.has(el)) return;
  const reduced = env().prefersReducedMotion();
  el.classList.add('processing');
  el.setAttribute('aria-busy', 'true');
  let restorePosition = false;
  if (getComputedStyle(el).position === 'static' && !el.style.position) {
    el.style.position = 'relative';
    restorePosition = true;
  }
  const overlay = document.createElement('div');
  overlay.className = 'blockUI blockOverlay';
  overlay.setAttribute('aria-hidden', 'true');
  const s = overlay.style;
  s.position = 'absolute';
  s.inset = '0';
  s.zIndex = '1000';
  s.margin = '0';
  s.padding = '0';
  s.border = 'none';
  s.background = '#fff';
  s.cursor = 'wait';
  s.opacity = reduced ? OPACITY : '0';
  el.appendChild(overlay);
  if (!reduced) {
    s.transition = `opacity ${FADE_IN_MS}ms linear`;
    env().frame(() => {
      if (overlay.isConnected) s.opacity = OPACITY;
    });
  }
  const keys = new AbortController();
  el.addEventListener(
    'keydown',
    (event) => {
      if (!PASS_KEYS.has(event.key)) event.preventDefault();
    },
    { capture: true, signal: keys.signal },
  );
  blocked.set(el, { overlay, keys, restorePosition });
}

export function unblock(el: HTMLElement): void {
  const state = blocked.get(el);
  if (!state) return;
  blocked.delete(el);
  state.keys.abort();
  el.classList.remove('processing');
  el.removeAttribute('aria-busy');
  if (state.restorePosition) el.style.removeProperty('position');
  const { overlay } = state;
  if (env().prefersReducedMotion() || !overlay.isConnected) {
    overlay.remove();
    return;
  }
  overlay.style.transition = `opacity ${FADE_OUT_MS}ms linear`;
  overlay.style.opacity = '0';
  env().setTimeout(() => overlay.remove(), FADE_OUT_MS);
}
