import { describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { isDismissed, isWellFormedNoticeId, noticeCookieName } from './logic';

const NOTICE = `<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store"
  data-notice-id="9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e" style="display:none;">Orders placed today ship on Monday.
  <a role="button" href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>`;

const notice = () => document.querySelector<HTMLElement>('.woocommerce-store-notice')!;
const link = () => document.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!;

describe('store notice rules', () => {
  it('names the cookie after the notice id, or store_notice alone', () => {
    expect(noticeCookieName('abc')).toBe('store_noticeabc');
    expect(noticeCookieName(null)).toBe('store_notice');
  });
  it('is dismissed only by the exact value hidden', () => {
    expect(isDismissed('hidden')).toBe(true);
    expect(isDismissed('Hidden')).toBe(false);
    expect(isDismissed(undefined)).toBe(false);
  });
  it('accepts 32 hex digits as an id', () => {
    expect(isWellFormedNoticeId('9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e')).toBe(true);
    expect(isWellFormedNoticeId('<script>')).toBe(false);
  });
});

describe('store notice widget', () => {
  it('shows the notice when no cookie hides it', async () => {
    await mountPage(NOTICE, only('store-notice'));
    expect(notice().style.display).not.toBe('none');
  });

  it('dismisses on click: session cookie store_notice<id>=hidden on path /, notice hidden', async () => {
    await mountPage(NOTICE, only('store-notice'));
    link().click();
    expect(notice().style.display).toBe('none');
    expect(document.cookie).toContain('store_notice9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e=hidden');
  });

  it('dismisses on Space, as a button does', async () => {
    await mountPage(NOTICE, only('store-notice'));
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    link().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(notice().style.display).toBe('none');
  });

  it('stays hidden on the next page view once dismissed', async () => {
    document.cookie = 'store_notice9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e=hidden; path=/';
    await mountPage(NOTICE, only('store-notice'));
    expect(notice().style.display).toBe('none');
  });

  it('shows again when the text (and so the id) changed', async () => {
    document.cookie = 'store_noticeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=hidden; path=/';
    await mountPage(NOTICE, only('store-notice'));
    expect(notice().style.display).not.toBe('none');
  });

  it('works without an id, on the cookie store_notice', async () => {
    await mountPage(NOTICE.replace(/data-notice-id="[^"]*"/, ''), only('store-notice'));
    link().click();
    expect(document.cookie).toMatch(/(^|; )store_notice=hidden/);
  });

  it('survives a garbage cookie and a malformed id with one warning', async () => {
    document.cookie = 'store_notice%zz=%E0%A4%A; path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(NOTICE.replace(/data-notice-id="[^"]*"/, 'data-notice-id="%zz"'), only('store-notice'));
    expect(notice().style.display).not.toBe('none');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('store-notice: data-notice-id');
  });
});
