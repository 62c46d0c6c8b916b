/**
 * The consent bar as a React island over Avada's `.fusion-privacy-bar`: the printed texts, classes and panel
 * are read here into props, and the island renders the same structure with the behaviour added.
 */
import type { WidgetContext } from '../../src/widget';
import { attachIsland, type IslandHandle } from '../../src/react/island';
import { Bar, type BarProps, type BarRequest } from './Bar';
import type { ConsentStore } from './consent';

const DEFAULT_LABEL = 'Privacy settings';

function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The printed bar, read once: texts, classes, the panel's markup and the checkboxes' printed state. */
export function readBar(bar: Element, store: ConsentStore, request: BarRequest): BarProps | undefined {
  const main = bar.querySelector(':scope > .fusion-privacy-bar-main');
  const accept = main?.querySelector('a.fusion-privacy-bar-acceptance, .fusion-privacy-bar-acceptance');
  if (!main || !accept) return undefined;
  const span = main.querySelector(':scope > span');
  const learn = span?.querySelector('a.fusion-privacy-bar-learn-more') ?? main.querySelector('a.fusion-privacy-bar-learn-more');
  const message = span?.cloneNode(true) as Element | undefined;
  message?.querySelector('a.fusion-privacy-bar-learn-more')?.remove();
  const reject = main.querySelector('.fusion-privacy-bar-reject');
  const full = bar.querySelector(':scope > .fusion-privacy-bar-full');
  const printed: Record<string, boolean> = {};
  for (const box of full?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="consents[]"]') ?? [])
    printed[box.value] = box.defaultChecked;
  const origText = accept.getAttribute('data-orig-text') || text(accept);
  return {
    store,
    request,
    label: bar.getAttribute('aria-label')?.trim() || DEFAULT_LABEL,
    mainClass: main.className,
    messageHtml: message?.innerHTML.trim() ?? '',
    learnMore: learn ? { text: text(learn), iconClass: learn.querySelector('i')?.className ?? 'awb-icon-angle-down' } : undefined,
    accept: {
      className: accept.className.replace(/\s*\bfusion-privacy-update\b/, ''),
      origText,
      altText: accept.getAttribute('data-alt-text') || origText,
    },
    reject: reject ? { className: reject.className, text: text(reject) } : undefined,
    full: full ? { className: full.className, html: full.innerHTML, id: full.id || 'sf-privacy-bar-full' } : undefined,
    printed,
  };
}

/**
 * The bar's view, mounted by the plain widget (privacy.widget.ts) the first time the bar must show; later
 * openings go through the handle. Undefined (with one warning) when the printed bar cannot be read.
 */
export function mountBar(
  bar: HTMLElement,
  context: WidgetContext,
  store: ConsentStore,
  request: BarRequest,
): IslandHandle<BarProps> | undefined {
  const props = readBar(bar, store, request);
  if (!props) {
    context.warn('.fusion-privacy-bar', 'has no .fusion-privacy-bar-main with an acceptance button; the bar is left as printed');
    return undefined;
  }
  return attachIsland('privacy', bar, Bar, props, context);
}
