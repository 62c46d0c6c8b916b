import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setEnvironment } from '../../src/env';
import { isPurchasable, parseVariationData, type Variation } from './logic';
import { fromSplit, hydrate, readVariations, WORKER_THRESHOLD, WORKER_TIMEOUT_MS, type WorkerFactory } from './source';
import { splitVariations } from './split';

/** A variation as WooCommerce prints it, with the keys the page shows and one a filter added. */
function variation(id: number, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attributes,
    variation_id: id,
    variation_is_active: true,
    variation_is_visible: true,
    is_purchasable: true,
    is_in_stock: true,
    sku: `SKU-${id}`,
    price_html: `<span class="price">€${id}</span>`,
    variation_description: `<p>Variation ${id} &amp; more</p>`,
    image: { src: `/img-${id}.jpg`, srcset: false, sizes: false },
    max_qty: '',
    plugin_extra: { nested: [id] },
    ...extra,
  };
}

const SAMPLE = [
  variation(1, { attribute_pa_size: 's', attribute_lining: '' }),
  null,
  42,
  [1, 2],
  { no_attributes: true },
  variation(2, { attribute_pa_size: 'm', attribute_lining: 'Cotton &amp; silk' }, { is_in_stock: false }),
  variation(3, { attribute_pa_size: null, attribute_lining: 7 }, { variation_is_active: false, variation_id: '3' }),
  variation(4, { attribute_pa_size: 'l' }, { variation_data_loaded: false }),
];

/** A stand-in for the built worker: runs the same split on a later task, or fails as told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  received: unknown;
  constructor(private readonly behaviour: 'answer' | 'error' | 'silent' | 'garbage') {
    FakeWorker.made.push(this);
  }
  postMessage(data: unknown): void {
    this.received = data;
    setTimeout(() => {
      if (this.terminated) return;
      if (this.behaviour === 'answer') this.onmessage?.({ data: splitVariations(String(data)) } as MessageEvent);
      if (this.behaviour === 'garbage') this.onmessage?.({ data: 'not a split' } as MessageEvent);
      if (this.behaviour === 'error') this.onerror?.({ preventDefault() {} } as ErrorEvent);
    }, 1);
  }
  terminate(): void {
    this.terminated = true;
  }
}
const worker =
  (behaviour: ConstructorParameters<typeof FakeWorker>[0]): WorkerFactory =>
  () =>
    new FakeWorker(behaviour) as unknown as Worker;

/** Pad the JSON past the worker threshold with a long description, as a product with many variations is. */
function large(entries: unknown[]): string {
  const padded = entries.map((e) =>
    e && typeof e === 'object' && !Array.isArray(e) && 'attributes' in e
      ? { ...e, variation_description: 'x'.repeat(WORKER_THRESHOLD / 4) }
      : e,
  );
  return JSON.stringify(padded);
}

afterEach(() => {
  FakeWorker.made = [];
  vi.useRealTimers();
});

describe('splitVariations (the worker)', () => {
  it('keeps the matching keys in the stubs and every entry whole in its own slice of the text', () => {
    const split = splitVariations(JSON.stringify(SAMPLE));
    if (split.kind !== 'array') throw new Error(split.kind);
    const stubs = JSON.parse(split.stubs) as (Record<string, unknown> | null)[];
    expect(stubs).toHaveLength(SAMPLE.length);
    expect(stubs[0]).toEqual({
      attributes: { attribute_pa_size: 's', attribute_lining: '' },
      variation_id: 1,
      variation_is_active: true,
      variation_is_visible: true,
      is_purchasable: true,
      is_in_stock: true,
    });
    expect(stubs.slice(1, 4)).toEqual([null, null, null]);
    expect(stubs[7]).toMatchObject({ variation_data_loaded: false });
    SAMPLE.forEach((entry, i) => {
      const text = split.text.slice(split.offsets[i], split.offsets[i + 1]);
      if (stubs[i]) expect(JSON.parse(text)).toEqual(entry);
      else expect(text).toBe('');
    });
  });

  it('tells ajax mode, a non-array and broken JSON apart', () => {
    expect(splitVariations(' false ').kind).toBe('false');
    expect(splitVariations('false\n').kind).toBe('false');
    expect(splitVariations('{"a":1}').kind).toBe('other');
    expect(splitVariations('[{"attributes":').kind).toBe('invalid');
    const empty = splitVariations('[]');
    expect(empty.kind === 'array' && JSON.parse(empty.stubs)).toEqual([]);
  });
});

describe('fromSplit + hydrate: the same data as the inline reader', () => {
  const cases: [string, string][] = [
    ['variations with any values, entities, bad entries and extra keys', JSON.stringify(SAMPLE)],
    ['ajax mode', 'false'],
    ['an empty list', '[]'],
    ['broken JSON', '[{"attributes"'],
    ['an object', '{"attributes":{}}'],
    ['no variation objects at all', '[1, null, "x"]'],
  ];
  it.each(cases)('%s', (_, text) => {
    const inline = parseVariationData(text, true);
    const viaWorker = fromSplit(splitVariations(text), true);
    if (inline.mode !== 'inline' || viaWorker.mode !== 'inline') {
      expect(viaWorker).toEqual(inline);
      return;
    }
    expect(viaWorker.dropped).toBe(inline.dropped);
    expect(viaWorker.lazy).toBe(true);
    // The stubs decide matching and the button the same way as the full objects.
    expect(
      viaWorker.variations.map((v) => [v.attributes, v.variation_id, isPurchasable(v), v.variation_is_active, v.variation_data_loaded]),
    ).toEqual(
      inline.variations.map((v) => [v.attributes, v.variation_id, isPurchasable(v), v.variation_is_active, v.variation_data_loaded]),
    );
    // Shown variations are the whole objects, normalised as the inline reader normalises them.
    expect(viaWorker.variations.map(hydrate)).toEqual(inline.variations);
  });

  it('parses a stub once and hands back the same object after', () => {
    const data = fromSplit(splitVariations(JSON.stringify(SAMPLE)), false);
    if (data.mode !== 'inline') throw new Error(data.mode);
    const stub = data.variations[1]!;
    expect(stub.sku).toBeUndefined();
    const whole = hydrate(stub);
    expect(whole.sku).toBe('SKU-2');
    expect(whole.plugin_extra).toEqual({ nested: [2] });
    expect(hydrate(stub)).toBe(whole);
    // A variation that did not come from the worker is already whole.
    const plain: Variation = { attributes: {}, variation_id: 9 };
    expect(hydrate(plain)).toBe(plain);
  });
});

describe('readVariations', () => {
  const signal = () => new AbortController().signal;

  it('parses small data on the spot, without starting a worker', () => {
    const factory = vi.fn(worker('answer'));
    const result = readVariations(JSON.stringify(SAMPLE), false, signal(), factory);
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual(parseVariationData(JSON.stringify(SAMPLE)));
    expect(factory).not.toHaveBeenCalled();
    expect(readVariations(null, false, signal(), factory)).toEqual({ mode: 'invalid', reason: 'is missing' });
  });

  it('sends large data to the worker once, and ends the worker after its answer', async () => {
    const text = large(SAMPLE);
    const result = readVariations(text, false, signal(), worker('answer'));
    expect(result).toBeInstanceOf(Promise);
    const data = await result;
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.received).toBe(text);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    if (data.mode !== 'inline') throw new Error(data.mode);
    expect(data.variations.map(hydrate)).toEqual((parseVariationData(text) as { variations: Variation[] }).variations);
  });

  it('turns the answer into variations in a task after the message (no long task on a thousand variations)', async () => {
    const yields: Array<() => void> = [];
    onTestFinished(setEnvironment({ yieldTask: () => new Promise<void>((res) => yields.push(res)) }));
    let done = false;
    const pending = readVariations(large(SAMPLE), false, signal(), worker('answer')) as Promise<unknown>;
    void pending.then(() => (done = true));
    await vi.waitFor(() => expect(yields).toHaveLength(1)); // the message arrived and asked for a task
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    yields.shift()!();
    await pending;
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it.each([
    [
      'a worker that cannot be started',
      () => () => {
        throw new Error('CSP');
      },
    ],
    ['no worker for this page', () => () => undefined],
    ['a worker whose script fails', () => worker('error')],
    ['an answer that is not ours', () => worker('garbage')],
  ] as [string, () => WorkerFactory][])('falls back to the inline reader for %s', async (_, make) => {
    const text = large(SAMPLE);
    const data = await readVariations(text, false, signal(), make());
    expect(data).toEqual(parseVariationData(text));
    for (const w of FakeWorker.made) expect(w.terminated).toBe(true);
  });

  it('gives a silent worker up after its time and reads the data itself', async () => {
    vi.useFakeTimers();
    const text = large(SAMPLE);
    const pending = readVariations(text, false, signal(), worker('silent'));
    await vi.advanceTimersByTimeAsync(WORKER_TIMEOUT_MS + 1);
    expect(await pending).toEqual(parseVariationData(text));
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('stops the worker when the form is unmounted while it works', async () => {
    const controller = new AbortController();
    const pending = readVariations(large(SAMPLE), false, controller.signal, worker('silent'));
    controller.abort();
    expect((await pending).mode).toBe('invalid');
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });
});
