import { defineWidget } from '../../mount/types';
import { acquire, warmView } from './controller';
import { parseProductId } from './logic';

/**
 * Avada's quick view link on a product card (`a.fusion-quick-view[data-product-id]`). The link itself only
 * opens; the page's one dialog (controller.tsx) does the rest. The first click, held by the interaction trigger
 * while this code loaded, is replayed here.
 */
export default defineWidget({
  // Loaded at idle once a card is near the viewport (the registry's `warm`): compile the dialog's first render.
  warm: warmView,
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
    // A pointer or focus on the link comes before its click: the card's view goes into the closed dialog then.
    const prepare = () => controller.prepare(link as HTMLElement);
    link.addEventListener('pointerenter', prepare, { signal });
    link.addEventListener('focus', prepare, { signal });
    // This widget mounted on that very pointer or focus (the runtime's interaction trigger).
    if (link.matches(':hover') || document.activeElement === link) prepare();
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
