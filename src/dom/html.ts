/**
 * HTML the shop's own endpoints answer (a whole cart page, notices, checkout fragments), parsed without running
 * anything: DOMParser and <template> never execute scripts, and we drop them so none is inserted either (under a
 * strict CSP they could not run anyway; WooCommerce's jQuery would have evaluated them).
 */
function withoutScripts<T extends ParentNode>(root: T): T {
  for (const script of root.querySelectorAll('script')) script.remove();
  return root;
}

export function parsePage(html: string): Document {
  return withoutScripts(new DOMParser().parseFromString(html, 'text/html'));
}

export function parseFragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return withoutScripts(template.content);
}

/** A node from a parsed answer, adopted into this document. */
export function adopt<T extends Node>(node: T): T {
  return document.importNode(node, true);
}
