import { adoptStyles } from '../../src/dom/styles';

/**
 * The popup's `<dialog>` sits in the top layer but takes the wrap's place and layout (the wrap stays the
 * overlay the theme paints), so the theme's own positioning of `.awb-off-canvas` applies unchanged. Scroll lock
 * keeps the scrollbar's gutter, only where the page shows a classic scrollbar (with overlay or hidden scrollbars a
 * reserved gutter would itself move the page): nothing moves when a popup opens.
 */
const CSS = `
.awb-off-canvas-wrap > .sf-oc-host { display: contents; align-items: inherit; justify-content: inherit; flex-direction: inherit; }
.awb-off-canvas-wrap dialog.sf-oc-dialog { position: fixed; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none; margin: 0; padding: 0; border: 0; background: transparent; color: inherit; overflow: hidden; }
.awb-off-canvas-wrap dialog.sf-oc-dialog[open] { display: flex; align-items: inherit; justify-content: inherit; flex-direction: inherit; }
.awb-off-canvas-wrap dialog.sf-oc-dialog::backdrop { background: transparent; }
html:has(dialog.sf-oc-dialog:modal), html.sf-oc-lock { overflow: hidden; }
html.sf-oc-gutter { scrollbar-gutter: stable; }
html.sf-oc-pushed #wrapper { transform: translate(var(--sf-oc-push-x, 0px), var(--sf-oc-push-y, 0px)); transition: transform .3s ease; }
@media (prefers-reduced-motion: reduce) { html.sf-oc-pushed #wrapper { transition: none; } }
`;

export function adoptOffCanvasStyles(): void {
  adoptStyles('off-canvas', CSS);
}
