import { islandHost } from '../../src/host';
import { pageGlobal } from '../../src/config/globals';
import { fireLegacy, listenLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import type { Variation } from './logic';

const OWNER = 'variation-form';

/**
 * Per-variation galleries: `gallery_images_html` replaces the whole gallery; the default comes back on reset (or for
 * a variation without one) from the form's `wc-product-gallery-default-template`, `wc_variation_gallery_defaults
 * [product_id]`, or the gallery the page printed. The replaced gallery is unmounted while still in the page, so its
 * `wc-product-gallery-before-destroy` reaches document listeners once; the new one is scanned at once, and the
 * gallery widget fires `-before-init` / `-after-init` on it.
 */
export class GallerySwapper {
  private swapped = false;
  /** The gallery the page printed, kept while a variation's gallery is shown: the last fallback for the reset. */
  private printed: Element | undefined;
  constructor(
    private readonly form: HTMLFormElement,
    private readonly product: Element | null,
  ) {}

  /** True when the variation brought its own gallery (the single-image swap is then skipped). */
  show(variation: Variation | null): boolean {
    const html = typeof variation?.gallery_images_html === 'string' ? variation.gallery_images_html.trim() : '';
    if (html) {
      const fresh = parseGallery(html);
      if (!fresh) {
        warnOnce(
          OWNER,
          'gallery_images_html',
          "is not a .woocommerce-product-gallery; the current gallery stays and shows the variation's image",
        );
      } else if (this.replace(fresh)) {
        this.swapped = true;
        this.form.setAttribute('data-product_gallery_active', 'yes');
        this.form.setAttribute('current-image', variation?.image_id ? String(variation.image_id) : '');
        return true;
      }
    }
    if (this.swapped) this.restore();
    return false;
  }

  private restore(): void {
    const defaults = (window as unknown as { wc_variation_gallery_defaults?: Record<string, unknown> }).wc_variation_gallery_defaults;
    const template = this.form.querySelector('script.wc-product-gallery-default-template');
    const fromGlobal = defaults && typeof defaults === 'object' ? defaults[this.form.getAttribute('data-product_id') ?? ''] : undefined;
    let fresh: Element | undefined;
    if (template?.textContent?.trim()) {
      fresh = parseGallery(template.textContent);
      if (!fresh)
        warnOnce(
          OWNER,
          'wc-product-gallery-default-template',
          'is not a .woocommerce-product-gallery; using wc_variation_gallery_defaults or the gallery the page printed',
        );
    }
    if (!fresh && typeof fromGlobal === 'string' && fromGlobal.trim()) {
      fresh = parseGallery(fromGlobal);
      if (!fresh)
        warnOnce(OWNER, 'wc_variation_gallery_defaults', 'is not a .woocommerce-product-gallery; using the gallery the page printed');
    }
    fresh ??= this.printed;
    if (fresh) this.replace(fresh);
    this.swapped = false;
    this.form.removeAttribute('data-product_gallery_active');
    this.form.setAttribute('current-image', '');
  }

  private replace(fresh: Element): boolean {
    const current = this.product?.querySelector('.woocommerce-product-gallery');
    if (!current || current === fresh) return false;
    if (!this.swapped) this.printed = current;
    const host = islandHost();
    // The gallery widget says before-destroy itself when it unmounts; say it here only when nothing ran on it.
    let said = false;
    const off = listenLegacy(current, 'wc-product-gallery-before-destroy', () => (said = true));
    try {
      host?.unmount(current);
    } catch {
      /* the runtime reports its own failures */
    }
    off();
    // The element itself, as the gallery widget (and WooCommerce's `[this, params]`).
    if (!said)
      fireLegacy(current, 'wc-product-gallery-before-destroy', [current, pageGlobal('wc_single_product_params') ?? {}], OWNER, false);
    current.replaceWith(fresh);
    host?.scan(fresh);
    return true;
  }
}

/** The `.woocommerce-product-gallery` in server HTML (parsed inert: nothing runs or loads until inserted). */
function parseGallery(html: string): Element | undefined {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.querySelector('.woocommerce-product-gallery') ?? undefined;
}
