import { afterEach, describe, expect, it, vi } from 'vitest';
import { avadaBehaviours, avadaBehavioursOn, avadaPrinted, forgetTheme, readThemeSetting, SETTINGS_GLOBAL } from './theme';

const STOREFRONT = ['wp-singular', 'page-id-37', 'wp-theme-storefront', 'theme-storefront', 'woocommerce-active'];
const AVADA = ['page', 'wp-theme-Avada', 'theme-Avada', 'fusion-body'];

describe('what the theme printed', () => {
  it('recognises Avada by its body classes, also under a child theme, and not Storefront', () => {
    expect(avadaPrinted({ bodyClasses: AVADA, globals: [] })).toBe(true);
    expect(avadaPrinted({ bodyClasses: ['wp-theme-Avada', 'wp-child-theme-Avada-Child'], globals: [] })).toBe(true);
    expect(avadaPrinted({ bodyClasses: ['theme-avada'], globals: [] })).toBe(true);
    expect(avadaPrinted({ bodyClasses: STOREFRONT, globals: [] })).toBe(false);
    // The Avada Builder plugin's classes and look-alike folder names are not the theme.
    expect(avadaPrinted({ bodyClasses: ['fusion-body', 'wp-theme-avada-lite', 'awb-link-decoration'], globals: [] })).toBe(false);
  });

  it('recognises Avada by one of its own globals, not by the builder plugin’s', () => {
    expect(avadaPrinted({ bodyClasses: [], globals: ['avadaWooCommerceVars'] })).toBe(true);
    expect(avadaPrinted({ bodyClasses: [], globals: ['avadaMenuVars'] })).toBe(true);
    expect(avadaPrinted({ bodyClasses: [], globals: ['fusionTypographyVars', 'fusionLightboxVars'] })).toBe(false);
    expect(avadaPrinted({ bodyClasses: [], globals: [] })).toBe(false);
  });

  it('lets the owner turn them on or off; auto follows the theme', () => {
    const storefront = { bodyClasses: STOREFRONT, globals: [] };
    const avada = { bodyClasses: AVADA, globals: ['avadaWooCommerceVars'] };
    expect(avadaBehavioursOn('auto', storefront)).toBe(false);
    expect(avadaBehavioursOn('auto', avada)).toBe(true);
    expect(avadaBehavioursOn('avada', storefront)).toBe(true);
    expect(avadaBehavioursOn('off', avada)).toBe(false);
  });
});

describe('the owner setting (window.storefrontIslandsSettings)', () => {
  it('reads the three choices, other keys ignored; auto when absent', () => {
    expect(readThemeSetting(undefined)).toEqual({ setting: 'auto' });
    expect(readThemeSetting({})).toEqual({ setting: 'auto' });
    expect(readThemeSetting({ theme: 'auto' })).toEqual({ setting: 'auto' });
    expect(readThemeSetting({ theme: 'avada', build: 'compact' })).toEqual({ setting: 'avada' });
    expect(readThemeSetting({ theme: 'off' })).toEqual({ setting: 'off' });
  });

  it('falls back to auto and says why on anything else', () => {
    expect(readThemeSetting({ theme: 'Avada' })).toEqual({
      setting: 'auto',
      problem: 'theme: expected "auto", "avada" or "off", got "Avada"; using "auto"',
    });
    expect(readThemeSetting({ theme: 1 }).setting).toBe('auto');
    expect(readThemeSetting('avada')).toEqual({ setting: 'auto', problem: 'is not an object; using theme "auto"' });
    expect(readThemeSetting(null).problem).toBe('is not an object; using theme "auto"');
    expect(readThemeSetting(['avada']).problem).toBe('is not an object; using theme "auto"');
  });
});

describe('the page decision', () => {
  const w = window as unknown as Record<string, unknown>;
  afterEach(() => {
    delete w[SETTINGS_GLOBAL];
    delete w.avadaWooCommerceVars;
    forgetTheme();
  });

  it('reads the body classes, the globals and the setting once, and keeps the answer for the page', () => {
    document.body.className = STOREFRONT.join(' ');
    expect(avadaBehaviours()).toBe(false);
    document.body.classList.add('theme-Avada');
    expect(avadaBehaviours()).toBe(false);
    forgetTheme();
    expect(avadaBehaviours()).toBe(true);
  });

  it('sees an Avada global on a page without the classes', () => {
    document.body.className = 'page';
    expect(avadaBehaviours()).toBe(false);
    forgetTheme();
    w.avadaWooCommerceVars = { title_style_type: 'double solid' };
    expect(avadaBehaviours()).toBe(true);
  });

  it('follows the owner, and warns once about a malformed setting', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.className = STOREFRONT.join(' ');
    w[SETTINGS_GLOBAL] = { theme: 'avada' };
    expect(avadaBehaviours()).toBe(true);
    forgetTheme();
    document.body.className = AVADA.join(' ');
    w[SETTINGS_GLOBAL] = { theme: 'off' };
    expect(avadaBehaviours()).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    forgetTheme();
    w[SETTINGS_GLOBAL] = { theme: 'yes' };
    expect(avadaBehaviours()).toBe(true);
    forgetTheme();
    expect(avadaBehaviours()).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'theme: storefrontIslandsSettings: theme: expected "auto", "avada" or "off", got "yes"',
    );
  });

  it("reads the plugin's attribute on the bundle's tag when no global says otherwise", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tag = document.createElement('script');
    tag.type = 'text/plain';
    tag.setAttribute('data-theme-behaviours', 'avada');
    document.head.append(tag);
    try {
      document.body.className = STOREFRONT.join(' ');
      expect(avadaBehaviours()).toBe(true);
      forgetTheme();
      tag.setAttribute('data-theme-behaviours', 'off');
      document.body.className = AVADA.join(' ');
      expect(avadaBehaviours()).toBe(false);
      // The global, a theme developer's own, wins over the plugin's attribute.
      forgetTheme();
      w[SETTINGS_GLOBAL] = { theme: 'auto' };
      expect(avadaBehaviours()).toBe(true);
      forgetTheme();
      delete w[SETTINGS_GLOBAL];
      tag.setAttribute('data-theme-behaviours', 'sometimes');
      expect(avadaBehaviours()).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('data-theme-behaviours');
    } finally {
      tag.remove();
    }
  });
});
