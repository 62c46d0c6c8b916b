import { httpUrl } from '../../src/net/url';

/** The review plugin's popup size (contract §10). */
export const POPUP_FEATURES = 'popup=yes,width=620,height=500';

function centred(): string {
  const left = Math.max(0, Math.round((window.screenX ?? 0) + ((window.outerWidth || 620) - 620) / 2));
  const top = Math.max(0, Math.round((window.screenY ?? 0) + ((window.outerHeight || 500) - 500) / 2));
  return `${POPUP_FEATURES},left=${left},top=${top}`;
}

/**
 * `a.sf-review-popup` opens its href in a 620×500 window. The link stays a link: a modified click (new tab),
 * a non-http(s) href, or a blocked popup (window.open returns null) leaves the browser's own navigation alone.
 */
export function wirePopups(root: Element, signal: AbortSignal): void {
  root.addEventListener(
    'click',
    (event) => {
      const e = event as MouseEvent;
      const link = (e.target as Element | null)?.closest?.('a.sf-review-popup');
      if (!link || !root.contains(link) || e.defaultPrevented) return;
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      const url = httpUrl(link.getAttribute('href'));
      if (!url) return;
      const opened = window.open(url.href, 'sf-review-popup', centred());
      if (!opened) return;
      // Not "noopener" in the features: with it window.open returns null and a blocked popup looks the same.
      try {
        opened.opener = null;
      } catch {
        /* cross-origin window already navigated: nothing to cut */
      }
      e.preventDefault();
    },
    { signal },
  );
}
