import { defineWidget } from '../../src/widget';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { avadaBehaviours } from '../../src/theme/theme';
import { listenLegacy } from '../../src/events/bus';
import { attachIsland } from '../../src/react/island';
import { chosenSummary, exposure, mirrorButton, priceHtmlFor } from './logic';
import { StickyBar, type StickyBarButton, type StickyBarProps } from './StickyBar';

/**
 * The sticky add-to-cart bar (theme.md §10; markup not established, so ours is the interface):
 *
 * ```html
 * <div class="sf-sticky-atc" role="region" aria-label="{real button text}">
 *   <div class="sf-sticky-atc__inner">
 *     <p class="sf-sticky-atc__title">{product title}</p>
 *     <p class="sf-sticky-atc__choice">{chosen options}</p>
 *     <div class="sf-sticky-atc__price price">{price html}</div>
 *     <button type="button" class="sf-sticky-atc__button button alt">{real button text}</button>
 *   </div>
 * </div>
 * ```
 *
 * The bar's button clicks the page's real add-to-cart button, so the real form submits (or the variation
 * form blocks it and explains) exactly as a click there would. One bar per page, for the main product form.
 * The bar is a React island (StickyBar.tsx) in a host of its own at the end of the body; this plain code reads
 * the page (the real button, the form's choices, scrolling) and hands the view its state.
 */
const CSS = `
.sf-sticky-atc{position:fixed;left:0;right:0;bottom:0;z-index:9990;background:#fff;color:#222;box-shadow:0 -2px 8px rgba(0,0,0,.15)}
.sf-sticky-atc[hidden]{display:none}
.sf-sticky-atc__inner{display:flex;align-items:center;gap:12px;max-width:1180px;margin:0 auto;padding:8px 16px}
.sf-sticky-atc__title{flex:1 1 auto;min-width:0;margin:0;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.sf-sticky-atc__choice{margin:0;font-size:.875em;white-space:nowrap}
.sf-sticky-atc__choice:empty{display:none}
.sf-sticky-atc__price{margin:0;white-space:nowrap}
.sf-sticky-atc__price del{color:#595959;margin-right:.25em}
.sf-sticky-atc__button{flex:0 0 auto;white-space:nowrap}
.sf-sticky-atc__button.disabled{opacity:.5;cursor:not-allowed}
@media (prefers-reduced-motion: no-preference){.sf-sticky-atc:not([hidden]){animation:sf-sticky-in .2s ease-out}}
@keyframes sf-sticky-in{from{transform:translateY(100%)}to{transform:none}}
`;

const NAME = 'sticky-add-to-cart';
const REAL_BUTTON = '.single_add_to_cart_button';
const MIRRORED_CLASSES = ['disabled', 'wc-variation-selection-needed', 'wc-variation-is-unavailable', 'loading', 'added'];

/** Sticky add-to-cart bars themes print themselves: with one on the page, ours is not added (Storefront 4.6). */
const THEME_BARS = 'section.storefront-sticky-add-to-cart';

let activeBar: HTMLElement | undefined;

/** What the bar mirrors, read from the page: the product, the real button, the form's choices. */
function readPage(form: HTMLFormElement, real: HTMLElement, scope: Element) {
  const title = scope.querySelector('.product_title')?.textContent?.replace(/\s+/g, ' ').trim() || document.title;
  const productPrice = scope.querySelector('.summary .price, p.price');
  const productPriceHtml = productPrice && !form.contains(productPrice) ? productPrice.innerHTML : '';

  const readButton = (): StickyBarButton => ({
    ...mirrorButton({
      classes: [...real.classList],
      disabledAttribute: real instanceof HTMLButtonElement && real.disabled,
      ariaDisabled: real.getAttribute('aria-disabled'),
      text: real.textContent ?? '',
    }),
    classes: MIRRORED_CLASSES.filter((c) => real.classList.contains(c)),
    // The variation form ties its explanation to the real button; the bar's button explains the same way.
    describedBy: real.getAttribute('aria-describedby'),
  });
  // The bar loads on the first scroll: a variation shown before (default attributes, a choice made at the top)
  // fired its show_variation unheard. Its price is in the form's variation template then.
  const shownPriceHtml = () => {
    const id = form.querySelector<HTMLInputElement>('input.variation_id, input[name="variation_id"]')?.value ?? '';
    const price = id && id !== '0' ? form.querySelector('.single_variation .woocommerce-variation-price')?.innerHTML.trim() : '';
    return price || productPriceHtml;
  };
  const readChoice = () => {
    const selects = [...form.querySelectorAll<HTMLSelectElement>('select[name^="attribute_"], select[data-attribute_name]')];
    return chosenSummary(selects.map((s) => ({ value: s.value, label: s.value ? (s.selectedOptions[0]?.textContent ?? '') : '' })));
  };
  return { title, productPriceHtml, readButton, shownPriceHtml, readChoice };
}

export default defineWidget({
  mount(element, ctx) {
    const form = element as HTMLFormElement;
    // The bar is Avada's (theme.md §10), and it never doubles a bar the theme printed.
    if (!avadaBehaviours() || document.querySelector(THEME_BARS)) return;
    // Quick views and dialogs carry their own form: the bar belongs to the page's main product only.
    if (activeBar?.isConnected || form.closest('dialog, .fusion-woocommerce-quick-view-container, .quick-view')) return;
    const real = form.querySelector<HTMLElement>(REAL_BUTTON);
    if (!real) return;
    const scope = form.closest('.product') ?? document.body;

    adoptStyles('sticky-add-to-cart', CSS);
    const { title, productPriceHtml, readButton, shownPriceHtml, readChoice } = readPage(form, real, scope);

    // The bar has a host of its own: React owns what it renders, the body keeps the theme's nodes.
    const host = document.createElement('div');
    host.className = 'sf-sticky-atc-host';
    document.body.append(host);
    activeBar = host;
    ctx.onCleanup(() => {
      host.remove();
      if (activeBar === host) activeBar = undefined;
    });

    const onActivate = () => {
      const blocked = real.getAttribute('aria-disabled') === 'true' || real.classList.contains('disabled');
      // A click on the real button: the form submits with it as the submitter, or the variation form blocks
      // it and shows why.
      real.click();
      if (blocked) {
        const firstEmpty = [...form.querySelectorAll<HTMLSelectElement>('select')].find((s) => s.value === '');
        const target = firstEmpty ?? real;
        target.scrollIntoView({ block: 'center', behavior: env().prefersReducedMotion() ? 'auto' : 'smooth' });
        target.focus({ preventScroll: true });
      }
    };
    // Rendered at once (flush): theme code and the tests read the bar right after the change it mirrors.
    const view = attachIsland<StickyBarProps>(
      NAME,
      host,
      StickyBar,
      { title, priceHtml: shownPriceHtml(), choice: readChoice(), button: readButton(), exposure: undefined, onActivate },
      ctx,
    );
    const set = (patch: Partial<StickyBarProps>) => view.flush((props) => ({ ...props, ...patch }));

    // ---- the real button's state ----
    const syncButton = () => set({ button: readButton() });
    if (typeof MutationObserver === 'function') {
      const mo = new MutationObserver(syncButton);
      mo.observe(real, {
        attributes: true,
        attributeFilter: ['class', 'disabled', 'aria-disabled', 'aria-describedby'],
        childList: true,
        characterData: true,
        subtree: true,
      });
      ctx.onCleanup(() => mo.disconnect());
    }

    // ---- the chosen variation ----
    listenLegacy(form, 'change', () => set({ choice: readChoice() }), ctx.signal);
    listenLegacy(
      form,
      'show_variation',
      ([variation]) => set({ priceHtml: priceHtmlFor(variation, productPriceHtml), choice: readChoice(), button: readButton() }),
      ctx.signal,
    );
    for (const name of ['hide_variation', 'reset_data']) {
      listenLegacy(form, name, () => set({ priceHtml: productPriceHtml, choice: readChoice(), button: readButton() }), ctx.signal);
    }

    // ---- visibility ----
    let realInView = false;
    const apply = () => {
      const next = exposure(window.scrollY, realInView);
      if (next === view.props.exposure) return;
      const focusWasInBar = host.contains(document.activeElement);
      set({ exposure: next });
      // Never strand keyboard focus in a bar that has just been hidden: the real button is the same control.
      if (focusWasInBar && next !== 'exposed') real.focus({ preventScroll: true });
    };
    let queued = false;
    const onScroll = () => {
      if (queued) return;
      queued = true;
      env().frame(() => {
        queued = false;
        apply();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true, signal: ctx.signal });
    ctx.onCleanup(
      env().intersecting(real, (inView) => {
        realInView = inView;
        apply();
      }),
    );
    // The first state on the next frame, where the page is laid out anyway: reading scrollY during mount would
    // force that layout inside our task (~20 ms at 4x throttling on a large product page). Hidden until then.
    onScroll();
  },
});
