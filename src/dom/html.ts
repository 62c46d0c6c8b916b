/**
 * HTML the shop's own endpoints answer, parsed without running or loading anything: DOMParser and <template> never
 * execute scripts, and we drop them. Only for reading an answer (which parts a cart page holds) or for markup
 * checked plain (src/dom/plain.ts): what is inserted otherwise goes through the one sanitizer (./sanitize.ts).
 */
function withoutScripts<T extends ParentNode>(root: T, scriptTexts?: string[]): T {
  for (const script of root.querySelectorAll('script')) {
    if (scriptTexts && !script.hasAttribute('src')) scriptTexts.push(script.textContent ?? '');
    script.remove();
  }
  return root;
}

export function parsePage(html: string): Document {
  return withoutScripts(new DOMParser().parseFromString(html, 'text/html'));
}

/**
 * `scriptTexts`, when given, receives the text of each inline script removed, so a caller can read a value an
 * answer prints in one (`var productQuickViewSingleURL = '…'`) without running it.
 */
export function parseFragment(html: string, scriptTexts?: string[]): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return withoutScripts(template.content, scriptTexts);
}

/** A node from a parsed answer, adopted into this document. */
export function adopt<T extends Node>(node: T): T {
  return document.importNode(node, true);
}
