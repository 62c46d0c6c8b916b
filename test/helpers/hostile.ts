import { expect } from 'vitest';

/**
 * What a compromised plugin (or a tampered answer) could put in server HTML: a handler, a script URL hidden by a
 * tab the URL parser strips, a frame's inline document, a refresh that leaves the shop, a script. None of it may
 * run, load or navigate once a widget has inserted it.
 */
export const HOSTILE =
  '<img src="/x.png" class="hostile-img" onerror="window.__pwned = 1">' +
  '<a href="java&#9;script:window.__pwned = 1" class="hostile-link">details</a>' +
  '<iframe class="hostile-frame" srcdoc="&lt;script&gt;parent.__pwned = 1&lt;/script&gt;"></iframe>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">' +
  '<script>window.__pwned = 1</script>';

/** The hostile markup under `root` came through the sanitizer: kept where harmless, without what would act. */
export function expectInert(root: ParentNode): void {
  expect(root.querySelector('.hostile-img')?.hasAttribute('onerror')).toBe(false);
  expect(root.querySelector('.hostile-link')?.hasAttribute('href')).toBe(false);
  expect(root.querySelector('[srcdoc], meta, script')).toBeNull();
}
