/**
 * Which theme's behaviours run on this page (DESIGN.md principle 1b). WooCommerce's and Contact Form 7's
 * behaviours run on every theme; Avada's (its -/+ quantity buttons, list heading markup, CF7 alert markup, sticky
 * add-to-cart bar) only where Avada is on the page, decided once from what the theme itself prints, or where the
 * owner turns them on or off: the WordPress plugin's `data-theme-behaviours` attribute on the bundle's tag, or a theme
 * developer's `window.storefrontIslandsSettings = { theme: 'auto' | 'avada' | 'off' }`, which wins (README "Themes").
 */
import { pageGlobal } from '../config/globals';
import { warnOnce } from '../log';

export type ThemeSetting = 'auto' | 'avada' | 'off';

/** The page global a theme developer may print with the owner's choice (documented in the README's "Themes"). */
export const SETTINGS_GLOBAL = 'storefrontIslandsSettings';

const SETTINGS: readonly ThemeSetting[] = ['auto', 'avada', 'off'];

/**
 * The owner's choice; `auto` when the page says nothing, and (with the reason) when what it says is malformed.
 * Read by hand, not through a zod/mini schema: its modules are loaded with the -/+ buttons on every product and
 * cart page, where zod/mini cost 7.6 KB gzip at load (measured) for one field of three words.
 */
export function readThemeSetting(raw: unknown): { setting: ThemeSetting; problem?: string } {
  if (raw === undefined) return { setting: 'auto' };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { setting: 'auto', problem: 'is not an object; using theme "auto"' };
  const theme = (raw as { theme?: unknown }).theme;
  if (theme === undefined) return { setting: 'auto' };
  if ((SETTINGS as readonly unknown[]).includes(theme)) return { setting: theme as ThemeSetting };
  return { setting: 'auto', problem: `theme: expected "auto", "avada" or "off", got ${JSON.stringify(theme)}; using "auto"` };
}

/**
 * A WordPress page's body classes name the active theme's folder (`wp-theme-Avada theme-Avada`, also under a child
 * theme, which adds `wp-child-theme-…`). Avada's folder is "Avada"; matched without case.
 */
const AVADA_BODY_CLASS = /^(?:wp-)?theme-avada$/i;

/**
 * Settings objects Avada (the theme, not the Avada Builder plugin, which also runs on other themes) prints on its
 * pages (contract theme.md §7-§8, woocommerce.md §1): any one of them says the theme is there.
 */
export const AVADA_GLOBALS = [
  'avadaWooCommerceVars',
  'avadaHeaderVars',
  'avadaMenuVars',
  'avadaToTopVars',
  'avadaPrivacyVars',
  'avadaLiveSearchVars',
] as const;

/** What the page shows of its theme: its body classes and which of Avada's globals it carries. */
export interface ThemeFacts {
  bodyClasses: readonly string[];
  globals: readonly string[];
}

export function avadaPrinted(facts: ThemeFacts): boolean {
  return (
    facts.bodyClasses.some((c) => AVADA_BODY_CLASS.test(c)) || facts.globals.some((g) => (AVADA_GLOBALS as readonly string[]).includes(g))
  );
}

/** The rule: the owner's `avada` or `off` wins; `auto` follows what the theme printed. */
export function avadaBehavioursOn(setting: ThemeSetting, facts: ThemeFacts): boolean {
  return setting === 'auto' ? avadaPrinted(facts) : setting === 'avada';
}

/** The attribute the WordPress plugin puts on the bundle's tag (module or classic) with the owner's choice. */
export const TAG_ATTRIBUTE = 'data-theme-behaviours';

/**
 * Where the owner's choice comes from: the page global (a theme developer's own inline script) wins, else the
 * plugin's attribute on the first tag that carries it (a module script has no `document.currentScript`, and the
 * classic loader's tag keeps the attribute while the module tag it adds does not).
 */
function ownerSetting(): { source: string; raw: unknown } {
  const global = pageGlobal(SETTINGS_GLOBAL);
  if (global !== undefined) return { source: SETTINGS_GLOBAL, raw: global };
  const tag = typeof document !== 'undefined' ? document.querySelector(`script[${TAG_ATTRIBUTE}]`) : null;
  const value = tag?.getAttribute(TAG_ATTRIBUTE);
  return value == null ? { source: SETTINGS_GLOBAL, raw: undefined } : { source: `<script ${TAG_ATTRIBUTE}>`, raw: { theme: value } };
}

let decided: boolean | undefined;

/**
 * Whether Avada's behaviours run here. Decided on first use and kept for the page's life: widgets that mount
 * later (a popup, fragments) never mix one theme's behaviours with another's after a script changes a class.
 */
export function avadaBehaviours(): boolean {
  if (decided !== undefined) return decided;
  const { source, raw } = ownerSetting();
  const { setting, problem } = readThemeSetting(raw);
  if (problem) warnOnce('theme', source, problem);
  const bodyClasses = typeof document !== 'undefined' && document.body ? [...document.body.classList] : [];
  const globals = AVADA_GLOBALS.filter((name) => {
    const value = pageGlobal(name);
    return value !== null && typeof value === 'object';
  });
  decided = avadaBehavioursOn(setting, { bodyClasses, globals });
  return decided;
}

/** Tests start each page afresh. */
export function forgetTheme(): void {
  decided = undefined;
}
