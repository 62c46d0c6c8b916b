import { consentGate } from './consent-gate';

/**
 * What mini-cart and header-count fragments print (WooCommerce's classic mini-cart, Storefront's, Avada's): such
 * markup cannot run, navigate to a script or load from a host waiting for consent, so it needs no sanitizer, and
 * the sanitizer's bytes stay off the page. Anything beyond it goes through the sanitizer (src/cart/swap.ts).
 */
const TAGS = /^(?:a|abbr|b|bdi|br|del|div|em|i|img|ins|li|p|small|span|strong|sup|ul)$/;
const ATTRIBUTES = /^(?:class|id|title|role|alt|width|height|loading|decoding|fetchpriority|sizes|translate|aria-[\w-]+|data-[\w-]+)$/;

/** An http(s) URL as the browser's own parser reads it (tabs and controls stripped); one that loads must not wait for consent. */
function httpUrl(value: string, loads: boolean): boolean {
  try {
    const url = new URL(value.trim(), document.baseURI);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !(loads && consentGate(url.href));
  } catch {
    return false;
  }
}

function plainAttribute(name: string, value: string): boolean {
  if (ATTRIBUTES.test(name)) return true;
  if (name === 'href' || name === 'src') return httpUrl(value, name === 'src');
  return name === 'srcset' && value.split(',').every((c) => httpUrl(c.trim().split(/\s+/)[0] ?? '', true));
}

/** Every element of the parsed (inert) markup is one of those tags, with those attributes only. */
export function plainMarkup(root: ParentNode): boolean {
  for (const el of root.querySelectorAll('*')) {
    if (!TAGS.test(el.localName)) return false;
    for (const { name, value } of el.attributes) if (!plainAttribute(name, value)) return false;
  }
  return true;
}
