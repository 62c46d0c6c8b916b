import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../fixtures/mock/node';
import { failNext, state } from '../../fixtures/mock/state';
import { navigation } from '../../src/cart/navigate';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';
import type { Runtime } from '../../mount/runtime';
import { clearAnswerCache } from './search';

const ACTION = 'live_search_retrieve_posts';
const HEADER = '#fusion-live-search-input-0';
const BUILDER = '#fusion-live-search-input-1';
const OLD = '#fusion-live-search-input-2';

let urls: string[];
let runtime: Runtime;

const onRequest = ({ request }: { request: Request }) => void urls.push(request.url);

beforeEach(() => {
  urls = [];
  clearAnswerCache();
  server.events.on('request:start', onRequest);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  server.events.removeListener('request:start', onRequest);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openSearchPage(globals: Record<string, unknown> = {}) {
  usePageGlobals('search.html', globals);
  runtime = await mountPage(await fixtureBody('search.html'), only('live-search'));
}

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const formOf = (input: string) => $(input).closest('form')!;
const listOf = (input: string) => formOf(input).querySelector<HTMLElement>('[role="listbox"]')!;
const options = (input: string) => [...listOf(input).querySelectorAll<HTMLElement>('[role="option"]')];
const titles = (input: string) => options(input).map((o) => o.textContent);
const statusOf = (input: string) => formOf(input).querySelector('[role="status"]')!.textContent;
const searches = () => state.log.filter((l) => l.endpoint === ACTION);

/** Focus mounts the island (interaction trigger); what was typed before is in the field already. */
async function focus(selector: string) {
  const input = $<HTMLInputElement>(selector);
  input.focus();
  await runtime.settled();
  return input;
}

function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A key in the field; resolves to whether its default was left alone, once React has drawn the change. */
async function press(input: HTMLElement, key: string): Promise<boolean> {
  const result = input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  await vi.advanceTimersByTimeAsync(0);
  return result;
}

/** Let the 500 ms pass, then let the answer arrive and render. */
async function settle(until: () => void) {
  await vi.advanceTimersByTimeAsync(500);
  await vi.waitFor(until);
}

describe('live search: requests', () => {
  it('waits 500 ms after the last key, then posts exactly the contract fields to ajaxurl with its query string', async () => {
    await openSearchPage();
    expect($(HEADER).getAttribute('role')).toBeNull();
    const input = await focus(HEADER);
    expect(input.getAttribute('role')).toBe('combobox');
    for (const text of ['r', 'ra', 'rai', 'rain', 'rain ']) {
      type(input, text);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(searches()).toHaveLength(0);
    await settle(() =>
      expect(titles(HEADER)).toEqual([
        'Rain jacketProduct',
        'Rain hatProduct',
        'Rain & shine: caring for waxed cottonPost',
        'Packing list \u2013 rainy weekendsPost',
        'Wool socksProduct',
        'Shipping & returnsPage',
      ]),
    );
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.body).toEqual({
      action: ACTION,
      search: 'rain',
      per_page: '100',
      show_feat_img: '1',
      display_post_type: '1',
      search_limit_to_post_titles: '0',
    });
    expect(urls.filter((u) => u.includes('admin-ajax'))).toEqual([`${location.origin}/wp-admin/admin-ajax.php?lang=en`]);
  });

  it('sends nothing below the minimum length (trimmed)', async () => {
    await openSearchPage();
    const input = await focus(HEADER);
    type(input, 'mug');
    await vi.advanceTimersByTimeAsync(1000);
    type(input, '  mug   ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(searches()).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(HEADER).hidden).toBe(true);
  });

  it('takes the builder element hidden inputs over the global (current names)', async () => {
    const warn = vi.spyOn(console, 'warn');
    await openSearchPage();
    const input = await focus(BUILDER);
    type(input, 'ra');
    await settle(() => expect(options(BUILDER).length).toBeGreaterThan(0));
    expect(searches()[0]!.body).toEqual({
      action: ACTION,
      search: 'ra',
      per_page: '5',
      show_feat_img: '1',
      display_post_type: '1',
      'post_type[]': ['product', 'post'],
      search_limit_to_post_titles: '1',
    });
    expect(titles(BUILDER)).toEqual([
      'Rain jacketProduct',
      'Rain hatProduct',
      'Trail shoeProduct',
      'Rain & shine: caring for waxed cottonPost',
      'Packing list \u2013 rainy weekendsPost',
    ]);
    expect(listOf(BUILDER).querySelector('img.fusion-search-image-tag')?.getAttribute('src')).toBe(
      `${location.origin}/wp-content/uploads/rain-jacket-100x100.jpg`,
    );
    // The class Avada's script gave the list for the element's scrollbar setting (the theme styles it).
    expect(listOf(BUILDER).classList.contains('live-results-scrollbar-default')).toBe(true);
    expect(listOf(BUILDER).classList.contains('sf-live-search-scroll')).toBe(true);
    // The builder's own values ("default" for the scrollbar) are not bad input.
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the old names (perPage, searchLimiPostTitles) and adds the results wrapper a template left out', async () => {
    await openSearchPage();
    expect(formOf(OLD).querySelector('.fusion-search-results-wrapper')).toBeNull();
    const input = await focus(OLD);
    expect(formOf(OLD).querySelector('.fusion-search-results-wrapper > .fusion-search-results[role="listbox"]')).not.toBeNull();
    type(input, 'returns');
    await settle(() => expect(titles(OLD)).toEqual(['Shipping & returnsPage']));
    expect(searches()[0]!.body).toMatchObject({ per_page: '3', search_limit_to_post_titles: '0', 'post_type[]': 'page' });
    expect(Object.keys(searches()[0]!.body)).not.toContain('perPage');
    runtime.unmount(document);
    expect(formOf(OLD).querySelector('.fusion-search-results-wrapper')).toBeNull();
    expect(input.getAttribute('role')).toBeNull();
    expect(input.hasAttribute('aria-expanded')).toBe(false);
  });

  it('answers each (text, post types) once for the page life', async () => {
    await openSearchPage();
    const input = await focus(HEADER);
    type(input, 'wool');
    await settle(() => expect(titles(HEADER)).toEqual(['Wool socksProduct']));
    type(input, 'wool socks');
    await settle(() => expect(searches()).toHaveLength(2));
    type(input, 'wool');
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(titles(HEADER)).toEqual(['Wool socksProduct']));
    expect(searches()).toHaveLength(2);
  });

  it('forgets nothing typed before the code arrived', async () => {
    await openSearchPage();
    const input = $<HTMLInputElement>(HEADER);
    input.value = 'enamel';
    await focus(HEADER);
    await settle(() => expect(titles(HEADER)).toEqual(['Enamel mugProduct']));
  });
});

describe('live search: answers', () => {
  it('an array: options are links with titles as text and http(s) URLs only', async () => {
    await openSearchPage();
    server.use(
      http.post('*/wp-admin/admin-ajax.php', () =>
        HttpResponse.json([
          {
            id: 1,
            type: 'Product',
            title: '<img src=x onerror="window.xssRan=1">Tote &amp; bag',
            post_url: '/product/canvas-tote/',
            image_url: 'javascript:alert(1)',
          },
          { id: 2, type: '', title: 'Evil', post_url: 'javascript:alert(1)', image_url: '' },
        ]),
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = await focus(HEADER);
    type(input, 'tote');
    await settle(() => expect(options(HEADER)).toHaveLength(1));
    const option = options(HEADER)[0]!;
    expect(option.tagName).toBe('A');
    expect(option.className).toBe('fusion-search-result');
    // href={post_url}, as the answer wrote it (the browser resolves it like any link).
    expect(option.getAttribute('href')).toBe('/product/canvas-tote/');
    expect((option as HTMLAnchorElement).href).toBe(`${location.origin}/product/canvas-tote/`);
    expect(option.getAttribute('title')).toBe('Tote & bag');
    expect(option.querySelector('.fusion-search-content > .fusion-search-post-title')?.textContent).toBe('Tote & bag');
    expect(option.querySelector('.fusion-search-post-type')?.textContent).toBe('Product');
    expect(listOf(HEADER).querySelector('img')).toBeNull();
    expect((window as { xssRan?: unknown }).xssRan).toBeUndefined();
    expect(statusOf(HEADER)).toBe('1 result');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/live-search: answer: 1 result/);
  });

  it('an object keyed by index', async () => {
    await openSearchPage();
    server.use(
      http.post('*/wp-admin/admin-ajax.php', () =>
        HttpResponse.json({
          1: { id: 2, type: '', title: 'Second', post_url: '/b/', image_url: '' },
          0: { id: 1, type: '', title: 'First', post_url: '/a/', image_url: '' },
        }),
      ),
    );
    const input = await focus(HEADER);
    type(input, 'first');
    await settle(() => expect(titles(HEADER)).toEqual(['First', 'Second']));
    expect(listOf(HEADER).querySelector('.fusion-search-post-type')).toBeNull();
  });

  it('no results: the configured text, suggestions-empty, said politely', async () => {
    await openSearchPage({
      avadaLiveSearchVars: { ajaxurl: '/wp-admin/admin-ajax.php', no_search_results: 'Nichts gefunden', min_char_count: '4' },
    });
    const input = await focus(HEADER);
    type(input, 'zzzz');
    await settle(() => expect(titles(HEADER)).toEqual(['Nichts gefunden']));
    expect(listOf(HEADER).className).toBe('fusion-search-results suggestions-added suggestions-empty');
    expect(options(HEADER)[0]!.getAttribute('aria-disabled')).toBe('true');
    expect(statusOf(HEADER)).toBe('Nichts gefunden');
    expect(await press(input, 'ArrowDown')).toBe(true);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it.each([
    ['an HTTP error', 'http500', 'HTTP 500'],
    ['a body that is not JSON', 'not-json', 'The response is not a valid JSON response.'],
    ['a JSON answer of another shape', 'wrong-shape', ''],
    ['no connection', 'offline', 'You are probably offline.'],
  ] as const)('%s: the list says so briefly, nothing thrown, Enter still submits', async (_name, failure, text) => {
    await openSearchPage();
    failNext(ACTION, failure);
    const input = await focus(HEADER);
    type(input, 'rain');
    await settle(() => expect(listOf(HEADER).classList.contains('sf-live-search-failed')).toBe(true));
    expect(titles(HEADER)[0]).toContain('Press Enter to see all results.');
    if (text) expect(titles(HEADER)[0]).toContain(text);
    expect(statusOf(HEADER)).toBe(titles(HEADER)[0]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(false);
    expect(await press(input, 'Enter')).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(HEADER).hidden).toBe(false);
    // Still named while it fades out.
    expect(titles(HEADER)[0]).toContain('Press Enter to see all results.');
    await vi.advanceTimersByTimeAsync(300);
    expect(listOf(HEADER).hidden).toBe(true);
    // The next search works again, and no stale message shows while it loads.
    failNext(ACTION, failure);
    type(input, 'rain coat');
    await settle(() => expect(listOf(HEADER).classList.contains('sf-live-search-failed')).toBe(true));
    state.latency.set(`${ACTION}:rain hat`, 1000);
    type(input, 'rain hat');
    await vi.advanceTimersByTimeAsync(500);
    expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(true);
    expect(listOf(HEADER).hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(titles(HEADER)).toEqual(['Rain hatProduct']));
  });

  it('a request that never answers times out with a message', async () => {
    await openSearchPage();
    failNext(ACTION, 'slow');
    const input = await focus(HEADER);
    type(input, 'rain');
    await vi.advanceTimersByTimeAsync(500);
    expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(8000);
    await vi.waitFor(() => expect(titles(HEADER)[0]).toContain('The request took too long.'));
    expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(false);
  });

  it('a slow, older answer overtaken by a newer one is never shown', async () => {
    await openSearchPage();
    state.latency.set(`${ACTION}:rain`, 3000);
    const aborted: string[] = [];
    server.events.on('request:start', ({ request }) => request.signal.addEventListener('abort', () => aborted.push(request.url)));
    const input = await focus(HEADER);
    type(input, 'rain');
    await vi.advanceTimersByTimeAsync(500);
    expect(searches()).toHaveLength(1);
    type(input, 'rain hat');
    await settle(() => expect(titles(HEADER)).toEqual(['Rain hatProduct']));
    await vi.advanceTimersByTimeAsync(4000);
    expect(titles(HEADER)).toEqual(['Rain hatProduct']);
    expect(searches().map((s) => s.body.search)).toEqual(['rain', 'rain hat']);
    expect(aborted).toHaveLength(1);
  });
});

describe('live search: combobox', () => {
  async function withResults() {
    await openSearchPage();
    const input = await focus(HEADER);
    type(input, 'rain');
    await settle(() => expect(options(HEADER)).toHaveLength(6));
    return input;
  }

  it('is a collapsed combobox from the page load, before the first interaction loads the results', async () => {
    usePageGlobals('search.html', {});
    const page = await mountPage(await fixtureBody('search.html'), only('live-search-field', 'live-search'));
    const inputs = [...document.querySelectorAll<HTMLInputElement>('form.fusion-live-search input[name="s"]')];
    expect(inputs.length).toBeGreaterThan(1);
    for (const input of inputs) {
      expect(input.getAttribute('role')).toBe('combobox');
      expect(input.getAttribute('aria-autocomplete')).toBe('list');
      expect(input.getAttribute('aria-expanded')).toBe('false');
    }
    // No listbox until the shopper reaches for the form; then the same field controls it.
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    inputs[0]!.focus();
    await page.settled();
    await vi.waitFor(() =>
      expect(inputs[0]!.getAttribute('aria-controls')).toBe(formOf(`#${inputs[0]!.id}`).querySelector('[role="listbox"]')!.id),
    );
    page.unmount(document);
    expect(inputs.every((i) => !i.hasAttribute('role') && !i.hasAttribute('aria-expanded'))).toBe(true);
  });

  it('names the parts: combobox, listbox, options, status', async () => {
    const input = await withResults();
    const list = listOf(HEADER);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(list.getAttribute('aria-label')).toBe('Search results');
    expect(list.className).toBe('fusion-search-results suggestions-added');
    expect(list.parentElement!.className).toBe('fusion-search-results-wrapper');
    expect(statusOf(HEADER)).toBe('6 results');
    expect(formOf(HEADER).closest('.fusion-header')!.classList.contains('live-suggestion-added')).toBe(true);
    expect(options(HEADER).every((o) => o.getAttribute('aria-selected') === 'false' && o.tabIndex === -1)).toBe(true);
  });

  it('ArrowDown/Up/Home/End move the active option; Enter follows it', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    const input = await withResults();
    const active = () => input.getAttribute('aria-activedescendant');
    expect(await press(input, 'ArrowDown')).toBe(false);
    expect(active()).toBe(options(HEADER)[0]!.id);
    expect(options(HEADER)[0]!.getAttribute('aria-selected')).toBe('true');
    await press(input, 'ArrowDown');
    expect(active()).toBe(options(HEADER)[1]!.id);
    await press(input, 'End');
    expect(active()).toBe(options(HEADER)[5]!.id);
    await press(input, 'ArrowDown');
    expect(active()).toBe(options(HEADER)[0]!.id);
    await press(input, 'ArrowUp');
    expect(active()).toBe(options(HEADER)[5]!.id);
    await press(input, 'Home');
    await press(input, 'ArrowDown');
    expect(active()).toBe(options(HEADER)[1]!.id);
    expect(document.getElementById(active()!)?.textContent).toBe('Rain hatProduct');
    expect(await press(input, 'Enter')).toBe(false);
    expect(go).toHaveBeenCalledWith(`${location.origin}/product/rain-hat/`);
  });

  it('Enter with no active option leaves the form to submit; typing resets the active option', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    const input = await withResults();
    expect(await press(input, 'Enter')).toBe(true);
    await press(input, 'ArrowDown');
    type(input, 'rain h');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(await press(input, 'Enter')).toBe(true);
    expect(go).not.toHaveBeenCalled();
  });

  it('Escape closes, then clears', async () => {
    const input = await withResults();
    await press(input, 'ArrowDown');
    expect(await press(input, 'Escape')).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.value).toBe('rain');
    expect(listOf(HEADER).className).toContain('suggestions-transition');
    expect(options(HEADER)).toHaveLength(6);
    expect(formOf(HEADER).closest('.fusion-header')!.classList.contains('live-suggestion-added')).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(listOf(HEADER).hidden).toBe(true);
    await press(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await press(input, 'Escape');
    await press(input, 'Escape');
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('deleting below the minimum closes the list, which fades out with its results and stays closed', async () => {
    const input = await withResults();
    type(input, 'ra');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await vi.advanceTimersByTimeAsync(0);
    expect(listOf(HEADER).className).toBe('fusion-search-results suggestions-transition');
    expect(options(HEADER)).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(300);
    expect(listOf(HEADER).hidden).toBe(true);
    expect(await press(input, 'ArrowDown')).toBe(true);
    input.blur();
    input.focus();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(searches()).toHaveLength(1);
  });

  it('leaving the form closes the list; coming back reopens it', async () => {
    const input = await withResults();
    $('.fusion-logo-link').focus();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    input.focus();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  /** Type, leave the form before the 500 ms are up, and let the request run to its end. */
  async function typeThenLeave(text: string) {
    const input = await focus(HEADER);
    type(input, text);
    $('.fusion-logo-link').focus();
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(searches()).toHaveLength(1));
    await vi.waitFor(() => expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(false));
    return input;
  }

  it('an answer that arrives after the shopper left the field waits for them: the list does not open behind their back', async () => {
    await openSearchPage();
    const input = await typeThenLeave('rain');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(HEADER).hidden).toBe(true);
    expect(formOf(HEADER).closest('.fusion-header')!.classList.contains('live-suggestion-added')).toBe(false);
    // Back in the field: the answer for what is typed shows, with no second request.
    input.focus();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options(HEADER)).toHaveLength(6);
    expect(searches()).toHaveLength(1);
  });

  it('a failure that arrives after the shopper left is not shown; typing in the field again retries', async () => {
    await openSearchPage();
    failNext(ACTION, 'http500');
    const input = await typeThenLeave('rain');
    await vi.advanceTimersByTimeAsync(5300);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(HEADER).hidden).toBe(true);
    expect(listOf(HEADER).classList.contains('sf-live-search-failed')).toBe(false);
    input.focus();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(input, 'rain ');
    await settle(() => expect(options(HEADER)).toHaveLength(6));
    expect(searches()).toHaveLength(2);
  });

  it('Escape while a newer answer loads: the list stays closed when it arrives, and ArrowDown opens it', async () => {
    const input = await withResults();
    state.latency.set(`${ACTION}:rain hat`, 1000);
    type(input, 'rain hat');
    await vi.advanceTimersByTimeAsync(500);
    expect(await press(input, 'Escape')).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(formOf(HEADER).classList.contains('sf-live-search-loading')).toBe(false));
    await vi.advanceTimersByTimeAsync(300);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(HEADER).hidden).toBe(true);
    expect(input.value).toBe('rain hat');
    await press(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(titles(HEADER)).toEqual(['Rain hatProduct']);
  });

  it('the builder row is lifted above the content while its list shows', async () => {
    await openSearchPage();
    const input = await focus(BUILDER);
    const row = formOf(BUILDER).closest<HTMLElement>('.fusion-builder-row')!;
    type(input, 'mug');
    await settle(() => expect(options(BUILDER)).toHaveLength(1));
    expect(row.style.zIndex).toBe('11');
    await press(input, 'Escape');
    expect(row.style.zIndex).toBe('');
  });
});

describe('live search: bad input', () => {
  it('a garbage global warns once per field and searches with the defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openSearchPage({ avadaLiveSearchVars: { ajaxurl: 'javascript:alert(1)', min_char_count: 'lots', show_feat_img: 'perhaps' } });
    const input = await focus(HEADER);
    expect(warn.mock.calls.map((c) => String(c[0]).replace(/: expected.*/, ''))).toEqual([
      '[storefront-islands] live-search: avadaLiveSearchVars.ajaxurl',
      '[storefront-islands] live-search: avadaLiveSearchVars.min_char_count',
      '[storefront-islands] live-search: avadaLiveSearchVars.show_feat_img',
    ]);
    type(input, 'wool');
    await settle(() => expect(titles(HEADER)).toEqual(['Wool socksProduct']));
    expect(urls.filter((u) => u.includes('admin-ajax'))).toEqual([`${location.origin}/wp-admin/admin-ajax.php`]);
  });

  it('a form without a search input is left alone with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    runtime = await mountPage(
      '<form role="search" class="searchform fusion-search-form fusion-live-search" action="/"><button>Go</button></form>',
      only('live-search'),
    );
    $('form button').focus();
    await runtime.settled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/live-search: input\[name="s"\]/);
    expect(document.querySelector('[role="listbox"]')).toBeNull();
  });
});
