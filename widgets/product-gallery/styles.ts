/**
 * The gallery's own CSS, adopted once. WooCommerce's and the theme's rules keep styling the classes we keep
 * (`.flex-control-thumbs`, `.flex-active`, the trigger); `!important` is used only where their float/width
 * layout for the no-slider case would fight the slider's flex row. The zoom's rules come with its chunk (zoom.ts).
 *
 * The thumbnails' layout is the theme's where it has one (WooCommerce's own stylesheet floats them at 25 %,
 * Storefront at 23.5 % with 2 % margins and a clearfix): ours sits in a cascade layer, so any rule of the theme's
 * wins property by property, and it is a float layout like theirs, so a theme's widths and margins compose with it
 * and its clearfix pseudo-elements stay what they are (a grid made them cells: an empty first one, a wrapped
 * fourth thumbnail). `flow-root` holds the floats without pseudo-elements of our own; the list's `list-style`
 * is inherited by its items. With `animation: 'fade'` the slide shown fades in where it is and the row jumps
 * instead of sliding.
 */
export const GALLERY_CSS = `
.sf-gallery{position:relative}
.sf-gallery--slider .flex-viewport{position:relative;overflow:hidden}
.sf-gallery--slider .flex-viewport>.woocommerce-product-gallery__wrapper{display:flex!important;flex-wrap:nowrap!important;align-items:flex-start;margin:0!important;padding:0!important;touch-action:pan-y pinch-zoom}
.sf-gallery--slider .flex-viewport>.woocommerce-product-gallery__wrapper>*{flex:0 0 100%!important;width:100%!important;max-width:100%!important;min-width:0;margin:0!important;float:none!important;display:block!important}
/* Until the slider island's Embla is live, our own index shows the slide (Embla's inline transform wins after). */
.sf-gallery--static .flex-viewport>.woocommerce-product-gallery__wrapper{transform:translate3d(calc(var(--sf-gallery-index,0) * -100%),0,0);transition:transform var(--sf-gallery-speed,500ms) ease}
.sf-gallery--rtl.sf-gallery--static .flex-viewport>.woocommerce-product-gallery__wrapper{transform:translate3d(calc(var(--sf-gallery-index,0) * 100%),0,0)}
.sf-gallery--smooth .flex-viewport{transition:height var(--sf-gallery-speed,500ms) ease}
.sf-gallery--fade.sf-gallery--static .flex-viewport>.woocommerce-product-gallery__wrapper{transition:none}
.sf-gallery--fade .flex-active-slide{animation:sf-gallery-fade var(--sf-gallery-speed,500ms) ease}
@keyframes sf-gallery-fade{from{opacity:0}}
.sf-gallery .woocommerce-product-gallery__image{position:relative;overflow:hidden}
@layer sf-gallery-thumbnails{
.sf-gallery .flex-control-thumbs{display:flow-root;margin:0;padding:0;list-style:none}
.sf-gallery .flex-control-thumbs li{float:inline-start;width:calc((100% - (var(--sf-gallery-columns,4) - 1) * 8px) / var(--sf-gallery-columns,4));margin:8px 0 0;margin-inline-end:8px}
.sf-gallery .flex-control-thumbs li.sf-gallery__row-end{margin-inline-end:0}
.sf-gallery .flex-control-thumbs img{display:block;width:100%;height:auto;cursor:pointer;opacity:.5}
.sf-gallery .flex-control-thumbs img.flex-active,.sf-gallery .flex-control-thumbs img:hover{opacity:1}
}
.sf-gallery .flex-control-thumbs img:focus-visible,.sf-gallery__nav:focus-visible,.sf-gallery .woocommerce-product-gallery__trigger:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.sf-gallery .woocommerce-product-gallery__trigger{position:absolute;top:.5em;right:.5em;z-index:9}
.sf-gallery__nav{position:absolute;top:50%;z-index:2;display:flex;align-items:center;justify-content:center;width:40px;height:40px;margin:-20px 0 0;padding:0;border:0;border-radius:50%;background:rgba(255,255,255,.9);color:#111;font-size:24px;line-height:1;cursor:pointer;box-shadow:0 1px 3px rgba(0,0,0,.3)}
.sf-gallery__nav--prev{left:8px}
.sf-gallery__nav--next{right:8px}
.sf-gallery--rtl .sf-gallery__nav--prev{left:auto;right:8px}
.sf-gallery--rtl .sf-gallery__nav--next{right:auto;left:8px}
.sf-gallery__nav[aria-disabled="true"]{opacity:.35;cursor:default}
html:has(dialog.sf-lightbox[open]){overflow:hidden;scrollbar-gutter:stable}
@media (prefers-reduced-motion: reduce){.sf-gallery--smooth .flex-viewport,.sf-gallery--static .flex-viewport>.woocommerce-product-gallery__wrapper{transition:none}.sf-gallery--fade .flex-active-slide{animation:none}}
`;
