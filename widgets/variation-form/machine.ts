import type { WidgetContext } from '../../src/widget';
import { announceIn } from '../../src/dom/announce';
import type { Ajax } from './ajax';
import type { ButtonStatus } from './button';
import type { Variations } from './data';
import type { DisplayQueue } from './display-queue';
import type { FormEvents } from './events';
import { chosenCount, isComplete, type Chosen, type Variation } from './logic';
import type { Selects } from './selects';
import { pendingChange } from './pending';
import type { FormParts, Texts } from './settings';
import type { Shown } from './shown';
import { hydrate } from './source';

/**
 * The form's state machine: a selection, its matching variation (from the index, the answer cache, or the
 * server), what shows. Its events follow WooCommerce's order (contract.test.ts and display-held.test.ts hold it).
 */
export interface Machine {
  /** WooCommerce's check_variations, for the current choice or the one given. */
  check(override?: Chosen): void;
  /** A select changed (`byShopper`: a trusted event, worked out after the paint that shows it). */
  changed(byShopper: boolean): void;
  /** A swatch chose a value for its select. */
  choose(select: HTMLSelectElement, value: string, byShopper: boolean): void;
  /** Work out a shopper's change still waiting for its paint (see `changed`). */
  applyPending(): void;
  reset(): void;
  /** New data (`reload_product_variations`). */
  reload(): void;
  /** True until init: the choice the page loaded with shows no no-match notice. */
  loading: boolean;
}

/** What the machine works with, in the order the widget makes them (positional: the bundle keeps no key names). */
type MachineParts = [
  parts: FormParts,
  texts: Texts,
  data: Variations,
  selects: Selects,
  queue: DisplayQueue,
  events: FormEvents,
  shown: Shown,
  ajax: Ajax,
  button: ButtonStatus,
  /** The swatches' state rendered again (after the options or the cache changed). */
  syncSwatches: () => void,
  focusTarget: (select: HTMLSelectElement) => HTMLElement,
  ctx: WidgetContext,
];

/** check_variations: the options, the matching variation (index, answer cache or server), then what shows. */
function createCheck(
  [{ form, names }, , data, selects, { inOrder }, { fire, nativeChange }, shown, ajax, button, syncSwatches]: MachineParts,
  loading: () => boolean,
): (override?: Chosen) => void {
  /** A stored answer, or a question to the server that shows its answer when it comes. */
  const answer = (chosen: Chosen, known: Variation | null | undefined, remember: (answer: Variation | null) => void) => {
    if (known === undefined) {
      const initial = loading();
      ajax.ask(
        chosen,
        remember,
        (found) => {
          selects.markFromCache();
          syncSwatches();
          if (found) shown.show(found);
          else shown.noMatch(initial);
        },
        () => {
          // The server resolves the variation from the posted attributes when variation_id is empty.
          shown.hide();
          inOrder(() => button.set('enabled'));
        },
      );
      return;
    }
    ajax.stop();
    if (known) shown.show(known);
    else shown.noMatch(loading());
  };

  const checkAjax = (override?: Chosen) => {
    const chosen = override ?? selects.chosen();
    selects.markFromCache();
    syncSwatches();
    if (isComplete(chosen, names)) answer(chosen, data.cache.get(chosen), (a) => data.cache.set(chosen, a));
    else {
      ajax.stop();
      // As WooCommerce: in ajax mode only an incomplete choice fires it.
      fire(form, 'update_variation_values');
      shown.hide();
    }
    return chosen;
  };

  const checkInline = (override?: Chosen) => {
    fire(form, 'update_variation_values');
    const reset = selects.filter();
    fire(form, 'woocommerce_update_variation_values');
    syncSwatches();
    for (const select of reset) nativeChange(select);
    const chosen = override ?? selects.chosen();
    const match = isComplete(chosen, names) ? data.index!.match(chosen) : null;
    if (match === null) {
      ajax.stop();
      shown.hide();
    } else if (!match) {
      ajax.stop();
      shown.noMatch(loading());
    } else if (match.variation_data_loaded === false) {
      const id = match.variation_id;
      answer(chosen, data.loaded.get(id), (a) => data.loaded.set(id, a));
    } else {
      ajax.stop();
      shown.show(hydrate(match));
    }
    return chosen;
  };

  return (override?: Chosen) => {
    const chosen = data.useAjax ? checkAjax(override) : checkInline(override);
    button.toggleReset(chosenCount(chosen, names) > 0);
  };
}

export function createMachine(...m: MachineParts): Machine {
  const [parts, texts, data, selects, queue, { fire, nativeChange }, shown, , , syncSwatches, focusTarget, ctx] = m;
  const { form, resetAlert } = parts;
  const { inOrder } = queue;
  const check = createCheck(m, () => machine.loading);

  /** What WooCommerce does on a select's change. */
  const onChange = () => {
    // A change may come from code or a test runner, without the pointer or focus the view waits for.
    void queue.load();
    shown.setVariationId('');
    fire(form, 'clear_reset_announcement');
    if (resetAlert) inOrder(() => announceIn(resetAlert, ''));
    shown.removeNoMatch();
    if (!data.useAjax) fire(form, 'woocommerce_variation_select_change');
    fire(form, 'check_variations');
    check();
    fire(form, 'woocommerce_variation_has_changed');
  };

  const pending = pendingChange(onChange, ctx.signal, ctx.onCleanup);
  const { changed, apply: applyPending } = pending;

  const machine: Machine = {
    check,
    changed,
    applyPending,
    loading: true,
    choose(select, value, byShopper) {
      if (select.value === value) return;
      // Code's choice: what the shopper chose before it is worked out first (a shopper's own joins the pending one).
      if (!byShopper) applyPending();
      select.value = value;
      nativeChange(select);
      // The swatch's own state is the feedback: it paints with the click.
      if (byShopper) syncSwatches();
      changed(byShopper);
    },
    reset() {
      applyPending();
      for (const select of parts.selects) select.value = '';
      for (const select of parts.selects) nativeChange(select);
      onChange();
      fire(form, 'announce_reset');
      if (resetAlert) inOrder(() => announceIn(resetAlert, texts.i18n_reset_alert_text));
      // WooCommerce's reset triggers reset_data after announce_reset (its handler: reset_image, hide_variation), then reset_focus.
      shown.hide();
      fire(form, 'reset_focus');
      const first = parts.selects[0];
      if (first) inOrder(() => focusTarget(first).focus());
    },
    reload() {
      applyPending();
      if (!data.read()) return;
      selects.restore();
      fire(form, 'check_variations');
      check();
    },
  };
  return machine;
}
