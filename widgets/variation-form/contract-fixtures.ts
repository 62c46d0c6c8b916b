/**
 * Variation-form markup built exactly as WooCommerce 11.0 (and 9.x overrides) print it, for the contract tests:
 * every variant the contract lists (§3.3), so each test states only what differs.
 */

export interface Attr {
  /** Sanitized attribute name without the `attribute_` prefix: `pa_size`, `lining`. */
  name: string;
  label: string;
  options: [value: string, text: string][];
  selected?: string;
  /** Print `data-attribute_name` (true) or only `name` (older overrides). */
  dataAttributeName?: boolean;
  showOptionNone?: 'yes' | 'no';
  /** Avada swatches inside `.avada-select-wrapper`. */
  swatches?: 'color' | 'button' | 'image';
}

export interface FormOptions {
  productId?: number;
  variations?: unknown[] | 'false' | string;
  lazy?: boolean;
  reset?: 'a' | 'button' | 'both' | 'none';
  templates?: 'default' | 'none' | { variation?: string; unavailable?: string };
  customData?: string;
  quantity?: string;
  productClass?: string;
  extraProduct?: string;
}

/** WordPress prints attribute JSON escaped with esc_attr. */
export function escAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const esc = escAttr;

export function variation(id: number, attributes: Record<string, string>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attributes,
    availability_html: '<p class="stock in-stock">5 in stock</p>',
    backorders_allowed: false,
    dimensions: { length: '', width: '', height: '' },
    dimensions_html: 'N/A',
    display_price: id,
    display_regular_price: id,
    image: { title: '', caption: '', url: '', alt: '', src: '', srcset: false, sizes: false },
    image_id: 0,
    is_downloadable: false,
    is_in_stock: true,
    is_purchasable: true,
    is_sold_individually: 'no',
    is_virtual: false,
    max_qty: '',
    min_qty: 1,
    price_html: `<span class="price"><span class="woocommerce-Price-amount amount"><bdi>${id}.00</bdi></span></span>`,
    sku: `SKU-${id}`,
    variation_description: `<p>Variation ${id}</p>\n`,
    variation_id: id,
    variation_is_active: true,
    variation_is_visible: true,
    weight: '',
    weight_html: 'N/A',
    gallery_image_ids: [],
    gallery_images_html: '',
    ...extra,
  };
}

function swatchHtml(kind: NonNullable<Attr['swatches']>, value: string, text: string, selected: boolean): string {
  const checked = selected ? ' data-checked="true" ' : '';
  if (kind === 'color')
    return `<a href="#" class="avada-color-select" role="button" tabindex="0" aria-label="${esc(text)}" title="${esc(text)}" data-value="${esc(value)}"${checked}><span style="background-color: #ccc"></span></a>`;
  if (kind === 'image')
    return `<a href="#" class="avada-image-select" role="button" tabindex="0" aria-label="${esc(text)}" title="${esc(text)}" data-value="${esc(value)}"${checked}><img src="/x.jpg" alt=""></a>`;
  return `<a href="#" class="avada-button-select" role="button" tabindex="0" aria-label="${esc(text)}" title="${esc(text)}" data-value="${esc(value)}"${checked}>${esc(text)}</a>`;
}

function selectHtml(a: Attr): string {
  const dataName = a.dataAttributeName === false ? '' : ` data-attribute_name="attribute_${a.name}"`;
  const options = a.options
    .map(
      ([v, t]) => `<option value="${esc(v)}" class="attached enabled"${a.selected === v ? ' selected="selected"' : ''}>${esc(t)}</option>`,
    )
    .join('');
  const select = `<select id="${a.name}" class="" name="attribute_${a.name}"${dataName} data-show_option_none="${a.showOptionNone ?? 'yes'}"><option value="">Choose an option</option>${options}</select>`;
  if (!a.swatches) return select;
  return `<div class="avada-select-wrapper" data-type="${a.swatches}">${select}${a.options.map(([v, t]) => swatchHtml(a.swatches!, v, t, a.selected === v)).join('')}</div>`;
}

export const DEFAULT_TEMPLATES = `<script type="text/template" id="tmpl-variation-template">
  <div class="woocommerce-variation-description">{{{ data.variation.variation_description }}}</div>
  <div class="woocommerce-variation-price">{{{ data.variation.price_html }}}</div>
  <div class="woocommerce-variation-availability">{{{ data.variation.availability_html }}}</div>
</script>
<script type="text/template" id="tmpl-unavailable-variation-template">
  <p role="alert">Sorry, this product is unavailable. Please choose a different combination.</p>
</script>`;

export function variationForm(attrs: Attr[], o: FormOptions = {}): string {
  const id = o.productId ?? 512;
  const data = o.variations === undefined ? '[]' : typeof o.variations === 'string' ? o.variations : JSON.stringify(o.variations);
  const reset = o.reset ?? 'a';
  const rows = attrs
    .map((a, i) => {
      const last = i === attrs.length - 1;
      const link =
        last && (reset === 'a' || reset === 'both') ? '<a class="reset_variations" href="#" aria-label="Clear options">Clear</a>' : '';
      return `<tr><th class="label"><label for="${a.name}">${esc(a.label)}</label></th><td class="value">${selectHtml(a)}${link}</td></tr>`;
    })
    .join('');
  const extraRow =
    reset === 'button' || reset === 'both'
      ? '<tr><td colspan="2"><button class="reset_variations wp-element-button" aria-label="Clear options">Clear</button></td></tr>'
      : '';
  const templates =
    o.templates === 'none'
      ? ''
      : o.templates === undefined || o.templates === 'default'
        ? DEFAULT_TEMPLATES
        : [
            o.templates.variation === undefined
              ? ''
              : `<script type="text/template" id="tmpl-variation-template">${o.templates.variation}</script>`,
            o.templates.unavailable === undefined
              ? ''
              : `<script type="text/template" id="tmpl-unavailable-variation-template">${o.templates.unavailable}</script>`,
          ].join('');
  const qty =
    o.quantity ??
    `<div class="quantity"><label class="screen-reader-text" for="quantity_1">Rain jacket quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" max="" step="1" placeholder="" inputmode="numeric" autocomplete="off"></div>`;
  const lazyAttr = o.lazy ? ' data-product_variations_lazy="true"' : '';
  const custom = o.customData === undefined ? '' : ` data-custom_data="${esc(o.customData)}"`;
  return `<div id="product-${id}" class="product type-product post-${id} product-type-variable ${o.productClass ?? ''}">
  <div class="woocommerce-product-gallery woocommerce-product-gallery--with-images images" data-columns="4">
    <div class="woocommerce-product-gallery__wrapper"><div data-thumb="/wp-content/uploads/jacket-100x100.jpg" class="woocommerce-product-gallery__image"><a href="/wp-content/uploads/jacket.jpg"><img width="600" height="720" src="/wp-content/uploads/jacket-600x720.jpg" class="wp-post-image" alt="Rain jacket" title="jacket" data-caption="" data-src="/wp-content/uploads/jacket.jpg" data-large_image="/wp-content/uploads/jacket.jpg" data-large_image_width="1500" data-large_image_height="1800"></a></div></div>
  </div>
  <div class="summary entry-summary"><h1 class="product_title entry-title">Rain jacket</h1><p class="price">from 60.00</p>
  <form class="variations_form cart" action="/product/rain-jacket/" method="post" enctype="multipart/form-data" data-product_id="${id}" data-product_variations="${esc(data)}"${lazyAttr}${custom}>
    <table class="variations" cellspacing="0" role="presentation"><tbody>${rows}${extraRow}</tbody></table>
    <div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>
    <div class="single_variation_wrap">
      <div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>
      <div class="woocommerce-variation-add-to-cart variations_button">
        ${qty}
        <button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
        <input type="hidden" name="add-to-cart" value="${id}"><input type="hidden" name="product_id" value="${id}">
        <input type="hidden" name="variation_id" class="variation_id" value="0">
      </div>
    </div>
  </form>
  <div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">JKT</span></span></div>
  </div>${o.extraProduct ?? ''}
</div>${templates}`;
}

export const SIZE: Attr = {
  name: 'pa_size',
  label: 'Size',
  options: [
    ['s', 'S'],
    ['m', 'M'],
    ['l', 'L'],
  ],
};
export const LINING: Attr = {
  name: 'lining',
  label: 'Lining',
  options: [
    ['Fleece', 'Fleece'],
    ['Cotton & silk', 'Cotton & silk'],
  ],
};
