import type { Variation } from './logic';

/**
 * The variation's markup for `.single_variation`: the theme's template (`tmpl-variation-template`, or
 * `tmpl-unavailable-variation-template` for a hidden variation) in its two supported forms, `{{{ data.variation.KEY }}}`
 * (raw) and `{{ data.variation.KEY }}` (HTML-escaped), else WooCommerce's default markup. No DOM but the template
 * lookup. Loaded with display.ts: nothing renders a variation's markup before a variation is shown.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

// Keys as WooCommerce's own replacer reads them (`[\w-]`: filters may add hyphenated keys), plus nested paths.
const PLACEHOLDER = /\{\{(\{?)\s*data\.variation\.([\w-]+(?:\.[\w-]+)*)\s*(\}?)\}\}/g;

function lookup(variation: Variation, path: string): string {
  let value: unknown = variation;
  for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
  if (value === undefined || value === null || value === false) return '';
  return typeof value === 'object' ? '' : String(value);
}

/**
 * Render a theme's template. Returns undefined when the template uses anything beyond the two supported forms
 * (`<# … #>` logic or other expressions need an eval engine, which we never run).
 */
export function renderTemplate(template: string, variation: Variation): string | undefined {
  let unsupported = false;
  const out = template.replace(PLACEHOLDER, (whole, open: string, path: string, close: string) => {
    if (Boolean(open) !== Boolean(close)) {
      unsupported = true;
      return whole;
    }
    const value = lookup(variation, path);
    return open ? value : escapeHtml(value);
  });
  if (unsupported || /\{\{|<#/.test(out)) return undefined;
  // WordPress wraps inline scripts in CDATA markers that templates sometimes carry along.
  return out.replace('/*<![CDATA[*/', '').replace('/*]]>*/', '');
}

/** The markup WooCommerce's default template prints, used when a theme's template is missing or unsupported. */
export function builtInVariationHtml(variation: Variation): string {
  return (
    `<div class="woocommerce-variation-description">${lookup(variation, 'variation_description')}</div>` +
    `<div class="woocommerce-variation-price">${lookup(variation, 'price_html')}</div>` +
    `<div class="woocommerce-variation-availability">${lookup(variation, 'availability_html')}</div>`
  );
}

export function builtInUnavailableHtml(text: string): string {
  return `<p role="alert">${escapeHtml(text)}</p>`;
}

/** The markup for a variation: its template rendered, or the built-in one with one warning naming the template. */
export function variationHtml(variation: Variation, unavailableText: string, warn: (field: string, message: string) => void): string {
  const visible = variation.variation_is_visible !== false;
  const id = visible ? 'tmpl-variation-template' : 'tmpl-unavailable-variation-template';
  const fallback = () => (visible ? builtInVariationHtml(variation) : builtInUnavailableHtml(unavailableText));
  const template = document.getElementById(id);
  if (!template) {
    warn(id, 'template not found; using the built-in markup');
    return fallback();
  }
  const html = renderTemplate(template.textContent ?? '', variation);
  if (html === undefined) {
    // The contract's one warning for both cases (§6): a template we cannot use is a template not found.
    warn(
      id,
      'template not found in a supported form (it uses syntax other than {{{ data.variation.KEY }}} and {{ data.variation.KEY }}, which needs an eval engine); using the built-in markup',
    );
    return fallback();
  }
  return html;
}
