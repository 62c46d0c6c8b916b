import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loaded, mountPage, only } from '../../test/helpers/mount';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { easeInExpo, easeInOutExpo, easeOutExpo } from '../../src/dom/easing';
import { anchorAction, arrivalDelay, arrivalId, arrivedUrl, halfway, scrollDestination, scrollOffset, scrollPhases } from './logic';

const PAGE = 'http://127.0.0.1:5173/shop/';

describe('anchor rules', () => {
  it('scrolls on the same page (same path, no query, or the page own query)', () => {
    expect(anchorAction({ href: `${PAGE}#pricing` }, PAGE)).toEqual({ kind: 'same-page', id: 'pricing', hash: '#pricing' });
    expect(anchorAction({ href: `${PAGE}?lang=de#x` }, `${PAGE}?lang=de`)).toMatchObject({ kind: 'same-page', id: 'x' });
    expect(anchorAction({ href: `${PAGE}#caf%C3%A9` }, PAGE)).toMatchObject({ id: 'café' });
  });
  it('sends links to another page with the #_ marker, keeping the query', () => {
    expect(anchorAction({ href: 'http://127.0.0.1:5173/about/#team' }, PAGE)).toEqual({
      kind: 'other-page',
      url: 'http://127.0.0.1:5173/about/#_team',
    });
    expect(anchorAction({ href: `${PAGE}?p=2#team` }, PAGE)).toEqual({ kind: 'other-page', url: `${PAGE}?p=2#_team` });
  });
  it.each([
    ['another host', { href: 'https://elsewhere.test/shop/#x' }],
    ['another scheme', { href: 'https://127.0.0.1:5173/shop/#x' }],
    ['no hash', { href: PAGE }],
    ['a bare #', { href: `${PAGE}#` }],
    ['a hash-bang', { href: `${PAGE}#!/route` }],
    ['a hash route', { href: `${PAGE}#/route` }],
    ['the HubSpot chat', { href: `${PAGE}#hubspot-open-chat` }],
    ['a form step', { href: `${PAGE}#previousStep` }],
    ['a form step', { href: `${PAGE}#nextStep` }],
    ['an off-canvas hash', { href: `${PAGE}#awb-oc__123` }],
    ['avada-noscroll', { href: `${PAGE}#x`, noScroll: true }],
    ['a mega menu tab', { href: `${PAGE}#x`, megaMenuTab: true }],
    ['a malformed URL', { href: 'http://[bad' }],
  ])('skips %s', (_, link) => {
    expect(anchorAction(link, PAGE)).toEqual({ kind: 'skip' });
  });
  it('reads the arrival marker and writes the plain hash back', () => {
    expect(arrivalId('#_pricing')).toBe('pricing');
    expect(arrivalId('#pricing')).toBeUndefined();
    expect(arrivalId('#_')).toBeUndefined();
    expect(arrivedUrl('http://x.test/a/?q=1#_pricing')).toBe('http://x.test/a/?q=1#pricing');
    expect(arrivedUrl('http://x.test/a/')).toBe('http://x.test/a/');
    expect(arrivalDelay(true)).toBe(300);
    expect(arrivalDelay(false)).toBe(0);
  });
  it('adds admin bar, sticky header and custom offset, ignoring nonsense', () => {
    expect(scrollOffset({ adminBar: 32, stickyHeader: 65, custom: 10 })).toBe(107);
    expect(scrollOffset({ adminBar: Number.NaN, stickyHeader: -5, custom: -20 })).toBe(-20);
    expect(scrollDestination(2000, 107, 9000)).toBe(1893);
    expect(scrollDestination(50, 107, 9000)).toBe(0);
    expect(scrollDestination(9500, 0, 9000)).toBe(9000);
  });
  it('plans two phases of 400 ms to halfway and 450 ms to the re-measured target, or one instant jump', () => {
    expect(scrollPhases(false).map((p) => [p.to, p.duration])).toEqual([
      ['halfway', 400],
      ['target', 450],
    ]);
    expect(scrollPhases(true).map((p) => [p.to, p.duration])).toEqual([['target', 0]]);
    expect(halfway(100, 1101)).toBe(601);
  });
  it('eases from 0 to 1', () => {
    for (const ease of [easeInExpo, easeOutExpo, easeInOutExpo]) {
      expect(ease(0)).toBe(0);
      expect(ease(1)).toBe(1);
      expect(ease(0.25)).toBeLessThan(ease(0.75));
    }
  });
});

const click = (el: Element, init: MouseEventInit = {}) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  return event;
};

describe('anchors widget', () => {
  let clock: FakeClock;
  let media: FakeMedia;
  const tops = new Map<Element, number>();

  /** Give an element a place in the document, as layout would. */
  const place = (el: Element, top: number, height = 100) => {
    tops.set(el, top);
    vi.spyOn(el, 'getBoundingClientRect').mockImplementation(() =>
      DOMRect.fromRect({ x: 0, y: tops.get(el)! - window.scrollY, width: 1000, height }),
    );
  };
  /** Mounted at once: what the widget does once loaded (the registry's click trigger is tested below). */
  const mount = (html: string) => clock.until(mountPage(html, loaded('anchors')));

  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock();
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 10000 });
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    clock.restore();
    media.restore();
    tops.clear();
    delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
    delete (window as { avadaHeaderVars?: unknown }).avadaHeaderVars;
  });

  const MENU = `<nav class="fusion-main-menu"><ul class="fusion-menu"><li><a href="#pricing">Pricing</a></li><li class="avada-noscroll"><a href="#faq">FAQ</a></li><li><a href="/about/#team">Team</a></li></ul></nav>
    <p><a id="plain" href="#pricing">plain link</a></p>
    <section id="pricing"><h2>Pricing</h2></section><section id="faq">FAQ</section>`;

  it('scrolls in two phases to the target, then writes the hash and moves focus there', async () => {
    await mount(MENU);
    const target = document.getElementById('pricing')!;
    place(target, 3000);
    const event = click(document.querySelector('.fusion-menu a')!);
    expect(event.defaultPrevented).toBe(true);
    await clock.run(200);
    // The page above the target grows while scrolling (lazy images): the second phase measures again.
    tops.set(target, 3400);
    await clock.run(200);
    expect(window.scrollY).toBe(1500);
    await clock.run(480);
    expect(window.scrollY).toBe(3400);
    expect(location.hash).toBe('#pricing');
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute('tabindex')).toBe('-1');
  });

  it('arrives, writes the hash and moves focus when the browser stops painting frames mid-scroll', async () => {
    // Chromium under load stopped delivering animation frames to a page it still showed (timers kept running),
    // and a tab hidden after the click gets none: the scroll ended only on a frame, so the click never arrived.
    // The browser's own environment here (not the manual clock's frames): its frame falls back to a timer.
    await mount(MENU);
    const target = document.getElementById('pricing')!;
    place(target, 3000);
    clock.restore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      click(document.querySelector('.fusion-menu a')!);
      await vi.advanceTimersByTimeAsync(300);
      expect(window.scrollY).toBeGreaterThan(0);
      expect(window.scrollY).toBeLessThan(3000);
      // From here no frame ever comes.
      vi.stubGlobal('requestAnimationFrame', () => 0);
      await vi.advanceTimersByTimeAsync(1500);
      expect(window.scrollY).toBe(3000);
      expect(location.hash).toBe('#pricing');
      expect(document.activeElement).toBe(target);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the admin bar, the sticky header (shrunk) and the custom offset clear', async () => {
    (window as { avadaHeaderVars?: unknown }).avadaHeaderVars = {
      header_position: 'top',
      header_sticky: '1',
      sticky_header_shrinkage: '1',
      scroll_offset: '10',
    };
    await mount(`<div id="wpadminbar" style="position:fixed"></div><header class="fusion-header"></header>${MENU}`);
    place(document.getElementById('wpadminbar')!, 0, 32);
    place(document.querySelector('.fusion-header')!, 32, 120);
    place(document.getElementById('pricing')!, 3000);
    click(document.querySelector('.fusion-menu a')!);
    await clock.run(1000);
    expect(window.scrollY).toBe(3000 - 32 - 65 - 10);
  });

  it('leaves the sticky header out on mobile unless it sticks there', async () => {
    (window as { avadaHeaderVars?: unknown }).avadaHeaderVars = { header_sticky: 1, header_sticky_mobile: '' };
    media.setWidth(375);
    await mount(`<header class="fusion-header"></header>${MENU}`);
    place(document.querySelector('.fusion-header')!, 0, 90);
    place(document.getElementById('pricing')!, 3000);
    click(document.querySelector('.fusion-menu a')!);
    await clock.run(1000);
    expect(window.scrollY).toBe(3000);
  });

  it('uses the Layout Builder sticky container and its scroll offset', async () => {
    await mount(
      `<div class="fusion-tb-header"><div class="fusion-sticky-container" data-sticky-large-visibility="1" data-scroll-offset="20"></div></div>${MENU}`,
    );
    place(document.querySelector('.fusion-sticky-container')!, 0, 80);
    place(document.getElementById('pricing')!, 3000);
    click(document.querySelector('.fusion-menu a')!);
    await clock.run(1000);
    expect(window.scrollY).toBe(3000 - 80 - 20);
  });

  it('jumps at once under reduced motion', async () => {
    media.setReducedMotion(true);
    await mount(MENU);
    place(document.getElementById('pricing')!, 3000);
    click(document.querySelector('.fusion-menu a')!);
    await Promise.resolve();
    await Promise.resolve();
    expect(window.scrollY).toBe(3000);
    expect(location.hash).toBe('#pricing');
    expect(document.activeElement).toBe(document.getElementById('pricing'));
  });

  it('leaves links outside the listed containers, noscroll items and modified clicks to the browser', async () => {
    await mount(MENU);
    place(document.getElementById('pricing')!, 3000);
    expect(click(document.getElementById('plain')!).defaultPrevented).toBe(false);
    expect(click(document.querySelector('.avada-noscroll a')!).defaultPrevented).toBe(false);
    expect(click(document.querySelector('.fusion-menu a')!, { ctrlKey: true }).defaultPrevented).toBe(false);
    await clock.run(1000);
    expect(window.scrollY).toBe(0);
  });

  it('leaves a hash with no target on the page to the browser', async () => {
    await mount('<ul class="fusion-menu"><li><a href="#nowhere">x</a></li></ul>');
    expect(click(document.querySelector('.fusion-menu a')!).defaultPrevented).toBe(false);
  });

  it('opens another page with the #_ marker', async () => {
    await mount(MENU);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: window.location.href, assign } as Location);
    const event = click(document.querySelector('a[href="/about/#team"]')!);
    expect(event.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:5173/about/#_team');
  });

  it('stops where the shopper takes over with the wheel, and does not move focus', async () => {
    await mount(`<button id="menu-button">menu</button>${MENU}`);
    place(document.getElementById('pricing')!, 3000);
    document.getElementById('menu-button')!.focus();
    click(document.querySelector('.fusion-menu a')!);
    clock.advance(200);
    window.dispatchEvent(new Event('wheel'));
    const stoppedAt = window.scrollY;
    await clock.run(1000);
    expect(window.scrollY).toBe(stoppedAt);
    expect(stoppedAt).toBeLessThan(3000);
    expect(document.activeElement?.id).toBe('menu-button');
  });

  it('on arrival with #_id: fixes the page-load link, scrolls, and turns #_ into #', async () => {
    history.replaceState(null, '', '/shop/#_pricing');
    const loading = clock.until(
      mountPage(`<a class="fusion-page-load-link" href="#" tabindex="-1" aria-hidden="true"></a>${MENU}`, loaded('anchors')),
    );
    place(document.getElementById('pricing')!, 2000);
    await loading;
    expect(document.querySelector('.fusion-page-load-link')?.getAttribute('href')).toBe('#pricing');
    await clock.run(1000);
    expect(window.scrollY).toBe(2000);
    expect(location.pathname + location.hash).toBe('/shop/#pricing');
    expect(document.activeElement).toBe(document.getElementById('pricing'));
  });

  it('waits 300 ms longer on arrival when a blog element is on the page', async () => {
    history.replaceState(null, '', '/shop/#_pricing');
    media.setReducedMotion(true);
    await mount(`<div class="fusion-blog-shortcode"></div>${MENU}`);
    place(document.getElementById('pricing')!, 2000);
    clock.advance(250);
    expect(window.scrollY).toBe(0);
    expect(location.hash).toBe('#_pricing');
    clock.advance(100);
    await Promise.resolve();
    await Promise.resolve();
    expect(window.scrollY).toBe(2000);
    expect(location.hash).toBe('#pricing');
  });

  it('cleans the marker even when the target is missing', async () => {
    history.replaceState(null, '', '/shop/?q=1#_gone');
    await mount(MENU);
    clock.advance(50);
    expect(location.search + location.hash).toBe('?q=1#gone');
  });

  it('warns once about a malformed scroll offset and still scrolls', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    (window as { avadaHeaderVars?: unknown }).avadaHeaderVars = { scroll_offset: '12px!' };
    await mount(MENU);
    place(document.getElementById('pricing')!, 3000);
    click(document.querySelector('.fusion-menu a')!);
    await clock.run(1000);
    expect(window.scrollY).toBe(3000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('anchors: avadaHeaderVars.scroll_offset');
  });

  it('loads on the first plain click of an in-page link, which it replays: the page scrolls with the offset', async () => {
    (window as { avadaHeaderVars?: unknown }).avadaHeaderVars = { header_position: 'top', header_sticky: '1', scroll_offset: '10' };
    const runtime = await clock.until(
      mountPage(
        `<header class="fusion-header"><ul class="fusion-menu"><li><a id="search-icon" href="#">Search</a></li></ul></header>${MENU}`,
        only('anchors'),
      ),
    );
    expect(runtime.instances.get(document.body)?.get('anchors')?.state).toBe('waiting');
    place(document.querySelector('.fusion-header')!, 0, 60);
    place(document.getElementById('pricing')!, 3000);
    // Other clicks, a modified click on a menu link (a new tab) and a bare `#` load nothing and are not held.
    expect(click(document.getElementById('plain')!).defaultPrevented).toBe(false);
    expect(click(document.querySelector('.fusion-main-menu .fusion-menu a')!, { ctrlKey: true }).defaultPrevented).toBe(false);
    // A bare `#` (a search or menu icon another widget owns) is never held for this one.
    expect(click(document.getElementById('search-icon')!).defaultPrevented).toBe(false);
    expect(runtime.instances.get(document.body)?.get('anchors')?.state).toBe('waiting');
    const first = click(document.querySelector('.fusion-main-menu .fusion-menu a')!);
    expect(first.defaultPrevented).toBe(true); // held while the code loads
    await clock.until(runtime.settled());
    await clock.run(1000);
    expect(window.scrollY).toBe(3000 - 60 - 10);
    expect(location.hash).toBe('#pricing');
    expect(document.activeElement?.id).toBe('pricing');
  });

  it('with the product tabs: the review link opens reviews and this widget scrolls to them', async () => {
    const intoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const runtime = await clock.until(
      mountPage(
        `<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist">
          <li class="description_tab"><a href="#tab-description">Description</a></li><li class="reviews_tab"><a href="#tab-reviews">Reviews</a></li></ul>
          <div class="panel wc-tab" id="tab-description">d</div><div class="panel wc-tab" id="tab-reviews"><div id="reviews">r</div></div></div>
          <a href="#reviews" class="woocommerce-review-link">(2 customer reviews)</a>`,
        only('anchors', 'product-tabs'),
      ),
    );
    place(document.getElementById('reviews')!, 1200);
    // The first click on the link loads this widget; the click is held, then replayed to both widgets.
    click(document.querySelector('.woocommerce-review-link')!);
    await clock.until(runtime.settled());
    expect(document.getElementById('tab-reviews')!.hidden).toBe(false);
    await clock.run(1000);
    expect(window.scrollY).toBe(1200);
    expect(intoView).not.toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('reviews');
  });
});
