/**
 * happy-dom 21 parses `<option selected>` wrongly beyond the second option: the attribute is set before the
 * option joins its select, and the select then keeps an earlier option selected
 * (`<option value="">…<option value="rust">…<option value="navy" selected>` gives `value === "rust"`). Browsers
 * select the last option printed with `selected` (WooCommerce marks default attributes this way), so markup put
 * in with innerHTML, outerHTML, insertAdjacentHTML or DOMParser is corrected to what a browser would show. Options
 * selected by script afterwards are untouched.
 */
function fixSelects(root: ParentNode): void {
  const selects = root instanceof HTMLSelectElement ? [root] : [...root.querySelectorAll('select')];
  for (const select of selects) {
    if (select.multiple) continue;
    const printed = [...select.options].reverse().find((o) => o.hasAttribute('selected'));
    if (printed && !printed.selected) printed.selected = true;
  }
}

/**
 * happy-dom 21 defines some node accessors on the subclasses only: `Node.prototype`'s own getter answers "" or null
 * for them (`nodeName` of an element or a text node, for one). DOMPurify reads nodes through `Node.prototype`'s and
 * `Element.prototype`'s getters (so a clobbered property cannot fool it), and then sees every element as unknown:
 * it drops wrappers and text and keeps scripts. Browsers answer from any prototype alike: each such getter here
 * defers to the most derived one the node has. With this, server HTML that widgets insert keeps its content in unit
 * tests (with fixNodeIterator below, DOMPurify's passes act as in a browser; the sanitizer's rules are still tested
 * in Chromium too: test/e2e/lightbox.e2e.ts, quick-view.e2e.ts, checkout.e2e.ts).
 */
function fixBaseGetters(): void {
  for (const [proto, names] of [
    [Node.prototype, ['nodeName', 'nodeType', 'textContent', 'parentNode', 'childNodes', 'firstChild', 'nextSibling', 'ownerDocument']],
    [Element.prototype, ['attributes', 'namespaceURI', 'localName', 'tagName', 'innerHTML']],
  ] as const) {
    for (const name of names) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      const base = descriptor?.get;
      if (!base) continue;
      Object.defineProperty(proto, name, {
        ...descriptor,
        get(this: object) {
          for (let p = Object.getPrototypeOf(this) as object | null; p && p !== proto; p = Object.getPrototypeOf(p) as object | null) {
            const own = Object.getOwnPropertyDescriptor(p, name)?.get;
            if (own) return own.call(this) as unknown;
          }
          return base.call(this) as unknown;
        },
      });
    }
  }
}

const SHOW_ALL = 0xffffffff;

/**
 * happy-dom 21's NodeIterator loses its place when the node it last returned is removed: it ends, or goes on from
 * the wrong node. DOMPurify walks with one and removes the node it stands on, so under happy-dom only the first
 * forbidden element went (`<p><script>a</script><script>b</script>` kept the second script, and a handler on any
 * later element). This one follows the DOM standard's removal step for the only case DOMPurify needs: the reference
 * node removed moves the reference to the node before it in tree order.
 */
class StandardNodeIterator {
  referenceNode: Node;
  pointerBeforeReferenceNode = true;
  /** The node before the reference in tree order, read when it became the reference (DOMPurify inserts only after it). */
  private before: Node | null = null;

  constructor(
    readonly root: Node,
    readonly whatToShow = SHOW_ALL,
    readonly filter: NodeFilter | null = null,
  ) {
    this.referenceNode = root;
  }

  private accepts(node: Node): boolean {
    if (!(this.whatToShow & (1 << (node.nodeType - 1)))) return false;
    if (!this.filter) return true;
    const accept = typeof this.filter === 'function' ? this.filter : this.filter.acceptNode.bind(this.filter);
    return accept(node) === NodeFilter.FILTER_ACCEPT;
  }

  private following(node: Node): Node | null {
    if (node.firstChild) return node.firstChild;
    for (let n: Node | null = node; n && n !== this.root; n = n.parentNode) if (n.nextSibling) return n.nextSibling;
    return null;
  }

  private preceding(node: Node): Node | null {
    if (node === this.root) return null;
    let n = node.previousSibling;
    if (!n) return node.parentNode;
    while (n.lastChild) n = n.lastChild;
    return n;
  }

  nextNode(): Node | null {
    if (this.referenceNode !== this.root && !this.root.contains(this.referenceNode)) {
      this.referenceNode = this.before ?? this.root;
      this.pointerBeforeReferenceNode = false;
    }
    let node: Node | null = this.referenceNode;
    let beforeNode = this.pointerBeforeReferenceNode;
    for (;;) {
      if (beforeNode) beforeNode = false;
      else if (!(node = this.following(node))) return null;
      if (this.accepts(node)) {
        this.before = this.preceding(node);
        this.referenceNode = node;
        this.pointerBeforeReferenceNode = false;
        return node;
      }
    }
  }

  previousNode(): Node | null {
    throw new Error('StandardNodeIterator: previousNode is not implemented (DOMPurify walks forward only)');
  }

  detach(): void {}
}

function fixNodeIterator(): void {
  // On the class that defines it: the environment's global `Document` is not the class of happy-dom's documents.
  let owner = Object.getPrototypeOf(document) as object | null;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator')) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) return;
  Object.defineProperty(owner, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value(root: Node, whatToShow?: number, filter?: NodeFilter | null) {
      return new StandardNodeIterator(root, whatToShow, filter ?? null);
    },
  });
}

export function installHappyDomFixes(): void {
  fixBaseGetters();
  fixNodeIterator();
  const proto = Element.prototype;
  // innerHTML fixes the element's own content; outerHTML replaces the element, so its parent is fixed.
  for (const [name, scope] of [
    ['innerHTML', (el: Element) => el],
    ['outerHTML', (el: Element) => el.parentNode],
  ] as const) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    const set = descriptor?.set;
    if (!set || !descriptor.get) continue;
    Object.defineProperty(proto, name, {
      ...descriptor,
      set(this: Element, html: string) {
        const root = scope(this);
        set.call(this, html);
        if (root) fixSelects(root);
      },
    });
  }
  const adjacent = proto.insertAdjacentHTML;
  proto.insertAdjacentHTML = function (this: Element, position: InsertPosition, html: string) {
    adjacent.call(this, position, html);
    fixSelects(this.parentNode ?? this);
  };
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (this: DOMParser, text: string, type: DOMParserSupportedType) {
    const doc = parse.call(this, text, type);
    fixSelects(doc);
    return doc;
  } as typeof DOMParser.prototype.parseFromString;
}
