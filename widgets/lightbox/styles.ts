/**
 * The lightbox's own CSS, adopted on the first open (a constructed sheet: allowed under the strict CSP). The
 * iLightbox classes we print (`.ilightbox-close`, `.ilightbox-title` …) stay free for a theme's rules.
 */
export const LIGHTBOX_CSS = `
dialog.sf-ilightbox{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;overflow:hidden;color:#fff;background:rgba(0,0,0,var(--sf-ilightbox-opacity,.85))}
dialog.sf-ilightbox::backdrop{background:transparent}
dialog.sf-ilightbox--light{color:#111;background:rgba(255,255,255,var(--sf-ilightbox-opacity,.85))}
html:has(dialog.sf-ilightbox[open]){overflow:hidden;scrollbar-gutter:stable}
.sf-ilightbox__stage{position:absolute;inset:0}
.sf-ilightbox__stage .pswp{position:absolute;z-index:1}
.sf-ilightbox__stage .pswp__bg{display:none}
.sf-ilightbox__loading{position:absolute;inset:0;z-index:2;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;font-size:15px;pointer-events:none}
.sf-ilightbox__loading[hidden]{display:none}
.sf-ilightbox__spinner{width:40px;height:40px;border:4px solid currentColor;border-right-color:transparent;border-radius:50%;animation:sf-ilightbox-spin .8s linear infinite}
@keyframes sf-ilightbox-spin{to{transform:rotate(360deg)}}
.sf-ilightbox button{display:flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;margin:0;padding:0 8px;border:0;border-radius:4px;background:rgba(0,0,0,.55);color:#fff;font:24px/1 system-ui,sans-serif;cursor:pointer}
.sf-ilightbox--light button{background:rgba(255,255,255,.85);color:#111}
.sf-ilightbox button:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.sf-ilightbox button[aria-disabled="true"]{opacity:.35;cursor:default}
.sf-ilightbox button[hidden]{display:none}
.sf-ilightbox__toolbar{position:absolute;top:8px;right:8px;z-index:3;display:flex;gap:6px}
.sf-ilightbox__arrow{position:absolute;top:50%;z-index:3;transform:translateY(-50%)}
.sf-ilightbox__arrow--prev{left:8px}
.sf-ilightbox__arrow--next{right:8px}
.sf-ilightbox--vertical .sf-ilightbox__arrow{left:50%;top:auto;transform:translateX(-50%) rotate(90deg)}
.sf-ilightbox--vertical .sf-ilightbox__arrow--prev{top:8px}
.sf-ilightbox--vertical .sf-ilightbox__arrow--next{bottom:72px}
.sf-ilightbox__text{position:absolute;left:50%;bottom:12px;z-index:3;transform:translateX(-50%);max-width:min(90%,760px);text-align:center;pointer-events:none}
.sf-ilightbox__title{margin:0 0 4px;color:inherit;font-size:17px;line-height:1.35}
.sf-ilightbox__caption,.sf-ilightbox__counter{margin:0;font-size:14px;line-height:1.4}
.sf-ilightbox__text>*:not(:empty){padding:2px 10px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff}
.sf-ilightbox__caption[hidden],.sf-ilightbox__counter[hidden]{display:none}
.sf-ilightbox__sr{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.sf-ilightbox--loading .sf-ilightbox__thumbs,.sf-ilightbox--loading .sf-ilightbox__social,.sf-ilightbox__thumbs[hidden],.sf-ilightbox__social[hidden]{display:none}
.sf-ilightbox__toolbar,.sf-ilightbox__arrow,.sf-ilightbox__text,.sf-ilightbox__thumbs,.sf-ilightbox__social{transition:opacity var(--sf-ilightbox-speed,.4s)}
.sf-ilightbox--idle .sf-ilightbox__toolbar,.sf-ilightbox--idle .sf-ilightbox__arrow,.sf-ilightbox--idle .sf-ilightbox__text,.sf-ilightbox--idle .sf-ilightbox__thumbs,.sf-ilightbox--idle .sf-ilightbox__social{opacity:0}
.sf-ilightbox--idle{cursor:none}
.sf-ilightbox__slide{display:flex;align-items:center;justify-content:center;box-sizing:border-box;padding:60px 12px 90px}
.sf-ilightbox__media{width:min(100%,calc((100vh - 150px)*16/9),1280px);aspect-ratio:16/9}
.sf-ilightbox__media iframe,.sf-ilightbox__media video{display:block;width:100%;height:100%;border:0;background:#000}
.sf-ilightbox__html{max-width:min(100%,860px);max-height:100%;overflow:auto;padding:24px;border-radius:6px;background:#fff;color:#111}
.sf-ilightbox .fusion-privacy-placeholder{display:flex;align-items:center;justify-content:center;width:100%;height:100%;padding:24px;box-sizing:border-box;background:#1b1b1b;color:#fff;text-align:center}
.sf-ilightbox .fusion-privacy-placeholder button{display:inline-flex;margin:12px auto;font-size:16px;background:#f2c14e;color:#141414}
.sf-ilightbox .fusion-privacy-placeholder a,.sf-ilightbox__html a.sf-ilightbox__external{color:inherit;text-decoration:underline}
.sf-ilightbox .pswp__error-msg,.sf-ilightbox__error{color:#fff;font-size:15px;text-align:center}
.sf-ilightbox__html .sf-ilightbox__error{color:#8a1f11}
@media (prefers-reduced-motion: reduce){.sf-ilightbox__spinner{animation-duration:3s}.sf-ilightbox__toolbar,.sf-ilightbox__arrow,.sf-ilightbox__text,.sf-ilightbox__thumbs,.sf-ilightbox__social{transition:none}}
`;
