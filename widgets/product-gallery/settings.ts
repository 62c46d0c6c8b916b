import { flag, num, pageGlobal, readSettings, str, type FieldSpec, type Spec } from '../../src/config/globals';
import { parseFlag } from '../../src/config/parse';

/**
 * `wc_single_product_params` as the gallery needs it. Top-level flags arrive as strings ("1"/""), nested
 * objects keep JSON types; `zoom_options` is `{}` or `[]` when empty. A missing global means WooCommerce's own
 * defaults (zoom, lightbox, slider and thumbnails on, no arrows), silently; a malformed one warns once per field.
 */
export interface GallerySettings {
  zoom: boolean;
  photoswipe: boolean;
  slider: boolean;
  triggerText: string;
  animationSpeed: number;
  animationLoop: boolean;
  allowOneSlide: boolean;
  smoothHeight: boolean;
  rtl: boolean;
  /** FlexSlider's previous/next arrows (WooCommerce prints `false`). */
  directionNav: boolean;
  /** The thumbnail strip: `'thumbnails'` (WooCommerce's), `true` (paging, drawn as the strip too) or `false` (none). */
  controlNav: boolean;
  /** `'fade'` cross-fades the shown slide in place of sliding. */
  fade: boolean;
  magnify: number;
  showAnimationDuration: number;
  hideAnimationDuration: number;
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const anyFlag = (fallback: boolean): FieldSpec<boolean> => ({ read: parseFlag, fallback, expected: 'a boolean' });

const TOP = {
  zoom_enabled: flag(true),
  photoswipe_enabled: flag(true),
  flexslider_enabled: flag(true),
  i18n_product_gallery_trigger_text: str('View full-screen image gallery'),
};

const FLEXSLIDER = {
  animation: {
    read: (v: unknown) => (v === 'slide' || v === 'fade' ? v : undefined),
    fallback: 'slide',
    expected: '"slide" or "fade"',
  } as FieldSpec<'slide' | 'fade'>,
  animationSpeed: num(500),
  animationLoop: anyFlag(false),
  allowOneSlide: anyFlag(false),
  smoothHeight: anyFlag(true),
  rtl: anyFlag(false),
  directionNav: anyFlag(false),
  controlNav: {
    read: (v: unknown) => (v === 'thumbnails' ? true : parseFlag(v)),
    fallback: true,
    expected: '"thumbnails" or a boolean',
  } as FieldSpec<boolean>,
};

const PHOTOSWIPE = {
  showAnimationDuration: num(0),
  hideAnimationDuration: num(0),
};

const ZOOM = { magnify: num(1) };

const OWNER = 'product-gallery';

/** Read the settings: the page global, or params handed to `$.fn.wc_product_gallery(params)`. */
export function readGallerySettings(raw: unknown = pageGlobal('wc_single_product_params')): GallerySettings {
  const top = readSettings(raw, TOP, OWNER, 'wc_single_product_params');
  const root = record(raw);
  const nested = <T>(key: string, spec: Spec<T>): T => {
    const value = root?.[key];
    // An empty PHP array prints as [] where an object is meant: treat it as empty, not malformed.
    const usable = Array.isArray(value) && value.length === 0 ? undefined : value;
    return readSettings<T>(usable, spec, OWNER, `wc_single_product_params.${key}`);
  };
  const flex = nested<{ [K in keyof typeof FLEXSLIDER]: (typeof FLEXSLIDER)[K]['fallback'] }>('flexslider', FLEXSLIDER);
  const pswp = nested<{ showAnimationDuration: number; hideAnimationDuration: number }>('photoswipe_options', PHOTOSWIPE);
  const zoom = nested<{ magnify: number }>('zoom_options', ZOOM);
  return {
    zoom: top.zoom_enabled,
    photoswipe: top.photoswipe_enabled,
    slider: top.flexslider_enabled,
    triggerText: top.i18n_product_gallery_trigger_text.trim() || 'View full-screen image gallery',
    animationSpeed: Math.max(0, flex.animationSpeed),
    animationLoop: flex.animationLoop,
    allowOneSlide: flex.allowOneSlide,
    smoothHeight: flex.smoothHeight,
    rtl: flex.rtl,
    directionNav: flex.directionNav,
    controlNav: flex.controlNav,
    fade: flex.animation === 'fade',
    magnify: zoom.magnify > 0 && zoom.magnify <= 5 ? zoom.magnify : 1,
    showAnimationDuration: Math.max(0, pswp.showAnimationDuration),
    hideAnimationDuration: Math.max(0, pswp.hideAnimationDuration),
  };
}
