/** The cookie WooCommerce reads: `store_notice` + the notice id (an md5 of the text, so new text shows again). */
export function noticeCookieName(noticeId: string | null | undefined): string {
  return `store_notice${noticeId ?? ''}`;
}

export const HIDDEN_VALUE = 'hidden';

export function isDismissed(cookieValue: string | undefined): boolean {
  return cookieValue === HIDDEN_VALUE;
}

/** Ids are 32 hex digits; anything else still works as a suffix but is worth a warning. */
export function isWellFormedNoticeId(id: string | null): boolean {
  return id === null || /^[0-9a-f]{32}$/i.test(id);
}
