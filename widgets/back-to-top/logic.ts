import { parseFlag } from '../../src/config/parse';

/** Rules of Avada's back-to-top link (theme.md §8). Pure. */
export const ACTIVE_AFTER_PX = 200;
export const SCROLL_DURATION_MS = 1200;
export const ACTIVE_CLASS = 'fusion-to-top-active';

export interface Devices {
  desktop: boolean;
  mobile: boolean;
}

/**
 * `status_totop` names where the link works: `desktop`, `desktop_and_mobile`, `mobile`, `off`. Older settings
 * print a flag ("1" on, "" or "0" off), meaning desktop only. Undefined for anything else.
 */
export function parseStatus(value: unknown): Devices | undefined {
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word.includes('desktop') || word.includes('mobile')) return { desktop: word.includes('desktop'), mobile: word.includes('mobile') };
    if (word === 'off' || word === 'none') return { desktop: false, mobile: false };
  }
  const on = parseFlag(value);
  return on === undefined ? undefined : { desktop: on, mobile: false };
}

/** `right_floating` → `to-top-right to-top-floating`; empty or malformed → none (the markup's classes stay). */
export function positionClasses(position: string): string[] {
  const parts = position.trim().toLowerCase().split('_').filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^[a-z0-9-]+$/.test(p))) return [];
  return parts.map((p) => `to-top-${p}`);
}

/**
 * Shown once scrolled more than 200 px, where the device is enabled; with `scroll down only`, only while the
 * position is not decreasing.
 */
export function isActive(state: { y: number; previousY: number; scrollDownOnly: boolean; enabled: boolean }): boolean {
  if (!state.enabled || state.y <= ACTIVE_AFTER_PX) return false;
  return !state.scrollDownOnly || state.y >= state.previousY;
}
