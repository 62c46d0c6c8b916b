import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { fakeJQuery } from '../variation-form/test-helpers';

/** Product tabs against woocommerce.md §3.6, §4 (`init` listened) and accessibility.md "Product tabs". */

/** Exactly the §3.6 markup: three tabs, the reviews panel holding #reviews and the review form. */
const TABS = `
<div class="woocommerce-tabs wc-tabs-wrapper">
  <ul class="tabs wc-tabs" role="tablist">
    <li role="presentation" class="description_tab" id="tab-title-description"><a href="#tab-description" role="tab" aria-controls="tab-description">Description</a></li>
    <li role="presentation" class="additional_information_tab" id="tab-title-additional_information"><a href="#tab-additional_information" role="tab" aria-controls="tab-additional_information">Additional information</a></li>
    <li role="presentation" class="reviews_tab" id="tab-title-reviews"><a href="#tab-reviews" role="tab" aria-controls="tab-reviews">Reviews (2)</a></li>
  </ul>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><h2>Description</h2><p>Heavy canvas.</p></div>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information"><table class="woocommerce-product-attributes shop_attributes"><tr><th>Weight</th><td>0.4 kg</td></tr></table></div>
  <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews">
    <div id="reviews" class="woocommerce-Reviews"><div id="comments"><ol class="commentlist"><li class="review" id="li-comment-3"><div id="comment-3" class="comment_container">Great bag</div></li></ol></div>
      <div id="review_form_wrapper"><div id="review_form"><div id="respond"><form id="commentform" action="/wp-comments-post.php" method="post">
        <label for="rating" id="comment-form-rating-label">Your rating</label>
        <select name="rating" id="rating" required><option value="">Rate&hellip;</option><option value="5">Perfect</option></select>
        <input name="submit" type="submit" id="submit" value="Submit"></form></div></div></div></div>
  </div>
</div>
<a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">2</span> customer reviews)</a>`;

const tabs = () => [...document.querySelectorAll<HTMLAnchorElement>('.wc-tabs li > a')];
const panels = () => [...document.querySelectorAll<HTMLElement>('.wc-tab')];
const visible = (el: HTMLElement) => !el.hidden && el.style.display !== 'none';
const shown = () =>
  panels()
    .filter(visible)
    .map((p) => p.id);
const key = (el: Element, k: string) => {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
};
const mount = (html = TABS) => mountPage(html, only('product-tabs'));

afterEach(() => {
  document.documentElement.removeAttribute('dir');
});

describe('§3.6 init', () => {
  it('without a hash opens the first tab: li.active, aria-selected, roving tabindex, other panels hidden', async () => {
    await mount();
    expect(shown()).toEqual(['tab-description']);
    expect([...document.querySelectorAll('.wc-tabs li.active')].map((li) => li.id)).toEqual(['tab-title-description']);
    expect(tabs().map((t) => [t.getAttribute('aria-selected'), t.getAttribute('tabindex')])).toEqual([
      ['true', '0'],
      ['false', '-1'],
      ['false', '-1'],
    ]);
    for (const p of panels().slice(1)) expect(p.style.display).toBe('none');
  });

  it('hides top-level .panel elements inside the wrapper (not only direct children), but not panels nested in panels', async () => {
    const html = TABS.replace(
      '<ul class="tabs',
      '<div class="extra"><div class="panel" id="loose">Loose panel</div></div><ul class="tabs',
    ).replace('<p>Heavy canvas.</p>', '<p>Heavy canvas.</p><div class="panel" id="inner">Inner panel</div>');
    await mount(html);
    expect(document.getElementById('loose')!.style.display).toBe('none');
    expect(document.getElementById('inner')!.style.display).not.toBe('none');
  });

  it.each([
    ['#comment-3', 'tab-reviews'],
    ['#Comment-3', 'tab-reviews'],
    ['#li-comment-3', 'tab-reviews'],
    ['#reviews', 'tab-reviews'],
    ['#tab-reviews', 'tab-reviews'],
    ['#tab-additional_information', 'tab-additional_information'],
    ['#respond', 'tab-description'],
    ['#nothing-here', 'tab-description'],
  ])('hash %s opens %s', async (hash, expected) => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    history.replaceState(null, '', `/product/canvas-tote/${hash}`);
    await mount();
    expect(shown()).toEqual([expected]);
    expect(document.querySelector('.wc-tabs li.active a')!.getAttribute('href')).toBe(`#${expected}`);
  });

  it.each(['/product/canvas-tote/comment-page-2/', '/product/canvas-tote/?cpage=2', '/product/canvas-tote/?foo=1&cpage=3#main'])(
    'URL %s opens reviews',
    async (url) => {
      history.replaceState(null, '', url);
      await mount();
      expect(shown()).toEqual(['tab-reviews']);
    },
  );

  it('a comment hash on load scrolls the comment back into view once its panel shows', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    history.replaceState(null, '', '/product/canvas-tote/#comment-3');
    await mount();
    expect(scrolled.mock.contexts.at(-1)).toBe(document.getElementById('comment-3'));
  });

  it('finds the reviews tab by li.reviews_tab when the panel id differs (theme overrides)', async () => {
    history.replaceState(null, '', '/product/canvas-tote/#comment-3');
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await mount(TABS.replace('href="#tab-reviews"', 'href="#tab-feedback"').replace('id="tab-reviews"', 'id="tab-feedback"'));
    expect(shown()).toEqual(['tab-feedback']);
  });
});

describe('§3.6 selecting (manual activation)', () => {
  it('click selects: li.active on that item only, aria-selected/tabindex, the panel named by the link hash', async () => {
    await mount();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    tabs()[2]!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(shown()).toEqual(['tab-reviews']);
    expect([...document.querySelectorAll('.wc-tabs li.active')].map((li) => li.id)).toEqual(['tab-title-reviews']);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
  });

  it('arrows move focus only (wrap), Home/End, Enter/Space select', async () => {
    await mount();
    tabs()[0]!.focus();
    key(tabs()[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(tabs()[2]);
    expect(shown()).toEqual(['tab-description']);
    key(tabs()[2]!, 'Home');
    expect(document.activeElement).toBe(tabs()[0]);
    key(tabs()[0]!, 'End');
    expect(document.activeElement).toBe(tabs()[2]);
    expect(key(tabs()[2]!, 'Enter').defaultPrevented).toBe(true);
    expect(shown()).toEqual(['tab-reviews']);
    key(tabs()[2]!, 'ArrowRight');
    key(tabs()[0]!, ' ');
    expect(shown()).toEqual(['tab-description']);
  });

  it('RTL (html dir=rtl) flips Left and Right', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    await mount();
    key(tabs()[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(tabs()[1]);
    key(tabs()[1]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
  });

  it('vertical tabs (stacked): Up/Down move, Left/Right do nothing', async () => {
    await mount();
    [...document.querySelectorAll('.wc-tabs li')].forEach((li, i) =>
      vi.spyOn(li, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: i * 48, width: 220, height: 44 })),
    );
    expect(key(tabs()[0]!, 'ArrowRight').defaultPrevented).toBe(false);
    key(tabs()[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(tabs()[1]);
    key(tabs()[1]!, 'ArrowUp');
    key(tabs()[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(tabs()[2]);
  });

  it('states aria-orientation="vertical" for stacked tabs when focus enters the list, and drops it when they line up again', async () => {
    await mount(`${TABS}<button id="before">before</button>`);
    const list = document.querySelector('.wc-tabs')!;
    const rects = [...document.querySelectorAll('.wc-tabs li')].map((li) => vi.spyOn(li, 'getBoundingClientRect'));
    rects.forEach((spy, i) => spy.mockReturnValue(DOMRect.fromRect({ x: 0, y: i * 48, width: 220, height: 44 })));
    expect(list.hasAttribute('aria-orientation')).toBe(false);
    tabs()[0]!.focus();
    expect(list.getAttribute('aria-orientation')).toBe('vertical');
    document.getElementById('before')!.focus();
    rects.forEach((spy, i) => spy.mockReturnValue(DOMRect.fromRect({ x: i * 150, y: 0, width: 140, height: 44 })));
    tabs()[0]!.focus();
    expect(list.hasAttribute('aria-orientation')).toBe(false);
    key(tabs()[0]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[1]);
  });

  it('fires window resize after showing a panel (Avada re-layout), not at init', async () => {
    const resized = vi.fn();
    window.addEventListener('resize', resized);
    await mount();
    await new Promise((r) => setTimeout(r, 30));
    expect(resized).not.toHaveBeenCalled();
    tabs()[1]!.click();
    await vi.waitFor(() => expect(resized).toHaveBeenCalledTimes(1));
    window.removeEventListener('resize', resized);
  });
});

describe('§3.6 review link', () => {
  it('a.woocommerce-review-link opens reviews and scrolls to #reviews', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await mount();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('.woocommerce-review-link')!.dispatchEvent(click);
    expect(shown()).toEqual(['tab-reviews']);
    expect(click.defaultPrevented).toBe(true);
    expect(scrolled.mock.contexts.at(-1)).toBe(document.getElementById('reviews'));
  });
});

describe('§4 init listened on .wc-tabs-wrapper / .woocommerce-tabs', () => {
  it('native init re-reads the tabs', async () => {
    await mount();
    history.replaceState(null, '', '/product/canvas-tote/#reviews');
    document.querySelector('.woocommerce-tabs')!.dispatchEvent(new CustomEvent('init', { bubbles: true }));
    expect(shown()).toEqual(['tab-reviews']);
  });

  it('jQuery-triggered init re-reads the tabs when jQuery is on the page', async () => {
    fakeJQuery();
    await mount();
    history.replaceState(null, '', '/product/canvas-tote/#tab-additional_information');
    (window as unknown as { jQuery: (el: Element) => { trigger(n: string): void } })
      .jQuery(document.querySelector('.wc-tabs-wrapper')!)
      .trigger('init');
    expect(shown()).toEqual(['tab-additional_information']);
  });
});
