import { defineWidget, type WidgetContext } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { parseString } from '../../src/config/parse';
import { env } from '../../src/env';
import { avadaBehaviours } from '../../src/theme/theme';
import { listenLegacy } from '../../src/events/bus';
import { headingLevel, mergeQuery, separatorClasses } from './logic';

const RESULT_COUNT_DELAY = 2000;

function ordering(form: Element, { signal }: WidgetContext): void {
  // Through the page's jQuery when there is one (it also sees native changes): an enhanced select (select2,
  // selectWoo) or a theme's `.val(x).trigger('change')` reaches jQuery handlers only.
  listenLegacy(
    form,
    'change',
    (_args, _event, select) => {
      if (!(select instanceof HTMLSelectElement) || !select.matches('select.orderby') || !form.contains(select)) return;
      const owner = select.form ?? (form instanceof HTMLFormElement ? form : null);
      if (!owner) return;
      // requestSubmit fires `submit`, so theme and plugin handlers still see it.
      if (typeof owner.requestSubmit === 'function') owner.requestSubmit();
      else owner.submit();
    },
    signal,
    'store-lists',
  );
}

/** With a query string (sorted or filtered), the count is said again 2 s after load. */
function resultCount(count: Element, ctx: WidgetContext): void {
  if (!location.search) return;
  ctx.timeout(() => {
    count.setAttribute('role', 'alert');
    const nodes = [...count.childNodes];
    count.replaceChildren();
    env().frame(() => count.replaceChildren(...nodes));
  }, RESULT_COUNT_DELAY);
}

function catalogOrdering(box: Element, ctx: WidgetContext): void {
  listenLegacy(
    window,
    'wcpf_after_ajax_filtering',
    () => {
      for (const link of box.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        const href = link.getAttribute('href') ?? '';
        const merged = mergeQuery(href, location.search, location.href);
        if (merged !== href) link.setAttribute('href', merged);
      }
    },
    ctx.signal,
  );
}

function avadaVar(name: string): unknown {
  const vars = pageGlobal('avadaWooCommerceVars');
  return vars && typeof vars === 'object' ? (vars as Record<string, unknown>)[name] : undefined;
}

/** Avada's list heading: the same text in its title element, built in one replacement (no reflow in between). */
function heading(h2: Element, ctx: WidgetContext): void {
  const upsells = !!h2.parentElement?.matches('.upsells.products');
  const rawStyle = avadaVar('title_style_type');
  const styleType = parseString(rawStyle);
  if (rawStyle !== undefined && styleType === undefined)
    ctx.warn('avadaWooCommerceVars.title_style_type', 'is not a string; no separator style');
  const sep = separatorClasses(styleType ?? '');
  const rawSize = avadaVar('related_products_heading_size');
  const level = upsells ? 3 : headingLevel(rawSize, 2);
  if (!upsells && rawSize !== undefined && headingLevel(rawSize, 0) === 0)
    ctx.warn('avadaWooCommerceVars.related_products_heading_size', 'is not a heading level 1-6; using 2');
  const rtl = document.documentElement.dir === 'rtl' || document.body.classList.contains('rtl');

  const title = document.createElement('div');
  title.className = `fusion-title title${sep}`;
  const hn = document.createElement(`h${level}`);
  hn.className = rtl ? 'title-heading-right' : 'title-heading-left';
  if (h2.id) hn.id = h2.id;
  hn.append(...h2.childNodes);
  const spacer = document.createElement('span');
  spacer.className = 'awb-title-spacer';
  const container = document.createElement('div');
  container.className = 'title-sep-container';
  const line = document.createElement('div');
  line.className = `title-sep${sep}`;
  container.append(line);
  title.append(hn, spacer, container);
  h2.replaceWith(title);
}

export default defineWidget({
  mount(element, ctx) {
    if (element.matches('.woocommerce-ordering')) ordering(element, ctx);
    if (element.matches('.woocommerce-result-count')) resultCount(element, ctx);
    if (element.matches('.catalog-ordering')) catalogOrdering(element, ctx);
    // Avada's heading markup, on Avada only: another theme's CSS styles its own h2 (Storefront's 25.9 px title).
    if (element.matches('.related.products > h2, .upsells.products > h2') && avadaBehaviours()) heading(element, ctx);
  },
});
