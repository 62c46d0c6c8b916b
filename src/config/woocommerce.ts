import { pageGlobal } from './globals';
import { parseString } from './parse';

const ENDPOINT_PLACEHOLDER = '%%endpoint%%';

/**
 * The wc-ajax URL for an endpoint, from the first WooCommerce global on the page that carries `wc_ajax_url`.
 * The template is replaced literally, never rebuilt: sub-directory and multilingual installs put it anywhere.
 */
export function wcAjaxUrl(endpoint: string, template = findWcAjaxTemplate()): string {
  return template.replace(ENDPOINT_PLACEHOLDER, encodeURIComponent(endpoint));
}

const TEMPLATE_SOURCES = [
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'woocommerce_params',
  'wc_add_to_cart_variation_params',
  'wc_cart_params',
  'wc_checkout_params',
];

export function findWcAjaxTemplate(): string {
  for (const name of TEMPLATE_SOURCES) {
    const g = pageGlobal(name);
    if (g && typeof g === 'object') {
      const t = parseString((g as Record<string, unknown>).wc_ajax_url);
      if (t && t.includes(ENDPOINT_PLACEHOLDER)) return t;
    }
  }
  return `/?wc-ajax=${ENDPOINT_PLACEHOLDER}`;
}

/** admin-ajax.php from the page globals, or WordPress's default path. */
export function adminAjaxUrl(): string {
  for (const name of ['avadaLiveSearchVars', 'avadaWooCommerceVars', 'woocommerce_params', 'wc_add_to_cart_params']) {
    const g = pageGlobal(name);
    if (g && typeof g === 'object') {
      const r = g as Record<string, unknown>;
      const url = parseString(r.ajaxurl) ?? parseString(r.ajax_url);
      if (url) return url;
    }
  }
  return '/wp-admin/admin-ajax.php';
}
