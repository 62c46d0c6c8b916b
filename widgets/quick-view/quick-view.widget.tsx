import { defineWidget } from '../../mount/types';
import { acquire } from './controller';
import { parseProductId } from './logic';

/**
 * Avada's quick view link on a product card (`a.fusion-quick-view[data-product-id]`). The link itself only
 * opens; the page's one dialog (controller.tsx) does the rest. The first click, held by the interaction trigger
 * while this code loaded, is replayed here.
 */
export default defineWidget({
  mount(link, { signal, onCleanup, warn }) {
    const productId = parseProductId(link.getAttribute('data-product-id'));
    if (!productId) {
      // Its href (`#fusion-quick-view`) does nothing harmful: the card's own links still lead to the product.
      warn('data-product-id', `expected a product id, got ${JSON.stringify(link.getAttribute('data-product-id'))}; quick view is off for this card`);
      return;
    }
    const { controller, release } = acquire();
    onCleanup(release);
    link.setAttribute('aria-haspopup', 'dialog');
    onCleanup(() => link.removeAttribute('aria-haspopup'));
    link.addEventListener(
      'click',
      (event) => {
        if ((event as MouseEvent).button > 0 || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey) return;
        event.preventDefault();
        controller.open(link as HTMLElement, productId);
      },
      { signal },
    );
  },
});
