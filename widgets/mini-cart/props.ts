/** The mini-cart view's rules: the server's markup as React props. Pure; only the view (MiniCart.tsx) loads it. */

/** The server's markup as data: what the view renders back, element for element. */
export type MarkupNode = string | { tag: string; attrs: readonly (readonly [string, string])[]; children: readonly MarkupNode[] };

const RENAMED: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  'xlink:href': 'xlinkHref',
  'accept-charset': 'acceptCharset',
  'http-equiv': 'httpEquiv',
};
const BOOLEAN = new Set([
  'hidden',
  'disabled',
  'checked',
  'selected',
  'readonly',
  'multiple',
  'required',
  'autofocus',
  'open',
  'novalidate',
  'inert',
  'itemscope',
  'reversed',
  'default',
  'nomodule',
  'async',
  'defer',
  'playsinline',
  'muted',
  'loop',
  'controls',
]);
const FORM_VALUES = new Set(['input', 'textarea', 'select']);

/**
 * A server element's attributes as the props that make React print the same attributes. Inline handlers and
 * style attributes are dropped: the page's CSP blocks both in the server's own markup, so the view does not
 * bring them to life either. Form values become defaults (the view must not own what a shopper types).
 */
export function propsOf(tag: string, attrs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [raw, value] of attrs) {
    const name = raw.toLowerCase();
    if (name.startsWith('on') || name === 'style') continue;
    if (FORM_VALUES.has(tag) && name === 'value') props.defaultValue = value;
    else if (tag === 'input' && name === 'checked') props.defaultChecked = true;
    else if (BOOLEAN.has(name)) props[RENAMED[name] ?? name] = true;
    else props[RENAMED[name] ?? (name.startsWith('data-') || name.startsWith('aria-') ? name : raw)] = value;
  }
  return props;
}
