import type { WidgetContext, WidgetModule } from '../../src/widget';
import { defineWidget } from '../../src/widget';
import { installJQueryShims, liveVariationForms } from '../../src/events/shims';
import { createAjax } from './ajax';
import { createButtonStatus } from './button';
import { createData, readPrinted } from './data';
import { createDisplayQueue } from './display-queue';
import { createEvents } from './events';
import { variationFormFacade } from './facade';
import { listen } from './listeners';
import { chunks as sharedChunks, type Chunks } from './loaders';
import { chosenCount, isComplete, isPurchasable } from './logic';
import { createMachine } from './machine';
import { createSelects } from './selects';
import { readParts, readTexts } from './settings';
import { createShown } from './shown';
import { setupSwatches } from './swatches';
import { createViewHost } from './view-host';

/**
 * `form.variations_form`, wired from its parts (README): the data (data.ts), the display queue over the chunks
 * loaded on demand (display-queue.ts, loaders.ts), the events (events.ts), the view (view-host.ts, button.ts), the
 * selects (selects.ts), what shows (shown.ts), get_variation (ajax.ts), the state machine (machine.ts), what the
 * form hears (listeners.ts) and what theme code gets (facade.ts). The order below is the order of their effects.
 */
async function mountForm(form: HTMLFormElement, ctx: WidgetContext, chunks: Chunks): Promise<void> {
  const { signal, warn } = ctx;
  const texts = readTexts();
  const parts = readParts(form);
  const { selects: selectEls, names } = parts;
  if (selectEls.length === 0) return;
  const printed = await readPrinted(parts, signal);
  if (!printed) return;
  const data = createData(parts, warn, () => void chunks.loadNet().catch(() => {}));
  if (!data.read(printed.read)) return;

  const queue = createDisplayQueue(chunks, warn, signal);
  const events = createEvents(queue.inOrder);
  const view = createViewHost(parts, texts, ctx, chunks, () => void queue.load());
  const status = createButtonStatus(parts, texts, view);
  const selects = createSelects(parts, data, texts);
  const swatches = setupSwatches(form, selectEls, (select, value, byShopper) => machine.choose(select, value, byShopper), signal);
  const syncSwatches = () => {
    if (swatches.groups.length) view.render({ swatches: swatches.states() });
  };
  syncSwatches();
  const ajax = createAjax(parts, chunks, ctx);
  const shown = createShown(parts, texts, queue, events, status, ctx);
  const machine = createMachine(parts, texts, data, selects, queue, events, shown, ajax, status, syncSwatches, swatches.focusTarget, ctx);
  listen(parts, machine, events, queue, ajax, status, ctx);
  const facade = variationFormFacade(parts, data, machine, selects.chosen);
  liveVariationForms.set(form, machine);
  ctx.onCleanup(() => liveVariationForms.delete(form));
  installJQueryShims();
  const first = selects.chosen();
  status.toggleReset(chosenCount(first, names) > 0);

  // The full check waits for init, but the button must not offer a submit the form cannot honour in the
  // meantime (a busy page can delay that timer well past 100 ms, and the sticky bar mirrors this button).
  // Only the state is set here: no events, no display, no option filtering before init.
  const preselected = isComplete(first, names);
  // Default attributes: init will show their variation, so display.ts starts loading now.
  if (preselected) void queue.load();
  const match = preselected ? data.index?.match(first) : undefined;
  if (!preselected || (data.index && !match)) status.set('needed');
  else if (match && match.variation_data_loaded !== false && !isPurchasable(match)) status.set('unavailable');

  // Clicks on swatches made while the data was read, as if made now (a shopper quicker than the page).
  for (const swatch of printed.clicks) if (swatch.isConnected) swatch.click();

  // Init after the gallery (WooCommerce waits 100 ms); no no-match notice during it.
  ctx.timeout(() => {
    events.fire(form, 'check_variations');
    machine.check();
    events.fire(form, 'wc_variation_form', [facade]);
    machine.loading = false;
  }, 100);
}

/** The widget over the given chunks (tests pass late, stalled or failing ones); the registry's loads the real ones. */
export function variationForm(chunks: Chunks = sharedChunks): WidgetModule {
  return defineWidget({
    mount(element, ctx) {
      if (element instanceof HTMLFormElement) return mountForm(element, ctx, chunks);
    },
  });
}

export default variationForm();
