import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { loaded, mountPage, only } from '../../test/helpers/mount';
import { quickEnvironment, setGlobals, wait } from '../variation-form/test-helpers';
import { nextStar, ratingMissing, starLabels } from './logic';

const FORM = `<div id="respond"><form id="commentform" action="/wp-comments-post.php" method="post">
  <div class="comment-form-rating"><label for="rating" id="comment-form-rating-label">Your rating</label><select name="rating" id="rating" required>
  <option value="">Rate&hellip;</option><option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option><option value="2">Not that bad</option><option value="1">Very poor</option></select></div>
  <p><label for="comment">Your review</label><textarea id="comment" name="comment"></textarea></p>
  <p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"></p></form></div>`;

const PARAMS = {
  i18n_required_rating_text: 'Please select a rating',
  i18n_rating_options: ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'],
  review_rating_required: 'yes',
};
const stars = () => [...document.querySelectorAll<HTMLAnchorElement>('p.stars a')];
const select = () => document.querySelector<HTMLSelectElement>('#rating')!;

let undo: (() => void)[] = [];
beforeEach(() => (undo = [quickEnvironment()]));
afterEach(() => {
  for (const u of undo.reverse()) u();
});

describe('rating rules', () => {
  it('moves with arrows, wrapping, RTL-aware', () => {
    expect(nextStar(1, 'ArrowRight', false)).toBe(2);
    expect(nextStar(5, 'ArrowRight', false)).toBe(1);
    expect(nextStar(1, 'ArrowLeft', false)).toBe(5);
    expect(nextStar(1, 'ArrowRight', true)).toBe(5);
    expect(nextStar(3, 'ArrowDown', true)).toBe(4);
    expect(nextStar(2, 'End', false)).toBe(5);
    expect(nextStar(2, 'a', false)).toBeUndefined();
  });
  it('labels five stars, falling back per missing label', () => {
    expect(starLabels(['Un'])).toEqual(['Un', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    expect(ratingMissing('', true)).toBe(true);
    expect(ratingMissing('', false)).toBe(false);
  });
});

describe('review rating stars', () => {
  it('replaces the select with a labelled radio group of five stars', async () => {
    undo.push(setGlobals({ wc_single_product_params: PARAMS }));
    await mountPage(FORM, loaded('review-rating'));
    expect(select().style.display).toBe('none');
    const group = document.querySelector('p.stars > span')!;
    expect(group.getAttribute('role')).toBe('radiogroup');
    expect(group.getAttribute('aria-labelledby')).toBe('comment-form-rating-label');
    expect(stars().map((a) => [a.className, a.getAttribute('role'), a.textContent, a.tabIndex, a.getAttribute('aria-checked')])).toEqual([
      ['star-1', 'radio', '1 of 5 stars', 0, 'false'],
      ['star-2', 'radio', '2 of 5 stars', -1, 'false'],
      ['star-3', 'radio', '3 of 5 stars', -1, 'false'],
      ['star-4', 'radio', '4 of 5 stars', -1, 'false'],
      ['star-5', 'radio', '5 of 5 stars', -1, 'false'],
    ]);
  });

  it('mounts when the form comes into view (the reviews tab opens), not before', async () => {
    undo.push(setGlobals({ wc_single_product_params: PARAMS }));
    let reveal: () => void = () => {};
    undo.push(setEnvironment({ visible: (_el, fn) => ((reveal = fn), () => {}) }));
    const runtime = await mountPage(FORM, only('review-rating'));
    expect(stars()).toHaveLength(0);
    expect(select().style.display).toBe('');
    reveal();
    await runtime.settled();
    expect(stars()).toHaveLength(5);
    stars()[1]!.click();
    expect(select().value).toBe('2');
  });

  it('chooses by click and by arrow keys', async () => {
    undo.push(setGlobals({ wc_single_product_params: PARAMS }));
    await mountPage(FORM, loaded('review-rating'));
    stars()[3]!.click();
    expect(select().value).toBe('4');
    expect(stars()[3]!.classList.contains('active')).toBe(true);
    expect(stars()[3]!.getAttribute('aria-checked')).toBe('true');
    expect(stars()[3]!.tabIndex).toBe(0);
    expect(document.querySelector('p.stars')!.classList.contains('selected')).toBe(true);
    stars()[3]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    expect(select().value).toBe('5');
    expect(document.activeElement).toBe(stars()[4]);
    expect(stars()[3]!.getAttribute('aria-checked')).toBe('false');
  });

  it('blocks a submit without a rating with the page text, inline and tied to the group (no alert)', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    undo.push(setGlobals({ wc_single_product_params: { ...PARAMS, i18n_required_rating_text: 'Bitte Bewertung wählen' } }));
    await mountPage(FORM, loaded('review-rating'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('submit')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const group = document.querySelector('p.stars > span')!;
    const error = document.getElementById(group.getAttribute('aria-describedby')!)!;
    // Visible at once, in a polite region; the announcement is a fresh text node on the next frame.
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe('Bitte Bewertung wählen');
    expect(error.getAttribute('role')).toBe('status');
    const shown = error.firstChild;
    await wait(5);
    expect(error.textContent).toBe('Bitte Bewertung wählen');
    expect(error.firstChild).not.toBe(shown);
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(stars()[0]);
    expect(alert).not.toHaveBeenCalled();
    // A second blocked submit says it again, without the text ever going blank.
    const said = error.firstChild;
    document.getElementById('submit')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(error.textContent).toBe('Bitte Bewertung wählen');
    await wait(5);
    expect(error.firstChild).not.toBe(said);
    stars()[1]!.click();
    expect(group.hasAttribute('aria-invalid')).toBe(false);
    expect(error.hidden).toBe(true);
    expect(error.textContent).toBe('');
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.getElementById('commentform')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('lets a review without rating through when the setting says no', async () => {
    undo.push(setGlobals({ wc_single_product_params: { ...PARAMS, review_rating_required: 'no' } }));
    await mountPage(FORM.replace(' required>', '>'), loaded('review-rating'));
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.getElementById('commentform')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('survives a malformed global with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    undo.push(setGlobals({ wc_single_product_params: { ...PARAMS, i18n_rating_options: 42 } }));
    await mountPage(FORM, loaded('review-rating'));
    expect(stars()[0]!.textContent).toBe('1 of 5 stars');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('review-rating: wc_single_product_params.i18n_rating_options');
  });

  it('takes a lone string for the five labels as malformed too (it would have named the first star)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    undo.push(setGlobals({ wc_single_product_params: { ...PARAMS, i18n_rating_options: 'garbage' } }));
    await mountPage(FORM, loaded('review-rating'));
    expect(stars().map((a) => a.textContent)).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('review-rating: wc_single_product_params.i18n_rating_options');
  });
});
