import { parseJson } from '../config/parse';

/**
 * Web storage that survives what live browsers do to it: storage disabled or throwing on access (Safari private
 * mode, blocked cookies), quota errors, and corrupt JSON left by older scripts. Nothing here ever throws.
 */
export interface SafeStorage {
  readonly available: boolean;
  get(key: string): string | null;
  /** Returns false when the browser refused (quota, disabled). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** Parsed JSON, or undefined when missing or corrupt. */
  getJSON<T = unknown>(key: string): T | undefined;
  setJSON(key: string, value: unknown): boolean;
}

function resolve(kind: 'local' | 'session'): Storage | undefined {
  try {
    const s = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return s ?? undefined;
  } catch {
    return undefined;
  }
}

/** The probe WooCommerce uses: write and remove the key `wc`. */
function probe(s: Storage | undefined): boolean {
  if (!s) return false;
  try {
    s.setItem('wc', 'test');
    s.removeItem('wc');
    return true;
  } catch {
    return false;
  }
}

export function safeStorage(kind: 'local' | 'session'): SafeStorage {
  let checked: boolean | undefined;
  const store = () => resolve(kind);
  const api: SafeStorage = {
    get available() {
      checked ??= probe(store());
      return checked;
    },
    get(key) {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const s = store();
        if (!s) return false;
        s.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        store()?.removeItem(key);
      } catch {
        /* storage refused: nothing to remove */
      }
    },
    getJSON<T>(key: string) {
      return parseJson(api.get(key)) as T | undefined;
    },
    setJSON(key, value) {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return false;
      }
      return api.set(key, text);
    },
  };
  return api;
}

export const local = safeStorage('local');
export const session = safeStorage('session');
