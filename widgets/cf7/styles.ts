/**
 * The widget's own CSS, adopted once through src/dom/styles (a constructed sheet, fine under a strict CSP).
 * Only what the plugin's stylesheet cannot know: our `aria-disabled` submit looks like the disabled one.
 */
export const CF7_CSS = `
.wpcf7 .wpcf7-submit[aria-disabled="true"] { opacity: .5; cursor: not-allowed; }
.wpcf7 .wpcf7-response-output .toggle-alert { float: right; background: none; border: 0; font-size: 1.4em; line-height: 1; cursor: pointer; color: inherit; padding: 0 .25em; }
`;
