import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import {
  builderOnDevice,
  deviceFor,
  isStuck,
  legacyType,
  parsePx,
  readBuilderSticky,
  releaseLine,
  shrinks,
  sideTrigger,
  stickyOnDevice,
  triggerPosition,
} from './logic';

describe('sticky header rules', () => {
  it('sorts widths into Avada devices', () => {
    expect(deviceFor(1025)).toBe('desktop');
    expect(deviceFor(1024)).toBe('tablet');
    expect(deviceFor(701)).toBe('tablet');
    expect(deviceFor(700)).toBe('mobile');
  });
  it('tells the legacy types apart', () => {
    expect(legacyType({ headerPosition: 'top', headerClasses: ['fusion-header-v1'] })).toBe(1);
    expect(legacyType({ headerPosition: 'top', headerClasses: ['fusion-header-v6'] })).toBe(1);
    expect(legacyType({ headerPosition: 'top', headerClasses: ['fusion-header-v4'] })).toBe(2);
    expect(legacyType({ headerPosition: 'left', headerClasses: ['fusion-header-v4'] })).toBe(3);
  });
  it('sticks on tablet and mobile only when enabled there', () => {
    const s = { desktop: true, tablet: true, mobile: false };
    expect(stickyOnDevice(s, 'desktop')).toBe(true);
    expect(stickyOnDevice(s, 'tablet')).toBe(true);
    expect(stickyOnDevice(s, 'mobile')).toBe(false);
  });
  it('counts the admin bar and the offset in the trigger; stuck strictly past it', () => {
    expect(triggerPosition({ elementTop: 72, adminBar: 32, offset: 0 })).toBe(40);
    expect(triggerPosition({ elementTop: 100, adminBar: 32, offset: 20 })).toBe(48);
    expect(triggerPosition({ elementTop: 10, adminBar: 32, offset: 0 })).toBe(0);
    expect(isStuck(40, 40)).toBe(false);
    expect(isStuck(41, 40)).toBe(true);
    expect(sideTrigger({ elementTop: 0, elementHeight: 1500, viewportHeight: 800, adminBar: 32 })).toBe(732);
    expect(sideTrigger({ elementTop: 0, elementHeight: 600, viewportHeight: 800, adminBar: 0 })).toBe(0);
  });
  it('shrinks only when on, not the side header, and only a taller header', () => {
    expect(shrinks({ shrinkage: true, type: 1, height: 90 })).toBe(true);
    expect(shrinks({ shrinkage: false, type: 1, height: 90 })).toBe(false);
    expect(shrinks({ shrinkage: true, type: 3, height: 900 })).toBe(false);
    expect(shrinks({ shrinkage: true, type: 1, height: 60 })).toBe(false);
  });
  it("releases a container at its parent's bottom only with data-sticky-parent and data-sticky-bottoming", () => {
    expect(releaseLine({ parent: true, bottoming: true, parentBottom: 2000, height: 60, stickyTop: 90 })).toBe(1850);
    expect(releaseLine({ parent: true, bottoming: true, parentBottom: 100, height: 60, stickyTop: 90 })).toBe(0);
    expect(releaseLine({ parent: true, bottoming: false, parentBottom: 2000, height: 60, stickyTop: 90 })).toBeUndefined();
    expect(releaseLine({ parent: false, bottoming: true, parentBottom: 2000, height: 60, stickyTop: 90 })).toBeUndefined();
  });
  it('reads the Layout Builder attributes, each bad one reported by name', () => {
    expect(parsePx('20px')).toBe(20);
    expect(parsePx('-4')).toBeUndefined();
    const attrs: Record<string, string> = {
      'data-sticky-offset': 'top',
      'data-sticky-small-visibility': 'maybe',
      'data-sticky-medium-visibility': '1',
      'data-transition-offset': '120',
    };
    const warn = vi.fn();
    const s = readBuilderSticky((n) => attrs[n] ?? null, warn);
    expect(s).toMatchObject({ offset: 0, small: false, medium: true, large: true, transitionOffset: 120 });
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['data-sticky-offset', 'data-sticky-small-visibility']);
    expect(builderOnDevice(s, 'tablet')).toBe(true);
    expect(builderOnDevice(s, 'mobile')).toBe(false);
  });
});

describe('sticky header widget', () => {
  let media: FakeMedia;
  let report: (inView: boolean) => void = () => {};
  let reporters: ((inView: boolean) => void)[] = [];
  let observed = 0;
  let restoreEnv: () => void;
  beforeEach(() => {
    media = fakeMedia(1280);
    observed = 0;
    reporters = [];
    restoreEnv = setEnvironment({
      intersecting: (_el, fn) => {
        observed += 1;
        report = fn;
        reporters.push(fn);
        return () => {};
      },
      frame: (fn) => {
        fn();
        return () => {};
      },
    });
  });
  afterEach(() => {
    restoreEnv();
    media.restore();
    vi.restoreAllMocks();
    delete (window as { avadaHeaderVars?: unknown }).avadaHeaderVars;
  });
  const vars = (v: unknown) => ((window as { avadaHeaderVars?: unknown }).avadaHeaderVars = v);
  const mount = async (page = 'header.html') => mountPage(await fixtureBody(page), only('sticky-header'));
  const sticky = () => document.body.classList.contains('fusion-is-sticky');

  it('legacy: sticky past the trigger with its shadow and shrink, undone above it', async () => {
    vars({ header_sticky: '1', header_sticky_shadow: '1', sticky_header_shrinkage: '1' });
    await mount();
    expect(sticky()).toBe(false);
    report(false);
    expect(sticky()).toBe(true);
    expect(document.querySelector('.fusion-header')!.classList.contains('fusion-sticky-shadow')).toBe(true);
    report(true);
    expect(sticky()).toBe(false);
    expect(document.querySelector('.fusion-header')!.classList.contains('fusion-sticky-shadow')).toBe(false);
  });

  it('legacy: off without header_sticky, off on mobile unless enabled', async () => {
    vars({ header_sticky: '' });
    await mount();
    expect(observed).toBe(0);
    document.body.classList.remove('fusion-is-sticky');
    vars({ header_sticky: 1, header_sticky_mobile: '' });
    media.setWidth(500);
    await mount();
    report(false);
    expect(sticky()).toBe(false);
  });

  it('re-measures on the reinit events', async () => {
    vars({ header_sticky: true });
    await mount();
    const before = observed;
    window.dispatchEvent(new CustomEvent('fusion-sticky-header-reinit'));
    window.dispatchEvent(new CustomEvent('fusion-reinit-sticky'));
    expect(observed).toBe(before + 2);
  });

  it('warns once about a malformed field and uses its default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vars({ header_sticky: '1', sticky_header_shrinkage: { on: 1 } });
    await mount();
    expect(
      warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('sticky-header: avadaHeaderVars.sticky_header_shrinkage')),
    ).toHaveLength(1);
    report(false);
    expect(sticky()).toBe(true);
    expect(document.querySelector('.fusion-header-wrapper')!.hasAttribute('data-sf-shrink')).toBe(false);
  });

  it('Layout Builder: stuck class on the container, per device visibility, bad attributes warned', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = (await fixtureBody('menu-element.html'))
      .replace('data-sticky-offset="0"', 'data-sticky-offset="lots"')
      .replace('data-transition-offset="120"', '');
    await mountPage(html, only('sticky-header'));
    const container = document.querySelector('.fusion-sticky-container')!;
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('sticky-header: data-sticky-offset'))).toHaveLength(1);
    expect(container.previousElementSibling!.classList.contains('sf-sticky-placeholder')).toBe(true);
    const line = reporters[0]!;
    line(false);
    expect(container.classList.contains('fusion-container-stuck')).toBe(true);
    line(true);
    expect(container.classList.contains('fusion-container-stuck')).toBe(false);
  });

  it("Layout Builder: a container with data-sticky-parent and -bottoming rests at its parent's bottom; the height transition class", async () => {
    const html = (await fixtureBody('menu-element.html')).replace('data-transition-offset="120"', '');
    await mountPage(html, only('sticky-header'));
    const notice = document.querySelector('.linen-notice')!;
    const header = document.querySelector('.fusion-tb-header .fusion-sticky-container')!;
    expect(header.classList.contains('sf-sticky-height-transition')).toBe(true);
    expect(notice.classList.contains('sf-sticky-height-transition')).toBe(false);
    expect(notice.parentElement!.classList.contains('sf-sticky-parent')).toBe(true);
    // The header's line, then the notice's stick line and release line.
    expect(reporters).toHaveLength(3);
    const [, stick, release] = reporters as [unknown, (v: boolean) => void, (v: boolean) => void];
    stick(false);
    expect(notice.classList.contains('fusion-container-stuck')).toBe(true);
    expect(notice.classList.contains('sf-sticky-bottomed')).toBe(false);
    release(false);
    expect(notice.classList.contains('sf-sticky-bottomed')).toBe(true);
    release(true);
    expect(notice.classList.contains('sf-sticky-bottomed')).toBe(false);
    expect(notice.classList.contains('fusion-container-stuck')).toBe(true);
    stick(true);
    expect(notice.classList.contains('fusion-container-stuck')).toBe(false);
  });

  it('Layout Builder: malformed data-sticky-parent / -bottoming / -height-transition warn once each; the container sticks for the rest of the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = (await fixtureBody('menu-element.html'))
      .replace('data-sticky-parent="1"', 'data-sticky-parent="column"')
      .replace('data-sticky-bottoming="1"', 'data-sticky-bottoming="yes please"')
      .replace('data-sticky-height-transition="1"', 'data-sticky-height-transition="300ms"');
    await mountPage(html, only('sticky-header'));
    const messages = warn.mock.calls.map((c) => String(c[0]));
    for (const attr of ['data-sticky-parent', 'data-sticky-bottoming', 'data-sticky-height-transition'])
      expect(messages.filter((m) => m.includes(`sticky-header: ${attr}`))).toHaveLength(1);
    expect(document.querySelector('.sf-sticky-parent')).toBeNull();
    expect(document.querySelector('.sf-sticky-height-transition')).toBeNull();
    report(false);
    expect(document.querySelector('.linen-notice')!.classList.contains('fusion-container-stuck')).toBe(true);
  });

  it('unmounting undoes the state', async () => {
    vars({ header_sticky: '1' });
    const runtime = await mount();
    report(false);
    runtime.unmount(document);
    expect(sticky()).toBe(false);
    expect(document.querySelector('.sf-sticky-sentinel')).toBeNull();
  });
});
