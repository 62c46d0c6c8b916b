import { defineWidget, type WidgetContext } from '../../src/widget';
import { parseFlag, parseString } from '../../src/config/parse';
import { pageGlobal } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { clampRule, DEFAULTS, minFontSize, parseFactor, parseSensitivity, parseSiteWidth } from './logic';

interface Settings {
  siteWidth: number;
  sensitivity: number;
  factor: number;
  elements: string;
}

const GLOBAL = 'fusionTypographyVars';

function read(raw: unknown, context: WidgetContext): Settings | undefined {
  if (raw === null || typeof raw !== 'object') {
    context.warn(GLOBAL, 'is not an object; headings keep their printed sizes');
    return undefined;
  }
  const vars = raw as Record<string, unknown>;
  // Older Avada: an on/off flag in the same object.
  if ('typography_responsive' in vars && parseFlag(vars.typography_responsive) === false) return undefined;
  const field = <T>(key: string, parse: (v: unknown) => T | undefined, fallback: T, expected: string): T => {
    if (vars[key] === undefined) return fallback;
    const value = parse(vars[key]);
    if (value !== undefined) return value;
    context.warn(`${GLOBAL}.${key}`, `expected ${expected}, got ${JSON.stringify(vars[key])}; using ${JSON.stringify(fallback)}`);
    return fallback;
  };
  // A % site width (boxed layouts) is valid for Avada but gives no px anchor: the default one, without a warning.
  const width =
    typeof vars.site_width === 'string' && vars.site_width.trim().endsWith('%')
      ? DEFAULTS.siteWidth
      : field('site_width', parseSiteWidth, DEFAULTS.siteWidth, 'a width in px');
  let elements = field('elements', parseString, DEFAULTS.elements, 'a selector list');
  try {
    document.querySelector(elements);
  } catch {
    context.warn(`${GLOBAL}.elements`, `is not a valid selector (${JSON.stringify(elements)}); using ${JSON.stringify(DEFAULTS.elements)}`);
    elements = DEFAULTS.elements;
  }
  return {
    siteWidth: width,
    sensitivity: field('typography_sensitivity', parseSensitivity, DEFAULTS.sensitivity, 'a number from 0 to 1'),
    factor: field('typography_factor', parseFactor, DEFAULTS.factor, 'a positive number'),
    elements,
  };
}

/**
 * `fusionTypographyVars`: each matched element gets `--fontSize`, `--minFontSize`, `--typography_sensitivity`
 * and `fusion-responsive-typography-calculated`, and one adopted `clamp()` rule sizes them all. Sizes are
 * measured once, at mount (all reads, then all writes); resizing runs no script.
 */
export default defineWidget({
  mount(_body, context) {
    const settings = read(pageGlobal(GLOBAL), context);
    if (!settings) return;
    const body = parseFloat(getComputedStyle(document.body).fontSize) || 16;
    const measured = [...document.querySelectorAll<HTMLElement>(settings.elements)]
      .filter((el) => !el.classList.contains('fusion-responsive-typography-calculated'))
      .map((el) => [el, parseFloat(getComputedStyle(el).fontSize)] as const)
      .filter(([, size]) => size > 0);
    adoptStyles('typography', clampRule(settings.siteWidth));
    for (const [el, size] of measured) {
      // Custom properties through the CSSOM: allowed under the strict CSP, unlike a style attribute.
      el.style.setProperty('--fontSize', String(size));
      el.style.setProperty('--minFontSize', String(minFontSize(size, body, settings.sensitivity, settings.factor)));
      el.style.setProperty('--typography_sensitivity', String(settings.sensitivity));
      el.classList.add('fusion-responsive-typography-calculated');
    }
  },
});
