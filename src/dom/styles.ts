/**
 * Widget CSS ships with the widget: each sheet is adopted once per document under a key. Constructed
 * stylesheets are not inline `<style>` elements, so they work under a strict CSP (`style-src 'self'`) and
 * never touch the theme's stylesheets. Browsers without constructable sheets get a `<style>` element.
 */
const adopted = new Map<string, CSSStyleSheet | HTMLStyleElement>();

export function adoptStyles(key: string, cssText: string): void {
  if (!cssText || adopted.has(key)) return;
  try {
    if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in document) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(cssText);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      adopted.set(key, sheet);
      return;
    }
  } catch {
    /* fall through to a style element */
  }
  const style = document.createElement('style');
  style.setAttribute('data-storefront-islands', key);
  style.textContent = cssText;
  document.head.appendChild(style);
  adopted.set(key, style);
}

/** Whether a sheet was adopted (tests). */
export function hasStyles(key: string): boolean {
  return adopted.has(key);
}
