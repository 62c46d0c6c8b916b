import { defineWidget } from '../../src/widget';
import { pageGlobal, readGlobal } from '../../src/config/globals';
import { showAndAnnounce, uniqueId } from '../../src/dom/announce';
import { listenLegacy } from '../../src/events/bus';
import { directionOf } from '../../src/tabs/tablist';
import { nextStar, ratingMissing, SETTINGS, starLabels } from './logic';

/** WooCommerce's star markup (`p.stars > span > a.star-N`) as a radio group named by the form's label. */
function buildStars(labels: readonly string[], label: HTMLElement | null, required: boolean) {
  const container = document.createElement('p');
  container.className = 'stars';
  const group = document.createElement('span');
  group.setAttribute('role', 'radiogroup');
  if (label) group.setAttribute('aria-labelledby', label.id);
  else group.setAttribute('aria-label', 'Rating');
  if (required) group.setAttribute('aria-required', 'true');
  const stars = labels.map((text, i) => {
    const a = document.createElement('a');
    a.href = '#';
    a.className = `star-${i + 1}`;
    a.setAttribute('role', 'radio');
    a.setAttribute('aria-checked', 'false');
    a.tabIndex = i === 0 ? 0 : -1;
    a.textContent = text;
    group.appendChild(a);
    return a;
  });
  container.appendChild(group);
  return { container, group, stars };
}

function buildError(): HTMLElement {
  const error = document.createElement('p');
  error.id = uniqueId('sf-rating-error');
  error.className = 'sf-rating-error woocommerce-error';
  // Polite (contract §6): focus moves to the stars, whose description this is, so nothing is interrupted.
  error.setAttribute('role', 'status');
  error.hidden = true;
  return error;
}

/**
 * The review form's rating as a radio group of five stars, with WooCommerce's classes (`p.stars`, `a.star-N`,
 * `active`, `selected`) for the theme's CSS. The select stays in the form and is what posts. A required rating is
 * checked on submit and explained inline, tied to the group, instead of `alert()`.
 */
export default defineWidget({
  mount(element, { signal, onCleanup, warn }) {
    if (!(element instanceof HTMLSelectElement)) return;
    const select = element;
    const settings = readGlobal('wc_single_product_params', SETTINGS, 'review-rating');
    if (settings.i18n_rating_options.length !== 5)
      warn('wc_single_product_params.i18n_rating_options', 'expected 5 labels; missing ones use the English defaults');
    const labels = starLabels(settings.i18n_rating_options);
    // Without the global, the template's own `required` says whether a rating is needed.
    const required = pageGlobal('wc_single_product_params') === undefined ? select.required : settings.review_rating_required;
    const form = select.form ?? select.closest('form');
    // WooCommerce prints `required` on the select whatever the setting; hidden behind the stars it would make the
    // browser refuse every review without a rating, with nothing visible to explain it. The setting decides.
    if (!required && select.required) {
      select.required = false;
      onCleanup(() => (select.required = true));
    }

    const label =
      document.getElementById('comment-form-rating-label') ??
      (select.id ? select.ownerDocument.querySelector<HTMLElement>(`label[for="${CSS.escape(select.id)}"]`) : null);
    if (label && !label.id) label.id = uniqueId('sf-rating-label');

    const { container, group, stars } = buildStars(labels, label, required);
    select.before(container);
    const previousDisplay = select.style.display;
    select.style.display = 'none';

    const error = buildError();
    // After the select: p.stars stays the select's previous sibling, where WooCommerce puts it and themes look.
    select.after(error);

    onCleanup(() => {
      container.remove();
      error.remove();
      select.style.display = previousDisplay;
    });

    const current = () => Number(select.value) || 0;
    const clearError = () => {
      error.hidden = true;
      showAndAnnounce(error, '');
      group.removeAttribute('aria-invalid');
      group.removeAttribute('aria-describedby');
    };
    const render = () => {
      const n = current();
      stars.forEach((a, i) => {
        const on = i + 1 === n;
        a.classList.toggle('active', on);
        a.setAttribute('aria-checked', String(on));
        a.tabIndex = on || (n === 0 && i === 0) ? 0 : -1;
      });
      container.classList.toggle('selected', n > 0);
    };
    const choose = (n: number) => {
      select.value = String(n);
      if (select.value !== String(n)) return; // the select has no such option
      render();
      clearError();
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    render();

    group.addEventListener(
      'click',
      (event) => {
        const star = event.target instanceof Element ? event.target.closest('a') : null;
        const i = star ? stars.indexOf(star as HTMLAnchorElement) : -1;
        if (i < 0) return;
        event.preventDefault();
        choose(i + 1);
      },
      { signal },
    );
    group.addEventListener(
      'keydown',
      (event) => {
        const i = stars.indexOf(event.target as HTMLAnchorElement);
        if (i < 0) return;
        if (event.key === ' ') {
          event.preventDefault();
          choose(i + 1);
          return;
        }
        const rtl = directionOf(group) === 'rtl';
        const n = nextStar(i + 1, event.key, rtl);
        if (n === undefined) return;
        event.preventDefault();
        choose(n);
        stars[n - 1]?.focus();
      },
      { signal },
    );

    const block = (event: Event) => {
      if (!ratingMissing(select.value, required)) return false;
      event.preventDefault();
      // The text is there the moment the error shows; only the screen-reader announcement waits a frame.
      error.hidden = false;
      showAndAnnounce(error, settings.i18n_required_rating_text);
      group.setAttribute('aria-invalid', 'true');
      group.setAttribute('aria-describedby', error.id);
      stars.find((a) => a.tabIndex === 0)?.focus();
      return true;
    };
    if (form) {
      // Before native validation, which cannot point at the hidden select.
      form.addEventListener(
        'click',
        (event) => {
          const submit = event.target instanceof Element ? event.target.closest('button, input') : null;
          if (submit && (submit as HTMLButtonElement).type === 'submit' && form.contains(submit)) block(event);
        },
        { signal, capture: true },
      );
      form.addEventListener('submit', (event) => void block(event), { signal });
    }
    select.addEventListener('invalid', (event) => void block(event), { signal });
    listenLegacy(select, 'init', () => render(), signal);
  },
});
