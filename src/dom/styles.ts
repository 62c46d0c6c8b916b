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

const constructed = new Map<string, CSSStyleSheet>();

/**
 * Adopt a sheet into a shadow root (one constructed sheet per key, shared by every root). What a widget draws in a
 * shadow root is styled by these sheets only: the page's stylesheets do not reach it. Without constructable sheets
 * the root gets a `<style>` element.
 */
export function adoptStylesIn(root: ShadowRoot, key: string, cssText: string): void {
  try {
    if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in root) {
      let sheet = constructed.get(key);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(cssText);
        constructed.set(key, sheet);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    /* fall through to a style element */
  }
  const style = document.createElement('style');
  style.textContent = cssText;
  root.append(style);
}
