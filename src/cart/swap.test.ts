import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideConsentGate } from '../dom/consent-gate';
import { plainMarkup } from '../dom/plain';
import recordedAnswer from '../../fixtures/responses/realshop/get_refreshed_fragments.json';
import { HOSTILE, expectInert } from '../../test/helpers/hostile';
import { swapFragments } from './swap';

const recorded = recordedAnswer as { fragments: Record<string, string> };
const parsed = (html: string) => {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.content;
};

describe('plain mini-cart markup (no sanitizer needed)', () => {
  afterEach(() => provideConsentGate(() => null));

  it("takes the real shop's mini-cart and header fragments as they are", () => {
    for (const html of Object.values(recorded.fragments)) expect(plainMarkup(parsed(html))).toBe(true);
  });

  it('refuses what could run, navigate to a script, or load past the consent gate', () => {
    expect(plainMarkup(parsed('<a href="java&#9;script:alert(1)">x</a>'))).toBe(false);
    expect(plainMarkup(parsed('<a href="/cart/" onclick="x()">x</a>'))).toBe(false);
    expect(plainMarkup(parsed('<span style="background:url(https://t.example/p.gif)">1</span>'))).toBe(false);
    expect(plainMarkup(parsed('<svg><a href="/x">x</a></svg>'))).toBe(false);
    expect(plainMarkup(parsed('<iframe src="https://www.youtube.com/embed/x"></iframe>'))).toBe(false);
    expect(plainMarkup(parsed('<img src="data:image/svg+xml,x" alt="">'))).toBe(false);
    expect(plainMarkup(parsed('<img src="/a.png" srcset="/a.png 1x, javascript:x 2x" alt="">'))).toBe(false);
    provideConsentGate((url) => (url.includes('ytimg') ? 'youtube' : null));
    expect(plainMarkup(parsed('<img src="https://i.ytimg.com/vi/x/0.jpg" alt="">'))).toBe(false);
    expect(plainMarkup(parsed('<img src="https://cdn.example/p.jpg" alt="">'))).toBe(true);
  });
});

describe('fragment swap: plain markup at once, anything else through the one sanitizer', () => {
  // DOMPurify's chunk once up front: on a busy machine the first test would spend its time budget transforming it.
  beforeAll(() => import('../dom/sanitize').then((m) => m.sanitizerReady()), 60_000);

  it("swaps the real shop's fragments at once, unchanged", () => {
    document.body.innerHTML = '<div class="widget_shopping_cart_content">old</div><a class="cart-contents">old</a>';
    swapFragments(recorded.fragments);
    const cart = document.querySelector('div.widget_shopping_cart_content')!;
    expect(cart.outerHTML).toBe((parsed(recorded.fragments['div.widget_shopping_cart_content']!).firstElementChild as Element).outerHTML);
    expect(cart.querySelector('a.remove_from_cart_button')?.getAttribute('data-cart_item_key')).toBe('6f4922f45568161a8cdf4ad2299f6d23');
    expect(document.querySelector('a.cart-contents .count')?.textContent).toBe('4 items');
  });

  it('puts markup beyond it in inert, through the sanitizer, and at once once the sanitizer is here', async () => {
    document.body.innerHTML = '<div class="count">old</div><div class="other">old</div>';
    swapFragments({ 'div.count': `<div class="count">3${HOSTILE}</div>` });
    await vi.waitFor(() => expect(document.querySelector('div.count')?.textContent).toContain('3'));
    expectInert(document.querySelector('div.count')!);
    // The sanitizer is loaded now: the next such fragment goes in with the rest, in the same pass.
    swapFragments({ 'div.other': `<div class="other">4${HOSTILE}</div>` });
    expect(document.querySelector('div.other')?.textContent).toContain('4');
    expectInert(document.querySelector('div.other')!);
  });
});
