import { defineWidget } from '../../mount/types';
import { readGlobal, str } from '../../src/config/globals';
import { env } from '../../src/env';
import { createToggle, disclosureSet } from '../menu/disclosure';
import { submenuLabel } from '../menu/logic';
import { opensOnHover, slideDuration, startsOpen } from './logic';

/**
 * The vertical menu widget (`.fusion-vertical-menu-widget`): every `.page_item_has_children > .children` gets a
 * disclosure button; the current page's branch starts open, the rest closed; submenus slide in 200 ms.
 */
function slide(panel: HTMLElement, open: boolean, isOpen: () => boolean): void {
  const ms = slideDuration(env().prefersReducedMotion());
  if (!ms || typeof panel.animate !== 'function') return;
  // Closing: keep the panel shown until the slide ends (the disclosure has marked it closed already).
  panel.dataset.sfPanel = 'open';
  const full = `${panel.scrollHeight}px`;
  const animation = panel.animate([{ height: open ? '0px' : full, overflow: 'hidden' }, { height: open ? full : '0px', overflow: 'hidden' }], { duration: ms, easing: 'ease-in-out' });
  const settle = () => {
    if (!isOpen()) panel.dataset.sfPanel = 'closed';
  };
  animation.addEventListener('finish', settle);
  animation.addEventListener('cancel', settle);
}

export default defineWidget({
  mount(element, { signal }) {
    const widget = element as HTMLElement;
    const vars = readGlobal('avadaMenuVars', { mobile_submenu_open: str('Open submenu of %s') }, 'vertical-menu');
    const hover = opensOnHover(widget.classList);
    const set = disclosureSet(widget, signal, { hover: () => hover, exclusive: false });
    const created: HTMLElement[] = [];
    let started = false;
    for (const item of widget.querySelectorAll<HTMLElement>('li.page_item_has_children, li.menu-item-has-children')) {
      const link = item.querySelector<HTMLElement>(':scope > a');
      const panel = item.querySelector<HTMLElement>(':scope > .children, :scope > .sub-menu');
      if (!link || !panel) continue;
      const button = createToggle(submenuLabel(vars.mobile_submenu_open, link.textContent ?? ''), 'sf-submenu-toggle');
      link.after(button);
      created.push(button);
      const disclosure = set.add({
        button,
        panel,
        item,
        openClass: 'sf-expanded',
        hoverTarget: hover ? item : undefined,
        initiallyOpen: startsOpen(item.classList),
        onChange: (open) => {
          if (started) slide(panel, open, () => disclosure.isOpen());
        },
      });
    }
    started = true;
    return () => {
      for (const b of created) b.remove();
    };
  },
});
