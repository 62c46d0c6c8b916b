import { warnOnce } from '../log';
import { NetError } from './errors';

export type FormValue = string | number | boolean | null | undefined;
export type FormBody = Record<string, FormValue | readonly FormValue[]>;

/** Anything with zod's safeParse, so responses are validated without this module importing zod. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: FormBody | URLSearchParams | FormData | string;
  headers?: Record<string, string>;
  /** Milliseconds before the request is abandoned with a `timeout` error. */
  timeout?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT = 10_000;

/**
 * Form-urlencoded, as WordPress expects. Arrays repeat the key (name it `key[]` yourself where PHP needs it).
 * URLSearchParams encodes `'` as %27, which firewalls that reject a literal apostrophe need.
 */
export function encodeForm(data: FormBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as FormValue[]) {
      if (v === undefined || v === null) continue;
      params.append(key, typeof v === 'boolean' ? (v ? '1' : '') : String(v));
    }
  }
  return params;
}

export interface TextResponse {
  status: number;
  text: string;
  headers: Headers;
}

/** The origin of `url` when it is not the page's, else null (relative and unparsable URLs are the page's). */
function foreignOrigin(url: string): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url, location.href);
    return origin === location.origin ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Answers are inserted into the page (fragments, notices, whole cart pages, field messages): only the shop's own
 * origin may supply them. A global (`wc_ajax_url`, `wpcf7.api.root`) or a redirect pointing at another origin
 * is refused with one warning, as an unusable answer, so every caller takes its failure path (the link or form
 * of the server markup) and the form data is not posted elsewhere.
 */
function refuseForeign(origin: string, what: string): NetError {
  warnOnce('request', origin, `${what} another origin; nothing from it is used.`);
  return new NetError('invalid_response');
}

/**
 * The one fetch in the product. Every call has a timeout and honours the caller's AbortSignal; failures become
 * a NetError from the catalogue. Non-2xx answers are errors that keep their body (CMS error pages carry text).
 * Same-origin only, including where redirects lead (see refuseForeign).
 */
export async function requestText(url: string, options: RequestOptions = {}): Promise<TextResponse> {
  const { method = options.body === undefined ? 'GET' : 'POST', timeout = DEFAULT_TIMEOUT, signal } = options;
  if (signal?.aborted) throw new NetError('aborted');
  const target = foreignOrigin(url);
  if (target) throw refuseForeign(target, 'the request URL points at');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { Accept: 'application/json, text/html;q=0.9, */*;q=0.8', ...options.headers };
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof URLSearchParams || options.body instanceof FormData) {
      body = options.body;
    } else {
      body = encodeForm(options.body);
    }
    if (body instanceof URLSearchParams) headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
  }
  try {
    const response = await fetch(url, { method, body, headers, credentials: 'same-origin', signal: controller.signal });
    const landed = foreignOrigin(response.url);
    if (landed) {
      void response.body?.cancel().catch(() => {});
      throw refuseForeign(landed, 'the answer was redirected to');
    }
    const text = await response.text();
    if (!response.ok) throw new NetError('http', { status: response.status, body: text });
    return { status: response.status, text, headers: response.headers };
  } catch (error) {
    if (error instanceof NetError) throw error;
    if (timedOut) throw new NetError('timeout');
    if (signal?.aborted) throw new NetError('aborted');
    throw new NetError('fetch_error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * JSON, tolerating a PHP notice printed before it: on a parse failure the first `{…}` (or `[…]`) in the body is
 * tried. Throws `invalid_json` when neither parses.
 */
export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    for (const [open, close] of [
      ['{', '}'],
      ['[', ']'],
    ] as const) {
      const start = text.indexOf(open);
      const end = text.lastIndexOf(close);
      if (start >= 0 && end > start) {
        try {
          return JSON.parse(text.slice(start, end + 1)) as unknown;
        } catch {
          /* try the next shape */
        }
      }
    }
    throw new NetError('invalid_json', { body: text });
  }
}

/**
 * What a loader started beside a request gave (validation code loading while the request was in flight): a chunk
 * that could not load fails the request as `fetch_error`, as a request that could not be made does.
 */
export async function loadedBeside<T>(pending: T | Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch {
    throw new NetError('fetch_error');
  }
}

/**
 * A schema, or a loader of one: validation code (zod/mini) can then load while the request is in flight instead
 * of with the page, so a page that makes no request never pays for it.
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export async function requestJson<T = unknown>(url: string, options: RequestOptions & { schema?: SchemaSource<T> } = {}): Promise<T> {
  const pendingSchema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A loader that fails must not surface as an unhandled rejection while the request is still running.
  if (pendingSchema instanceof Promise) pendingSchema.catch(() => {});
  const { text } = await requestText(url, options);
  const data = text.trim() === '' ? undefined : parseLenientJson(text);
  if (!pendingSchema) return data as T;
  const result = (await loadedBeside(pendingSchema)).safeParse(data);
  if (!result.success) throw new NetError('invalid_response', { body: text });
  return result.data;
}
