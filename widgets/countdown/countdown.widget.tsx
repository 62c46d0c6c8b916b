import { defineWidget, type WidgetContext } from '../../mount/types';
import { renderIsland } from '../../src/react/render';
import { Countdown, type UnitMarkup } from './Countdown';
import { DEFAULT_TITLES, parseEnd, parseGmtOffset, parseTimer, UNITS, type Parsed, type Unit } from './logic';

/**
 * Avada's countdown carries `data-timer` (+ `data-gmt-offset`); the sales countdown gives its end as Unix seconds
 * in `data-end`, on Avada's own counter wrapper or on `.sf-countdown`. Undefined: neither is there (yet).
 */
/** `data-end=""` is a placeholder a script fills in later, as if the attribute were not there yet. */
const hasEnd = (el: Element) => el.hasAttribute('data-timer') || !!el.getAttribute('data-end')?.trim();

function readEnd(el: Element, warn: (field: string, message: string) => void): (Parsed & { field: string }) | undefined {
  if (el.hasAttribute('data-timer')) {
    const offset = parseGmtOffset(el.getAttribute('data-gmt-offset'));
    if (Number.isNaN(offset)) warn('data-gmt-offset', `expected hours from UTC, got ${JSON.stringify(el.getAttribute('data-gmt-offset'))}; using the visitor's time`);
    return { ...parseTimer(el.getAttribute('data-timer'), Number.isNaN(offset) ? undefined : offset), field: 'data-timer' };
  }
  if (hasEnd(el)) return { ...parseEnd(el.getAttribute('data-end')), field: 'data-end' };
  return undefined;
}

/**
 * A sales countdown printed empty whose `data-end` a script writes after the page was parsed (or printed as
 * `data-end=""` and filled in later): wait for the attribute, however late it comes (after `load` too: a script
 * that fetches the end first). Not written is not malformed: no warning while waiting; the printed markup stays.
 */
function whenEndIsWritten(el: Element, signal: AbortSignal, then: () => void): void {
  const observer = new MutationObserver(() => {
    if (!hasEnd(el)) return;
    observer.disconnect();
    then();
  });
  observer.observe(el, { attributes: true, attributeFilter: ['data-end', 'data-timer'] });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

const tagOf = (el: Element | null | undefined): 'div' | 'span' => (el?.tagName.toLowerCase() === 'span' ? 'span' : 'div');

/**
 * Classes, localized titles, tags and digit layout the server printed, with Avada's defaults for what is
 * missing, so the island draws the same boxes (no layout shift). Dashes are `.fusion-{unit}-dash` or
 * `.fusion-dash-{unit}`, depending on the template.
 */
function readUnits(el: Element): Record<Unit, UnitMarkup> {
  const out = {} as Record<Unit, UnitMarkup>;
  for (const unit of UNITS) {
    const dash = el.querySelector(`.fusion-${unit}-dash, .fusion-dash-${unit}`);
    const title = dash?.querySelector('.fusion-dash-title');
    const printed = dash ? [...dash.querySelectorAll('.fusion-digit')] : [];
    const first = printed[0];
    out[unit] = {
      wrapperClass: dash?.closest('.fusion-dash-wrapper')?.className.trim() || 'fusion-dash-wrapper',
      dashClass: dash?.className.trim() || `fusion-${unit}-dash fusion-dash`,
      title: title?.textContent?.trim() || DEFAULT_TITLES[unit],
      titleTag: tagOf(title),
      titleFirst: !!(title && first && title.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING),
      digitTag: tagOf(first),
      digitClass: first?.className.trim() || 'fusion-digit',
      perDigit: printed.length !== 1,
      minDigits: Math.max(2, printed.length),
    };
  }
  return out;
}

/**
 * Where the counter goes: Avada's counter wrapper is itself the place; the sales countdown holds a label and a
 * link of its own, so the counter goes into its `.sf-countdown__counter` (created after the label if the page
 * printed none).
 */
function counterHost(el: Element): { host: Element; created: boolean } {
  if (!el.classList.contains('sf-countdown')) return { host: el, created: false };
  const existing = el.querySelector(':scope > .sf-countdown__counter');
  if (existing) return { host: existing, created: false };
  const host = document.createElement('div');
  host.className = 'sf-countdown__counter fusion-countdown-counter-wrapper';
  const label = el.querySelector(':scope > .sf-countdown__label');
  if (label) label.after(host);
  else el.prepend(host);
  return { host, created: true };
}

function endLabel(end: number): string {
  const lang = document.documentElement.lang || undefined;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(end);
  } catch {
    return new Date(end).toUTCString();
  }
}

function start(element: Element, parsed: Parsed & { field: string }, { warn, onCleanup }: WidgetContext): void {
  if (!parsed.ok) {
    warn(parsed.field, `${parsed.message}; the countdown keeps its printed markup`);
    return;
  }
  const { host, created } = counterHost(element);
  const island = renderIsland('countdown', host, <Countdown end={parsed.end} units={readUnits(host)} label={endLabel(parsed.end)} />);
  onCleanup(() => {
    island.unmount();
    if (created) host.remove();
  });
}

export default defineWidget({
  mount(element, context) {
    const parsed = readEnd(element, context.warn);
    if (parsed) return start(element, parsed, context);
    whenEndIsWritten(element, context.signal, () => {
      const written = readEnd(element, context.warn);
      if (written) start(element, written, context);
    });
  },
});
