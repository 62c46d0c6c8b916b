import Cookies from 'js-cookie';

export interface CookieOptions {
  /** Days until expiry; omitted = a session cookie. */
  days?: number;
  path?: string;
}

/** A cookie's value, or undefined. Garbage (a malformed %-sequence) reads as the raw text, never throws. */
export function getCookie(name: string): string | undefined {
  try {
    return Cookies.get(name);
  } catch {
    return undefined;
  }
}

function attributes(options: CookieOptions): Cookies.CookieAttributes {
  const attrs: Cookies.CookieAttributes = { path: options.path ?? '/', sameSite: 'Lax' };
  if (options.days !== undefined) attrs.expires = options.days;
  if (location.protocol === 'https:') attrs.secure = true;
  return attrs;
}

/** Write a cookie: SameSite=Lax always, Secure on https. */
export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  Cookies.set(name, value, attributes(options));
}

/** Write a value as is (no percent-encoding), for formats other code reads raw (comma lists). */
const rawCookies = Cookies.withConverter({ write: (value) => String(value), read: (value) => value });
export function setRawCookie(name: string, value: string, options: CookieOptions = {}): void {
  rawCookies.set(name, value, attributes(options));
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  Cookies.remove(name, { path: options.path ?? '/' });
}
