import { describe, expect, it } from 'vitest';
import {
  alertKind,
  captchaChallenge,
  characterCount,
  draftKey,
  firstUnaccepted,
  isDraftable,
  prefixUrl,
  restUrl,
  statusClass,
  statusEventName,
  validationErrorId,
} from './logic';

describe('status classes', () => {
  it('maps every API and client status', () => {
    expect(
      [
        'init',
        'validation_failed',
        'acceptance_missing',
        'spam',
        'aborted',
        'mail_sent',
        'mail_failed',
        'payment_required',
        'validating',
        'submitting',
        'resetting',
      ].map(statusClass),
    ).toEqual([
      'init',
      'invalid',
      'unaccepted',
      'spam',
      'aborted',
      'sent',
      'failed',
      'payment-required',
      'validating',
      'submitting',
      'resetting',
    ]);
  });
  it('turns every run of other characters into "-", as the server does', () => {
    expect(statusClass('error')).toBe('custom-error');
    expect(statusClass('foo bar_baz')).toBe('custom-foo-bar-baz');
    expect(statusClass('a!!b  c')).toBe('custom-a-b-c');
    expect(statusClass('Café')).toBe('custom-Caf-');
    expect(statusClass('sent')).toBe('custom-sent'); // not an API status
  });
  it('names the specific event, and none for payment_required or custom statuses', () => {
    expect(
      ['validation_failed', 'acceptance_missing', 'spam', 'aborted', 'mail_sent', 'mail_failed', 'payment_required', 'error'].map(
        statusEventName,
      ),
    ).toEqual(['wpcf7invalid', 'wpcf7unaccepted', 'wpcf7spam', 'wpcf7aborted', 'wpcf7mailsent', 'wpcf7mailfailed', undefined, undefined]);
  });
  it('dresses invalid, unaccepted, spam and failed as errors, sent as success', () => {
    expect(['invalid', 'unaccepted', 'spam', 'failed', 'sent', 'aborted', 'payment-required', 'custom-x'].map(alertKind)).toEqual([
      'error',
      'error',
      'error',
      'error',
      'success',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('ids and URLs', () => {
  it('builds error ids without characters ids should not hold', () => {
    expect(validationErrorId('wpcf7-f207-p88-o1', 'buyer-email')).toBe('wpcf7-f207-p88-o1-ve-buyer-email');
    expect(validationErrorId('wpcf7-f207-p88-o1', 'a:b c')).toBe('wpcf7-f207-p88-o1-ve-abc');
  });
  it('joins root, namespace and path; plain permalinks turn our ? into &', () => {
    expect(restUrl('https://shop.example/wp-json/', 'contact-form-7/v1', 'contact-forms/207/feedback')).toBe(
      'https://shop.example/wp-json/contact-form-7/v1/contact-forms/207/feedback',
    );
    expect(restUrl('https://shop.example/wp-json', '/contact-form-7/v1/', '/contact-forms/1/refill')).toBe(
      'https://shop.example/wp-json/contact-form-7/v1/contact-forms/1/refill',
    );
    expect(restUrl('https://shop.example/index.php?rest_route=/', 'contact-form-7/v1', 'contact-forms/1/refill?x=1')).toBe(
      'https://shop.example/index.php?rest_route=/contact-form-7/v1/contact-forms/1/refill&x=1',
    );
  });
  it('builds the recorded shop URLs from its root-relative plain-permalink root, as CF7 6.1.6 does', () => {
    // CF7's apiFetch: namespace without its outer slashes + "/" + endpoint without its leading slash, appended to
    // the root as printed (`wpcf7.api.root` on fixtures/pages/storefront-contact.html).
    const root = '/index.php?rest_route=/';
    expect(restUrl(root, 'contact-form-7/v1', 'contact-forms/10/feedback/schema')).toBe(
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/feedback/schema',
    );
    expect(restUrl(root, 'contact-form-7/v1', 'contact-forms/10/feedback')).toBe(
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/feedback',
    );
    expect(restUrl(root, '/contact-form-7/v1/', '/contact-forms/10/refill')).toBe(
      '/index.php?rest_route=/contact-form-7/v1/contact-forms/10/refill',
    );
  });
});

const box = (checked: boolean, optional = false, invert = false) => ({ checked, optional, invert });

describe('field helpers', () => {
  it('prefixes http:// to a bare host with a dot', () => {
    expect(prefixUrl('shop.example')).toBe('http://shop.example');
    expect(prefixUrl('  //shop.example/a ')).toBe('http://shop.example/a');
    expect(prefixUrl('https://shop.example')).toBe('https://shop.example');
    expect(prefixUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(prefixUrl('HTTP://X.Y')).toBe('HTTP://X.Y');
    expect(prefixUrl('localhost')).toBe('localhost');
    expect(prefixUrl('   ')).toBe('');
  });
  it('finds the first box that blocks sending', () => {
    expect(firstUnaccepted([])).toBe(-1);
    expect(firstUnaccepted([box(true), box(false, true)])).toBe(-1);
    expect(firstUnaccepted([box(true), box(false)])).toBe(1);
    expect(firstUnaccepted([box(false, false, true)])).toBe(-1);
    expect(firstUnaccepted([box(true, false, true)])).toBe(0);
  });
  it('counts characters up or down, limits on the untrimmed length', () => {
    expect(characterCount('  abc ', 'up', 0, 0, 0)).toEqual({ current: 3, tooLong: false, tooShort: false });
    expect(characterCount('abc', 'down', 10, 10, 5)).toEqual({ current: 7, tooLong: false, tooShort: true });
    expect(characterCount('abcdef', 'down', 5, 5, 0)).toEqual({ current: -1, tooLong: true, tooShort: false });
  });
  it('reads the captcha challenge from the image name', () => {
    expect(captchaChallenge('https://shop.example/wp-content/uploads/wpcf7_captcha/1234567.png')).toBe('1234567');
    expect(captchaChallenge('/x/abc.svg')).toBeUndefined();
  });
  it('keys drafts by form id and page path, and never keeps secrets', () => {
    expect(draftKey(207, '/contact/')).toBe('sf_cf7_207_/contact/');
    expect(isDraftable({ type: 'text', name: 'buyer-name' })).toBe(true);
    for (const type of ['file', 'password', 'hidden', 'submit']) expect(isDraftable({ type, name: 'x' })).toBe(false);
    expect(isDraftable({ type: 'text', name: '_wpcf7_free_text_x' })).toBe(true);
    expect(isDraftable({ type: 'text', name: '_wpcf7_unit_tag' })).toBe(false);
    expect(isDraftable({ type: 'text', name: 'card', autocomplete: 'cc-number' })).toBe(false);
    expect(isDraftable({ type: 'text', name: 'check', className: 'wpcf7-form-control wpcf7-quiz' })).toBe(false);
  });
});
