/**
 * The thumbnails' strip and the share links, styled from the core chunk (they stay hidden while the lightbox is
 * loading, see styles.ts), so the small chunk every page with a target loads does not carry these rules.
 */
export const EXTRAS_CSS = `
.sf-ilightbox__thumbs{position:absolute;left:0;right:0;bottom:6px;z-index:3;display:flex;justify-content:safe center;gap:6px;overflow-x:auto;padding:4px 8px;scrollbar-width:thin}
.sf-ilightbox .sf-ilightbox__thumb{flex:0 0 auto;width:120px;height:80px;max-width:120px;max-height:80px;padding:0;overflow:hidden;border:3px solid transparent;font-size:22px}
.sf-ilightbox .sf-ilightbox__thumb[aria-current="true"]{border-color:#ffbf47}
.sf-ilightbox__thumb img{display:block;width:100%;height:100%;object-fit:cover}
.sf-ilightbox--thumbs .sf-ilightbox__text{bottom:100px}
.sf-ilightbox--thumbs .sf-ilightbox__slide{padding-bottom:190px}
.sf-ilightbox--thumbs.sf-ilightbox--vertical .sf-ilightbox__arrow--next{bottom:160px}
@media (max-width:600px){.sf-ilightbox .sf-ilightbox__thumb{width:72px;height:48px}.sf-ilightbox--thumbs .sf-ilightbox__text{bottom:70px}}
.sf-ilightbox__social{position:absolute;top:8px;left:8px;z-index:3;display:flex;flex-wrap:wrap;gap:6px;max-width:calc(100% - 190px);margin:0;padding:0;list-style:none}
.sf-ilightbox__share{display:flex;align-items:center;min-height:44px;padding:0 10px;border-radius:4px;background:rgba(0,0,0,.7);color:#fff;font:14px/1.2 system-ui,sans-serif;text-decoration:none}
.sf-ilightbox__share:hover{text-decoration:underline}
.sf-ilightbox__share:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
`;
