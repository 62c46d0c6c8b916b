import type { MarkupNode } from './props';

/** Read server markup into data the view renders back (comments and scripts left out). */
export function readMarkup(nodes: NodeListOf<ChildNode> | readonly ChildNode[]): MarkupNode[] {
  const out: MarkupNode[] = [];
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent ?? '');
    else if (node instanceof Element && node.localName !== 'script') {
      out.push({
        tag: node.localName,
        attrs: [...node.attributes].map((a) => [a.name, a.value] as const),
        children: readMarkup(node.childNodes),
      });
    }
  }
  return out;
}
