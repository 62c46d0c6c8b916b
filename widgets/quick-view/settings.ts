import { num, readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { parseNumber } from '../../src/config/parse';
import { warnOnce } from '../../src/log';
import { sameOriginUrl } from '../../src/net/url';
import { cssColour, lightCloseButton, scriptVar } from './logic';

export const NAME = 'quick-view';
const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';

export interface Settings {
  ajaxUrl: string;
  background: string | undefined;
  light: boolean;
  titleMax: number | undefined;
  nonce: string;
  containerClass: string;
  overlayClass: string;
}

/** A size in pixels: a number, or a numeric string with or without `px` (Avada reads it with parseFloat). */
const pixels = (fallback: number): FieldSpec<number> => ({
  read: (value) =>
    parseNumber(value) ?? (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*px\s*$/i.test(value) ? Number.parseFloat(value) : undefined),
  fallback,
  expected: 'a size in px',
});

/** The page globals and the printed container, read once, at the boundary. */
export function readSettings(container: Element | null): Settings {
  const vars = readGlobal(
    'avadaWooCommerceVars',
    {
      ajaxurl: str(''),
      shop_page_bg_color: str(''),
      shop_page_bg_color_lightness: num(Number.NaN),
      post_title_font_size: pixels(Number.NaN),
    },
    NAME,
  );
  let ajaxUrl = DEFAULT_AJAX_URL;
  if (vars.ajaxurl) {
    // HTML from this endpoint is inserted into the page: only the site's own.
    const url = sameOriginUrl(vars.ajaxurl);
    if (url) ajaxUrl = url.href;
    else
      warnOnce(
        NAME,
        'avadaWooCommerceVars.ajaxurl',
        `${JSON.stringify(vars.ajaxurl)} is not an http(s) URL of this site; using ${DEFAULT_AJAX_URL}`,
      );
  }
  const colour = vars.shop_page_bg_color.trim();
  const background = cssColour(colour);
  if (colour && !background)
    warnOnce(NAME, 'avadaWooCommerceVars.shop_page_bg_color', `${JSON.stringify(colour)} is not a colour; using the theme's`);
  const lightness = vars.shop_page_bg_color_lightness;
  const titleMax = vars.post_title_font_size > 0 ? vars.post_title_font_size : undefined;

  let nonce = '';
  for (const script of container?.querySelectorAll('script') ?? []) nonce ||= scriptVar(script.textContent ?? '', 'quickViewNonce') ?? '';
  if (!nonce) {
    const global = (globalThis as { quickViewNonce?: unknown }).quickViewNonce;
    if (typeof global === 'string') nonce = global;
  }
  if (!nonce) warnOnce(NAME, 'quickViewNonce', 'missing from the quick view container; the shop will refuse the request');

  return {
    ajaxUrl,
    background,
    light: lightCloseButton(Number.isFinite(lightness) ? lightness : undefined),
    titleMax,
    nonce,
    containerClass: container?.className.trim() || 'fusion-woocommerce-quick-view-container quick-view woocommerce',
    overlayClass:
      document.querySelector('.fusion-woocommerce-quick-view-overlay')?.className.trim() || 'fusion-woocommerce-quick-view-overlay',
  };
}
