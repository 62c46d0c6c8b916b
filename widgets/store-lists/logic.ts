/** Pure rules of the product lists: no DOM. */

/**
 * Avada's product-filter fix, done right: every current query parameter whose key the link lacks is added,
 * encoded, never duplicated. The link keeps its own form (query-only, path-relative or absolute).
 */
export function mergeQuery(href: string, currentSearch: string, base: string): string {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return href;
  }
  const current = new URLSearchParams(currentSearch);
  const own = new Set(url.searchParams.keys());
  let changed = false;
  const seen = new Set<string>();
  for (const [key, value] of current) {
    if (own.has(key)) continue;
    const pair = `${key}\u0000${value}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    url.searchParams.append(key, value);
    changed = true;
  }
  if (!changed) return href;
  const trimmed = href.trim();
  if (trimmed.startsWith('?')) return `${url.search}${url.hash}`;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return `${url.pathname}${url.search}${url.hash}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return url.href;
  // A relative path ("page/2/?x"): keep it relative to the same directory.
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `title_style_type` ("double solid") → " sep-double sep-solid"; empty words dropped, unsafe characters removed. */
export function separatorClasses(styleType: string): string {
  return styleType
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9_-]/gi, ''))
    .filter(Boolean)
    .map((w) => ` sep-${w}`)
    .join('');
}

/** A heading level 1–6 from `related_products_heading_size` ("2", 3, "h3"); else the fallback. */
export function headingLevel(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim().replace(/^h/i, '')) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : fallback;
}
