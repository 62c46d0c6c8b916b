import { describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { hashPanelId, initialPanelId, isReviewsHash, isReviewsUrl } from './logic';

const TABS = `
<div class="woocommerce-tabs wc-tabs-wrapper">
  <ul class="tabs wc-tabs" role="tablist">
    <li role="presentation" class="description_tab" id="tab-title-description"><a href="#tab-description" role="tab" aria-controls="tab-description">Description</a></li>
    <li role="presentation" class="additional_information_tab" id="tab-title-additional_information"><a href="#tab-additional_information" role="tab" aria-controls="tab-additional_information">Additional information</a></li>
    <li role="presentation" class="reviews_tab" id="tab-title-reviews"><a href="#tab-reviews" role="tab" aria-controls="tab-reviews">Reviews (2)</a></li>
  </ul>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><h2>Description</h2><p>Heavy canvas.</p></div>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information"><table class="shop_attributes"><tr><th>Weight</th><td>0.4 kg</td></tr></table></div>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews">
    <div id="reviews" class="woocommerce-Reviews"><ol class="commentlist"><li id="comment-12">Great bag</li></ol></div>
  </div>
</div>
<p><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">2</span> customer reviews)</a></p>`;

const tabs = () => [...document.querySelectorAll<HTMLAnchorElement>('.wc-tabs a')];
const panel = (id: string) => document.getElementById(id)!;
const visible = (el: HTMLElement) => !el.hidden && el.style.display !== 'none';
const shownPanels = () => [...document.querySelectorAll<HTMLElement>('.wc-tab')].filter(visible).map((p) => p.id);
const key = (el: Element, k: string) => {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
};
const mount = (html = TABS) => mountPage(html, only('product-tabs'));

describe('product tabs routing rules', () => {
  it('opens reviews for comment hashes, #reviews and #tab-reviews, in any case', () => {
    expect(isReviewsHash('#comment-12')).toBe(true);
    expect(isReviewsHash('#Comment-3')).toBe(true);
    expect(isReviewsHash('#reviews')).toBe(true);
    expect(isReviewsHash('#tab-reviews')).toBe(true);
    expect(isReviewsHash('#Reviews')).toBe(true);
    expect(isReviewsHash('#TAB-REVIEWS')).toBe(true);
    expect(isReviewsHash('#review')).toBe(false);
  });
  it('opens reviews for paginated comment URLs', () => {
    expect(isReviewsUrl('https://shop.test/product/tote/comment-page-2/')).toBe(true);
    expect(isReviewsUrl('https://shop.test/product/tote/?cpage=2')).toBe(true);
    expect(isReviewsUrl('https://shop.test/product/tote/')).toBe(false);
  });
  it('routes in WooCommerce order: reviews, a named panel, else the first tab', () => {
    const ids = ['tab-description', 'tab-additional_information', 'tab-reviews'];
    expect(initialPanelId('#tab-additional_information', '/p/?cpage=2', ids)).toBe('tab-reviews');
    expect(initialPanelId('#tab-additional_information', '/p/', ids)).toBe('tab-additional_information');
    expect(initialPanelId('#nothing', '/p/', ids)).toBeUndefined();
    expect(initialPanelId('', '/p/', ids)).toBeUndefined();
    expect(hashPanelId('#comment-4', ids)).toBe('tab-reviews');
    expect(hashPanelId('#tab-description', ids)).toBe('tab-description');
  });
});

const taken = (e: Event) => e.preventDefault();

describe('product tabs widget', () => {
  it('shows only the first panel and marks its tab selected', async () => {
    await mount();
    expect(shownPanels()).toEqual(['tab-description']);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(document.querySelector('li.active')?.id).toBe('tab-title-description');
    // The markup's roles and labels are kept.
    expect(document.querySelector('.wc-tabs')?.getAttribute('role')).toBe('tablist');
    expect(panel('tab-reviews').getAttribute('aria-labelledby')).toBe('tab-title-reviews');
    expect(tabs()[2]!.getAttribute('aria-controls')).toBe('tab-reviews');
  });

  it('hides a top-level .panel without a tab as WooCommerce does', async () => {
    await mount(TABS.replace('<ul class="tabs', '<div class="panel" id="extra">Extra</div><ul class="tabs'));
    expect(visible(panel('extra'))).toBe(false);
  });

  it.each([
    ['#comment-12', 'tab-reviews'],
    ['#COMMENT-12', 'tab-reviews'],
    ['#reviews', 'tab-reviews'],
    ['#tab-reviews', 'tab-reviews'],
    ['#tab-additional_information', 'tab-additional_information'],
    ['#somewhere-else', 'tab-description'],
  ])('opens the right tab for the hash %s', async (hash, expected) => {
    history.replaceState(null, '', `/product/tote/${hash}`);
    await mount();
    expect(shownPanels()).toEqual([expected]);
  });

  it.each(['/product/tote/comment-page-2/', '/product/tote/?cpage=2'])('opens reviews on %s', async (url) => {
    history.replaceState(null, '', url);
    await mount();
    expect(shownPanels()).toEqual(['tab-reviews']);
    expect(document.querySelector('li.active')?.classList.contains('reviews_tab')).toBe(true);
  });

  it('selects on click, moves li.active, and fires resize for the theme after showing', async () => {
    await mount();
    const resized = vi.fn();
    window.addEventListener('resize', resized);
    tabs()[1]!.click();
    expect(shownPanels()).toEqual(['tab-additional_information']);
    expect(document.querySelectorAll('li.active')).toHaveLength(1);
    expect(document.querySelector('li.active')?.id).toBe('tab-title-additional_information');
    expect(document.activeElement).toBe(tabs()[1]);
    await vi.waitFor(() => expect(resized).toHaveBeenCalledTimes(1));
    window.removeEventListener('resize', resized);
  });

  it('moves focus with arrows without selecting (manual activation), then selects on Enter and Space', async () => {
    await mount();
    tabs()[0]!.focus();
    expect(key(tabs()[0]!, 'ArrowRight').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(tabs()[1]);
    expect(tabs()[1]!.getAttribute('tabindex')).toBe('0');
    expect(tabs()[0]!.getAttribute('tabindex')).toBe('-1');
    expect(shownPanels()).toEqual(['tab-description']);
    key(tabs()[1]!, 'Enter');
    expect(shownPanels()).toEqual(['tab-additional_information']);
    key(tabs()[1]!, 'ArrowRight');
    expect(key(tabs()[2]!, ' ').defaultPrevented).toBe(true);
    expect(shownPanels()).toEqual(['tab-reviews']);
  });

  it('wraps with arrows and jumps with Home and End', async () => {
    await mount();
    key(tabs()[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(tabs()[2]);
    key(tabs()[2]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
    key(tabs()[0]!, 'End');
    expect(document.activeElement).toBe(tabs()[2]);
    key(tabs()[2]!, 'Home');
    expect(document.activeElement).toBe(tabs()[0]);
  });

  it('flips Left and Right under dir=rtl on an ancestor', async () => {
    await mount(`<div dir="rtl">${TABS}</div>`);
    key(tabs()[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(tabs()[1]);
    key(tabs()[1]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
  });

  it('flips Left and Right when the document is rtl', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    try {
      await mount();
      key(tabs()[0]!, 'ArrowLeft');
      expect(document.activeElement).toBe(tabs()[1]);
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('uses Up and Down when the tabs are stacked vertically', async () => {
    await mount();
    const items = [...document.querySelectorAll('.wc-tabs li')];
    items.forEach((li, i) =>
      vi.spyOn(li, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: i * 50, width: 200, height: 40 })),
    );
    expect(key(tabs()[0]!, 'ArrowRight').defaultPrevented).toBe(false);
    expect(document.activeElement).not.toBe(tabs()[1]);
    key(tabs()[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(tabs()[1]);
    key(tabs()[1]!, 'ArrowUp');
    expect(document.activeElement).toBe(tabs()[0]);
  });

  it('honours aria-orientation="vertical" on the tab list', async () => {
    await mount(TABS.replace('role="tablist"', 'role="tablist" aria-orientation="vertical"'));
    key(tabs()[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(tabs()[1]);
  });

  it('returns the roving tab stop to the selected tab when focus leaves the list', async () => {
    await mount(`${TABS}<button id="after">after</button>`);
    key(tabs()[0]!, 'ArrowRight');
    tabs()[1]!.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.getElementById('after') }));
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('opens reviews from the review link and scrolls to #reviews', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await mount();
    const link = document.querySelector<HTMLAnchorElement>('.woocommerce-review-link')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(shownPanels()).toEqual(['tab-reviews']);
    expect(click.defaultPrevented).toBe(true);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('reviews'));
    expect(location.hash).toBe('#reviews');
    expect(document.activeElement).toBe(document.getElementById('reviews'));
  });

  it('leaves the scrolling to another handler that already took the review link click', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await mount();
    document.body.addEventListener('click', taken);
    document.querySelector<HTMLAnchorElement>('.woocommerce-review-link')!.click();
    document.body.removeEventListener('click', taken);
    expect(shownPanels()).toEqual(['tab-reviews']);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('selects the tab a later hash change names', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await mount();
    location.hash = '#comment-12';
    await vi.waitFor(() => expect(shownPanels()).toEqual(['tab-reviews']));
    location.hash = '#tab-additional_information';
    await vi.waitFor(() => expect(shownPanels()).toEqual(['tab-additional_information']));
  });

  it('re-initialises on a native init event, keeping the shopper choice unless the hash routes', async () => {
    await mount();
    tabs()[1]!.click();
    // A plugin swapped in a new tab.
    document
      .querySelector('.wc-tabs')!
      .insertAdjacentHTML('beforeend', '<li class="faq_tab" id="tab-title-faq"><a href="#tab-faq">FAQ</a></li>');
    document.querySelector('.wc-tabs-wrapper')!.insertAdjacentHTML('beforeend', '<div class="panel wc-tab" id="tab-faq">FAQ</div>');
    document.querySelector('.wc-tabs-wrapper')!.dispatchEvent(new CustomEvent('init', { bubbles: true }));
    expect(shownPanels()).toEqual(['tab-additional_information']);
    const faq = document.querySelector<HTMLElement>('#tab-title-faq a')!;
    expect(faq.getAttribute('role')).toBe('tab');
    expect(document.querySelector('#tab-title-faq')?.getAttribute('role')).toBe('presentation');
    faq.click();
    expect(shownPanels()).toEqual(['tab-faq']);
  });

  it('re-initialises on a jQuery-triggered init when jQuery is on the page', async () => {
    const handlers = new Map<EventTarget, Map<string, ((e: unknown) => void)[]>>();
    const jq = Object.assign(
      (target: EventTarget) => ({
        on(name: string, fn: (e: unknown) => void) {
          const byName = handlers.get(target) ?? new Map();
          byName.set(name, [...(byName.get(name) ?? []), fn]);
          handlers.set(target, byName);
        },
        off() {},
        trigger(name: string) {
          for (const fn of handlers.get(target)?.get(name) ?? []) fn({});
        },
      }),
      { fn: {} },
    );
    (window as unknown as { jQuery: unknown }).jQuery = jq;
    history.replaceState(null, '', '/product/tote/');
    await mount();
    history.replaceState(null, '', '/product/tote/#tab-reviews');
    jq(document.querySelector('.wc-tabs-wrapper')!).trigger('init');
    expect(shownPanels()).toEqual(['tab-reviews']);
  });

  it('labels old markup without roles', async () => {
    await mount(TABS.replace(/ role="[^"]*"/g, '').replace(/ aria-[a-z]+="[^"]*"/g, ''));
    expect(document.querySelector('.wc-tabs')?.getAttribute('role')).toBe('tablist');
    expect(tabs().every((t) => t.getAttribute('role') === 'tab')).toBe(true);
    expect(tabs()[0]!.getAttribute('aria-controls')).toBe('tab-description');
    expect(panel('tab-description').getAttribute('role')).toBe('tabpanel');
    expect(document.getElementById(panel('tab-description').getAttribute('aria-labelledby')!)).toBe(tabs()[0]);
  });

  it('keeps every panel visible and warns once when there are no tab links', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(TABS.replace(/<ul[\s\S]*<\/ul>/, ''));
    expect(shownPanels()).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('product-tabs: ul.wc-tabs');
  });

  it('warns about a tab pointing at no panel and still works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(TABS.replace('href="#tab-additional_information"', 'href="#tab-missing"'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('product-tabs: href');
    tabs()[2]!.click();
    expect(shownPanels()).toEqual(['tab-reviews']);
  });

  it('never leaves every panel hidden when selecting fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = Element.prototype.setAttribute;
    vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name: string, value: string) {
      if (name === 'aria-selected') throw new Error('boom');
      return original.call(this, name, value);
    });
    await mount();
    expect(shownPanels()).toHaveLength(3);
    expect(error).toHaveBeenCalled();
  });
});
