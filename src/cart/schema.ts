import type { ResponseSchema } from '../net/request';
import type { CartResponse } from './response';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const HASH_TYPES = new Set(['string', 'number', 'boolean']);

/**
 * The answer of add_to_cart, remove_from_cart and get_refreshed_fragments. Loose: plugins add keys. Fragment
 * values are checked one by one later (a non-string value cannot replace markup and is dropped). Hand-written
 * rather than zod/mini: five keys, two of them checked, did not justify loading zod's 7 KB (gzip) core on every
 * page that refreshes the cart; zod stays with the forms (checkout, Contact Form 7) whose answers are rich.
 */
export const cartResponseSchema: ResponseSchema<CartResponse> = {
  safeParse(value) {
    if (!isRecord(value)) return { success: false };
    const { fragments, cart_hash: hash } = value;
    if (fragments != null && !isRecord(fragments)) return { success: false };
    if (hash != null && !HASH_TYPES.has(typeof hash)) return { success: false };
    return { success: true, data: value as CartResponse };
  },
};
