import { describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie, setRawCookie } from './cookies';
import { safeStorage } from './storage';

describe('safe storage', () => {
  it('reads corrupt JSON as undefined', () => {
    sessionStorage.setItem('wc_fragments_x', '{"broken":');
    expect(safeStorage('session').getJSON('wc_fragments_x')).toBeUndefined();
  });
  it('survives storage that throws on every access', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const s = safeStorage('local');
    expect(s.available).toBe(false);
    expect(s.set('k', 'v')).toBe(false);
    spy.mockRestore();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(s.get('k')).toBeNull();
  });
  it('probes with the key wc and leaves nothing behind', () => {
    const s = safeStorage('session');
    expect(s.available).toBe(true);
    expect(sessionStorage.getItem('wc')).toBeNull();
  });
});

describe('cookies', () => {
  it('writes and reads back, and a garbage value does not throw', () => {
    setCookie('store_notice', 'hidden');
    expect(getCookie('store_notice')).toBe('hidden');
    document.cookie = 'broken=%E0%A4%A; path=/';
    expect(() => getCookie('broken')).not.toThrow();
  });
  it('writes comma lists unencoded when asked', () => {
    setRawCookie('privacy_embeds', 'consent,youtube,gmaps', { days: 30 });
    expect(document.cookie).toContain('privacy_embeds=consent,youtube,gmaps');
  });
});
