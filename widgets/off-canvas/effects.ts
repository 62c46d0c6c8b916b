import { env } from '../../src/env';
import { panelAnimation, pushOffset, type OffCanvasConfig } from './logic';

/** What a panel does to the page and to itself while it opens and closes: plain DOM, no state of the panel's. */

const isMobile = (config: OffCanvasConfig) => config.is_mobile || (env().matchMedia('(max-width: 640px)')?.matches ?? false);

export function pauseMedia(root: Element): void {
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

/** The theme's push transition: the page moves by the panel's size (a bar, never a popup). */
export function pushPage(config: OffCanvasConfig, panel: HTMLElement, on: boolean): void {
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
}

/** The panel's entrance and exit animations; `cancel` ends the running one at once (its `done` runs). */
export function createAnimator(
  panel: HTMLElement | null,
  config: OffCanvasConfig,
): {
  run(direction: 'In' | 'Out', done: () => void): void;
  cancel(): void;
} {
  let cancelAnimation: (() => void) | undefined;
  const run = (direction: 'In' | 'Out', done: () => void) => {
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
  return { run, cancel: () => cancelAnimation?.() };
}
