import { env } from '../../src/env';

/**
 * Map scripts waiting for the Maps API (and InfoBox), checked every second as the theme does: one per page (a
 * page service of the privacy widget), its timer cleared when the page's privacy widgets are gone.
 */
export interface MapsWait {
  /** Hold `script` (the unblocked form of `el`) until the API is there; collected first, checked on the next turn. */
  wait(el: Element, script: HTMLScriptElement): void;
}

const MAPS_TRIES = 60;

function insertWaiting(w: { el: Element; script: HTMLScriptElement }): void {
  if (w.el.isConnected) w.el.replaceWith(w.script);
  else document.body.append(w.script);
}

function runMaps(): void {
  for (const map of document.querySelectorAll('.fusion-google-map')) {
    map.classList.remove('fusion-hidden');
    const run = (window as unknown as Record<string, unknown>)[`fusion_run_map_${map.id}`];
    if (map.id && typeof run === 'function') (run as () => void)();
  }
}

export function createMapsWait(warn: (field: string, message: string) => void, signal: AbortSignal): MapsWait {
  const waiting: { el: Element; script: HTMLScriptElement }[] = [];
  let timer: number | undefined;
  let tries = 0;
  signal.addEventListener('abort', () => timer !== undefined && env().clearTimeout(timer), { once: true });
  const schedule = (ms: number) => {
    if (!signal.aborted) timer = env().setTimeout(flush, ms);
  };
  /** Once `google.maps` exists: InfoBox goes in first; the map scripts once InfoBox is defined (when the page uses it). */
  const flush = (): void => {
    timer = undefined;
    if (!waiting.length) return;
    const w = window as unknown as { google?: { maps?: unknown }; InfoBox?: unknown };
    if (w.google?.maps) {
      for (let i = waiting.length - 1; i >= 0; i--) {
        const item = waiting[i]!;
        if (item.script.src.includes('infobox_packed')) {
          waiting.splice(i, 1);
          insertWaiting(item);
        }
      }
      const usesInfoBox = !!document.querySelector('script[src*="infobox_packed"]');
      if (!usesInfoBox || typeof w.InfoBox === 'function') {
        for (const item of waiting.splice(0)) insertWaiting(item);
        runMaps();
        return;
      }
    }
    if (++tries >= MAPS_TRIES) {
      warn('gmaps', 'the Google Maps API did not arrive within a minute; the maps stay empty');
      return;
    }
    schedule(1000);
  };
  return {
    wait(el, script) {
      waiting.push({ el, script });
      tries = 0;
      if (timer === undefined) schedule(0);
    },
  };
}
