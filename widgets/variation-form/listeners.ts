import type { WidgetContext } from '../../src/widget';
import { listenLegacy } from '../../src/events/bus';
import { pageJQuery } from '../../src/events/jquery';
import type { Ajax } from './ajax';
import type { ButtonStatus } from './button';
import type { DisplayQueue } from './display-queue';
import type { FormEvents } from './events';
import type { Chosen } from './logic';
import type { Machine } from './machine';
import type { FormParts } from './settings';

/**
 * What the form hears: the selects' changes (native, and jQuery's `trigger('change')` from theme code), the
 * legacy `check_variations` and `reload_product_variations`, the reset link and the button. Each applies a
 * shopper's pending change first (machine.ts), and none hears the events the form fires itself.
 */
export function listen(
  { form, selects, button }: FormParts,
  machine: Machine,
  events: FormEvents,
  queue: DisplayQueue,
  ajax: Ajax,
  status: ButtonStatus,
  ctx: WidgetContext,
): void {
  const { signal } = ctx;
  const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (event: HTMLElementEventMap[K]) => void) =>
    form.addEventListener(type, fn, { signal });
  const isSelect = (target: EventTarget | null | undefined) => selects.includes(target as HTMLSelectElement);
  on('change', (event) => {
    if (events.firing('change') || !isSelect(event.target)) return;
    machine.changed(event.isTrusted);
  });
  const jq = pageJQuery();
  if (jq) {
    // `$select.val(x).trigger('change')` from theme code reaches jQuery handlers only.
    const onJqChange = (event: { originalEvent?: Event; target?: EventTarget }) => {
      if (event.originalEvent || events.firing('change') || !isSelect(event.target)) return;
      machine.changed(false);
    };
    try {
      jq(form).on('change.wc-variation-form', onJqChange as never);
      ctx.onCleanup(() => void jq(form).off('change.wc-variation-form', onJqChange as never));
    } catch {
      /* a jQuery stand-in without .on */
    }
  }
  listenLegacy(
    form,
    'check_variations',
    (args) => {
      if (events.firing('check_variations')) return;
      machine.applyPending();
      void queue.load();
      const given = args[0] as { data?: Chosen } | undefined;
      machine.check(given && typeof given === 'object' && given.data && typeof given.data === 'object' ? given.data : undefined);
    },
    signal,
  );
  listenLegacy(form, 'reload_product_variations', () => machine.reload(), signal);

  on('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('.reset_variations')) {
      event.preventDefault();
      machine.reset();
      return;
    }
    if (button && target && button.contains(target)) {
      machine.applyPending();
      if (ajax.busy()) {
        event.preventDefault();
        return;
      }
      if (button.classList.contains('disabled')) {
        event.preventDefault();
        status.explain(button.classList.contains('wc-variation-is-unavailable') ? 'unavailable' : 'needed');
      }
    }
  });
  on('keydown', (event) => {
    // Space on the reset link must act as on a button (Enter already clicks a link).
    if (event.key === ' ' && event.target instanceof Element && event.target.closest('a.reset_variations')) {
      event.preventDefault();
      machine.reset();
    }
  });
  on('submit', (event) => {
    machine.applyPending();
    const { submitter } = event;
    const state = status.state();
    if (ajax.busy() || (submitter && submitter === button && state !== 'enabled' && state !== 'unknown')) event.preventDefault();
  });
}
