/**
 * The one catalogue of request failures. Texts are the ones shoppers already know from the CMS.
 */
export type NetErrorCode = 'fetch_error' | 'invalid_json' | 'http' | 'timeout' | 'aborted' | 'invalid_response';

export const NET_MESSAGES: Record<Exclude<NetErrorCode, 'http'>, string> = {
  fetch_error: 'You are probably offline.',
  invalid_json: 'The response is not a valid JSON response.',
  timeout: 'The request took too long. Please try again.',
  aborted: 'The request was cancelled.',
  invalid_response: 'The response is not what the shop should send.',
};

export class NetError extends Error {
  readonly code: NetErrorCode;
  readonly status: number | undefined;
  readonly body: string | undefined;
  constructor(code: NetErrorCode, options: { status?: number; body?: string; message?: string } = {}) {
    super(options.message ?? (code === 'http' ? `HTTP ${options.status ?? ''}`.trim() : NET_MESSAGES[code]));
    this.name = 'NetError';
    this.code = code;
    this.status = options.status;
    this.body = options.body;
  }
}

export function isNetError(error: unknown): error is NetError {
  return error instanceof NetError;
}

/** The shopper-facing text for any failure. */
export function messageFor(error: unknown): string {
  if (isNetError(error)) return error.message;
  return NET_MESSAGES.fetch_error;
}

/**
 * Like messageFor, but an HTTP error becomes a sentence a shopper can act on instead of a status line, and
 * anything that is not a NetError reads as an unexpected answer.
 */
export function shopperMessage(error: unknown): string {
  if (!isNetError(error)) return NET_MESSAGES.invalid_response;
  if (error.code === 'http') return `The shop could not complete the request (HTTP ${error.status ?? 'error'}). Please try again.`;
  return error.message;
}
