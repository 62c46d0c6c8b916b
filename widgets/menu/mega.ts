import { megaPosition, type MegaWidth } from './logic';

function siteWidth(): number {
  const value = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--site_width'));
  return Number.isFinite(value) && value > 0 ? value : 1200;
}

/**
 * Places an open mega menu inside `#wrapper` (logic.ts megaPosition), measured on opening only, never on scroll.
 * `customWidth` 0: the panel's own rendered width.
 */
export function placeInWrapper(panel: HTMLElement, item: HTMLElement, mode: MegaWidth, customWidth: number): void {
  const wrapper = document.getElementById('wrapper') ?? document.body;
  const box = wrapper.getBoundingClientRect();
  const { left, width } = megaPosition({
    mode,
    wrapperLeft: box.left,
    wrapperWidth: box.width,
    itemLeft: item.getBoundingClientRect().left,
    siteWidth: siteWidth(),
    customWidth: customWidth || panel.getBoundingClientRect().width,
  });
  panel.style.left = `${Math.round(left)}px`;
  panel.style.width = `${Math.round(width)}px`;
}
