import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loaded, mountPage, only } from '../../test/helpers/mount';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { isActive, parseStatus, positionClasses } from './logic';

describe('back-to-top rules', () => {
  it('reads where the link works', () => {
    expect(parseStatus('desktop')).toEqual({ desktop: true, mobile: false });
    expect(parseStatus('desktop_and_mobile')).toEqual({ desktop: true, mobile: true });
    expect(parseStatus('mobile')).toEqual({ desktop: false, mobile: true });
    expect(parseStatus('off')).toEqual({ desktop: false, mobile: false });
    expect(parseStatus('1')).toEqual({ desktop: true, mobile: false });
    expect(parseStatus('')).toEqual({ desktop: false, mobile: false });
    expect(parseStatus({})).toBeUndefined();
  });
  it('splits the position into classes', () => {
    expect(positionClasses('right_floating')).toEqual(['to-top-right', 'to-top-floating']);
    expect(positionClasses('left')).toEqual(['to-top-left']);
    expect(positionClasses('')).toEqual([]);
    expect(positionClasses('right_<b>')).toEqual([]);
  });
  it('is active above 200 px, and with scroll-down-only only while not going up', () => {
    const base = { previousY: 0, scrollDownOnly: false, enabled: true };
    expect(isActive({ ...base, y: 200 })).toBe(false);
    expect(isActive({ ...base, y: 201 })).toBe(true);
    expect(isActive({ ...base, y: 900, enabled: false })).toBe(false);
    expect(isActive({ y: 800, previousY: 900, scrollDownOnly: true, enabled: true })).toBe(false);
    expect(isActive({ y: 900, previousY: 900, scrollDownOnly: true, enabled: true })).toBe(true);
    expect(isActive({ y: 800, previousY: 900, scrollDownOnly: false, enabled: true })).toBe(true);
  });
});

const MARKUP = `<div id="wrapper"><main><p>Content</p></main>
  <section class="to-top-container to-top-right" aria-labelledby="awb-to-top-label"><a href="#" id="toTop" class="fusion-top-top-link"><span id="awb-to-top-label" class="screen-reader-text">Go to Top</span></a></section></div>`;

const link = () => document.getElementById('toTop')!;
const container = () => document.querySelector('.to-top-container')!;
const active = () => link().classList.contains('fusion-to-top-active');

describe('back-to-top widget', () => {
  let clock: FakeClock;
  let media: FakeMedia;
  const scrollTo = (y: number) => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    clock.advance(16);
  };
  const mount = (vars?: unknown, html = MARKUP) => {
    if (vars !== undefined) (window as { avadaToTopVars?: unknown }).avadaToTopVars = vars;
    return clock.until(mountPage(html, loaded('back-to-top')));
  };

  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock();
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    clock.restore();
    media.restore();
    delete (window as { avadaToTopVars?: unknown }).avadaToTopVars;
  });

  it('loads on the first scroll of a fresh page, then shows past 200 px', async () => {
    (window as { avadaToTopVars?: unknown }).avadaToTopVars = { status_totop: 'desktop' };
    const runtime = await clock.until(mountPage(MARKUP, only('back-to-top')));
    expect(runtime.instances.get(link())?.get('back-to-top')?.state).toBe('waiting');
    expect(link().hasAttribute('tabindex')).toBe(false);
    scrollTo(600);
    await clock.until(runtime.settled());
    expect(active()).toBe(true);
    scrollTo(100);
    expect(active()).toBe(false);
    expect(link().getAttribute('tabindex')).toBe('-1');
  });

  it('appears after 200 px of scroll and hides again above', async () => {
    await mount({ status_totop: 'desktop', totop_position: 'right', totop_scroll_down_only: '0' });
    expect(active()).toBe(false);
    expect(link().getAttribute('tabindex')).toBe('-1');
    scrollTo(150);
    expect(active()).toBe(false);
    scrollTo(201);
    expect(active()).toBe(true);
    expect(link().hasAttribute('tabindex')).toBe(false);
    scrollTo(100);
    expect(active()).toBe(false);
  });

  it('reacts at most once per frame to a burst of scroll events', async () => {
    await mount({ status_totop: 'desktop' });
    const toggle = vi.spyOn(link().classList, 'toggle');
    for (let y = 300; y < 400; y += 10) {
      window.scrollTo(0, y);
      window.dispatchEvent(new Event('scroll'));
    }
    clock.advance(16);
    expect(toggle).toHaveBeenCalledTimes(1);
    expect(active()).toBe(true);
  });

  it('with scroll-down-only, shows only while the position is not decreasing', async () => {
    await mount({ status_totop: 'desktop', totop_scroll_down_only: '1' });
    scrollTo(600);
    expect(active()).toBe(true);
    scrollTo(500);
    expect(active()).toBe(false);
    scrollTo(700);
    expect(active()).toBe(true);
  });

  it('puts the position classes on the container', async () => {
    await mount({ status_totop: 'desktop', totop_position: 'left_floating' });
    expect(container().className).toBe('to-top-container to-top-left to-top-floating');
  });

  it('scrolls to the top in 1200 ms, then moves focus to the top of the page', async () => {
    await mount({ status_totop: 'desktop' });
    scrollTo(3000);
    link().focus();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    clock.advance(600);
    expect(window.scrollY).toBeGreaterThan(0);
    expect(window.scrollY).toBeLessThan(3000);
    clock.advance(640);
    await Promise.resolve();
    expect(window.scrollY).toBe(0);
    expect(document.activeElement).toBe(document.getElementById('wrapper'));
    expect(document.getElementById('wrapper')!.getAttribute('tabindex')).toBe('-1');
  });

  it('goes to the top at once under reduced motion', async () => {
    media.setReducedMotion(true);
    await mount({ status_totop: 'desktop' });
    scrollTo(3000);
    link().click();
    await Promise.resolve();
    expect(window.scrollY).toBe(0);
    expect(document.activeElement).toBe(document.getElementById('wrapper'));
  });

  it('stays hidden on mobile unless status_totop names mobile', async () => {
    media.setWidth(375);
    await mount({ status_totop: 'desktop' });
    scrollTo(900);
    expect(active()).toBe(false);
    media.setWidth(1280);
    expect(active()).toBe(true);
  });

  it('works on mobile with desktop_and_mobile', async () => {
    media.setWidth(375);
    await mount({ status_totop: 'desktop_and_mobile' });
    scrollTo(900);
    expect(active()).toBe(true);
  });

  it('stays hidden on desktop when only mobile is enabled', async () => {
    await mount({ status_totop: 'mobile' });
    scrollTo(900);
    expect(active()).toBe(false);
    media.setWidth(600);
    expect(active()).toBe(true);
  });

  it('defaults to desktop without the global', async () => {
    await mount();
    scrollTo(900);
    expect(active()).toBe(true);
    expect(container().className).toBe('to-top-container to-top-right');
  });

  it('warns once about a malformed status and falls back to desktop only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount({ status_totop: { on: true }, totop_position: 'right' });
    scrollTo(900);
    expect(active()).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('back-to-top: avadaToTopVars.status_totop');
  });

  it('stops listening when unmounted', async () => {
    const runtime = await mount({ status_totop: 'desktop' });
    runtime.unmount(document);
    scrollTo(900);
    expect(active()).toBe(false);
  });
});
