import * as z from 'zod/mini';

/** update_order_review: loose, plugins add keys; fragment values are checked one by one when applied. */
export const reviewSchema = z.looseObject({
  result: z.optional(z.string()),
  messages: z.optional(z.unknown()),
  reload: z.optional(z.unknown()),
  fragments: z.optional(z.unknown()),
});
export type ReviewResponse = z.infer<typeof reviewSchema>;

/** checkout: `{result: "success", redirect}` or `{result: "failure", messages, refresh, reload}`. */
export const checkoutSchema = z.looseObject({
  result: z.optional(z.unknown()),
  redirect: z.optional(z.unknown()),
  messages: z.optional(z.unknown()),
  refresh: z.optional(z.unknown()),
  reload: z.optional(z.unknown()),
});
export type CheckoutResponse = z.infer<typeof checkoutSchema>;
