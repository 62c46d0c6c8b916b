import { defineIsland } from '../../src/react/island';
import { MiniCart, type MiniCartProps } from './MiniCart';
import { readMarkup } from './markup';
import { removeLine } from './remove';

/**
 * The mini-cart's React view: the plain widget mounts it on a `.widget_shopping_cart_content` box once the
 * mini-cart is shown or the cart changes (see mini-cart.widget.ts), so a page nobody buys from never loads React.
 */
export default defineIsland<MiniCartProps>({
  name: 'mini-cart',
  Component: MiniCart,
  props(element, ctx) {
    return { nodes: readMarkup(element.childNodes), onRemove: (link, busy) => void removeLine(link, ctx, busy) };
  },
});
