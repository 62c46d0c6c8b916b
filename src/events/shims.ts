import { pageJQuery, type JQueryCollection } from './jquery';

/**
 * The jQuery plugins themes call on WooCommerce's behalf: `$.fn.wc_variation_form()` (a quick view runs it on the
 * form it injected) and `$.fn.wc_product_gallery(params)`. They are installed when the runtime starts, not when a
 * widget's chunk first loads: a quick view on a shop page calls them before any product form was ever on the page,
 * and a missing plugin would be a TypeError in the theme's script. Each one mounts (or re-reads) our widget on the
 * elements it is called on; `$.scroll_to_notices` scrolls as WooCommerce's does. WooCommerce's own plugins, if
 * still enqueued, are left alone.
 */

/** Variation forms that are mounted: the plugin re-reads their data instead of mounting twice. */
export const liveVariationForms = new WeakMap<Element, { reload(): void }>();
/** Params handed to `$.fn.wc_product_gallery(params)`, per gallery element, for the gallery widget to read. */
export const galleryParams = new WeakMap<Element, unknown>();

const OURS = 'storefrontIslands';

function islands() {
  return window.StorefrontIslands;
}

function each(collection: JQueryCollection, fn: (el: Element) => void): void {
  for (let i = 0; i < collection.length; i++) {
    const el = collection[i];
    if (el instanceof Element) fn(el);
  }
}

const plugins: Record<string, (this: JQueryCollection, params?: unknown) => JQueryCollection> = {
  wc_variation_form() {
    each(this, (el) => {
      const live = liveVariationForms.get(el);
      if (live) live.reload();
      else islands()?.scan(el);
    });
    return this;
  },
  wc_product_gallery(params) {
    each(this, (el) => {
      if (params && typeof params === 'object') {
        galleryParams.set(el, params);
        // New params re-initialise, as WooCommerce's `new ProductGallery(this, params)` did.
        islands()?.unmount(el);
      }
      islands()?.scan(el);
    });
    return this;
  },
};

/**
 * `$.scroll_to_notices($el)`: WooCommerce's helper, called by themes and payment plugins on any page. The scrolling
 * code loads on the first call (it is a few hundred bytes, shared with the notices widget).
 */
function scrollToNoticesShim(target: unknown): void {
  const el = target instanceof Element ? target : (target as { 0?: unknown } | null | undefined)?.[0];
  if (el instanceof Element) void import('../dom/scroll-to').then((m) => m.scrollToNotices(el));
}

/** Install the plugins on the page's jQuery, if there is one; safe to call again (a jQuery loaded late). */
export function installJQueryShims(): void {
  const jq = pageJQuery();
  if (!jq) return;
  if (typeof jq.scroll_to_notices !== 'function') jq.scroll_to_notices = scrollToNoticesShim;
  for (const [name, plugin] of Object.entries(plugins)) {
    const existing = jq.fn[name] as Record<string, unknown> | undefined;
    if (existing && !existing[OURS]) continue; // WooCommerce's own script is still on the page
    (plugin as unknown as Record<string, unknown>)[OURS] = true;
    jq.fn[name] = plugin;
  }
}
