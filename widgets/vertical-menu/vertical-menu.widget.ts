import { defineWidget } from '../../src/widget';
import { readGlobal, str } from '../../src/config/globals';
import { env } from '../../src/env';
import { createToggle, disclosureSet, slidePanel } from '../menu/disclosure';
import { submenuLabel } from '../menu/logic';
import { opensOnHover, slideDuration, startsOpen } from './logic';

/**
 * The vertical menu widget (`.fusion-vertical-menu-widget`): every `.page_item_has_children > .children` gets a
 * disclosure button; the current page's branch starts open, the rest closed; submenus slide in 200 ms.
 */
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
          if (started) slidePanel(panel, open, () => disclosure.isOpen(), slideDuration(env().prefersReducedMotion()));
        },
      });
    }
    started = true;
    return () => {
      for (const b of created) b.remove();
    };
  },
});
