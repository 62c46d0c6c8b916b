import { httpUrl } from '../../src/net/url';

/**
 * Checkout rules without DOM: field validation as WooCommerce's checkout script applies it, the order-review
 * request (what is posted, when, and which answer wins), and what a checkout answer means.
 */

export type FieldProblem = 'required' | 'email' | 'phone';

export interface FieldFacts {
  value: string;
  /** A checkbox's state; required checkboxes must be ticked. */
  checkbox: boolean;
  checked: boolean;
  required: boolean;
  email: boolean;
  phone: boolean;
}

/**
 * A rough RFC 5322 address as WooCommerce's checkout accepts it: dot-separated atoms (unicode allowed) or a
 * quoted local part, an @, and a domain of at least two labels.
 */
const ATOM = "[a-z\\d!#$%&'*+\\-/=?^_`{|}~\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF]+";
const LABEL =
  '[a-z\\d\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF](?:[a-z\\d\\-\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF]*[a-z\\d\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF])?';
const EMAIL = new RegExp(`^(?:${ATOM}(?:\\.${ATOM})*|"(?:[^"\\\\\\r\\n]|\\\\.)+")@(?:${LABEL}\\.)+${LABEL}\\.?$`, 'i');

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Digits, spaces and `#_-+/().` only, as WooCommerce's phone check. */
export function isPhone(value: string): boolean {
  return value.replace(/[\s#0-9_\-+/().]/g, '').length === 0;
}

/** The first problem of a field, or null when it is valid. Format checks apply to non-empty values only. */
export function fieldProblem(f: FieldFacts): FieldProblem | null {
  if (f.required && (f.checkbox ? !f.checked : f.value.trim() === '')) return 'required';
  if (f.checkbox) return null;
  if (f.email && f.value.trim() !== '' && !isEmail(f.value)) return 'email';
  if (f.phone && f.value.trim() !== '' && !isPhone(f.value)) return 'phone';
  return null;
}

export const INVALID_CLASSES = [
  'woocommerce-invalid',
  'woocommerce-invalid-required-field',
  'woocommerce-invalid-email',
  'woocommerce-invalid-phone',
] as const;
export const VALID_CLASS = 'woocommerce-validated';

/** Row classes for a result: WooCommerce's `woocommerce-invalid` plus the reason, or `woocommerce-validated`. */
export function rowClasses(problem: FieldProblem | null): string[] {
  if (problem === null) return [VALID_CLASS];
  return ['woocommerce-invalid', `woocommerce-invalid-${problem === 'required' ? 'required-field' : problem}`];
}

/** The inline message, worded as WooCommerce's own server messages. */
export function fieldMessage(label: string, problem: FieldProblem): string {
  const name = label || 'This field';
  if (problem === 'required') return `${name} is a required field.`;
  if (problem === 'email') return `${name} is not a valid email address.`;
  return `${name} is not a valid phone number.`;
}

/** A field's label as text: the required asterisk and "(optional)" are decoration. */
export function cleanLabel(text: string): string {
  return text
    .replace(/\(optional\)/gi, '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// --- update_order_review ---------------------------------------------------------------------------------------

export interface ReviewArgs {
  /** False when only totals should refresh (a coupon change): the chosen shipping methods are then not sent. */
  updateShippingMethod: boolean;
}

/** Several triggers within the coalescing window make one request; any of them asking for shipping wins. */
export function mergeReviewArgs(a: ReviewArgs | undefined, b: ReviewArgs): ReviewArgs {
  return { updateShippingMethod: (a?.updateShippingMethod ?? false) || b.updateShippingMethod };
}

export function reviewArgsFrom(value: unknown): ReviewArgs {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { updateShippingMethod: v.update_shipping_method !== false };
}

export interface AddressValues {
  country: string;
  state: string;
  postcode: string;
  city: string;
  address: string;
  address_2: string;
}

export interface ReviewRequest {
  security: string;
  paymentMethod: string;
  billing: AddressValues;
  /** Null when the shipping address is the billing one. */
  shipping: AddressValues | null;
  hasFullAddress: boolean;
  postData: string;
  shippingMethods: Record<string, string> | null;
}

/** The fields WooCommerce's checkout posts to `update_order_review`, named as it names them. */
export function reviewBody(r: ReviewRequest): Record<string, string> {
  const s = r.shipping ?? r.billing;
  const body: Record<string, string> = {
    security: r.security,
    payment_method: r.paymentMethod,
    country: r.billing.country,
    state: r.billing.state,
    postcode: r.billing.postcode,
    city: r.billing.city,
    address: r.billing.address,
    address_2: r.billing.address_2,
    s_country: s.country,
    s_state: s.state,
    s_postcode: s.postcode,
    s_city: s.city,
    s_address: s.address,
    s_address_2: s.address_2,
    has_full_address: String(r.hasFullAddress),
    post_data: r.postData,
  };
  if (r.shippingMethods) for (const [index, value] of Object.entries(r.shippingMethods)) body[`shipping_method[${index}]`] = value;
  return body;
}

/** Typing in an address updates totals only once every required address field of that block is filled. */
export function addressComplete(requiredValues: readonly string[]): boolean {
  return requiredValues.every((v) => v.trim() !== '');
}

/** Only fragments whose markup changed since the last answer are replaced (the rest keeps focus and state). */
export function changedFragments(
  previous: Readonly<Record<string, string>> | undefined,
  next: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, html] of Object.entries(next)) if (previous?.[key] !== html) out[key] = html;
  return out;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * update_order_review's scheduling: calls within `delay` ms coalesce into one request; a new request aborts the
 * one in flight; an answer that is not the latest is dropped even when it arrives (a server that ignores aborts).
 */
export function createLatestRunner<A, R>(options: {
  delay: number;
  timers: Timers;
  merge: (pending: A | undefined, next: A) => A;
  run: (args: A, signal: AbortSignal) => Promise<R>;
  onStart?: (args: A) => void;
  onResult: (result: R, args: A) => void;
  onError: (error: unknown, args: A) => void;
}) {
  let timer: number | undefined;
  let pending: A | undefined;
  let controller: AbortController | undefined;
  let seq = 0;
  const fire = () => {
    timer = undefined;
    const args = pending as A;
    pending = undefined;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const id = ++seq;
    options.onStart?.(args);
    options.run(args, mine.signal).then(
      (result) => {
        if (id === seq && !mine.signal.aborted) options.onResult(result, args);
      },
      (error: unknown) => {
        if (id === seq && !mine.signal.aborted) options.onError(error, args);
      },
    );
  };
  return {
    schedule(args: A): void {
      pending = options.merge(pending, args);
      if (timer !== undefined) options.timers.clearTimeout(timer);
      timer = options.timers.setTimeout(fire, options.delay);
    },
    /** Drop what is scheduled and abort what is in flight (unmount, place order). */
    cancel(): void {
      if (timer !== undefined) options.timers.clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      controller?.abort();
      seq += 1;
    },
    get pending(): boolean {
      return timer !== undefined;
    },
  };
}

// --- checkout answers ------------------------------------------------------------------------------------------

export const COALESCE_MS = 5;
export const TYPING_DELAY_MS = 1000;

/** WooCommerce prints `true` or `"true"` depending on the gateway. */
export function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

// --- the success redirect ----------------------------------------------------------------------------------------

export type RedirectDecision = { follow: string } | { refuse: string };

/** Percent-decoding until nothing changes (a few rounds at most); a malformed escape stops it where it is. */
function decodedForm(value: string): string {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Where a successful checkout sends the shopper. The `redirect` comes from the shop's own server after the order
 * was placed, and hosted payment gateways (PayPal Standard, hosted card pages, bank and pay-later redirects) send
 * the shopper off-site by design: any http(s) URL is followed, on any origin (unlike the same-origin rule for cart
 * redirects, src/net/url's sameOriginUrl). Anything else (`javascript:`, `data:`, `vbscript:`, relative junk that
 * the URL parser resolves to one) is refused. WooCommerce decodes relative redirects before assigning them, so a
 * value that only turns into another scheme once decoded is refused too: it is an attack, not a gateway.
 */
export function checkoutRedirect(value: unknown, base: string): RedirectDecision {
  if (typeof value !== 'string' || value.trim() === '') return { refuse: 'no redirect URL in the answer' };
  const url = httpUrl(value, base);
  if (!url) return { refuse: 'not an http(s) URL' };
  const decoded = decodedForm(value);
  if (decoded !== value && !httpUrl(decoded, base)) return { refuse: 'not an http(s) URL once decoded' };
  return { follow: url.href };
}
