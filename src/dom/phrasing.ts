/**
 * Price-like HTML (a variation's `price_html`, the product's printed price) rebuilt from an allowlist: text and
 * the inline elements WooCommerce's price markup uses, with class, aria-hidden, title, lang and dir only. A
 * blocklist always misses something (`&#1;javascript:`, `java&#9;script:`, `<base href>` that re-points every
 * relative URL and form on the page); here no URL attribute and no element that loads, runs or re-points anything
 * can survive. Nodes are created fresh from the parsed tree, never re-serialised, so nothing is re-parsed.
 */
const KEPT_ELEMENTS = new Set([
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'data',
  'del',
  'em',
  'i',
  'ins',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'wbr',
]);
const KEPT_ATTRIBUTES = new Set(['class', 'aria-hidden', 'title', 'lang', 'dir']);
/** Dropped with their content: what they hold is code, styles or a document, not text a shopper reads. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
]);

function copyInto(parent: Node, source: Node): void {
  for (const node of source.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      parent.appendChild(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.localName;
    if (DROPPED_WITH_CONTENT.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    if (!KEPT_ELEMENTS.has(tag)) {
      // Links, paragraphs, wrappers: their text stays, the element (and any URL on it) goes.
      copyInto(parent, el);
      continue;
    }
    const clean = document.createElement(tag);
    for (const attr of el.attributes) if (KEPT_ATTRIBUTES.has(attr.name)) clean.setAttribute(attr.name, attr.value);
    copyInto(clean, el);
    parent.appendChild(clean);
  }
}

export function phrasingFragment(html: string): DocumentFragment {
  // A template's content is inert: nothing in it loads, runs, or (for <base>) applies to this document.
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createDocumentFragment();
  copyInto(out, template.content);
  return out;
}
