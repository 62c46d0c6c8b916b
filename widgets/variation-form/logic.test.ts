import { describe, expect, it } from 'vitest';
import jacket from '../../fixtures/responses/product-512-variations.json';
import {
  AnswerCache,
  buildIndex,
  comboKey,
  decodeEntities,
  flattenParam,
  isPurchasable,
  parseVariationData,
  quantityFor,
  readCustomData,
  type Variation,
} from './logic';
import { renderTemplate } from './template';

const V = (id: number, attributes: Record<string, string>, extra: Partial<Variation> = {}): Variation => ({
  variation_id: id,
  attributes,
  variation_is_active: true,
  variation_is_visible: true,
  is_purchasable: true,
  is_in_stock: true,
  ...extra,
});
const NAMES = ['attribute_pa_colour', 'attribute_pa_size', 'attribute_lining'];
const jacketIndex = () => buildIndex(jacket as Variation[]);

describe('reading data-product_variations', () => {
  it('tells inline, ajax (false), all-out-of-stock ([]) and broken data apart', () => {
    expect(parseVariationData('[{"attributes":{"attribute_pa_size":"m"},"variation_id":5}]').mode).toBe('inline');
    expect(parseVariationData('false').mode).toBe('ajax');
    expect(parseVariationData('[]').mode).toBe('empty');
    expect(parseVariationData('[{"attributes":').mode).toBe('invalid');
    expect(parseVariationData(null).mode).toBe('invalid');
    expect(parseVariationData('{"a":1}').mode).toBe('invalid');
    expect(parseVariationData('[1, "x"]').mode).toBe('invalid');
  });
  it('skips entries that are not variations and counts them', () => {
    const data = parseVariationData('[{"attributes":{"a":"1"},"variation_id":5}, 7, {"variation_id":8}]');
    expect(data.mode).toBe('inline');
    expect(data.dropped).toBe(2);
  });
  it('keeps keys added by filters', () => {
    const data = parseVariationData('[{"attributes":{"a":"1"},"variation_id":5,"my_plugin":"x"}]');
    expect(data.mode === 'inline' && data.variations[0]!.my_plugin).toBe('x');
  });
});

describe('matching (§5.1)', () => {
  it('matches unless an attribute is set on both sides and differs', () => {
    const index = jacketIndex();
    expect(index.match({ attribute_pa_colour: 'rust', attribute_pa_size: 's', attribute_lining: 'Fleece' })?.variation_id).toBe(513);
    expect(index.match({ attribute_pa_colour: 'rust', attribute_pa_size: 'l', attribute_lining: 'Fleece' })).toBeUndefined();
  });
  it("treats '' in a variation as any value", () => {
    const index = jacketIndex();
    expect(index.match({ attribute_pa_colour: 'rust', attribute_pa_size: 'xl', attribute_lining: 'Cotton & silk' })?.variation_id).toBe(
      515,
    );
    expect(index.match({ attribute_pa_colour: 'navy', attribute_pa_size: 's', attribute_lining: 'Fleece' })?.variation_id).toBe(516);
  });
  it('lets the first variation in array order win over a later, more specific one', () => {
    expect(jacketIndex().match({ attribute_pa_colour: 'navy', attribute_pa_size: 'l', attribute_lining: 'Fleece' })?.variation_id).toBe(
      516,
    );
    const index = buildIndex([V(2, { a: 'x', b: 'y' }), V(1, { a: 'x', b: '' })]);
    expect(index.match({ a: 'x', b: 'y' })?.variation_id).toBe(2);
  });
  it('compares decoded text, so &amp; in the JSON equals & in the option', () => {
    expect(decodeEntities('Cotton &amp; silk &#8211; &#x2014; &hellip; &bogus;')).toBe('Cotton & silk \u2013 \u2014 \u2026 &bogus;');
    expect(
      jacketIndex()
        .matches({ attribute_lining: 'Cotton & silk' })
        .map((v) => v.variation_id),
    ).toEqual([515, 516, 523]);
  });
  it('scales: 1,000 variations index once and answer a change without scanning', () => {
    const variations: Variation[] = [];
    for (let i = 0; i < 1000; i++)
      variations.push(V(i + 1, { c: `c${Math.floor(i / 100)}`, s: `s${Math.floor(i / 10) % 10}`, m: `m${i % 10}` }));
    const index = buildIndex(variations);
    expect(index.match({ c: 'c9', s: 's9', m: 'm9' })?.variation_id).toBe(1000);
    expect(index.matches({ c: 'c3' })).toHaveLength(100);
    expect(index.availability({ c: 'c3', s: 's4' }, ['c', 's', 'm']).get('m')!.state('m7')).toBe('enabled');
  });
});

describe('option availability (§5.2)', () => {
  it('detaches values no matching variation carries, given the other choices', () => {
    const a = jacketIndex().availability({ attribute_pa_colour: 'rust', attribute_pa_size: '', attribute_lining: 'Fleece' }, NAMES);
    const size = a.get('attribute_pa_size')!;
    expect(['s', 'm', 'l', 'xl'].map((v) => size.state(v))).toEqual(['enabled', 'enabled', 'detached', 'detached']);
  });
  it('blanks the attribute itself: its own value never restricts its options', () => {
    const a = jacketIndex().availability({ attribute_pa_colour: 'rust', attribute_pa_size: 'l', attribute_lining: 'Fleece' }, NAMES);
    expect(a.get('attribute_pa_colour')!.state('olive')).toBe('disabled');
    expect(a.get('attribute_pa_colour')!.state('navy')).toBe('enabled');
    expect(a.get('attribute_pa_colour')!.state('black')).toBe('detached');
  });
  it('marks attached values of inactive variations disabled', () => {
    const a = jacketIndex().availability({ attribute_pa_colour: 'olive', attribute_pa_size: '', attribute_lining: 'Fleece' }, NAMES);
    expect(a.get('attribute_pa_size')!.state('l')).toBe('disabled');
    expect(a.get('attribute_pa_size')!.state('s')).toBe('enabled');
  });
  it('attaches every option where a matching variation says any', () => {
    const a = jacketIndex().availability({ attribute_pa_colour: 'navy', attribute_pa_size: '', attribute_lining: '' }, NAMES);
    expect(a.get('attribute_pa_size')!.any).toBe(true);
    expect(a.get('attribute_lining')!.state('Cotton & silk')).toBe('enabled');
    expect(a.get('attribute_pa_size')!.state('anything')).toBe('enabled');
  });
});

describe('ajax answers cache', () => {
  it('keys combinations independent of key order and knows which options lead nowhere', () => {
    const names = ['attribute_pa_colour', 'attribute_pa_size'];
    expect(comboKey({ attribute_pa_size: '40', attribute_pa_colour: 'red' }, names)).toBe(
      comboKey({ attribute_pa_colour: 'red', attribute_pa_size: '40' }, names),
    );
    const cache = new AnswerCache(names);
    cache.set({ attribute_pa_colour: 'white', attribute_pa_size: '46' }, null);
    cache.set({ attribute_pa_colour: 'red', attribute_pa_size: '40' }, V(9, {}, { is_in_stock: false }));
    cache.set({ attribute_pa_colour: 'blue', attribute_pa_size: '40' }, V(10, {}));
    expect(cache.known({ attribute_pa_colour: 'white', attribute_pa_size: '' }, 'attribute_pa_size', '46')).toBe('nomatch');
    expect(cache.known({ attribute_pa_colour: 'red', attribute_pa_size: '41' }, 'attribute_pa_size', '40')).toBe('unavailable');
    expect(cache.known({ attribute_pa_colour: 'red', attribute_pa_size: '40' }, 'attribute_pa_colour', 'blue')).toBe('available');
    expect(cache.known({ attribute_pa_colour: '', attribute_pa_size: '' }, 'attribute_pa_size', '46')).toBeUndefined();
  });
});

describe('purchasable and quantity', () => {
  it('needs purchasable, in stock and visible', () => {
    expect(isPurchasable(V(1, {}))).toBe(true);
    expect(isPurchasable(V(1, {}, { is_in_stock: false }))).toBe(false);
    expect(isPurchasable(V(1, {}, { is_purchasable: false }))).toBe(false);
    expect(isPurchasable(V(1, {}, { variation_is_visible: false }))).toBe(false);
  });
  it('fixes sold-individually items at 1 and hides the box', () => {
    expect(quantityFor(V(1, {}, { is_sold_individually: 'yes', min_qty: 1, max_qty: 5 }), '3')).toEqual({
      value: '1',
      min: '1',
      max: '',
      hidden: true,
    });
  });
  it('clamps between min_qty and max_qty; a non-numeric value becomes min_qty; "" is unlimited', () => {
    const v = V(1, {}, { is_sold_individually: 'no', min_qty: 2, max_qty: 4 });
    expect(quantityFor(v, '9').value).toBe('4');
    expect(quantityFor(v, '1').value).toBe('2');
    expect(quantityFor(v, 'abc').value).toBe('2');
    expect(quantityFor(V(1, {}, { min_qty: 1, max_qty: '' }), '50')).toEqual({ value: '50', min: '1', max: '', hidden: false });
  });
});

describe('templates', () => {
  const v = V(1, {}, { price_html: '<span class="price">€5</span>', sku: '<b>A&B</b>', image: { src: '/x.jpg' } });
  it('renders {{{ }}} raw and {{ }} HTML-escaped, only for data.variation keys', () => {
    expect(renderTemplate('<div>{{{ data.variation.price_html }}}</div><i>{{ data.variation.sku }}</i>', v)).toBe(
      '<div><span class="price">€5</span></div><i>&lt;b&gt;A&amp;B&lt;/b&gt;</i>',
    );
    expect(renderTemplate('{{ data.variation.image.src }}|{{ data.variation.missing }}', v)).toBe('/x.jpg|');
  });
  it('refuses anything that needs an eval engine', () => {
    expect(renderTemplate('<# if (data.variation.sku) { #>x<# } #>', v)).toBeUndefined();
    expect(renderTemplate('{{ data.other }}', v)).toBeUndefined();
    expect(renderTemplate('{{{ data.variation.sku }}', v)).toBeUndefined();
  });
});

describe('custom_data', () => {
  it('reads JSON like jQuery .data() and posts it like jQuery.param', () => {
    expect(readCustomData('{"source":"x","n":[1,2]}')).toEqual({ source: 'x', n: [1, 2] });
    expect(readCustomData('plain')).toBe('plain');
    expect(readCustomData(null)).toBeUndefined();
    expect(flattenParam('custom_data', { source: 'x', n: [1, 2], d: { e: 'f' } })).toEqual({
      'custom_data[source]': 'x',
      'custom_data[n][]': ['1', '2'],
      'custom_data[d][e]': 'f',
    });
    expect(flattenParam('custom_data', 'plain')).toEqual({ custom_data: 'plain' });
  });
});
