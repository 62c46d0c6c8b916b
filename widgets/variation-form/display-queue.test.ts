import { describe, expect, it, vi } from 'vitest';
import { createDisplayQueue } from './display-queue';
import { createEvents } from './events';
import { createChunks, IMPORTS, type Display } from './loaders';

/** The ordering rules of the display queue and the events on it, without a page: what runs when, and in what order. */

const module = {} as Display;

function chunksWith(display: () => Promise<Display>) {
  return createChunks({ ...IMPORTS, display });
}

function deferred() {
  let arrive: (m: Display) => void = () => {};
  let fail: (e: Error) => void = () => {};
  const promise = new Promise<Display>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { promise, arrive, fail };
}

/** A queue whose display.ts arrives (or fails) when the test says. */
function heldQueue(signal = new AbortController().signal) {
  const chunk = deferred();
  const warn = vi.fn();
  const queue = createDisplayQueue(
    chunksWith(() => chunk.promise),
    warn,
    signal,
  );
  return { chunk, warn, queue, ran: [] as string[] };
}

describe('display queue', () => {
  it('runs at once while nothing is held, and asks for nothing', () => {
    const load = vi.fn(() => Promise.resolve(module));
    const queue = createDisplayQueue(chunksWith(load), vi.fn(), new AbortController().signal);
    const ran: string[] = [];
    queue.inOrder(() => ran.push('a'));
    queue.inOrder(() => ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
    expect(load).not.toHaveBeenCalled();
  });

  it('holds a variation and everything after it until display.ts is in, then runs them in the order asked', async () => {
    const { chunk, warn, queue, ran } = heldQueue();
    queue.inOrder(() => ran.push('before'));
    queue.withDisplay(() => ran.push(`shown with ${queue.display() === module ? 'display.ts' : 'nothing'}`));
    queue.inOrder(() => ran.push('after'));
    queue.withDisplay(() => ran.push('shown again'));
    expect(ran).toEqual(['before']);
    chunk.arrive(module);
    await queue.load();
    expect(ran).toEqual(['before', 'shown with display.ts', 'after', 'shown again']);
    // Loaded: nothing is held any more.
    queue.withDisplay(() => ran.push('now'));
    expect(ran.at(-1)).toBe('now');
    expect(warn).not.toHaveBeenCalled();
  });

  it('goes on without display.ts when it fails: one warning, then the held steps in order', async () => {
    const { chunk, warn, queue, ran } = heldQueue();
    queue.withDisplay(() => ran.push('shown'));
    queue.inOrder(() => ran.push('after'));
    chunk.fail(new Error('offline'));
    await queue.load();
    expect(ran).toEqual(['shown', 'after']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual(['display', expect.stringMatching(/^offline; the form still chooses and posts/)]);
    queue.withDisplay(() => ran.push('later'));
    expect(ran).toEqual(['shown', 'after', 'later']);
  });

  it('drops what is held when the form unmounts before display.ts arrives', async () => {
    const unmount = new AbortController();
    const { chunk, queue, ran } = heldQueue(unmount.signal);
    queue.withDisplay(() => ran.push('shown'));
    unmount.abort();
    chunk.arrive(module);
    await queue.load();
    expect(ran).toEqual([]);
  });

  it('fires events in the queue: an event behind a held variation fires after it, and the form knows what it is firing', async () => {
    const { chunk, queue } = heldQueue();
    const events = createEvents(queue.inOrder);
    const target = document.createElement('form');
    document.body.append(target);
    const seen: string[] = [];
    target.addEventListener('found_variation', () => seen.push(`found_variation firing=${events.firing('found_variation')}`));
    target.addEventListener('woocommerce_variation_has_changed', () => seen.push('woocommerce_variation_has_changed'));
    queue.withDisplay(() => events.fire(target, 'found_variation'));
    events.fire(target, 'woocommerce_variation_has_changed');
    expect(seen).toEqual([]);
    chunk.arrive(module);
    await queue.load();
    expect(seen).toEqual(['found_variation firing=true', 'woocommerce_variation_has_changed']);
    expect(events.firing('found_variation')).toBe(false);
    target.remove();
  });
});
