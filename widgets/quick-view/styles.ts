/**
 * The quick view's own CSS: the dialog is a transparent full-viewport frame for Avada's overlay and container
 * (the theme's CSS keeps styling those classes); positions, sizes and timings come in as custom properties.
 * Scroll lock as accessibility.md asks: no scrolling behind, no layout shift (the scrollbar's gutter stays).
 */
export const QUICK_VIEW_CSS = `
dialog.sf-quick-view{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;overflow:hidden;color:inherit}
dialog.sf-quick-view::backdrop{background:transparent}
html.sf-qv-lock{overflow:hidden;scrollbar-gutter:stable}
.fusion-faded-out>*{opacity:0;transition:opacity 200ms ease}
.sf-quick-view .fusion-woocommerce-quick-view-overlay{position:fixed;inset:0;display:block;opacity:0;transition:opacity 400ms ease}
:where(.sf-quick-view) .fusion-woocommerce-quick-view-overlay{background:rgba(0,0,0,.8)}
.sf-quick-view.sf-qv-in .fusion-woocommerce-quick-view-overlay{opacity:1}
.sf-quick-view .fusion-woocommerce-quick-view-container{position:fixed;display:block;box-sizing:border-box;margin:0;left:var(--sf-qv-left);top:var(--sf-qv-top);width:var(--sf-qv-width);height:var(--sf-qv-height);max-height:calc(100vh - 20px);overflow:auto;overscroll-behavior:contain;opacity:0;background:var(--sf-qv-bg,#fff);transition:opacity 200ms ease,transform 300ms ease}
.sf-quick-view .fusion-woocommerce-quick-view-container[data-sf-qv-widening]{background:transparent}
.sf-quick-view .fusion-woocommerce-quick-view-container[data-sf-qv-widening]::before{content:'';position:absolute;inset:0;z-index:-1;background:var(--sf-qv-bg,#fff);transform-origin:0 0}
.sf-quick-view.sf-qv-in .fusion-woocommerce-quick-view-container{opacity:1}
.sf-quick-view.sf-qv-closing .fusion-woocommerce-quick-view-container{opacity:0;transform:scale(.5);transition:opacity 300ms ease,transform 300ms ease}
.sf-quick-view.sf-qv-closing .fusion-woocommerce-quick-view-overlay{opacity:0}
.sf-quick-view .fusion-wqv-close{position:absolute;top:0;right:0;z-index:4;opacity:0;transition:opacity 300ms ease}
.sf-quick-view .fusion-wqv-close.sf-qv-shown,.sf-quick-view .fusion-wqv-close:focus-within{opacity:1}
.sf-quick-view .fusion-wqv-close button{min-width:44px;min-height:44px;border:0;background:transparent;color:#141414;font-size:28px;line-height:1;cursor:pointer}
.sf-quick-view .fusion-wqv-close.light button{color:#fff}
.sf-quick-view .fusion-wqv-loader{position:absolute;z-index:2;top:0;right:0;left:var(--sf-qv-preview-width);padding:30px;opacity:0}
.sf-quick-view .fusion-wqv-loader.sf-qv-shown,.sf-quick-view .fusion-wqv-loader:focus-within{opacity:1}
.sf-quick-view .fusion-wqv-loader[hidden]{display:none}
.sf-quick-view .fusion-wqv-loader .product_title{font-size:min(1.8rem,var(--sf-qv-title-max,1.8rem))}
.sf-quick-view .fusion-wqv-loader .product_title:focus{outline:none}
.sf-quick-view .fusion-wqv-loader .product_title:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.sf-quick-view .fusion-slider-loading{width:32px;height:32px;margin:16px 0;border:3px solid #d9d4cc;border-top-color:#1f4e5f;border-radius:50%;animation:sf-qv-spin 1s linear infinite}
.sf-quick-view .sf-quick-view__message:empty{display:none}
.sf-quick-view .fusion-wqv-preview-image{position:absolute;z-index:1;left:0;top:0;width:var(--sf-qv-preview-width);max-width:100%;transition:opacity 400ms ease;pointer-events:none}
.sf-quick-view:not(:has(.complete)) .fusion-wqv-preview-image{width:100%}
.sf-quick-view .fusion-wqv-preview-image img{display:block;width:100%;height:auto}
.sf-quick-view .sf-qv-preview-out .fusion-wqv-preview-image{opacity:0}
.sf-quick-view .fusion-wqv-content>.product{display:flex;align-items:flex-start}
.sf-quick-view .fusion-wqv-content .woocommerce-product-gallery{flex:0 0 var(--sf-qv-preview-width);width:var(--sf-qv-preview-width);max-width:100%;margin:0;opacity:1!important}
.sf-quick-view .fusion-wqv-content .summary{flex:1 1 auto;min-width:0;margin:0;padding:30px;opacity:0;transition:opacity 500ms ease}
.sf-quick-view .sf-qv-summary-in .fusion-wqv-content .summary{opacity:1}
.sf-quick-view .fusion-wqv-content .fusion-button-view-details{visibility:hidden}
.sf-quick-view .sf-qv-details .fusion-wqv-content .fusion-button-view-details{visibility:visible}
@media (max-width:700px){.sf-quick-view .fusion-wqv-content>.product{flex-direction:column}.sf-quick-view .fusion-wqv-content .woocommerce-product-gallery{flex-basis:auto;width:100%}.sf-quick-view .fusion-wqv-loader{left:0;top:auto;bottom:0}}
@keyframes sf-qv-spin{to{transform:rotate(360deg)}}
.sf-quick-view.sf-qv-reduced *,.sf-quick-view.sf-qv-reduced{transition:none!important;animation:none!important}
@media (prefers-reduced-motion:reduce){.sf-quick-view *,.fusion-faded-out>*{transition:none!important;animation:none!important}}
`;
