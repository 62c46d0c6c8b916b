import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { resetLogMemory } from '../../src/log';
import { clampRule, minFontSize, parseSensitivity, parseSiteWidth } from './logic';

describe('typography rules', () => {
  it('reads the site width in px; % or garbage is undefined', () => {
    expect(parseSiteWidth('1180px')).toBe(1180);
    expect(parseSiteWidth(1200)).toBe(1200);
    expect(parseSiteWidth('85%')).toBeUndefined();
    expect(parseSiteWidth('wide')).toBeUndefined();
    expect(parseSiteWidth('100px')).toBeUndefined();
  });

  it('reads the sensitivity from 0 to 1', () => {
    expect(parseSensitivity('0.60')).toBe(0.6);
    expect(parseSensitivity('2')).toBeUndefined();
    expect(parseSensitivity('')).toBeUndefined();
  });

  it('shrinks by the sensitivity, never below body × factor, never above its own size', () => {
    expect(minFontSize(56, 16, 0.6, 1.15)).toBe(22.4);
    expect(minFontSize(36, 16, 0.6, 1.15)).toBe(18.4);
    expect(minFontSize(18, 16, 0.6, 1.15)).toBe(18);
    expect(minFontSize(56, 16, 0, 1.15)).toBe(56);
  });

  it('clamps between the minimum and the own size, reaching it at the site width', () => {
    const rule = clampRule(1180);
    expect(rule).toContain('.fusion-responsive-typography-calculated');
    expect(rule).toContain('clamp(calc(var(--minFontSize) * 1px)');
    expect(rule).toContain('(100vw - 320px) / 860');
    expect(rule).toContain('calc(var(--fontSize) * 1px))');
  });
});

describe('typography widget', () => {
  let warn: MockInstance<typeof console.warn>;
  const HTML =
    '<h1 id="h1" style="font-size: 56px">Title</h1><h2 id="h2" style="font-size: 36px">Sub</h2><p id="p" style="font-size: 20px">Text</p>';
  const vars = (v: unknown) => ((window as unknown as { fusionTypographyVars?: unknown }).fusionTypographyVars = v);
  beforeEach(() => {
    resetLogMemory();
    document.body.style.fontSize = '16px';
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    delete (window as unknown as { fusionTypographyVars?: unknown }).fusionTypographyVars;
    warn.mockRestore();
  });

  it('writes the variables and the class on the matched elements only', async () => {
    vars({ site_width: '1180px', typography_sensitivity: '0.60', typography_factor: '1.15', elements: 'h1, h2' });
    await mountPage(HTML, only('typography'));
    const h1 = document.getElementById('h1')!;
    expect(h1.classList.contains('fusion-responsive-typography-calculated')).toBe(true);
    expect(h1.style.getPropertyValue('--fontSize')).toBe('56');
    expect(h1.style.getPropertyValue('--minFontSize')).toBe('22.4');
    expect(h1.style.getPropertyValue('--typography_sensitivity')).toBe('0.6');
    expect(document.getElementById('h2')!.style.getPropertyValue('--minFontSize')).toBe('18.4');
    expect(document.getElementById('p')!.classList.contains('fusion-responsive-typography-calculated')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('garbage fields warn once each and take the defaults; headings still sized', async () => {
    vars({ site_width: 'wide', typography_sensitivity: 'lots', elements: 'h1, ][' });
    await mountPage(HTML, only('typography'));
    const messages = warn.mock.calls.map((c) => String(c[0]));
    expect(messages).toHaveLength(3);
    expect(messages.join('\n')).toContain('typography: fusionTypographyVars.site_width:');
    expect(messages.join('\n')).toContain('typography: fusionTypographyVars.typography_sensitivity:');
    expect(messages.join('\n')).toContain('typography: fusionTypographyVars.elements:');
    expect(document.getElementById('h2')!.classList.contains('fusion-responsive-typography-calculated')).toBe(true);
  });

  it('does nothing when the older typography_responsive flag is off, or the global is not an object', async () => {
    vars({ typography_responsive: '0', elements: 'h1' });
    await mountPage(HTML, only('typography'));
    expect(document.getElementById('h1')!.classList.contains('fusion-responsive-typography-calculated')).toBe(false);
    vars('yes please');
    await mountPage(HTML, only('typography'));
    expect(document.getElementById('h1')!.classList.contains('fusion-responsive-typography-calculated')).toBe(false);
    expect(String(warn.mock.calls[0]![0])).toContain('typography: fusionTypographyVars:');
  });
});
