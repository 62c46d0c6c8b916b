/**
 * The one check for URLs taken from JSON, data attributes or page globals before they reach `href`, `src`,
 * `location` or `fetch`. Only `http:` and `https:` survive: `javascript:`, `data:`, `vbscript:` and relative
 * input that resolves to one (leading controls, mixed case, tabs inside the scheme) are refused, because the
 * URL parser itself decides the scheme, not a pattern of ours.
 */
export function httpUrl(value: unknown, base: string = location.href): URL | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(value.trim(), base);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
}

/** An http(s) URL on the same origin as `base` (the page), else null. For cart redirects and links we rebuild. */
export function sameOriginUrl(value: unknown, base: string = location.href): URL | null {
  const parsed = httpUrl(value, base);
  if (!parsed) return null;
  try {
    return parsed.origin === new URL(base).origin ? parsed : null;
  } catch {
    return null;
  }
}
