import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContext, createPageServices } from './context';
import { createRuntime, type Runtime } from './runtime';
import { defineWidget, type WidgetEntry } from '../src/widget';

describe('a widget context', () => {
  it('aborts its signal, then undoes its cleanups newest first, once', () => {
    const ctx = createContext('probe', createPageServices());
    const order: string[] = [];
    ctx.onCleanup(() => order.push(`first (signal ${ctx.signal.aborted ? 'aborted' : 'live'})`));
    ctx.onCleanup(() => order.push('second'));
    ctx.dispose();
    ctx.dispose();
    expect(order).toEqual(['second', 'first (signal aborted)']);
    expect(ctx.disposed).toBe(true);
  });

  it('runs every cleanup when one throws, and reports the error', () => {
    const ctx = createContext('probe', createPageServices());
    const ran: string[] = [];
    ctx.onCleanup(() => ran.push('a'));
    ctx.onCleanup(() => {
      throw new Error('boom');
    });
    ctx.onCleanup(() => ran.push('c'));
    const errors: unknown[] = [];
    ctx.dispose((e) => errors.push(e));
    expect(ran).toEqual(['c', 'a']);
    expect(String(errors[0])).toContain('boom');
  });

  it('undoes at once what is registered after its end (an async step finishing late)', () => {
    const ctx = createContext('probe', createPageServices());
    ctx.dispose();
    const late = vi.fn();
    ctx.onCleanup(late);
    expect(late).toHaveBeenCalledOnce();
  });

  it('gives sub-scopes that end on their own or with their parent, and leave no trace in it', () => {
    const ctx = createContext('probe', createPageServices());
    const ended: string[] = [];
    for (let i = 0; i < 50; i++) {
      const sub = ctx.child();
      sub.onCleanup(() => ended.push(`early ${i}`));
      sub.dispose();
    }
    const kept = ctx.child();
    kept.onCleanup(() => ended.push('kept'));
    expect(ended).toHaveLength(50);
    ctx.dispose();
    expect(ended.at(-1)).toBe('kept');
    expect(kept.signal.aborted).toBe(true);
  });
});

describe('page services', () => {
  it('creates a service once for every context asking its key, and disposes it with the last holder', () => {
    const services = createPageServices();
    const a = createContext('quick-view', services);
    const b = createContext('quick-view', services);
    const create = vi.fn((scope: { onCleanup(fn: () => void): void; signal: AbortSignal }) => {
      const dialog = { closed: false, signal: scope.signal };
      scope.onCleanup(() => (dialog.closed = true));
      return dialog;
    });
    const one = a.page('quick-view:dialog', create);
    const two = b.page('quick-view:dialog', create);
    expect(one).toBe(two);
    expect(create).toHaveBeenCalledOnce();
    expect(services.held.get('quick-view:dialog')?.holders).toBe(2);
    a.dispose();
    expect(one.closed).toBe(false);
    b.dispose();
    expect(one.closed).toBe(true);
    expect(one.signal.aborted).toBe(true);
    expect(services.held.has('quick-view:dialog')).toBe(false);
    // A new holder after that gets a new service.
    const c = createContext('quick-view', services);
    expect(c.page('quick-view:dialog', create)).not.toBe(one);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('keeps a service asked for with keep when its last holder leaves (every box replaced at once), until disposeAll', () => {
    const services = createPageServices();
    const create = vi.fn((scope: { signal: AbortSignal }) => ({ wanted: false, signal: scope.signal }));
    const first = createContext('mini-cart', services);
    const state = first.page('mini-cart:view', create, { keep: true });
    state.wanted = true;
    first.dispose();
    expect(state.signal.aborted).toBe(false);
    const next = createContext('mini-cart', services);
    expect(next.page('mini-cart:view', create, { keep: true })).toBe(state);
    expect(create).toHaveBeenCalledOnce();
    services.disposeAll();
    expect(state.signal.aborted).toBe(true);
    expect(services.held.size).toBe(0);
  });

  it('leaves no half-made service when its creation throws', () => {
    const services = createPageServices();
    const ctx = createContext('probe', services);
    expect(() =>
      ctx.page('probe:broken', () => {
        throw new Error('no dialog support');
      }),
    ).toThrow('no dialog support');
    expect(services.held.size).toBe(0);
    expect(ctx.page('probe:broken', () => 'second try')).toBe('second try');
  });

  it('gives back at once a service asked for after unmount (an async step finishing late)', () => {
    const services = createPageServices();
    const ctx = createContext('probe', services);
    ctx.dispose();
    let closed = false;
    ctx.page('probe:late', (scope) => scope.onCleanup(() => (closed = true)));
    expect(closed).toBe(true);
    expect(services.held.size).toBe(0);
  });
});

describe('page services in the runtime', () => {
  let runtime: Runtime | undefined;
  afterEach(() => {
    runtime?.unmount(document);
    runtime?.stop();
  });

  it('share one service between instances and dispose it when the last markup leaves', async () => {
    document.body.innerHTML = '<p class="probe" id="one"></p><p class="probe" id="two"></p>';
    let created = 0;
    let disposed = 0;
    const widget = defineWidget({
      mount(el, ctx) {
        const shared = ctx.page('probe:shared', (scope) => {
          created += 1;
          scope.onCleanup(() => (disposed += 1));
          return { id: created };
        });
        el.setAttribute('data-shared', String(shared.id));
      },
    });
    const entry: WidgetEntry = { name: 'probe', selector: '.probe', trigger: 'load', load: async () => ({ default: widget }) };
    runtime = createRuntime([entry]);
    runtime.scan(document);
    await runtime.settled();
    expect([...document.querySelectorAll('[data-shared]')].map((p) => p.getAttribute('data-shared'))).toEqual(['1', '1']);
    expect(runtime.services.get('probe:shared')?.holders).toBe(2);
    document.getElementById('one')!.remove();
    await runtime.settled();
    expect(disposed).toBe(0);
    runtime.unmount(document);
    expect(disposed).toBe(1);
    expect(runtime.services.size).toBe(0);
  });
});
