/**
 * The widget's own CSS, adopted once (constructable stylesheet: no inline style element, fine under a strict
 * CSP). Only what the plugin's stylesheet cannot know: our `aria-disabled` submit looks like the disabled one.
 */
const CSS_TEXT = `
.wpcf7 .wpcf7-submit[aria-disabled="true"] { opacity: .5; cursor: not-allowed; }
.wpcf7 .wpcf7-response-output .toggle-alert { float: right; background: none; border: 0; font-size: 1.4em; line-height: 1; cursor: pointer; color: inherit; padding: 0 .25em; }
`;

let adopted = false;

export function adoptStyles(): void {
  if (adopted || typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS_TEXT);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    adopted = true;
  } catch {
    /* an old engine: the plugin's own stylesheet still styles the form */
  }
}
