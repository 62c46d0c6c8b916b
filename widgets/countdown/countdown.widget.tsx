import { defineWidget, type WidgetContext } from '../../src/widget';
import { attachIsland, type IslandHandle } from '../../src/react/island';
import { Countdown, type CountdownProps, type UnitMarkup } from './Countdown';
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
    if (Number.isNaN(offset))
      warn(
        'data-gmt-offset',
        `expected hours from UTC, got ${JSON.stringify(el.getAttribute('data-gmt-offset'))}; using the visitor's time`,
      );
    return { ...parseTimer(el.getAttribute('data-timer'), Number.isNaN(offset) ? undefined : offset), field: 'data-timer' };
  }
  if (hasEnd(el)) return { ...parseEnd(el.getAttribute('data-end')), field: 'data-end' };
  return undefined;
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

/** The end date in the page's language (`de_DE` read as `de-DE`); the browser's own when Intl refuses the tag. */
function endLabel(end: number): string {
  const lang = document.documentElement.lang.trim().replace(/_/g, '-') || undefined;
  for (const locale of [lang, undefined]) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(end);
    } catch {
      // An invalid tag: try the browser's locale.
    }
  }
  return new Date(end).toUTCString();
}

/**
 * Read the end when the countdown mounts (contract §10) and again whenever a script writes `data-end` /
 * `data-timer` later: printed empty or `data-end=""`, it waits for the attribute, however late (after `load`
 * too: a script may fetch the end first), without a warning (not written yet is not bad input); a value
 * rewritten after the start moves the end. A malformed value warns once and changes nothing (the printed markup,
 * or the countdown already running, stays).
 */
function mountCountdown(element: Element, context: WidgetContext): void {
  const { warn } = context;
  let running: { view: IslandHandle<CountdownProps>; end: number } | undefined;
  const read = () => {
    const parsed = readEnd(element, warn);
    if (!parsed) return;
    if (!parsed.ok) {
      warn(parsed.field, `${parsed.message}; the countdown keeps ${running ? 'its end' : 'its printed markup'}`);
      return;
    }
    if (running) {
      if (parsed.end !== running.end) running.view.flush((p) => ({ ...p, end: (running!.end = parsed.end), label: endLabel(parsed.end) }));
      return;
    }
    const { host, created } = counterHost(element);
    // Registered first, so it runs after the view has unmounted.
    if (created) context.onCleanup(() => host.remove());
    const props = { end: parsed.end, units: readUnits(host), label: endLabel(parsed.end) };
    running = { view: attachIsland('countdown', host, Countdown, props, context), end: parsed.end };
  };
  read();
  const observer = new MutationObserver(read);
  observer.observe(element, { attributes: true, attributeFilter: ['data-end', 'data-timer', 'data-gmt-offset'] });
  context.signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

export default defineWidget({
  mount: mountCountdown,
});
