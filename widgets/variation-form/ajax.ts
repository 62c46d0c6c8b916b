import type { WidgetContext } from '../../src/widget';
import { flattenParam, readCustomData, readVariationAnswer, type Chosen, type Variation } from './logic';
import { reasonOf, VARIATION_TIMEOUT, type Chunks } from './loaders';
import type { FormParts } from './settings';

/** The server's answer for a complete choice, for forms without their variations (ajax mode) and for lazy stubs. */
export interface Ajax {
  /**
   * Ask get_variation; a newer question (or `stop`) aborts this one and its answer is never handed on. `remember`
   * gets every answer, `answered` the current one; `failed` follows one warning when there is none to hand on. The
   * same question asked again while it is in flight sends no second request: the answer goes to the newest callbacks.
   */
  ask(chosen: Chosen, remember: (answer: Variation | null) => void, answered: (answer: Variation | null) => void, failed: () => void): void;
  stop(): void;
  /** A question is in flight: the form refuses clicks and submits. */
  busy(): boolean;
}

/**
 * WooCommerce blocks the form while get_variation runs: blockUI's overlay, `.processing`, aria-busy. The state
 * (`.processing`, aria-busy, refused clicks and submits) is set at once; the overlay's code comes with the first
 * request, and a request answered before it arrives shows no overlay.
 */
function createBusy(form: HTMLFormElement, chunks: Chunks, ctx: WidgetContext) {
  let busy = false;
  const set = (on: boolean) => {
    busy = on;
    const block = chunks.block();
    if (!on) {
      block?.unblock(form);
      form.classList.remove('processing');
      form.removeAttribute('aria-busy');
      return;
    }
    form.classList.add('processing');
    form.setAttribute('aria-busy', 'true');
    if (block) block.block(form);
    else
      chunks.loadBlock().then(
        (module) => {
          if (busy && !ctx.signal.aborted) module.block(form);
        },
        (error: unknown) => ctx.warn('overlay', `${reasonOf(error)}; the form is held without its overlay while it waits`),
      );
  };
  ctx.onCleanup(() => set(false));
  return { set, busy: () => busy };
}

export function createAjax({ form, selects, names, productId }: FormParts, chunks: Chunks, ctx: WidgetContext): Ajax {
  const { signal } = ctx;
  let request: AbortController | undefined;
  let sequence = 0;
  const customData = readCustomData(form.getAttribute('data-custom_data'));
  const busy = createBusy(form, chunks, ctx);

  const fetchVariation = async (chosen: Chosen, abort: AbortSignal): Promise<Variation | null> => {
    const body: Record<string, string | string[]> = {};
    selects.forEach((_, i) => (body[names[i]!] = chosen[names[i]!] ?? ''));
    body.product_id = productId;
    flattenParam('custom_data', customData, body);
    const { wcAjax, NetError } = chunks.net() ?? (await chunks.netWithin(VARIATION_TIMEOUT));
    const answer = await wcAjax('get_variation', body, { signal: abort, timeout: VARIATION_TIMEOUT });
    if (answer === undefined || answer === null || answer === false || answer === '' || answer === 0) return null;
    const variation = readVariationAnswer(answer);
    if (!variation) throw new NetError('invalid_response');
    return variation;
  };

  /** The choice the question in flight asks about ('' when none is), and the newest asking of it. */
  let asking = '';
  let latest: Parameters<Ajax['ask']>;

  const stop = () => {
    asking = '';
    if (!request) return;
    request.abort();
    request = undefined;
    sequence++;
    busy.set(false);
  };
  ctx.onCleanup(() => request?.abort());

  return {
    ask(...question) {
      const [chosen, remember] = question;
      const key = JSON.stringify(chosen);
      latest = question;
      // The same question already on its way (one change worked out twice, as a busy page can): its answer goes
      // to this asking. WooCommerce aborts and asks again; one request is enough.
      if (key === asking) return;
      request?.abort();
      request = new AbortController();
      asking = key;
      const mine = ++sequence;
      busy.set(true);
      fetchVariation(chosen, request.signal).then(
        (answer) => {
          // (This asking's `remember` stores what the newest would: the same choice.)
          remember(answer);
          if (mine !== sequence || signal.aborted) return;
          asking = '';
          busy.set(false);
          latest[2](answer);
        },
        (error: unknown) => {
          const net = chunks.net();
          if (mine !== sequence || signal.aborted || (net && error instanceof net.NetError && error.code === 'aborted')) return;
          asking = '';
          busy.set(false);
          // Without the request code (a chunk that failed or never came) there was no request: say so.
          const why = net ? net.messageFor(error) : `The request code could not load (${reasonOf(error)}).`;
          ctx.warn('get_variation', `${why} The form now posts the chosen options and the shop picks the variation.`);
          latest[3]();
        },
      );
    },
    stop,
    busy: busy.busy,
  };
}
