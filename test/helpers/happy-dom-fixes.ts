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

export function installHappyDomFixes(): void {
  const proto = Element.prototype;
  // innerHTML fixes the element's own content; outerHTML replaces the element, so its parent is fixed.
  for (const [name, scope] of [['innerHTML', (el: Element) => el], ['outerHTML', (el: Element) => el.parentNode]] as const) {
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
