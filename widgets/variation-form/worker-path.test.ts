/**
 * The variation form on a product whose data is large enough to be read by the worker (source.ts). happy-dom has
 * no Worker, so a stand-in runs the real split (split.ts) on a later task, answering when the test says so.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../mount/runtime';
import { only } from '../../test/helpers/mount';
import { WORKER_THRESHOLD, setVariationWorker } from './source';
import { splitVariations } from './split';
import { afterInit, choose, pageBody, recordNative, useVariationPage, wait } from './test-helpers';

/** The jacket page with every variation's description padded past the worker threshold. */
let LARGE = '';
beforeAll(async () => {
  const doc = new DOMParser().parseFromString(`<body>${await pageBody('product-variable.html')}</body>`, 'text/html');
  const form = doc.querySelector('form.variations_form')!;
  const variations = JSON.parse(form.getAttribute('data-product_variations')!) as Record<string, unknown>[];
  const padding = ' '.repeat(Math.ceil(WORKER_THRESHOLD / variations.length));
  form.setAttribute(
    'data-product_variations',
    JSON.stringify(variations.map((v) => ({ ...v, variation_description: `${String(v.variation_description)}${padding}` }))),
  );
  LARGE = doc.body.innerHTML;
});

type Behaviour = 'answer' | 'error';
class StandIn {
  static made: StandIn[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  private data: unknown;
  constructor(readonly behaviour: Behaviour) {
    StandIn.made.push(this);
  }
  postMessage(data: unknown): void {
    this.data = data;
  }
  /** The worker's answer arrives (or its script fails), on the test's word. */
  release(): void {
    if (this.terminated) return;
    if (this.behaviour === 'answer') this.onmessage?.({ data: splitVariations(String(this.data)) } as MessageEvent);
    else this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const undo = useVariationPage();
beforeEach(() => {
  StandIn.made = [];
});

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const button = () => $<HTMLButtonElement>('.single_add_to_cart_button');

/** Start the runtime on the page and wait until the form has handed its data to the worker. */
async function start(behaviour: Behaviour) {
  undo.push(setVariationWorker(() => new StandIn(behaviour) as unknown as Worker));
  document.body.innerHTML = LARGE;
  const runtime = createRuntime(only('variation-form'));
  undo.push(() => {
    runtime.unmount(document);
    runtime.stop();
  });
  runtime.scan(document);
  await vi.waitFor(() => expect(StandIn.made).toHaveLength(1));
  return { runtime, worker: StandIn.made[0]! };
}

describe.each(['answer', 'error'] as const)('variation form with large data, the worker gives %s', (behaviour) => {
  it('holds the button while the data is read, keeps what the shopper chose meanwhile, then shows the whole variation', async () => {
    const seen = recordNative(['found_variation', 'wc_variation_form']);
    const { runtime, worker } = await start(behaviour);

    // Reading: the button explains nothing yet but cannot submit a form the page cannot honour.
    expect(button().classList.contains('disabled')).toBe(true);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    $('form.variations_form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    // A swatch clicked before the swatches are wired is kept, not lost; selects keep their own value.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('.avada-color-select[data-value="rust"]').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    choose('pa_size', 's');
    choose('lining', 'Fleece');

    worker.release();
    await runtime.settled();
    await afterInit();
    await wait(10);
    expect(worker.terminated).toBe(true);
    expect($<HTMLSelectElement>('#pa_colour').value).toBe('rust');
    expect($('.avada-color-select[data-value="rust"]').getAttribute('aria-checked')).toBe('true');
    expect($<HTMLInputElement>('input.variation_id').value).toBe('513');
    // The whole object: description, stock and sku are not in the worker's stubs.
    expect($('.single_variation').textContent).toContain('warm fleece lining');
    expect($('.single_variation').textContent).toContain('5 in stock');
    expect($('.product_meta .sku').textContent).toBe('JKT-RUST-S');
    expect(button().classList.contains('disabled')).toBe(false);
    const found = seen.find((s) => s.name === 'found_variation')!.detail as { sku: string }[];
    expect(found[0]!.sku).toBe('JKT-RUST-S');
    const form = (seen.find((s) => s.name === 'wc_variation_form')!.detail as { variationData: { sku: string }[] }[])[0]!;
    expect(form.variationData.map((v) => v.sku)).toContain('JKT-RUST-S');

    // A later submit is the form's own again.
    const again = new Event('submit', { bubbles: true, cancelable: true });
    $('form.variations_form').dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });
});

describe('variation form with large data replaced while the worker works', () => {
  it('reads the new data, not the answer for the old', async () => {
    const { runtime, worker } = await start('answer');
    const form = $('form.variations_form');
    const variations = JSON.parse(form.getAttribute('data-product_variations')!) as { variation_id: number; sku: string }[];
    form.setAttribute('data-product_variations', JSON.stringify(variations.map((v) => ({ ...v, sku: `NEW-${v.variation_id}` }))));
    choose('pa_colour', 'rust');
    choose('pa_size', 's');
    choose('lining', 'Fleece');
    worker.release();
    await runtime.settled();
    await afterInit();
    await wait(10);
    expect($<HTMLInputElement>('input.variation_id').value).toBe('513');
    expect($('.product_meta .sku').textContent).toBe('NEW-513');
  });
});

describe('variation form with large data, unmounted while the worker works', () => {
  it('stops the worker and gives the button back as printed', async () => {
    const errors = vi.spyOn(console, 'error');
    const { runtime, worker } = await start('answer');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    runtime.unmount(document);
    await runtime.settled();
    expect(worker.terminated).toBe(true);
    expect(button().classList.contains('disabled')).toBe(false);
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
