import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { mountPage, only } from '../../test/helpers/mount';
import type { Runtime } from '../../mount/runtime';

const START = Date.UTC(2030, 5, 15, 12, 0, 0);

const popup = (id: string, { classes = 'close-on-anchor', heading = 'Ten percent off your first order', body = '' } = {}) => `
<div id="awb-oc-${id}" class="awb-off-canvas-wrap type-popup ${classes}" data-id="${id}">
  <div class="awb-off-canvas" tabindex="-1">
    <button class="off-canvas-close awb-icon-close close-position-right" aria-label="Close"></button>
    <div class="awb-off-canvas-inner content-layout-column"><div class="off-canvas-content">
      ${heading ? `<h2>${heading}</h2>` : ''}
      <p>Join the list.</p><a href="#details">Details</a> <button type="button" class="join">Join</button>${body}
    </div></div>
  </div>
</div>`;

const bar = (id: string, classes = 'position-left', open = false) => `
<div id="awb-oc-${id}" class="awb-off-canvas-wrap type-sliding-bar ${classes}${open ? ' awb-show' : ''}" data-id="${id}">
  <div class="awb-off-canvas" tabindex="-1">
    <button class="off-canvas-close awb-icon-close close-position-right" aria-label="Close"></button>
    <div class="awb-off-canvas-inner"><div class="off-canvas-content"><h2>Free shipping</h2><p>On orders over £50.</p></div></div>
  </div>
</div>`;

const PAGE = (panels: string) => `<div id="wrapper"><header><nav>
  <a class="toggle" href="#awb-oc__4711">Offers</a>
  <a class="open" href="/#awb-open-oc__4711">Open offers</a>
  <a class="close" href="#awb-close-oc__4711">Close offers</a>
  <a class="close-all" href="#awb-close-oc__">Close all</a>
  <button type="button" class="promo">Promo</button>
</nav></header><main><p>Page</p></main></div>${panels}`;

const setGlobal = (id: string, value: unknown) => {
  (window as unknown as Record<string, unknown>)[`off_canvas_${id}`] = value;
};
const wrap = (id = '4711') => document.querySelector<HTMLElement>(`.awb-off-canvas-wrap[data-id="${id}"]`)!;
const shown = (id = '4711') => wrap(id).classList.contains('awb-show');
const dialog = (id = '4711') => wrap(id).querySelector('dialog');
const stored = (id = '4711') => JSON.parse(localStorage.getItem(`off_canvas_${id}`) ?? 'null') as Record<string, unknown> | null;
const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

describe('off-canvas widget', () => {
  // The view is imported when a panel first opens; loaded once here so a test's flush never races the transform.
  beforeAll(async () => {
    await import('./view');
  });
  let clock: FakeClock;
  let media: FakeMedia;
  let events: { type: string; detail: unknown }[];
  const globals: string[] = [];
  const runtimes: Runtime[] = [];
  const record = (e: Event) => events.push({ type: e.type, detail: (e as CustomEvent).detail });

  const mount = async (html: string, configs: Record<string, unknown>) => {
    for (const [id, value] of Object.entries(configs)) {
      setGlobal(id, value);
      globals.push(id);
    }
    const runtime = await clock.until(mountPage(PAGE(html), only('off-canvas')));
    runtimes.push(runtime);
    return runtime;
  };
  /** Let the lazily imported view and React's commits run. */
  const flush = async (ms = 32) => {
    await clock.run(ms);
    for (let i = 0; i < 5; i++) await new Promise((r) => globalThis.setTimeout(r, 0));
    await clock.run(16);
  };

  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock(START);
    events = [];
    for (const type of ['awb-oc-opened', 'awb-oc-closed']) document.addEventListener(type, record);
  });
  afterEach(() => {
    for (const type of ['awb-oc-opened', 'awb-oc-closed']) document.removeEventListener(type, record);
    for (const runtime of runtimes.splice(0)) runtime.unmount(document);
    for (const id of globals.splice(0)) delete (window as unknown as Record<string, unknown>)[`off_canvas_${id}`];
    clock.restore();
    media.restore();
  });

  describe('page load trigger and the popup dialog', () => {
    it('opens 100 ms after load as a labelled modal dialog, focus inside, and counts the show', async () => {
      // The page has loaded before the widget mounts: its 100 ms count from the widget's mount (storefront:mount),
      // not from the test's start: the runtime's frames and the chunk's import take fake time too, frame by frame,
      // and more of it on a loaded machine.
      let mountedAt = Number.NaN;
      document.addEventListener('storefront:mount', () => (mountedAt = clock.now()), { once: true });
      await mount(popup('4711'), { 4711: { type: 'popup', on_page_load: 'yes' } });
      expect(shown()).toBe(false);
      await clock.run(50);
      expect(shown()).toBe(false);
      await flush(80);
      expect(shown()).toBe(true);
      const d = dialog()!;
      expect(d).not.toBeNull();
      expect(d.open).toBe(true);
      expect(d.contains(wrap().querySelector('.awb-off-canvas'))).toBe(true);
      expect(document.getElementById(d.getAttribute('aria-labelledby')!)!.textContent).toBe('Ten percent off your first order');
      expect(document.activeElement).toBe(wrap().querySelector('.awb-off-canvas'));
      expect(Object.keys(stored()!)).toEqual(['last_open_date', 'open_count', 'close_count', 'closed', 'page_views', 'sessions']);
      expect(stored()).toMatchObject({ open_count: 1, close_count: 0, closed: false, page_views: 0, sessions: 0 });
      const opened = Date.parse(stored()!.last_open_date as string);
      expect(opened).toBeGreaterThanOrEqual(mountedAt + 100);
      expect(opened).toBeLessThan(mountedAt + 200);
      expect(events).toEqual([{ type: 'awb-oc-opened', detail: [4711] }]);
    });

    describe('while the privacy bar asks for consent (accessibility.md)', () => {
      const BAR =
        '<div class="fusion-privacy-bar fusion-privacy-bar-bottom"><div class="fusion-privacy-bar-main"><span>We use cookies.</span><a href="#" class="fusion-privacy-bar-acceptance fusion-button">OK</a></div></div>';
      const privacyWindow = window as unknown as { avadaPrivacyVars?: unknown };
      beforeEach(() => {
        privacyWindow.avadaPrivacyVars = {
          name: 'privacy_embeds',
          days: '30',
          path: '/',
          types: ['youtube', 'tracking'],
          defaults: [],
          button: '0',
        };
      });
      afterEach(() => {
        delete privacyWindow.avadaPrivacyVars;
      });

      it('a popup does not open on load while consent is pending, and opens once the visitor answers', async () => {
        await mount(BAR + popup('4711'), { 4711: { type: 'popup', on_page_load: 'yes' } });
        await flush(200);
        expect(shown()).toBe(false);
        expect(stored()?.open_count ?? 0).toBe(0);
        const { consentStore } = await import('../privacy/consent');
        consentStore().set(['consent']);
        await flush(50);
        expect(shown()).toBe(true);
        expect(stored()).toMatchObject({ open_count: 1 });
      });

      it('opens on load as usual once the visitor has answered', async () => {
        document.cookie = 'privacy_embeds=consent,youtube; path=/';
        await mount(BAR + popup('4711'), { 4711: { type: 'popup', on_page_load: 'yes' } });
        await flush(200);
        expect(shown()).toBe(true);
      });

      it('a click on its trigger element still opens it at once', async () => {
        await mount(BAR + popup('4711'), { 4711: { type: 'popup', on_click: 'yes', on_click_element: '.promo' } });
        click(document.querySelector('.promo')!);
        await flush(50);
        expect(shown()).toBe(true);
      });
    });

    it('closes with the button: classes, stored close, event, dialog closed, focus back to the opener', async () => {
      await mount(popup('4711'), { 4711: { type: 'popup' } });
      const toggle = document.querySelector<HTMLAnchorElement>('a.toggle')!;
      toggle.focus();
      click(toggle);
      await flush();
      expect(shown()).toBe(true);
      expect(toggle.classList.contains('awb-oc-active')).toBe(true);
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      expect(shown()).toBe(false);
      expect(dialog()!.open).toBe(false);
      expect(document.activeElement).toBe(toggle);
      expect(toggle.classList.contains('awb-oc-active')).toBe(false);
      expect(stored()).toMatchObject({ open_count: 0, close_count: 1, closed: true });
      expect(events.map((e) => e.type)).toEqual(['awb-oc-opened', 'awb-oc-closed']);
    });

    it('labels a popup without a heading', async () => {
      await mount(popup('4711', { heading: '' }), { 4711: {} });
      click(document.querySelector('a.open')!);
      await flush();
      expect(dialog()!.getAttribute('aria-label')).toBe('Popup');
    });

    it("Escape (the dialog's cancel) closes unless disabled", async () => {
      await mount(popup('4711') + popup('4712', { classes: 'disable-close-on-esc' }), { 4711: {}, 4712: {} });
      click(document.querySelector('a.open')!);
      await flush();
      const cancel = new Event('cancel', { cancelable: true });
      dialog()!.dispatchEvent(cancel);
      await flush();
      expect(cancel.defaultPrevented).toBe(true);
      expect(shown()).toBe(false);

      const link = document.createElement('a');
      link.href = '#awb-open-oc__4712';
      link.textContent = 'Open 4712';
      document.body.append(link);
      click(link);
      await flush();
      const blocked = new Event('cancel', { cancelable: true });
      dialog('4712')!.dispatchEvent(blocked);
      dialog('4712')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      await flush();
      expect(blocked.defaultPrevented).toBe(true);
      expect(shown('4712')).toBe(true);
    });

    it('a click on the overlay closes unless overlay-disable-close', async () => {
      await mount(popup('4711') + popup('4712', { classes: 'overlay-disable-close' }), {
        4711: {},
        4712: { overlay_close_on_click: 'yes' },
      });
      click(document.querySelector('a.open')!);
      await flush();
      click(wrap().querySelector('.join')!);
      await flush();
      expect(shown()).toBe(true);
      click(dialog()!);
      await flush();
      expect(shown()).toBe(false);
      const link = document.createElement('a');
      link.href = '#awb-open-oc__4712';
      link.textContent = 'Open 4712';
      document.body.append(link);
      click(link);
      await flush();
      click(dialog('4712')!);
      await flush();
      expect(shown('4712')).toBe(true);
    });

    it('links with a # inside a close-on-anchor panel close it', async () => {
      await mount(popup('4711'), { 4711: {} });
      click(document.querySelector('a.open')!);
      await flush();
      click(wrap().querySelector('a[href="#details"]')!);
      await flush();
      expect(shown()).toBe(false);
    });

    it('keeps Tab inside the dialog', async () => {
      await mount(popup('4711'), { 4711: {} });
      click(document.querySelector('a.open')!);
      await flush();
      const d = dialog()!;
      // happy-dom has no layout: every control counts as rendered.
      vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
      const join = wrap().querySelector<HTMLElement>('.join')!;
      join.focus();
      const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
      join.dispatchEvent(tab);
      expect(tab.defaultPrevented).toBe(true);
      expect(document.activeElement).toBe(wrap().querySelector('.off-canvas-close'));
      const back = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true });
      document.activeElement!.dispatchEvent(back);
      expect(document.activeElement).toBe(join);
      expect(d.contains(document.activeElement)).toBe(true);
    });
  });

  describe('hash links', () => {
    it('toggle, open, close and close-all links, without following the hash', async () => {
      await mount(popup('4711') + bar('88'), { 4711: {}, 88: { type: 'sliding-bar' } });
      const toggle = document.querySelector('a.toggle')!;
      const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
      toggle.dispatchEvent(ev);
      expect(ev.defaultPrevented).toBe(true);
      await flush();
      expect(shown()).toBe(true);
      click(toggle);
      await flush();
      expect(shown()).toBe(false);
      click(document.querySelector('a.open')!);
      await flush();
      click(document.querySelector('a.open')!);
      await flush();
      expect(shown()).toBe(true);
      click(document.querySelector('a.close')!);
      await flush();
      expect(shown()).toBe(false);

      const openBar = document.createElement('a');
      openBar.href = '#awb-open-oc__88';
      openBar.textContent = 'Shipping';
      document.querySelector('nav')!.append(openBar);
      click(openBar);
      click(document.querySelector('a.open')!);
      await flush();
      expect(shown('88')).toBe(true);
      click(document.querySelector('a.close-all')!);
      await flush(1200);
      expect(shown('88')).toBe(false);
      expect(shown()).toBe(false);
      // Link opens are not shows: nothing counted.
      expect(stored()).toMatchObject({ open_count: 0, close_count: 3, closed: true });
      expect(location.hash).toBe('');
    });

    it('opens from the location hash on load (not counted) and removes the hash on close', async () => {
      history.replaceState(null, '', '/offers/?ref=mail#awb-open-oc__4711');
      await mount(popup('4711'), { 4711: { frequency: 'once' } });
      await flush();
      expect(shown()).toBe(true);
      expect(stored()).toMatchObject({ open_count: 0 });
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      expect(shown()).toBe(false);
      expect(location.pathname + location.search + location.hash).toBe('/offers/?ref=mail');
    });

    it("a #awb-oc__ hash on load opens too; another panel's hash does not", async () => {
      history.replaceState(null, '', '/#awb-oc__4711');
      await mount(popup('4711') + popup('4712'), { 4711: {}, 4712: {} });
      await flush();
      expect(shown()).toBe(true);
      expect(shown('4712')).toBe(false);
    });
  });

  describe('triggers', () => {
    it('time on page opens after N seconds', async () => {
      await mount(popup('4711'), { 4711: { time_on_page: 'yes', time_on_page_duration: '5' } });
      await clock.run(4900);
      expect(shown()).toBe(false);
      await flush(200);
      expect(shown()).toBe(true);
      expect(stored()).toMatchObject({ open_count: 1 });
    });

    it('scroll down to a position in pixels or percent; scroll up on any upward scroll', async () => {
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
      await mount(popup('4711') + popup('4712') + popup('4713'), {
        4711: { on_scroll: 'yes', scroll_direction: 'down', scroll_to: 'position', scroll_position: '600' },
        4712: { on_scroll: 'yes', scroll_direction: 'down', scroll_position: '50%' },
        4713: { on_scroll: 'yes', scroll_direction: 'up' },
      });
      const scrollTo = (y: number) => {
        window.scrollTo(0, y);
        window.dispatchEvent(new Event('scroll'));
      };
      scrollTo(599);
      await flush();
      expect([shown('4711'), shown('4712'), shown('4713')]).toEqual([false, false, false]);
      scrollTo(600);
      await flush();
      expect([shown('4711'), shown('4712'), shown('4713')]).toEqual([true, false, false]);
      scrollTo(2000);
      await flush();
      expect(shown('4712')).toBe(true);
      scrollTo(1990);
      await flush();
      expect(shown('4713')).toBe(true);
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
    });

    it('scroll down to an element opens when it comes into view', async () => {
      const seen: (() => void)[] = [];
      const { setEnvironment } = await import('../../src/env');
      const restore = setEnvironment({ visible: (_el, fn) => (seen.push(fn), () => {}) });
      try {
        await mount(popup('4711') + '<section id="reviews-end">End</section>', {
          4711: { on_scroll: 'yes', scroll_to: 'element', scroll_element: '#reviews-end' },
        });
        expect(seen).toHaveLength(1);
        expect(shown()).toBe(false);
        seen[0]!();
        await flush();
        expect(shown()).toBe(true);
      } finally {
        restore();
      }
    });

    it('exit intent: leaving the window, not a <select> dropdown, not on mobile', async () => {
      await mount(popup('4711') + popup('4712') + '<select id="size"><option>S</option></select>', {
        4711: { exit_intent: 'yes' },
        4712: { exit_intent: 'yes', is_mobile: '1' },
      });
      document.getElementById('size')!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null }));
      document.querySelector('main')!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
      await flush();
      expect(shown()).toBe(false);
      document.querySelector('main')!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null }));
      await flush();
      expect(shown()).toBe(true);
      expect(shown('4712')).toBe(false);
    });

    it('inactivity: N seconds without mouse, keys, touch or scroll', async () => {
      await mount(popup('4711'), { 4711: { after_inactivity: 'yes', inactivity_duration: '10' } });
      await clock.run(9000);
      document.dispatchEvent(new MouseEvent('mousemove'));
      await clock.run(9000);
      window.dispatchEvent(new Event('scroll'));
      await clock.run(9000);
      expect(shown()).toBe(false);
      await flush(1100);
      expect(shown()).toBe(true);
    });

    it('click on an element ignores the rules and does not count; once per page', async () => {
      localStorage.setItem(
        'off_canvas_4711',
        JSON.stringify({
          last_open_date: new Date(START - 1000).toISOString(),
          open_count: 1,
          close_count: 1,
          closed: true,
          page_views: 0,
          sessions: 0,
        }),
      );
      await mount(popup('4711'), { 4711: { frequency: 'once', on_click: 'yes', on_click_element: '.promo', on_page_load: 'yes' } });
      await flush(300);
      expect(shown()).toBe(false);
      click(document.querySelector('.promo')!);
      await flush();
      expect(shown()).toBe(true);
      expect(stored()).toMatchObject({ open_count: 1 });
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      click(document.querySelector('.promo')!);
      await flush();
      expect(shown()).toBe(false);
    });

    it('after add to cart (the added_to_cart event) ignores the rules, counts, and fires once', async () => {
      sessionStorage.setItem('off_canvas_4711_opened', 'true');
      await mount(popup('4711'), { 4711: { frequency: 'session', on_add_to_cart: 'yes' } });
      document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: [{}, 'hash', null] }));
      await flush();
      expect(shown()).toBe(true);
      expect(stored()).toMatchObject({ open_count: 1 });
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: [] }));
      await flush();
      expect(shown()).toBe(false);
    });

    it('a trigger fires once per page, even after the panel closed', async () => {
      await mount(popup('4711'), { 4711: { on_scroll: 'yes', scroll_direction: 'up' } });
      window.scrollTo(0, 500);
      window.dispatchEvent(new Event('scroll'));
      window.scrollTo(0, 400);
      window.dispatchEvent(new Event('scroll'));
      await flush();
      expect(shown()).toBe(true);
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      window.scrollTo(0, 300);
      window.dispatchEvent(new Event('scroll'));
      await flush();
      expect(shown()).toBe(false);
    });
  });

  describe('display rules and stored state', () => {
    const load = { on_page_load: 'yes' };

    it('frequency once: a visitor the original showed it to does not see it again', async () => {
      localStorage.setItem(
        'off_canvas_4711',
        '{"last_open_date":"2030-06-01T10:00:00.000Z","open_count":1,"close_count":1,"closed":true,"page_views":0,"sessions":0}',
      );
      await mount(popup('4711'), { 4711: { ...load, frequency: 'once' } });
      await flush(300);
      expect(shown()).toBe(false);
    });

    it('frequency session sets the session flag at evaluation', async () => {
      await mount(popup('4711'), { 4711: { ...load, frequency: 'session' } });
      expect(sessionStorage.getItem('off_canvas_4711_opened')).not.toBeNull();
      await flush(300);
      expect(shown()).toBe(true);
    });

    it('frequency day: within 24 h of the last open it stays closed', async () => {
      localStorage.setItem(
        'off_canvas_4711',
        JSON.stringify({
          last_open_date: new Date(START - 23 * 3600_000).toISOString(),
          open_count: 1,
          close_count: 1,
          closed: true,
          page_views: 0,
          sessions: 0,
        }),
      );
      await mount(popup('4711'), { 4711: { ...load, frequency: 'day' } });
      await flush(300);
      expect(shown()).toBe(false);
    });

    it("page views are counted in the theme's record and the panel shows from view N+1", async () => {
      await mount(popup('4711'), { 4711: { ...load, after_x_page_views: 'yes', number_of_page_views: '1' } });
      await flush(300);
      expect(shown()).toBe(false);
      expect(stored()).toEqual({ last_open_date: '', open_count: 0, close_count: 0, closed: false, page_views: 1, sessions: 0 });
    });

    it('sessions: counted once per session with the session marker', async () => {
      await mount(popup('4711'), { 4711: { ...load, after_x_sessions: 'yes', number_of_sessions: '1' } });
      await flush(300);
      expect(shown()).toBe(false);
      expect(sessionStorage.getItem('off_canvas_4711')).not.toBeNull();
      expect(stored()).toMatchObject({ sessions: 1 });
    });

    it('arriving from search only: a direct visit stays closed', async () => {
      await mount(popup('4711'), { 4711: { ...load, when_arriving_from: ['search'] } });
      await flush(300);
      expect(shown()).toBe(false);
    });

    it('a sliding bar with state opened opens on load when its rules pass', async () => {
      await mount(bar('88'), { 88: { type: 'sliding-bar', off_canvas_state: 'opened', has_js_rules: true, frequency: 'session' } });
      await flush();
      expect(shown('88')).toBe(true);
    });
  });

  describe('bad input', () => {
    it('garbage in the global: one warning naming the widget and field, the panel stays closed, links still work', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await mount(popup('4711'), { 4711: { on_page_load: 'yes', frequency: { weekly: true } } });
      await flush(300);
      expect(shown()).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/off-canvas: off_canvas_4711\.frequency: expected/);
      click(document.querySelector('a.open')!);
      await flush();
      expect(shown()).toBe(true);
    });

    it('a global that is not an object, or missing: warned, closed', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await mount(popup('4711') + popup('4712'), { 4711: 'on_page_load=yes' });
      await flush(300);
      expect(shown()).toBe(false);
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/off-canvas: off_canvas_4711: expected an object/),
        expect.stringMatching(/off-canvas: off_canvas_4712: is missing/),
      ]);
    });

    it('garbage in the stored state: one warning naming the key, closed this time, record repaired', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem('off_canvas_4711', '{"open_count":"lots"');
      await mount(popup('4711'), { 4711: { on_page_load: 'yes' } });
      await flush(300);
      expect(shown()).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/off-canvas: localStorage\.off_canvas_4711: is not JSON/);
      expect(stored()).toEqual({ last_open_date: '', open_count: 0, close_count: 0, closed: false, page_views: 0, sessions: 0 });
    });

    it('a malformed data-id is warned and left alone', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await mount(popup('4711').replace('data-id="4711"', 'data-id="4711<x>"'), {});
      expect(String(warn.mock.calls[0]![0])).toMatch(/off-canvas: data-id:/);
    });
  });

  describe('open behaviours', () => {
    it('auto close after N seconds, paused while the pointer is over the panel', async () => {
      await mount(popup('4711'), { 4711: { auto_close_after_time: '3' } });
      click(document.querySelector('a.open')!);
      await flush();
      const inner = wrap().querySelector('.awb-off-canvas')!;
      await clock.run(2000);
      inner.dispatchEvent(new PointerEvent('pointerenter'));
      await clock.run(5000);
      expect(shown()).toBe(true);
      inner.dispatchEvent(new PointerEvent('pointerleave'));
      await clock.run(2900);
      expect(shown()).toBe(true);
      await flush(200);
      expect(shown()).toBe(false);
    });

    it('the close button appears after N seconds, on every open', async () => {
      await mount(popup('4711'), { 4711: { show_close_button_after_time: '2' } });
      const button = () => wrap().querySelector<HTMLButtonElement>('.off-canvas-close')!;
      click(document.querySelector('a.open')!);
      await flush();
      expect(button().hidden).toBe(true);
      await flush(2000);
      expect(button().hidden).toBe(false);
      click(button());
      await flush();
      click(document.querySelector('a.open')!);
      await flush();
      expect(button().hidden).toBe(true);
    });

    it('pauses video, audio and embedded players on close', async () => {
      await mount(popup('4711', { body: '<video src="/a.mp4"></video><audio src="/a.mp3"></audio><iframe title="Film"></iframe>' }), {
        4711: {},
      });
      const paused = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
      const frame = wrap().querySelector('iframe')!;
      const post = vi.fn();
      // happy-dom does not load frames: the player's address and window are stand-ins.
      Object.defineProperty(frame, 'src', { configurable: true, value: 'https://www.youtube-nocookie.com/embed/x?enablejsapi=1' });
      Object.defineProperty(frame, 'contentWindow', { configurable: true, value: { postMessage: post } });
      click(document.querySelector('a.open')!);
      await flush();
      click(wrap().querySelector('.off-canvas-close')!);
      await flush();
      expect(paused).toHaveBeenCalledTimes(2);
      expect(post).toHaveBeenCalledWith('{"event":"command","func":"pauseVideo","args":""}', 'https://www.youtube-nocookie.com');
    });

    it('animation classes while entering and leaving, removed when the animation ends', async () => {
      await mount(popup('4711'), {
        4711: { enter_animation: 'fade', enter_animation_direction: 'up', enter_animation_speed: '0.5', exit_animation: 'fade' },
      });
      click(document.querySelector('a.open')!);
      const inner = wrap().querySelector<HTMLElement>('.awb-off-canvas')!;
      expect([...inner.classList]).toEqual(expect.arrayContaining(['fusion-animated', 'fadeInUp']));
      expect(inner.style.animationDuration).toBe('0.5s');
      inner.dispatchEvent(new Event('animationend'));
      expect(inner.classList.contains('fadeInUp')).toBe(false);
      await flush();
      click(inner.querySelector('.off-canvas-close')!);
      expect(wrap().classList.contains('is-closing')).toBe(true);
      expect(inner.classList.contains('fadeOut')).toBe(true);
      expect(shown()).toBe(true);
      inner.dispatchEvent(new Event('animationend'));
      await flush();
      expect(shown()).toBe(false);
      expect(wrap().className).not.toMatch(/is-closing|oc-waiting-for-close/);
    });

    it('no animation classes under reduced motion', async () => {
      media.setReducedMotion(true);
      await mount(popup('4711'), { 4711: { enter_animation: 'fade', exit_animation: 'fade' } });
      click(document.querySelector('a.open')!);
      expect(wrap().querySelector('.awb-off-canvas')!.className).not.toMatch(/fusion-animated|fadeIn/);
      await flush();
      click(wrap().querySelector('.off-canvas-close')!);
      expect(shown()).toBe(false);
    });
  });

  describe('sliding bars', () => {
    it('are labelled non-modal regions; Escape and the overlay close them', async () => {
      await mount(bar('88'), { 88: { type: 'sliding-bar', overlay_page_scrollbar: 'no' } });
      const inner = wrap('88').querySelector('.awb-off-canvas')!;
      expect(inner.getAttribute('role')).toBe('region');
      expect(document.getElementById(inner.getAttribute('aria-labelledby')!)!.textContent).toBe('Free shipping');
      const button = document.querySelector<HTMLElement>('.promo')!;
      button.focus();
      const link = document.createElement('a');
      link.href = '#awb-open-oc__88';
      link.textContent = 'bar';
      document.body.append(link);
      click(link);
      await flush();
      expect(shown('88')).toBe(true);
      expect(wrap('88').querySelector('dialog')).toBeNull();
      // Nothing for the view to do (no timers): React is not loaded for this bar.
      expect(wrap('88').querySelector('.sf-oc-host')).toBeNull();
      expect(document.activeElement).toBe(button);
      expect(document.documentElement.classList.contains('sf-oc-lock')).toBe(true);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      await flush(1200);
      expect(shown('88')).toBe(false);
      expect(document.documentElement.classList.contains('sf-oc-lock')).toBe(false);
      click(link);
      await flush();
      click(wrap('88'));
      await flush(1200);
      expect(shown('88')).toBe(false);
    });

    it('a push bar that arrived open moves #wrapper by its width', async () => {
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(320);
      await mount(bar('90', 'position-right', true), {
        90: { type: 'sliding-bar', position: 'right', transition: 'push', off_canvas_state: 'opened' },
      });
      await flush();
      const root = document.documentElement;
      expect(root.classList.contains('sf-oc-pushed')).toBe(true);
      expect(root.style.getPropertyValue('--sf-oc-push-x')).toBe('-320px');
      click(wrap('90').querySelector('.off-canvas-close')!);
      await flush(1200);
      expect(root.classList.contains('sf-oc-pushed')).toBe(false);
      expect(root.style.getPropertyValue('--sf-oc-push-x')).toBe('');
    });
  });

  it('a panel inserted later works', async () => {
    const runtime = await mount('', {});
    setGlobal('5000', { on_page_load: 'yes' });
    globals.push('5000');
    document.body.insertAdjacentHTML('beforeend', popup('5000'));
    await clock.until(runtime.settled());
    await flush(200);
    expect(shown('5000')).toBe(true);
  });
});
