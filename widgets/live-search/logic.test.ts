import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeForm } from '../../src/net/request';
import { resetLogMemory } from '../../src/log';
import {
  answerSchema,
  applyOverrides,
  cacheKey,
  DEFAULT_NO_RESULTS,
  moveActive,
  parseAnswer,
  readGlobalSettings,
  requestBody,
  scrollbarClass,
  searchable,
  statusText,
  titleText,
  type LiveSearchSettings,
} from './logic';

const BASE = 'https://shop.example/shop/';
const GLOBAL = {
  live_search: '1',
  ajaxurl: 'https://shop.example/wp-admin/admin-ajax.php?lang=en',
  no_search_results: 'Nothing here',
  min_char_count: '4',
  per_page: '100',
  show_feat_img: '1',
  display_post_type: '',
};

afterEach(() => {
  vi.restoreAllMocks();
  resetLogMemory();
});

describe('settings', () => {
  it('reads avadaLiveSearchVars in every spelling WordPress and Avada print', () => {
    expect(readGlobalSettings(GLOBAL)).toEqual({
      ajaxurl: 'https://shop.example/wp-admin/admin-ajax.php?lang=en',
      noResults: 'Nothing here',
      minChars: 4,
      perPage: 100,
      showImage: true,
      showPostType: false,
      postTypes: [],
      titlesOnly: false,
      scrollbar: false,
    });
    expect(
      readGlobalSettings({ ...GLOBAL, min_char_count: 3, per_page: 5, show_feat_img: 'false', display_post_type: true }),
    ).toMatchObject({ minChars: 3, perPage: 5, showImage: false, showPostType: true });
  });

  it('falls back to Avada defaults without the global, silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readGlobalSettings(undefined)).toMatchObject({
      ajaxurl: '/wp-admin/admin-ajax.php',
      noResults: DEFAULT_NO_RESULTS,
      minChars: 4,
      perPage: 100,
      showImage: true,
      showPostType: true,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once per malformed field, naming the widget and the field, and keeps the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const settings = readGlobalSettings({ ...GLOBAL, min_char_count: 'four', show_feat_img: 'maybe', no_search_results: '' });
    expect(settings).toMatchObject({ minChars: 4, showImage: true, noResults: DEFAULT_NO_RESULTS, ajaxurl: GLOBAL.ajaxurl });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/live-search: avadaLiveSearchVars\.min_char_count/);
    expect(String(warn.mock.calls[1]?.[0])).toMatch(/live-search: avadaLiveSearchVars\.show_feat_img/);
  });

  it('warns when the global is not an object', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readGlobalSettings('garbage').minChars).toBe(4);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/live-search: avadaLiveSearchVars/);
  });

  const base = readGlobalSettings(GLOBAL);

  it('lets the element hidden inputs override the global (current names)', () => {
    const warn = vi.fn();
    const out = applyOverrides(
      base,
      [
        ['live_min_character', '2'],
        ['live_posts_per_page', '6'],
        ['live_search_display_featured_image', '0'],
        ['live_search_display_post_type', '1'],
        ['live_results_scrollbar', 'yes'],
        ['post_type[]', 'product'],
        ['post_type[]', 'post'],
        ['post_type[]', 'product'],
        ['search_limit_to_post_titles', '1'],
      ],
      warn,
    );
    expect(out).toMatchObject({
      minChars: 2,
      perPage: 6,
      showImage: false,
      showPostType: true,
      scrollbar: true,
      postTypes: ['product', 'post'],
      titlesOnly: true,
    });
    expect(warn).not.toHaveBeenCalled();
    expect(base.postTypes).toEqual([]);
  });

  it('reads the old field names, the current ones winning whatever the order', () => {
    expect(
      applyOverrides(
        base,
        [
          ['perPage', '3'],
          ['searchLimiPostTitles', '1'],
        ],
        vi.fn(),
      ),
    ).toMatchObject({ perPage: 3, titlesOnly: true });
    expect(
      applyOverrides(
        base,
        [
          ['live_posts_per_page', '8'],
          ['perPage', '3'],
        ],
        vi.fn(),
      ).perPage,
    ).toBe(8);
    expect(
      applyOverrides(
        base,
        [
          ['perPage', '3'],
          ['live_posts_per_page', '8'],
        ],
        vi.fn(),
      ).perPage,
    ).toBe(8);
    expect(
      applyOverrides(
        base,
        [
          ['search_limit_to_post_titles', '0'],
          ['searchLimiPostTitles', '1'],
        ],
        vi.fn(),
      ).titlesOnly,
    ).toBe(false);
  });

  it('keeps the global value and warns with the input name when a hidden input is malformed', () => {
    const warn = vi.fn();
    const out = applyOverrides(
      base,
      [
        ['live_min_character', 'two'],
        ['live_posts_per_page', '0'],
        ['live_search_display_featured_image', 'sometimes'],
      ],
      warn,
    );
    expect(out).toMatchObject({ minChars: 4, perPage: 100, showImage: true });
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['live_min_character', 'live_posts_per_page', 'live_search_display_featured_image']);
  });

  it('reads the scrollbar setting as Avada prints it ("default", "custom"; "hidden" prints no input) without a warning', () => {
    const warn = vi.fn();
    expect(applyOverrides(base, [['live_results_scrollbar', 'default']], warn).scrollbar).toBe(true);
    expect(applyOverrides(base, [['live_results_scrollbar', 'custom']], warn).scrollbar).toBe(true);
    expect(applyOverrides(base, [['live_results_scrollbar', 'hidden']], warn).scrollbar).toBe(false);
    expect(applyOverrides(base, [['live_results_scrollbar', '0']], warn).scrollbar).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(applyOverrides(base, [['live_results_scrollbar', '<b>']], warn).scrollbar).toBe(false);
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['live_results_scrollbar']);
  });

  it("gives the list Avada's live-results-scrollbar-{value} class for the element's scrollbar input", () => {
    expect(scrollbarClass([['live_results_scrollbar', ' yes ']])).toBe('live-results-scrollbar-yes');
    expect(
      scrollbarClass([
        ['live_results_scrollbar', '1'],
        ['live_results_scrollbar', '0'],
      ]),
    ).toBe('live-results-scrollbar-1');
    expect(scrollbarClass([['live_results_scrollbar', '']])).toBe('');
    expect(scrollbarClass([['live_results_scrollbar', 'a b"c']])).toBe('');
    expect(scrollbarClass([['perPage', '3']])).toBe('');
  });
});

describe('request', () => {
  const settings: LiveSearchSettings = { ...readGlobalSettings(GLOBAL), postTypes: ['product', 'post'], perPage: 6, titlesOnly: true };

  it('searches only from the minimum length, trimmed, never empty', () => {
    expect(searchable('rai', 4)).toBeUndefined();
    expect(searchable('  rai  ', 4)).toBeUndefined();
    expect(searchable(' rain ', 4)).toBe('rain');
    expect(searchable('   ', 0)).toBeUndefined();
    expect(searchable('a', 0)).toBe('a');
  });

  it('posts exactly the contract fields with the current names', () => {
    const params = encodeForm(requestBody('rain jacket', settings));
    expect([...params]).toEqual([
      ['action', 'live_search_retrieve_posts'],
      ['search', 'rain jacket'],
      ['per_page', '6'],
      ['show_feat_img', '1'],
      ['display_post_type', '0'],
      ['post_type[]', 'product'],
      ['post_type[]', 'post'],
      ['search_limit_to_post_titles', '1'],
    ]);
    expect([...encodeForm(requestBody('rain', { ...settings, postTypes: [] })).keys()]).not.toContain('post_type[]');
  });

  it('sends the single post_type input the builder prints for products only as post_type[]', () => {
    const only = applyOverrides(readGlobalSettings(GLOBAL), [['post_type', 'product']], vi.fn());
    expect(encodeForm(requestBody('mug', only)).getAll('post_type[]')).toEqual(['product']);
    expect([...encodeForm(requestBody('mug', only)).keys()]).not.toContain('post_type');
  });

  it('keys the cache by text and post types', () => {
    expect(cacheKey('rain', settings)).toBe(cacheKey('rain', { ...settings }));
    expect(cacheKey('rain', settings)).not.toBe(cacheKey('rain ', settings));
    expect(cacheKey('rain', settings)).not.toBe(cacheKey('rain', { ...settings, postTypes: ['product'] }));
    expect(cacheKey('rain', settings)).not.toBe(cacheKey('Rain', settings));
  });
});

describe('answer', () => {
  const item = (over: Record<string, unknown> = {}) => ({
    id: 512,
    type: 'Product',
    title: 'Rain jacket',
    post_url: 'https://shop.example/product/rain-jacket/',
    image_url: 'https://shop.example/img.jpg',
    ...over,
  });
  const parse = (data: unknown) => {
    const shape = answerSchema.safeParse(data);
    if (!shape.success) throw new Error('not an answer');
    return parseAnswer(shape.data, BASE);
  };

  it('reads an array', () => {
    expect(parse([item(), item({ id: '513', title: 'Rain hat', type: '', image_url: '' })])).toEqual({
      results: [
        {
          id: '512',
          title: 'Rain jacket',
          type: 'Product',
          url: 'https://shop.example/product/rain-jacket/',
          image: 'https://shop.example/img.jpg',
        },
        { id: '513', title: 'Rain hat', type: '', url: 'https://shop.example/product/rain-jacket/', image: '' },
      ],
      dropped: 0,
    });
  });

  it('reads an object keyed by index, in index order', () => {
    expect(
      parse({ 1: item({ title: 'Second' }), 0: item({ title: 'First' }), 10: item({ title: 'Eleventh' }) }).results.map((r) => r.title),
    ).toEqual(['First', 'Second', 'Eleventh']);
  });

  it('reads [] and {} as no results', () => {
    expect(parse([])).toEqual({ results: [], dropped: 0 });
    expect(parse({})).toEqual({ results: [], dropped: 0 });
  });

  it('refuses answers of another shape', () => {
    for (const data of [0, '0', null, undefined, 'No results', true, { unexpected: true }])
      expect(answerSchema.safeParse(data).success).toBe(false);
  });

  it('keeps only http(s) links (relative ones allowed, kept as the answer wrote them) and images', () => {
    const { results, dropped } = parse([
      item({ post_url: 'javascript:alert(1)' }),
      item({ post_url: ' JaVaScRiPt:alert(1)' }),
      item({ post_url: 'data:text/html,<b>x</b>' }),
      item({ post_url: '/product/rain-hat/', image_url: 'javascript:alert(1)' }),
      item({ post_url: 42 }),
      'not an item',
      item({ title: '' }),
    ]);
    expect(results).toEqual([{ id: '512', title: 'Rain jacket', type: 'Product', url: '/product/rain-hat/', image: '' }]);
    expect(dropped).toBe(6);
  });

  it('shows titles as text: entities decoded, markup removed and never interpreted', () => {
    expect(titleText('Rain &amp; shine &#8211; <em>waxed</em> cotton')).toBe('Rain & shine \u2013 waxed cotton');
    expect(titleText('<img src=x onerror=alert(1)>Tote')).toBe('Tote');
    expect(titleText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(titleText('Caf&eacute;s &#x1F600;')).toBe('Caf\u00e9s \u{1F600}');
    expect(titleText(12)).toBe('12');
    // A "<" that opens no tag is text, as the browser parsed it in the theme's HTML.
    expect(titleText('Boots < 40 &euro; > cheap')).toBe('Boots < 40 \u20ac > cheap');
    expect(titleText('Kids <5 years, <b>new</b> >3')).toBe('Kids <5 years, new >3');
    expect(titleText('a <!-- note --> b </i>c')).toBe('a b c');
    expect(titleText({})).toBe('');
  });
});

describe('keys and status', () => {
  it('moves the active option with arrows, Home and End, wrapping', () => {
    expect(moveActive('ArrowDown', -1, 3)).toBe(0);
    expect(moveActive('ArrowDown', 2, 3)).toBe(0);
    expect(moveActive('ArrowUp', -1, 3)).toBe(2);
    expect(moveActive('ArrowUp', 0, 3)).toBe(2);
    expect(moveActive('ArrowUp', 2, 3)).toBe(1);
    expect(moveActive('Home', 2, 3)).toBe(0);
    expect(moveActive('End', 0, 3)).toBe(2);
    expect(moveActive('ArrowDown', -1, 0)).toBeUndefined();
    expect(moveActive('a', 0, 3)).toBeUndefined();
  });

  it('says the count, or the configured no-results text', () => {
    expect(statusText(0, 'Nothing here')).toBe('Nothing here');
    expect(statusText(1, 'x')).toBe('1 result');
    expect(statusText(7, 'x')).toBe('7 results');
  });
});
