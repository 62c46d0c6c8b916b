/** The rotating texts share one grid cell (the widest sets the width: no shift when they change). */
export const TITLE_CSS = `
.sf-rotating .fusion-animated-texts-wrapper { display: inline-grid; vertical-align: bottom; }
.sf-rotating .fusion-animated-texts-wrapper > :is(.fusion-textillate, .fusion-animated-text) { grid-area: 1 / 1; display: inline-block; visibility: hidden; }
.sf-rotating .fusion-animated-texts-wrapper > :is(.sf-title-current, .sf-title-leaving) { visibility: visible; }
.sf-title-sr { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
/* Wipes, not fades: text is drawn at full contrast or not at all, never half-transparent (a contrast check
   taken mid-change still passes, and so does a reader with low vision). */
@keyframes sf-title-in-fade { from { clip-path: inset(0 100% 0 0); } }
@keyframes sf-title-out-fade { to { clip-path: inset(0 0 0 100%); } }
@keyframes sf-title-in-up { from { clip-path: inset(0 100% 0 0); transform: translateY(.6em); } }
@keyframes sf-title-out-up { to { clip-path: inset(0 0 0 100%); transform: translateY(-.6em); } }
@keyframes sf-title-in-down { from { clip-path: inset(0 100% 0 0); transform: translateY(-.6em); } }
@keyframes sf-title-out-down { to { clip-path: inset(0 0 0 100%); transform: translateY(.6em); } }
@keyframes sf-title-in-left { from { clip-path: inset(0 100% 0 0); transform: translateX(-.8em); } }
@keyframes sf-title-out-left { to { clip-path: inset(0 0 0 100%); transform: translateX(-.8em); } }
@keyframes sf-title-in-right { from { clip-path: inset(0 100% 0 0); transform: translateX(.8em); } }
@keyframes sf-title-out-right { to { clip-path: inset(0 0 0 100%); transform: translateX(.8em); } }
@keyframes sf-title-in-zoom { from { clip-path: inset(0 100% 0 0); transform: scale(.6); } }
@keyframes sf-title-out-zoom { to { clip-path: inset(0 0 0 100%); transform: scale(.6); } }
.sf-title-in-fade { animation: sf-title-in-fade .4s ease-out both; }
.sf-title-out-fade { animation: sf-title-out-fade .4s ease-in both; }
.sf-title-in-up { animation: sf-title-in-up .4s ease-out both; }
.sf-title-out-up { animation: sf-title-out-up .4s ease-in both; }
.sf-title-in-down { animation: sf-title-in-down .4s ease-out both; }
.sf-title-out-down { animation: sf-title-out-down .4s ease-in both; }
.sf-title-in-left { animation: sf-title-in-left .4s ease-out both; }
.sf-title-out-left { animation: sf-title-out-left .4s ease-in both; }
.sf-title-in-right { animation: sf-title-in-right .4s ease-out both; }
.sf-title-out-right { animation: sf-title-out-right .4s ease-in both; }
.sf-title-in-zoom { animation: sf-title-in-zoom .4s ease-out both; }
.sf-title-out-zoom { animation: sf-title-out-zoom .4s ease-in both; }
.sf-highlight-host { position: relative; display: inline-block; }
.sf-highlight-svg { position: absolute; left: -4%; top: -12%; width: 108%; height: 124%; overflow: visible; pointer-events: none; fill: none; stroke: var(--awb-highlight-color, currentColor); stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; }
.sf-highlight svg :is(path, line, polyline, polygon, ellipse, circle, rect) { stroke-dasharray: 1; stroke-dashoffset: 1; transition: stroke-dashoffset 1.2s ease-in-out; }
.sf-highlight.sf-highlight-drawn svg :is(path, line, polyline, polygon, ellipse, circle, rect) { stroke-dashoffset: 0; }
@media (prefers-reduced-motion: reduce) {
  .sf-highlight svg :is(path, line, polyline, polygon, ellipse, circle, rect) { transition: none; }
  [class*="sf-title-in-"], [class*="sf-title-out-"] { animation: none !important; }
}
`;
