import { defineWidget } from '../../src/widget';

/** The search field of a live search form (Avada's class, or WordPress's `s`). */
export const INPUT = 'input.fusion-live-search-input, input[name="s"]';
const COMBOBOX = { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false' };

/**
 * The live search field is a combobox from the first paint, so a screen reader names it so when the shopper
 * first lands on it; the results, their listbox and React still wait for the first interaction with the form
 * (live-search.widget), and a page whose search nobody uses loads neither.
 */
export default defineWidget({
  mount(form, context) {
    const input = form.querySelector(INPUT);
    if (!input || input.hasAttribute('role')) return;
    for (const [name, value] of Object.entries(COMBOBOX)) input.setAttribute(name, value);
    context.onCleanup(() => {
      for (const name of Object.keys(COMBOBOX)) input.removeAttribute(name);
    });
  },
});
