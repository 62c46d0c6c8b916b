import { pageGlobal } from '../config/globals';
import { warnOnce } from '../log';
import { local, session } from '../storage/storage';
import { fragmentsParams } from './config';
import type { StoredCart } from './logic';

/**
 * The storage WooCommerce's cart-fragments script writes, exactly: session[fragment_name] = JSON of the
 * fragments; session and local[cart_hash_key] = the hash; session.wc_cart_created = ms timestamp string.
 * Other scripts (and the other tabs) read these keys.
 */
export const CREATED_KEY = 'wc_cart_created';

/**
 * The keys come from `wc_cart_fragments_params` only ("read the keys; never compute them"): a page without them
 * (inline fragments, no fragments script) reads and writes no cart storage at all, not even the `wc` probe.
 */
function keysPrinted(): boolean {
  const raw = pageGlobal('wc_cart_fragments_params');
  if (raw === null || typeof raw !== 'object') return false;
  const { cart_hash_key: hashKey, fragment_name: fragmentName } = raw as Record<string, unknown>;
  const printed = typeof hashKey === 'string' && hashKey.trim() !== '' && typeof fragmentName === 'string' && fragmentName.trim() !== '';
  if (!printed) warnOnce('cart', 'wc_cart_fragments_params', 'has no cart_hash_key or fragment_name; nothing is stored');
  return printed;
}

export function storageWorks(): boolean {
  return keysPrinted() && session.available && local.available;
}

export function readStored(): StoredCart {
  const { fragment_name, cart_hash_key } = fragmentsParams();
  const works = storageWorks();
  return {
    storageWorks: works,
    fragments: works ? session.getJSON(fragment_name) : undefined,
    hash: works ? session.get(cart_hash_key) : null,
    created: works ? session.get(CREATED_KEY) : null,
  };
}

export function storeHash(hash: string): void {
  const { cart_hash_key } = fragmentsParams();
  local.set(cart_hash_key, hash);
  session.set(cart_hash_key, hash);
}

export function storeFragments(fragments: Record<string, string>): void {
  session.setJSON(fragmentsParams().fragment_name, fragments);
}

export function storeCreated(now: number): void {
  session.set(CREATED_KEY, String(now));
}

export function storedSessionHash(): string | null {
  return session.get(fragmentsParams().cart_hash_key);
}

/** Another tab changed the cart when the shared (local) hash no longer equals this tab's (session) hash. */
export function otherTabChanged(): boolean {
  const { cart_hash_key } = fragmentsParams();
  return local.get(cart_hash_key) !== session.get(cart_hash_key);
}
