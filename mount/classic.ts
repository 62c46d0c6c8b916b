/**
 * Entry of dist/storefront.classic.js, for themes that can only print a classic `<script defer>`. It loads the
 * module build that sits beside it (same folder, any URL path), carrying over the CSP nonce, so both tags run
 * the same code. No module support means no widgets, and the server markup keeps working.
 */
(() => {
  const current = document.currentScript as HTMLScriptElement | null;
  const src = current?.src;
  if (!src || !('noModule' in HTMLScriptElement.prototype)) return;
  if (document.querySelector('script[data-storefront-islands]')) return;
  const script = document.createElement('script');
  script.type = 'module';
  const url = new URL('storefront.js', src);
  url.search = new URL(src).search; // keep WordPress's ?ver= cache buster
  script.src = url.href;
  script.setAttribute('data-storefront-islands', '');
  if (current.nonce) script.nonce = current.nonce;
  if (current.crossOrigin !== null) script.crossOrigin = current.crossOrigin;
  document.head.appendChild(script);
})();
