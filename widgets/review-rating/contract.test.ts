import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loaded, mountPage } from '../../test/helpers/mount';
import { fakeJQuery, quickEnvironment, setGlobals } from '../variation-form/test-helpers';

/** Review stars against woocommerce.md §3.6 "Stars", §4 (`init` on #rating), §6 and accessibility.md. */

/** The review form as §3.6 prints it (the select is `required` whatever the setting). */
const REVIEWS = `
<div id="reviews" class="woocommerce-Reviews">
  <div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond">
    <form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form">
      <div class="comment-form-rating"><label for="rating" id="comment-form-rating-label">Your rating&nbsp;<span class="required">*</span></label><select name="rating" id="rating" required>
        <option value="">Rate&hellip;</option><option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option><option value="2">Not that bad</option><option value="1">Very poor</option>
      </select></div>
      <p class="comment-form-comment"><label for="comment">Your review&nbsp;<span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="8" required></textarea></p>
      <p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"> <input type="hidden" name="comment_post_ID" value="318" id="comment_post_ID"></p>
    </form>
  </div></div></div>
</div>`;

const PARAMS = {
  i18n_required_rating_text: 'Please select a rating',
  i18n_rating_options: ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'],
  i18n_product_gallery_trigger_text: 'View full-screen image gallery',
  review_rating_required: 'yes',
  flexslider: {
    rtl: false,
    animation: 'slide',
    smoothHeight: true,
    directionNav: false,
    controlNav: 'thumbnails',
    slideshow: false,
    animationSpeed: 500,
    animationLoop: false,
    allowOneSlide: false,
  },
  zoom_enabled: '1',
  zoom_options: [],
  photoswipe_enabled: '1',
  photoswipe_options: { shareEl: false, closeOnScroll: false, history: false, hideAnimationDuration: 0, showAnimationDuration: 0 },
  flexslider_enabled: '1',
};

let undo: (() => void)[] = [];
beforeEach(() => (undo = [quickEnvironment()]));
afterEach(() => {
  for (const u of undo.reverse()) u();
});

const stars = () => [...document.querySelectorAll<HTMLAnchorElement>('p.stars a')];
const rating = () => document.getElementById('rating') as HTMLSelectElement;
const form = () => document.getElementById('commentform') as HTMLFormElement;
const key = (el: Element, k: string) => {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e;
};
async function open(params: Record<string, unknown> | undefined = PARAMS, html = REVIEWS) {
  if (params) undo.push(setGlobals({ wc_single_product_params: params }));
  await mountPage(html, loaded('review-rating'));
}

/** Click the submit button as a shopper would; true when the form really submitted (validation included). */
function submitByClick(): boolean {
  let submitted = false;
  const onSubmit = (e: Event) => {
    submitted = !e.defaultPrevented;
    e.preventDefault();
  };
  form().addEventListener('submit', onSubmit);
  document.getElementById('submit')!.click();
  form().removeEventListener('submit', onSubmit);
  return submitted;
}

describe('§3.6 stars markup', () => {
  it('hides #rating and inserts p.stars before it: a group labelled by the rating label, five a[role=radio].star-N', async () => {
    await open();
    expect(rating().style.display).toBe('none');
    const p = rating().previousElementSibling!;
    expect(p.matches('p.stars')).toBe(true);
    const group = p.firstElementChild!;
    expect(group.tagName).toBe('SPAN');
    expect(['group', 'radiogroup']).toContain(group.getAttribute('role'));
    expect(group.getAttribute('aria-labelledby')).toBe('comment-form-rating-label');
    expect(
      stars().map((a) => [
        a.className,
        a.getAttribute('role'),
        a.getAttribute('href'),
        a.getAttribute('aria-checked'),
        a.getAttribute('tabindex'),
        a.textContent,
      ]),
    ).toEqual([
      ['star-1', 'radio', '#', 'false', '0', '1 of 5 stars'],
      ['star-2', 'radio', '#', 'false', '-1', '2 of 5 stars'],
      ['star-3', 'radio', '#', 'false', '-1', '3 of 5 stars'],
      ['star-4', 'radio', '#', 'false', '-1', '4 of 5 stars'],
      ['star-5', 'radio', '#', 'false', '-1', '5 of 5 stars'],
    ]);
  });

  it('labels come from i18n_rating_options (translated)', async () => {
    await open({
      ...PARAMS,
      i18n_rating_options: ['1 von 5 Sternen', '2 von 5 Sternen', '3 von 5 Sternen', '4 von 5 Sternen', '5 von 5 Sternen'],
    });
    expect(stars()[2]!.textContent).toBe('3 von 5 Sternen');
  });

  it('choosing N sets #rating, marks that star active/checked/tabbable, resets the others, and p.stars gets selected', async () => {
    await open();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    stars()[2]!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(rating().value).toBe('3');
    expect(stars().map((a) => [a.classList.contains('active'), a.getAttribute('aria-checked'), a.getAttribute('tabindex')])).toEqual([
      [false, 'false', '-1'],
      [false, 'false', '-1'],
      [true, 'true', '0'],
      [false, 'false', '-1'],
      [false, 'false', '-1'],
    ]);
    expect(document.querySelector('p.stars')!.classList.contains('selected')).toBe(true);
    stars()[4]!.click();
    expect(rating().value).toBe('5');
    expect(document.querySelectorAll('p.stars a.active')).toHaveLength(1);
  });

  it('arrow keys move and choose (wrapping); Space and Enter choose', async () => {
    await open();
    stars()[0]!.focus();
    expect(key(stars()[0]!, 'ArrowRight').defaultPrevented).toBe(true);
    expect(rating().value).toBe('2');
    expect(document.activeElement).toBe(stars()[1]);
    key(stars()[1]!, 'ArrowDown');
    expect(rating().value).toBe('3');
    key(stars()[2]!, 'ArrowUp');
    key(stars()[1]!, 'ArrowLeft');
    expect(rating().value).toBe('1');
    key(stars()[0]!, 'ArrowLeft');
    expect(rating().value).toBe('5');
    key(stars()[3]!, ' ');
    expect(rating().value).toBe('4');
  });

  it('RTL (html dir=rtl): Left moves forward', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    try {
      await open();
      key(stars()[0]!, 'ArrowLeft');
      expect(rating().value).toBe('2');
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('missing i18n_rating_options fall back to English labels', async () => {
    const { i18n_rating_options: _, ...rest } = PARAMS;
    await open(rest);
    expect(stars().map((a) => a.textContent)).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
  });
});

describe('§3.6 required rating (§6: inline, no alert)', () => {
  it('review_rating_required "yes": a submit without rating is blocked with i18n_required_rating_text tied to the group', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await open();
    expect(submitByClick()).toBe(false);
    const group = document.querySelector('p.stars > span')!;
    const message = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe('Please select a rating');
    expect(message.hidden).toBe(false);
    expect(['status', 'alert']).toContain(message.getAttribute('role'));
    expect(alert).not.toHaveBeenCalled();
    stars()[4]!.click();
    document.querySelector<HTMLTextAreaElement>('#comment')!.value = 'Nice bag';
    expect(submitByClick()).toBe(true);
    vi.unstubAllGlobals();
  });

  it('review_rating_required "no": a review without rating posts (the printed `required` does not block it)', async () => {
    await open({ ...PARAMS, review_rating_required: 'no' });
    document.querySelector<HTMLTextAreaElement>('#comment')!.value = 'Nice bag';
    expect(submitByClick()).toBe(true);
    expect(document.querySelector('p.stars > span')!.hasAttribute('aria-describedby')).toBe(false);
    const data = new FormData(form());
    expect(data.get('rating')).toBe('');
  });

  it('the setting "no" survives unmounting: the printed markup comes back as it was', async () => {
    undo.push(setGlobals({ wc_single_product_params: { ...PARAMS, review_rating_required: 'no' } }));
    const runtime = await mountPage(REVIEWS, loaded('review-rating'));
    expect(rating().required).toBe(false);
    runtime.unmount(document);
    expect(rating().required).toBe(true);
    expect(document.querySelector('p.stars')).toBeNull();
    expect(rating().style.display).toBe('');
  });

  it('Enter in the review text (implicit submit) is blocked the same way', async () => {
    await open();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form().dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(stars()[0]);
  });

  it('the chosen rating is what posts', async () => {
    await open();
    stars()[3]!.click();
    expect(new FormData(form()).get('rating')).toBe('4');
  });
});

describe('§4 init on #rating (listened)', () => {
  it('re-renders from the select on a native init', async () => {
    await open();
    rating().value = '2';
    rating().dispatchEvent(new CustomEvent('init', { bubbles: true }));
    expect(stars()[1]!.getAttribute('aria-checked')).toBe('true');
    expect(document.querySelectorAll('p.stars')).toHaveLength(1);
  });

  it('re-renders on a jQuery-triggered init when jQuery is on the page', async () => {
    fakeJQuery();
    await open();
    rating().value = '5';
    (window as unknown as { jQuery: (el: Element) => { trigger(n: string): void } }).jQuery(rating()).trigger('init');
    expect(stars()[4]!.getAttribute('aria-checked')).toBe('true');
    expect(document.querySelectorAll('p.stars')).toHaveLength(1);
  });
});
