const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  laquo: '\u00ab',
  raquo: '\u00bb',
  times: '\u00d7',
  deg: '\u00b0',
  frac12: '\u00bd',
  reg: '\u00ae',
  trade: '\u2122',
  copy: '\u00a9',
};

/** Any other named reference (`&eacute;`), through a textarea (its content is text: no element, no markup runs). */
function named(name: string): string | undefined {
  try {
    const area = document.createElement('textarea');
    area.innerHTML = `&${name};`;
    return area.value === `&${name};` ? undefined : area.value;
  } catch {
    // No DOM (a worker), or Trusted Types refuse the assignment.
    return undefined;
  }
}

/**
 * Text WordPress encodes for HTML (titles, attribute values) back to plain text: numeric entities and the named
 * ones WordPress emits without a DOM, any other named one through the browser's own table. Unknown names stay as
 * written, so nothing is lost.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? named(body) ?? whole;
  });
}
