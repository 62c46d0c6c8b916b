import { wcAjaxUrl } from '../config/woocommerce';
import { cartQueue } from './queue';
import { requestJson, requestText, type FormBody, type RequestOptions, type SchemaSource } from './request';

/** POST to a wc-ajax endpoint and read JSON. */
export function wcAjax<T = unknown>(
  endpoint: string,
  body: FormBody,
  options: Omit<RequestOptions, 'body'> & { schema?: SchemaSource<T> } = {},
): Promise<T> {
  return requestJson<T>(wcAjaxUrl(endpoint), { ...options, method: options.method ?? 'POST', body });
}

/** POST to a wc-ajax endpoint that answers HTML (coupons, totals). */
export async function wcAjaxHtml(
  endpoint: string,
  body: FormBody | undefined,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<string> {
  const { text } = await requestText(wcAjaxUrl(endpoint), { ...options, body });
  return text;
}

/** A cart-changing wc-ajax call, serialised through the one cart queue. */
export function cartCall<T = unknown>(
  endpoint: string,
  body: FormBody,
  options: Omit<RequestOptions, 'body'> & { schema?: SchemaSource<T> } = {},
): Promise<T> {
  return cartQueue.run(() => wcAjax<T>(endpoint, body, options));
}
