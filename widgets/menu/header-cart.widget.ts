import { defineWidget } from '../../src/widget';
import { readGlobal, str } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { createToggle, disclosureSet } from './disclosure';
import { submenuLabel } from './logic';

/**
 * The header's cart dropdown (`li.fusion-menu-cart`): the cart link stays a link, a disclosure button beside it
 * opens the dropdown. Its own registry line because the cart fragments may replace the whole item: the runtime
 * then unmounts this widget with the old markup and mounts it again on the new.
 */
export default defineWidget({
  mount(element, { signal }) {
    const item = element as HTMLElement;
    const link = item.querySelector<HTMLElement>(':scope > a');
    const panel = item.querySelector<HTMLElement>(':scope > .fusion-menu-cart-items, :scope > .fusion-custom-menu-item-contents');
    if (!link || !panel) return;
    adoptStyles('header-cart', '.fusion-menu-cart { position: relative; }');
    const vars = readGlobal(
      'avadaMenuVars',
      { mobile_submenu_open: str('Open submenu of %s'), mobile_nav_cart: str('Shopping Cart') },
      'header-cart',
    );
    const name = (link.querySelector('.menu-text')?.textContent ?? '').trim() || vars.mobile_nav_cart;
    const button = createToggle(submenuLabel(vars.mobile_submenu_open, name), 'sf-submenu-toggle');
    link.after(button);
    disclosureSet(item, signal, { outsideClick: true }).add({ button, panel, item, openClass: 'expanded', hoverTarget: item });
    return () => button.remove();
  },
});
