import { act } from '../../test/helpers/render';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';
import { setEnvironment } from '../../src/env';
import { getCookie } from '../../src/storage/cookies';
import { consentPending, consentStore, navigation, typeAllowed } from './consent';

const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector)!;
const bar = () => $('.fusion-privacy-bar');
const acceptButton = () => $<HTMLAnchorElement>('.fusion-privacy-bar-acceptance');
const iframeSrc = (type: string) => $(`#embed-${type} iframe`).getAttribute('src');
const placeholders = (type: string) => document.querySelectorAll(`.fusion-privacy-placeholder[data-privacy-type="${type}"]`).length;
const box = (type: string) => $<HTMLInputElement>(`#bar-${type}`);
/** Scripts we created: the page's own inline globals are dropped by fixtureBody, so every script is ours. */
const scripts = () => [...document.querySelectorAll('script')].map((s) => s.id || s.src || s.text);
const commands = () => (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a]);
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

let reload: ReturnType<typeof vi.fn<() => void>>;

async function open(options: { cookie?: string; globals?: Record<string, unknown>; gtag?: boolean } = {}) {
  usePageGlobals('privacy.html', options.globals);
  if (options.gtag !== false) {
    const w = window as unknown as { dataLayer: unknown[]; gtag: (...a: unknown[]) => void };
    w.dataLayer = [];
    w.gtag = function gtag() {
      // oxlint-disable-next-line prefer-rest-params -- the snippet Google asks shops to paste
      w.dataLayer.push(arguments);
    };
  }
  if (options.cookie !== undefined) document.cookie = `privacy_embeds=${options.cookie}; path=/`;
  // The bar's mount waits for its island: settled means the bar is up when it must show.
  return mountPage(await fixtureBody('privacy.html'), only('privacy'));
}

// The bar's island module (and React) are imported once up front: on a busy machine the first test would
// otherwise spend its time budget on the import.
beforeAll(() => import('./bar.island'), 60_000);

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(navigation, 'reload').mockImplementation(reload);
});
afterEach(() => {
  delete (window as { dataLayer?: unknown }).dataLayer;
  delete (window as { gtag?: unknown }).gtag;
});

describe('privacy bar, first visit', () => {
  it('shows the bar as a labelled region and loads nothing from an embed host', async () => {
    await open();
    expect(bar().style.display).toBe('block');
    expect(bar().getAttribute('role')).toBe('region');
    expect(bar().getAttribute('aria-label')).toBe('Cookie and privacy settings');
    expect(acceptButton().textContent).toBe('Ok');
    for (const type of ['youtube', 'vimeo', 'soundcloud']) expect(iframeSrc(type)).toBe('');
    expect($('#embed-flickr img').hasAttribute('src')).toBe(false);
    expect(scripts()).toEqual([]);
    expect(document.querySelector('lite-youtube[data-sf-lite], lite-youtube img')).toBeNull();
    expect(document.querySelectorAll('priv-fac-lite-youtube, priv-fac-lite-vimeo')).toHaveLength(2);
    expect(commands()).toEqual([['consent', 'default', { ...DENIED, wait_for_update: 500 }]]);
    expect(consentPending()).toBe(true);
  });

  it('learn more opens the choices; a changed checkbox switches the button to its update text', async () => {
    await open();
    const learn = $('.fusion-privacy-bar-learn-more');
    expect(learn.getAttribute('aria-expanded')).toBe('false');
    expect($('.fusion-privacy-bar-full').style.display).toBe('none');
    act(() => learn.click());
    expect(learn.getAttribute('aria-expanded')).toBe('true');
    expect(learn.getAttribute('aria-controls')).toBe($('.fusion-privacy-bar-full').id);
    expect(bar().classList.contains('fusion-privacy-bar-open')).toBe(true);
    expect(learn.querySelector('i')!.className).toBe('awb-icon-angle-up');
    expect($('.fusion-privacy-bar-full').style.display).toBe('block');
    expect(box('youtube').checked).toBe(true); // the theme's default, as printed

    act(() => box('vimeo').click());
    expect(acceptButton().textContent).toBe('Update Settings');
    expect(acceptButton().classList.contains('fusion-privacy-update')).toBe(true);
    act(() => box('vimeo').click());
    expect(acceptButton().textContent).toBe('Ok');
    expect(acceptButton().classList.contains('fusion-privacy-update')).toBe(false);
  });

  it('under reduced motion the panel opens and closes at once, without a slide', async () => {
    const restore = setEnvironment({ prefersReducedMotion: () => true });
    try {
      await open();
      const animate = vi.spyOn(HTMLElement.prototype, 'animate');
      const learn = $('.fusion-privacy-bar-learn-more');
      act(() => learn.click());
      expect($('.fusion-privacy-bar-full').style.display).toBe('block');
      act(() => learn.click());
      expect($('.fusion-privacy-bar-full').style.display).toBe('none');
      expect(bar().classList.contains('fusion-privacy-bar-open')).toBe(false);
      expect(animate).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('Space on the accept link accepts, as on a button', async () => {
    await open();
    act(() => void acceptButton().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })));
    expect(getCookie('privacy_embeds')).toBe('consent');
    expect(bar().style.display).toBe('none');
  });

  it('accept with the panel closed records the answer only: embeds stay blocked', async () => {
    await open();
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent');
    expect(bar().style.display).toBe('none');
    expect(consentPending()).toBe(false);
    expect(iframeSrc('youtube')).toBe('');
    expect(commands()).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', DENIED],
    ]);
  });

  it('accept with choices unblocks every form of the chosen types, and grants Consent Mode for tracking', async () => {
    await open();
    act(() => $('.fusion-privacy-bar-learn-more').click());
    act(() => box('vimeo').click());
    act(() => box('gmaps').click());
    act(() => box('tracking').click());
    const written = vi.spyOn(document, 'cookie', 'set');
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent,youtube,vimeo,gmaps,tracking');
    const cookie = String(written.mock.calls[0]![0]);
    expect(cookie.split('; ')[0]).toBe('privacy_embeds=consent,youtube,vimeo,gmaps,tracking');
    expect(cookie).toMatch(/; path=\/(;|$)/);
    expect(cookie).toMatch(/; sameSite=Lax(;|$)/i);
    expect(cookie).not.toMatch(/secure/i); // http here: Secure only on https
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(30);
    expect(bar().style.display).toBe('none');
    expect(reload).not.toHaveBeenCalled();

    expect(iframeSrc('youtube')).toBe('https://www.youtube.com/embed/aqz-KE-bpKQ?wmode=transparent&autoplay=0');
    expect(iframeSrc('vimeo')).toBe('https://player.vimeo.com/video/76979871?autoplay=0');
    expect($('#embed-vimeo iframe').classList.contains('fusion-hidden')).toBe(false);
    expect(iframeSrc('soundcloud')).toBe(''); // not chosen
    for (const type of ['youtube', 'vimeo', 'gmaps']) expect(placeholders(type)).toBe(0);
    expect(placeholders('soundcloud')).toBe(1);
    // Video widget, facades, static map, tracking script.
    expect($('#embed-video-widget video.wp-video-shortcode source').getAttribute('src')).toBe('https://vimeo.com/76979871?_=1');
    expect(document.querySelectorAll('priv-fac-lite-youtube, priv-fac-lite-vimeo')).toHaveLength(0);
    expect($('#embed-lite lite-vimeo').getAttribute('videoid')).toBe('76979871');
    expect($('#embed-map img').getAttribute('src')).toContain('https://maps.googleapis.com/maps/api/staticmap');
    expect($('.fusion-maps-static-type').classList.contains('fusion-hidden')).toBe(false);
    const analytics = $<HTMLScriptElement>('script#shop-analytics-inline');
    expect(analytics.text).toBe('window.__shopAnalytics = (window.__shopAnalytics || 0) + 1;');
    expect(analytics.getAttribute('type')).toBe('text/javascript');
    expect(analytics.hasAttribute('data-privacy-type')).toBe(false);
    expect($<HTMLScriptElement>('script#google-maps-api-js').src).toBe(
      'https://maps.googleapis.com/maps/api/js?key=AIzaFixtureKey&language=en',
    );
    expect(commands().at(-1)).toEqual(['consent', 'update', GRANTED]);
  });

  it('reject writes only consent and reloads', async () => {
    await open({ cookie: 'youtube' });
    const written = vi.spyOn(document, 'cookie', 'set');
    act(() => $('.fusion-privacy-bar-reject').click());
    expect(getCookie('privacy_embeds')).toBe('consent');
    expect(written).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalled();
    expect(bar().style.display).toBe('none');
  });

  it('a placeholder button consents to its one type: every element of it loads, the bar stays', async () => {
    await open();
    act(() => $('#embed-youtube .fusion-privacy-consent').click());
    expect(getCookie('privacy_embeds')).toBe('youtube');
    expect(iframeSrc('youtube')).toContain('https://www.youtube.com/embed/');
    expect(placeholders('youtube')).toBe(0);
    expect(box('youtube').checked).toBe(true);
    expect($('#embed-lite lite-youtube[videoid="aqz-KE-bpKQ"] img').getAttribute('src')).toBe(
      'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    );
    expect(iframeSrc('vimeo')).toBe('');
    expect(bar().style.display).toBe('block');
  });

  it('wraps a placeholder printed beside its iframe to keep the aspect ratio', async () => {
    await open();
    const wrapper = $('#embed-youtube .fluid-width-video-wrapper');
    expect(wrapper.style.paddingTop).toBe('56.25%');
    expect([...wrapper.children].map((c) => c.tagName)).toEqual(['DIV', 'IFRAME']);
    expect($('#embed-soundcloud .fluid-width-video-wrapper').style.paddingTop).toBe('166px');
  });
});

describe('privacy, returning visitor (cached page)', () => {
  it('unblocks the allowed types at once, keeps the bar hidden, and tells Consent Mode', async () => {
    await open({ cookie: 'consent,youtube,tracking' });
    expect(bar().hasAttribute('role')).toBe(false); // the island was never mounted
    expect(iframeSrc('youtube')).toContain('https://www.youtube.com/embed/');
    expect(iframeSrc('vimeo')).toBe('');
    expect(placeholders('youtube')).toBe(0);
    expect(scripts()).toEqual(['shop-analytics-inline']);
    expect(commands()).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', GRANTED],
    ]);
  });

  it('a privacy settings link reopens the bar with the standing choice; taking a type back reloads', async () => {
    await open({ cookie: 'consent,youtube' });
    const link = $<HTMLAnchorElement>('a[href="#privacy-settings"]');
    link.click();
    await vi.waitFor(() => expect(bar().style.display).toBe('block'));
    expect(document.activeElement).toBe(bar());
    expect(bar().classList.contains('fusion-privacy-bar-open')).toBe(true);
    expect(box('youtube').checked).toBe(true);
    expect(box('vimeo').checked).toBe(false);
    act(() => box('youtube').click());
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent');
    expect(reload).toHaveBeenCalled();
  });

  it('a reopened bar adds a type without a reload and returns focus to the link', async () => {
    await open({ cookie: 'consent' });
    const link = $<HTMLAnchorElement>('a[href="#privacy-settings"]');
    link.focus();
    link.click();
    await vi.waitFor(() => expect(bar().style.display).toBe('block'));
    act(() => box('vimeo').click());
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent,vimeo');
    expect(iframeSrc('vimeo')).toContain('https://player.vimeo.com/video/');
    expect(reload).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(link);
    expect(bar().style.display).toBe('none');
  });

  it('lite facades load the player only on click, from the privacy-enhanced host, with autoplay', async () => {
    await open({ cookie: 'consent,youtube' });
    const lite = $('lite-youtube[videoid="aqz-KE-bpKQ"]');
    expect(lite.querySelector('iframe')).toBeNull();
    const play = lite.querySelector<HTMLButtonElement>('button.lty-playbtn')!;
    expect(play.getAttribute('aria-label')).toBe('Play: How a tote is stitched');
    play.click();
    const iframe = lite.querySelector('iframe')!;
    expect(iframe.src).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?controls=1&start=10&autoplay=1');
    expect(iframe.title).toBe('How a tote is stitched');
    expect(lite.classList.contains('lyt-activated')).toBe(true);
    // The unprefixed one is behind consent too: started only because youtube is allowed.
    expect($('lite-youtube[videoid="dQw4w9WgXcQ"] img').getAttribute('src')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });

  it('map scripts wait for the Maps API and InfoBox, then the map runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const run = vi.fn();
      (window as unknown as Record<string, unknown>).fusion_run_map_fusion_map_7b3e = run;
      await open({ cookie: 'consent,gmaps' });
      expect(scripts()).toEqual(['google-maps-api-js']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(scripts()).toEqual(['google-maps-api-js']);
      (window as unknown as { google: unknown }).google = { maps: {} };
      await vi.advanceTimersByTimeAsync(1000);
      expect(scripts()).toEqual(['google-maps-api-js', 'jquery-fusion-maps-infobox-js']);
      expect(run).not.toHaveBeenCalled();
      (window as unknown as { InfoBox: unknown }).InfoBox = function InfoBox() {};
      await vi.advanceTimersByTimeAsync(1000);
      expect(scripts()).toEqual(['google-maps-api-js', 'jquery-fusion-maps-infobox-js', 'fusion-map-init-7b3e']);
      expect(run).toHaveBeenCalledTimes(1);
      expect($('#fusion_map_7b3e').classList.contains('fusion-hidden')).toBe(false);
    } finally {
      vi.useRealTimers();
      for (const k of ['google', 'InfoBox', 'fusion_run_map_fusion_map_7b3e']) delete (window as unknown as Record<string, unknown>)[k];
    }
  });
});

describe('privacy, bad input', () => {
  it('a garbage cookie: one warning naming it, the bar shows, embeds stay blocked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open({ cookie: 'consent,<b>youtube</b>' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/privacy: cookie privacy_embeds/);
    expect(bar().style.display).toBe('block');
    expect(iframeSrc('youtube')).toBe('');
  });

  it('a garbage global: one warning naming it, embeds stay blocked, the bar still works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open({ globals: { avadaPrivacyVars: 'on' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/privacy: avadaPrivacyVars/);
    expect(iframeSrc('soundcloud')).toBe('');
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent');
  });

  it('a held-back source that is not http(s) stays blocked with a warning, however the scheme is spelled', async () => {
    usePageGlobals('privacy.html');
    document.cookie = 'privacy_embeds=consent,youtube,tracking; path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(
      `<iframe id="bad-1" data-privacy-type="youtube" data-privacy-src="java&#9;script:parent.__ran=1" src=""></iframe>
       <iframe id="bad-2" data-privacy-type="youtube" data-privacy-src="&#1;javascript:parent.__ran=1" src=""></iframe>
       <img id="bad-3" class="fusion-hidden" data-privacy-type="youtube" data-privacy-script="true" data-privacy-src="data:image/svg+xml,x" alt="">
       <span id="bad-4" data-privacy-type="tracking" data-privacy-script="true" data-privacy-src="vbscript:x"></span>
       <iframe id="good" data-privacy-type="youtube" data-privacy-src="https://www.youtube.com/embed/aqz-KE-bpKQ" src=""></iframe>`,
      only('privacy'),
    );
    for (const id of ['bad-1', 'bad-2', 'bad-3']) {
      expect($(`#${id}`).getAttribute('src') ?? '').toBe('');
      expect($(`#${id}`).hasAttribute('data-privacy-unblocked')).toBe(false);
    }
    expect($('#bad-4').tagName).toBe('SPAN');
    expect(document.querySelector('script')).toBeNull();
    expect($('#good').getAttribute('src')).toBe('https://www.youtube.com/embed/aqz-KE-bpKQ');
    // One per refused element, each naming the attribute and the value.
    expect(warn.mock.calls.map((c) => /privacy: data-privacy-src/.test(String(c[0])))).toEqual([true, true, true, true]);
    expect(String(warn.mock.calls[3]![0])).toContain('vbscript:x');
  });

  it('a malformed field warns with its name; the rest of the global still applies', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await open({
      globals: { avadaPrivacyVars: { name: 'privacy_embeds', days: 'a month', path: '/', types: ['youtube'], defaults: [], button: '0' } },
      cookie: 'consent',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/privacy: avadaPrivacyVars\.days/);
    expect(iframeSrc('vimeo')).toContain('https://player.vimeo.com/'); // not gated by this shop
    expect(iframeSrc('youtube')).toBe('');
  });

  it('puts the default in front of the commands the snippet queued, while the tag has not taken the queue over', async () => {
    usePageGlobals('privacy.html');
    const queued = [{ 'gtm.start': 1, event: 'gtm.js' }];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = queued;
    await mountPage(await fixtureBody('privacy.html'), only('privacy'));
    expect(queued).toHaveLength(2);
    expect([...(queued[0] as unknown as IArguments)]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
    expect(Object.prototype.toString.call(queued[0])).toBe('[object Arguments]');
    expect(queued[1]).toEqual({ 'gtm.start': 1, event: 'gtm.js' });
  });

  it("the consent store is the page's (its runtime's): the next page reads the cookie anew, with no reset of a module", async () => {
    const first = await open({ cookie: 'consent,youtube' });
    expect([typeAllowed('youtube'), bar().style.display === 'block']).toEqual([true, false]);
    first.unmount(document);
    first.stop();
    document.cookie = 'privacy_embeds=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await open();
    expect([typeAllowed('youtube'), bar().style.display === 'block']).toEqual([false, true]);
  });

  it('a page that declared its own default keeps it', async () => {
    const first = await open({ cookie: 'consent,tracking', gtag: true });
    // A new page: the first one's widgets and page services (its consent store) are gone.
    first.unmount(document);
    first.stop();
    document.body.innerHTML = '';
    const w = window as unknown as { dataLayer: IArguments[]; gtag: (...a: unknown[]) => void };
    w.dataLayer.length = 0;
    w.gtag('consent', 'default', { ad_storage: 'granted' });
    await mountPage(await fixtureBody('privacy.html'), only('privacy'));
    expect(commands()).toEqual([
      ['consent', 'default', { ad_storage: 'granted' }],
      ['consent', 'update', GRANTED],
    ]);
  });

  it("with another consent tool for analytics and a bar for embeds only, the tool's grant survives the bar", async () => {
    const w = window as unknown as { dataLayer: IArguments[]; gtag: (...a: unknown[]) => void };
    // The other tool's default and the visitor's grant there, before our bundle starts.
    usePageGlobals('privacy.html', {
      avadaPrivacyVars: { name: 'privacy_embeds', types: ['youtube', 'vimeo', 'gmaps'], defaults: [], button: '0' },
    });
    w.dataLayer = [];
    w.gtag = function gtag() {
      // oxlint-disable-next-line prefer-rest-params -- the snippet Google asks shops to paste
      w.dataLayer.push(arguments);
    };
    w.gtag('consent', 'default', DENIED);
    w.gtag('consent', 'update', { analytics_storage: 'granted' });
    await mountPage(await fixtureBody('privacy.html'), only('privacy'));
    act(() => $('.fusion-privacy-bar-learn-more').click());
    act(() => box('vimeo').click());
    act(() => acceptButton().click());
    expect(getCookie('privacy_embeds')).toBe('consent,youtube,vimeo');
    expect(iframeSrc('vimeo')).toBe('https://player.vimeo.com/video/76979871?autoplay=0');
    expect(commands()).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
  });

  it('a bar that does not ask about tracking sends no analytics or ads signal, on any page', async () => {
    await open({
      cookie: 'consent,youtube,vimeo,gmaps',
      globals: { avadaPrivacyVars: { name: 'privacy_embeds', types: ['youtube', 'vimeo', 'gmaps'], defaults: [], button: '0' } },
    });
    expect(iframeSrc('youtube')).toBe('https://www.youtube.com/embed/aqz-KE-bpKQ?wmode=transparent&autoplay=0');
    expect(commands()).toEqual([]);
  });

  it('a page without the privacy feature gets nothing from us, even when a widget asks the store', async () => {
    const w = window as unknown as { dataLayer: IArguments[]; gtag: (...a: unknown[]) => void };
    w.dataLayer = [];
    w.gtag = function gtag() {
      // oxlint-disable-next-line prefer-rest-params -- the snippet Google asks shops to paste
      w.dataLayer.push(arguments);
    };
    document.cookie = 'privacy_embeds=consent,tracking; path=/';
    // What the lightbox does before it loads a YouTube player.
    expect(typeAllowed('youtube')).toBe(true);
    consentStore().set(['consent', 'tracking', 'youtube']);
    expect(commands()).toEqual([]);
  });

  it('without gtag or dataLayer nothing is created', async () => {
    await open({ gtag: false, cookie: 'consent,tracking' });
    expect('dataLayer' in window).toBe(false);
  });
});
