import { describe, expect, it } from 'vitest';
import { cartResponseSchema } from './schema';

describe('cartResponseSchema', () => {
  it('accepts WooCommerce answers, keeping the keys plugins add', () => {
    const answer = { fragments: { 'div.widget_shopping_cart_content': '<div></div>' }, cart_hash: 'abc', plugin_extra: [1] };
    expect(cartResponseSchema.safeParse(answer)).toEqual({ success: true, data: answer });
    expect(cartResponseSchema.safeParse({ error: true, product_url: '/p/' }).success).toBe(true);
    expect(cartResponseSchema.safeParse({ fragments: null, cart_hash: null }).success).toBe(true);
    for (const hash of ['', 0, false]) expect(cartResponseSchema.safeParse({ cart_hash: hash }).success).toBe(true);
  });

  it('rejects what cannot be a cart answer: no object, fragments that are no map, a hash that is no scalar', () => {
    for (const bad of [
      null,
      undefined,
      'ok',
      1,
      [],
      [{ fragments: {} }],
      { fragments: [] },
      { fragments: '<div>' },
      { cart_hash: {} },
      { cart_hash: ['a'] },
    ]) {
      expect(cartResponseSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
