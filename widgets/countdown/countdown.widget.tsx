import { defineWidget, type WidgetContext } from '../../src/widget';
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
function mountCountdown(element: Element, { warn, signal, onCleanup }: WidgetContext): void {
  let running: { island: ReturnType<typeof renderIsland>; units: Record<Unit, UnitMarkup>; end: number } | undefined;
  const draw = (end: number, units: Record<Unit, UnitMarkup>) => <Countdown end={end} units={units} label={endLabel(end)} />;
  const read = () => {
    const parsed = readEnd(element, warn);
    if (!parsed) return;
    if (!parsed.ok) {
      warn(parsed.field, `${parsed.message}; the countdown keeps ${running ? 'its end' : 'its printed markup'}`);
      return;
    }
    if (running) {
      if (parsed.end !== running.end) running.island.flush(draw((running.end = parsed.end), running.units));
      return;
    }
    const { host, created } = counterHost(element);
    const units = readUnits(host);
    const island = renderIsland('countdown', host, draw(parsed.end, units));
    running = { island, units, end: parsed.end };
    onCleanup(() => {
      island.unmount();
      if (created) host.remove();
    });
  };
  read();
  const observer = new MutationObserver(read);
  observer.observe(element, { attributes: true, attributeFilter: ['data-end', 'data-timer', 'data-gmt-offset'] });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

export default defineWidget({
  mount: mountCountdown,
});
