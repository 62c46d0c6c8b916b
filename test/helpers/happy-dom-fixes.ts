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
 * tests; DOMPurify's attribute pass still does not act under happy-dom, so the sanitizer's own rules are tested in
 * Chromium (test/e2e/lightbox.e2e.ts, quick-view.e2e.ts).
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

export function installHappyDomFixes(): void {
  fixBaseGetters();
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
