/**
 * Selectors built from values the server or the markup hands us (Contact Form 7 field names from `invalid_fields`,
 * ids, image URLs from variation JSON). A newline, a quote, a backslash or a NUL in such a value makes
 * `querySelector` throw a SyntaxError in a browser, and whatever came after it (the error message, focus) never
 * happens. Both go through `CSS.escape`; the fallback does the same for browsers without it.
 */
export function cssEscape(value: string): string {
  if (typeof CSS !== 'undefined' && typeof CSS.escape === 'function') return CSS.escape(value);
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code === 0) out += '\uFFFD';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(16)} `;
    else if (code >= 0x80 || /[\w-]/.test(char)) out += char;
    else out += `\\${char}`;
  }
  // An identifier may not start with a digit (or a hyphen and a digit): escape that digit.
  return out.replace(/^(-?)(\d)/, (_, dash: string, digit: string) => `${dash}\\3${digit} `);
}

/** A value as a quoted CSS string, for attribute selectors: `[name=${cssString(name)}]`. */
export function cssString(value: string): string {
  return `"${cssEscape(value)}"`;
}
