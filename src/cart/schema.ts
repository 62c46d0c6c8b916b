import * as z from 'zod/mini';

/**
 * The answer of add_to_cart, remove_from_cart and get_refreshed_fragments. Loose: plugins add keys. Fragment
 * values are checked one by one later (a non-string value cannot replace markup and is dropped). Loaded on
 * demand through ./response.
 */
export const cartResponseSchema = z.looseObject({
  fragments: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  cart_hash: z.optional(z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
  error: z.optional(z.unknown()),
  product_url: z.optional(z.unknown()),
  success: z.optional(z.unknown()),
});
