import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { createDialog, DIALOG_KEY, type QuickViewDialog } from './dialog';
import { parseProductId } from './logic';
import { warmDialog } from './warm';

/**
 * Avada's quick view link on a product card (`a.fusion-quick-view[data-product-id]`). The link itself only
 * opens; the page's one dialog (dialog.tsx, a page service) does the rest. The first click, held by the interaction trigger
 * while this code loaded, is replayed here.
 */
export default defineWidget({
  // Loaded at idle once a card is near the viewport (the registry's `warm`): compile the dialog's first render.
  warm: warmDialog,
  mount(link, { signal, onCleanup, warn, page }) {
    const productId = parseProductId(link.getAttribute('data-product-id'));
    if (!productId) {
      // Its href (`#fusion-quick-view`) does nothing harmful: the card's own links still lead to the product.
      warn(
        'data-product-id',
        `expected a product id, got ${JSON.stringify(link.getAttribute('data-product-id'))}; quick view is off for this card`,
      );
      return;
    }
    link.setAttribute('aria-haspopup', 'dialog');
    onCleanup(() => link.removeAttribute('aria-haspopup'));
    // The page's dialog is built in a task after this mount (which runs in the pointer's or the focus's own task
    // when that mounted it), and the card's view goes into it in the task after that: no task holds all three.
    let held: QuickViewDialog | undefined;
    const dialog = (): QuickViewDialog => (held ??= page(DIALOG_KEY, createDialog));
    // A pointer or focus that reached the link before its dialog was built (the card goes in once it is).
    let asked = false;
    const intent = () => asked || link.matches(':hover') || document.activeElement === link;
    // A pointer or focus on the link comes before its click: the card's view goes into the closed dialog then.
    const prepare = () => {
      if (held) held.prepare(link as HTMLElement);
      else asked = true;
    };
    link.addEventListener('pointerenter', prepare, { signal });
    // A dialog not built yet reads the card's image at the click instead.
    link.addEventListener('pointerdown', () => held?.press(link as HTMLElement), { signal });
    link.addEventListener('focus', prepare, { signal });
    void env()
      .yieldTask()
      .then(async () => {
        if (signal.aborted) return;
        dialog();
        // This widget mounted on that very pointer or focus (the runtime's interaction trigger).
        if (!intent()) return;
        await env().yieldTask();
        if (!signal.aborted && intent()) prepare();
      });
    link.addEventListener(
      'click',
      (event) => {
        if ((event as MouseEvent).button > 0 || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey) return;
        event.preventDefault();
        // Built now if the click came before the task that builds it (a held click replayed at once).
        dialog().open(link as HTMLElement, productId, (event as MouseEvent).detail > 0);
      },
      { signal },
    );
  },
});
