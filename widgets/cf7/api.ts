/**
 * The boundary with Contact Form 7's REST API: the page global, the three endpoints and the shapes of their
 * answers (validated here, once). Only src/net calls fetch.
 */
import { parseFlag } from '../../src/config/parse';
import { NetError } from '../../src/net/errors';
import { loadedBeside, parseLenientJson, requestText } from '../../src/net/request';
import { warnOnce } from '../../src/log';
import { restUrl } from './logic';
import type { Feedback } from './answers';
import { isKnownRule, ruleProblem, type Rule } from './rules';
import { readRefill, readRule, type Refill } from './shapes';

export const WIDGET = 'cf7';

/** Feedback posts may carry files: give them longer than a plain call, still finite. */
export const SUBMIT_TIMEOUT = 20_000;
export const SUBMIT_TIMEOUT_WITH_FILES = 60_000;
const READ_TIMEOUT = 10_000;

/** The server's own text for a failed send, for an HTTP error that brings no message of its own. */
export const SEND_FAILED = 'There was an error trying to send your message. Please try again later.';

/** The header the original sends: JSON preferred, anything accepted. Never `X-WP-Nonce` (cached pages). */
const HEADERS = { Accept: 'application/json, */*;q=0.1' };

export interface Cf7Config {
  root: string;
  namespace: string;
  cached: boolean;
}

/** The `wpcf7` page global, read defensively; undefined (with one console error) when the API is missing. */
export function readConfig(raw: unknown): Cf7Config | undefined {
  const api = raw && typeof raw === 'object' ? (raw as { api?: unknown }).api : undefined;
  const root = api && typeof api === 'object' ? (api as { root?: unknown }).root : undefined;
  const namespace = api && typeof api === 'object' ? (api as { namespace?: unknown }).namespace : undefined;
  if (typeof root !== 'string' || root.trim() === '') return undefined;
  const ns = typeof namespace === 'string' && namespace.trim() !== '' ? namespace : 'contact-form-7/v1';
  if (typeof namespace !== 'string')
    warnOnce(WIDGET, 'wpcf7.api.namespace', `expected a string, got ${JSON.stringify(namespace)}; using "contact-form-7/v1"`);
  const cachedRaw = (raw as { cached?: unknown }).cached;
  const cached = cachedRaw === undefined ? false : parseFlag(cachedRaw);
  if (cached === undefined)
    warnOnce(WIDGET, 'wpcf7.cached', `expected a flag, got ${JSON.stringify(cachedRaw)}; treating the page as cached`);
  return { root: root.trim(), namespace: ns, cached: cached ?? true };
}

// ---- answers -------------------------------------------------------------------------------------------------

export type { Feedback } from './answers';
export type { Refill } from './shapes';

/** The send's answer shapes (zod/mini), requested with the send: see answers.ts. */
const loadAnswers = () => import('./answers');

// ---- schema --------------------------------------------------------------------------------------------------

export interface Schema {
  version?: string;
  locale?: string;
  rules: Rule[];
}

const FIELD = /^[A-Za-z][-A-Za-z0-9_:]*$/;
/** Keep the rules we understand; one warning per malformed rule, which is dropped (the server still judges it). */
export function normaliseRules(raw: readonly unknown[], path = 'rules', parentField?: string): Rule[] {
  const out: Rule[] = [];
  raw.forEach((item, i) => {
    const parsed = readRule(item);
    if (!parsed || (parsed.field !== undefined && !FIELD.test(parsed.field))) {
      warnOnce(WIDGET, `schema.${path}[${i}]`, 'is not a rule Contact Form 7 prints; skipped');
      return;
    }
    const { rule, field, error, threshold, accept, base, interval, rules } = parsed;
    if (!isKnownRule(rule)) {
      warnOnce(WIDGET, `schema.${path}[${i}].rule`, `unknown rule ${JSON.stringify(rule)}; left to the server`);
      return;
    }
    const normal: Rule = { rule };
    if (field !== undefined) normal.field = field;
    if (error !== undefined) normal.error = error;
    if (threshold !== undefined) normal.threshold = threshold;
    if (accept !== undefined) normal.accept = accept;
    if (base !== undefined) normal.base = base;
    if (interval !== undefined) normal.interval = interval;
    if (rules !== undefined) normal.rules = normaliseRules(rules, `${path}[${i}].rules`, field ?? parentField);
    // A composite's children may take its field.
    const problem = ruleProblem({ ...normal, field: field ?? parentField });
    if (problem) {
      warnOnce(WIDGET, `schema.${path}[${i}]`, `${rule} ${problem}; left to the server`);
      return;
    }
    out.push(normal);
  });
  return out;
}

export function parseSchema(data: unknown): Schema | undefined {
  if (Array.isArray(data) && data.length === 0) return { rules: [] };
  if (!data || typeof data !== 'object' || !Array.isArray((data as { rules?: unknown }).rules)) return undefined;
  const { version, locale, rules } = data as { version?: unknown; locale?: unknown; rules: unknown[] };
  const schema: Schema = { rules: normaliseRules(rules) };
  if (typeof version === 'string') schema.version = version;
  if (typeof locale === 'string') schema.locale = locale;
  return schema;
}

// ---- calls ---------------------------------------------------------------------------------------------------

export interface Endpoints {
  config: Cf7Config;
}

const url = (config: Cf7Config, path: string) => restUrl(config.root, config.namespace, path);

async function getJson(address: string, signal?: AbortSignal): Promise<unknown> {
  const { text, status } = await requestText(address, { method: 'GET', headers: HEADERS, timeout: READ_TIMEOUT, signal });
  if (status === 204 || text.trim() === '') return null;
  return parseLenientJson(text);
}

/** The page's form schemas: one request per form id and API root, shared by every form that asks. */
export interface Schemas {
  get(config: Cf7Config, formId: number): Promise<Schema | undefined>;
}

/**
 * A page service (the widget's `ctx.page`): released with the page's last form, which aborts a request still on
 * its way (silently: nobody is left to read it) instead of leaving its timeout to warn about a form long gone.
 */
export function createSchemas(signal: AbortSignal): Schemas {
  const schemas = new Map<string, Promise<Schema | undefined>>();
  return {
    get(config, formId) {
      const address = url(config, `contact-forms/${formId}/feedback/schema`);
      let promise = schemas.get(address);
      if (!promise) {
        promise = getJson(address, signal).then(
          (data) => {
            const schema = parseSchema(data);
            if (!schema)
              warnOnce(WIDGET, `schema of form ${formId}`, 'is not a Contact Form 7 schema; fields are checked by the server only');
            return schema;
          },
          (error: unknown) => {
            schemas.delete(address); // a later form with this id may try again
            if (signal.aborted) return undefined;
            warnOnce(
              WIDGET,
              `schema of form ${formId}`,
              `could not be loaded (${error instanceof Error ? error.message : String(error)}); fields are checked by the server only`,
            );
            return undefined;
          },
        );
        schemas.set(address, promise);
      }
      return promise;
    },
  };
}

/** The refill answer as the server sent it (`[]` when the form has nothing to refill): wpcf7reset hands it on. */
export async function fetchRefill(
  config: Cf7Config,
  formId: number,
  signal?: AbortSignal,
): Promise<(Refill & Record<string, unknown>) | unknown[]> {
  const data = await getJson(url(config, `contact-forms/${formId}/refill`), signal);
  const refill = readRefill(data);
  if (!refill) throw new NetError('invalid_response');
  return refill;
}

/**
 * POST the form. Resolves with the feedback object; rejects with a NetError whose message is what the visitor
 * should read: the catalogue's text, or the server's own error message when a non-2xx carries WordPress error
 * JSON (a security plugin's 403, a 415).
 */
export async function postFeedback(config: Cf7Config, formId: number, body: FormData, hasFiles: boolean): Promise<Feedback> {
  const answers = loadAnswers();
  // A chunk that fails to load must not surface as an unhandled rejection while the request is still running.
  answers.catch(() => {});
  let text: string;
  try {
    ({ text } = await requestText(url(config, `contact-forms/${formId}/feedback`), {
      method: 'POST',
      body,
      headers: HEADERS,
      timeout: hasFiles ? SUBMIT_TIMEOUT_WITH_FILES : SUBMIT_TIMEOUT,
    }));
  } catch (error) {
    if (error instanceof NetError && error.code === 'http') {
      let data: unknown;
      try {
        data = JSON.parse(error.body ?? '');
      } catch {
        // WordPress's api-fetch reports an unreadable error page as invalid JSON.
        throw new NetError('invalid_json', { status: error.status, body: error.body });
      }
      const parsed = (await loadedBeside(answers)).wpError.safeParse(data);
      throw new NetError('http', {
        status: error.status,
        body: error.body,
        message: parsed.success && parsed.data.message.trim() ? parsed.data.message : SEND_FAILED,
      });
    }
    throw error;
  }
  const data = text.trim() === '' ? null : parseLenientJson(text);
  const parsed = (await loadedBeside(answers)).feedbackSchema.safeParse(data);
  if (!parsed.success) throw new NetError('invalid_json', { body: text });
  return parsed.data as Feedback;
}
