/**
 * The deep-link history (`lightbox_deeplinking`): opening a group pushes one entry marked as ours, moves replace
 * it, closing steps back over it (no bare `#` left behind, and Back closes). A sandboxed document may refuse
 * history changes: the lightbox then works without a deep link.
 */
import { formatHash } from './logic';

/** Push the entry for item `index` of `group`; returns its marker, or undefined when history refused it. */
export function pushDeepLink(group: string, index: number): string | undefined {
  const marker = Math.random().toString(36).slice(2);
  try {
    history.pushState({ ...(history.state as object | null), sfLightbox: marker }, '', formatHash(group, index));
    return marker;
  } catch {
    return undefined;
  }
}

export function replaceDeepLink(group: string, index: number): void {
  try {
    history.replaceState(history.state, '', formatHash(group, index));
  } catch {
    /* see pushDeepLink */
  }
}

/**
 * Closing: step back over the entry we pushed (`pushed`, its marker) if it is still the current one; opened from
 * the address (nothing pushed), clear the hash in place.
 */
export function leaveDeepLink(pushed: string | undefined): void {
  const state = history.state as { sfLightbox?: string } | null;
  if (pushed && state?.sfLightbox === pushed) history.back();
  else if (!pushed && location.hash) history.replaceState(history.state, '', location.pathname + location.search);
}
