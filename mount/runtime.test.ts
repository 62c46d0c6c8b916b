import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setEnvironment } from '../src/env';
import { createRuntime, type Runtime } from './runtime';
import { defineWidget, type WidgetEntry, type WidgetModule } from '../src/widget';

const runtimes: Runtime[] = [];
afterEach(() => {
  for (const r of runtimes.splice(0)) {
    r.unmount(document);
    r.stop();
  }
});

function start(entries: WidgetEntry[]): Runtime {
  const r = createRuntime(entries);
  runtimes.push(r);
  r.scan(document);
  return r;
}

/** A widget that marks its element and counts mounts and unmounts. */
/** A widget that records the ids of the clicks it hears, and a loader the test resolves by hand. */
function heldClickProbe() {
  const seen: string[] = [];
  const module = defineWidget({
    mount(el, ctx) {
      el.addEventListener('click', (event) => seen.push((event.target as Element).id), { signal: ctx.signal });
    },
  });
  let resolve: (m: { default: WidgetModule }) => void = () => {};
  const load = vi.fn(() => new Promise<{ default: WidgetModule }>((res) => (resolve = res)));
  return { seen, module, load, resolveLoad: (m: { default: WidgetModule }) => resolve(m) };
}

/** Fail a pending chunk load, then the runtime's one retry 300 ms later (fake timers on), and settle in real time. */
async function failLoadAndRetry(reject: () => void, r: Runtime): Promise<void> {
  reject();
  await vi.advanceTimersByTimeAsync(400);
  reject();
  await vi.advanceTimersByTimeAsync(10);
  vi.useRealTimers();
  await r.settled();
}

function counting(name = 'probe') {
  const calls = { mount: 0, unmount: 0 };
  const module: WidgetModule = defineWidget({
    mount(el, ctx) {
      calls.mount += 1;
      el.setAttribute('data-mounted', name);
      el.addEventListener('click', () => el.setAttribute('data-clicked', String(Number(el.getAttribute('data-clicked') ?? 0) + 1)), {
        signal: ctx.signal,
      });
      return () => {
        calls.unmount += 1;
        el.removeAttribute('data-mounted');
      };
    },
  });
  return { calls, module };
}

const entry = (over: Partial<WidgetEntry> & { module?: WidgetModule }): WidgetEntry => ({
  name: 'probe',
  selector: '.probe',
  trigger: 'load',
  load: async () => ({ default: over.module! }),
  ...over,
});

describe('runtime', () => {
  it('mounts every match once, however often it scans', async () => {
    document.body.innerHTML = '<div class="probe"></div><div class="probe"></div>';
    const { calls, module } = counting();
    const r = start([entry({ module })]);
    r.scan(document);
    r.scan(document);
    await r.settled();
    expect(calls.mount).toBe(2);
    expect(document.querySelectorAll('[data-mounted]').length).toBe(2);
  });

  it('starts and mounts each widget in a task of its own; a held click starts its import at once', async () => {
    document.body.innerHTML = '<div class="probe"></div><div class="later"></div>';
    const yields: Array<() => void> = [];
    onTestFinished(setEnvironment({ yieldTask: () => new Promise<void>((res) => yields.push(res)) }));
    const first = counting('probe');
    const second = counting('later');
    const loadFirst = vi.fn(async () => ({ default: first.module }));
    const r = start([
      entry({ load: loadFirst }),
      entry({ name: 'later', selector: '.later', trigger: 'interaction', module: second.module }),
    ]);
    // The scan only queues the load widget: its import waits for a task, and so does its mount.
    expect(loadFirst).not.toHaveBeenCalled();
    expect(yields).toHaveLength(1);
    yields.shift()!();
    await vi.waitFor(() => expect(yields).toHaveLength(1));
    expect(loadFirst).toHaveBeenCalledTimes(1);
    expect(first.calls.mount).toBe(0);
    yields.shift()!();
    await r.settled();
    expect(first.calls.mount).toBe(1);
    // A click on the interaction widget starts its import at once (no task to wait for); its first mount waits one
    // task after the chunk is evaluated (a first island's framework would otherwise hold its first render in the
    // same task), then mounts and replays the click.
    document.querySelector<HTMLElement>('.later')!.click();
    await vi.waitFor(() => expect(yields).toHaveLength(1));
    expect(second.calls.mount).toBe(0);
    expect(document.querySelector('.later')!.getAttribute('data-clicked')).toBeNull();
    yields.shift()!();
    await r.settled();
    expect(second.calls.mount).toBe(1);
    expect(document.querySelector('.later')!.getAttribute('data-clicked')).toBe('1');
    expect(yields).toHaveLength(0);
    // Another element of that widget: its chunk was evaluated long ago, so its click mounts and replays at once.
    document.body.insertAdjacentHTML('beforeend', '<div class="later" id="again"></div>');
    r.scan(document);
    document.querySelector<HTMLElement>('#again')!.click();
    await r.settled();
    expect(second.calls.mount).toBe(2);
    expect(document.querySelector('#again')!.getAttribute('data-clicked')).toBe('1');
    expect(yields).toHaveLength(0);
  });

  it('starts the imports a scan found in one task (one request wave), then mounts each in a task of its own', async () => {
    document.body.innerHTML = '<div class="probe"></div><div class="other"></div><div class="third"></div>';
    const yields: Array<() => void> = [];
    onTestFinished(setEnvironment({ yieldTask: () => new Promise<void>((res) => yields.push(res)) }));
    const loads = ['probe', 'other', 'third'].map((name) => {
      const { calls, module } = counting(name);
      return { calls, load: vi.fn(async () => ({ default: module })), name };
    });
    const r = start(loads.map(({ name, load }) => entry({ name, selector: `.${name}`, load })));
    expect(loads.every(({ load }) => load.mock.calls.length === 0)).toBe(true);
    expect(yields).toHaveLength(1);
    yields.shift()!();
    // One task started all three imports.
    await vi.waitFor(() => expect(loads.map(({ load }) => load.mock.calls.length)).toEqual([1, 1, 1]));
    // Each mount waits for a task of its own.
    await vi.waitFor(() => expect(yields).toHaveLength(3));
    expect(loads.map(({ calls }) => calls.mount)).toEqual([0, 0, 0]);
    yields.shift()!();
    await vi.waitFor(() => expect(loads.map(({ calls }) => calls.mount)).toEqual([1, 0, 0]));
    while (yields.length) yields.shift()!();
    await r.settled();
    expect(loads.map(({ calls }) => calls.mount)).toEqual([1, 1, 1]);
  });

  it('a loader that throws before its promise is reported; the other widgets still mount', async () => {
    document.body.innerHTML = '<div class="probe"></div><div class="other"></div>';
    const errors: unknown[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    document.addEventListener('storefront:error', onError);
    onTestFinished(() => document.removeEventListener('storefront:error', onError));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = counting('other');
    const r = start([
      entry({
        load: () => {
          throw new Error('no chunk');
        },
      }),
      entry({ name: 'other', selector: '.other', module: other.module }),
    ]);
    await r.settled();
    expect(errors).toEqual([expect.objectContaining({ widget: 'probe', phase: 'load' })]);
    expect(other.calls.mount).toBe(1);
    expect(document.querySelector('.other')!.getAttribute('data-mounted')).toBe('other');
  });

  it('loads a widget keyed on a page global only where the page defines it, checked when its trigger fires', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    const load = vi.fn(async () => ({ default: counting().module }));
    await start([entry({ global: 'sf_probe_data', load })]).settled();
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelector('[data-mounted]')).toBeNull();

    vi.stubGlobal('sf_probe_data', { on: true });
    document.body.innerHTML = '<div class="probe"></div>';
    const { calls, module } = counting();
    await start([entry({ global: 'sf_probe_data', module })]).settled();
    expect(calls.mount).toBe(1);
  });

  it('mounts markup inserted later with no call, and unmounts markup removed (listeners gone)', async () => {
    const { calls, module } = counting();
    const r = start([entry({ module })]);
    const late = document.createElement('section');
    late.innerHTML = '<div class="probe"></div>';
    document.body.append(late);
    await r.settled();
    const probe = late.querySelector('.probe') as HTMLElement;
    expect(probe.getAttribute('data-mounted')).toBe('probe');
    late.remove();
    await r.settled();
    expect(calls.unmount).toBe(1);
    probe.click();
    expect(probe.hasAttribute('data-clicked')).toBe(false);
  });

  it('unmount(root) undoes only that subtree, and clears the widget timers', async () => {
    document.body.innerHTML = '<div id="a"><div class="probe"></div></div><div id="b"><div class="probe"></div></div>';
    const tick = vi.fn();
    const module = defineWidget({ mount: (_el, ctx) => ctx.interval(tick, 10) });
    const r = start([entry({ module })]);
    await r.settled();
    r.unmount(document.getElementById('a')!);
    expect(r.instances.size).toBe(1);
    r.unmount(document);
    await new Promise((res) => setTimeout(res, 40));
    const after = tick.mock.calls.length;
    await new Promise((res) => setTimeout(res, 40));
    expect(tick.mock.calls.length).toBe(after);
  });

  it('isolates a widget that throws: one console error naming it, a storefront:error event, others mount', async () => {
    document.body.innerHTML = '<div class="bad"></div><div class="bad"></div><div class="probe"></div>';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: CustomEvent[] = [];
    document.addEventListener('storefront:error', (e) => events.push(e as CustomEvent));
    const { module } = counting();
    const r = start([
      entry({
        name: 'broken',
        selector: '.bad',
        module: defineWidget({
          mount: () => {
            throw new Error('boom');
          },
        }),
      }),
      entry({ module }),
    ]);
    await r.settled();
    expect(document.querySelector('.probe')?.getAttribute('data-mounted')).toBe('probe');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('broken: failed to mount');
    expect(events.map((e) => e.detail.widget)).toEqual(['broken', 'broken']);
    expect(events[0]?.detail.phase).toBe('mount');
  });

  it('retries a chunk that fails to load once, then reports it and leaves the markup', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    document.body.innerHTML = '<a class="probe" href="#x">server link</a>';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const r = start([entry({ load })]);
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    await r.settled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]?.[0])).toContain('probe: could not load its code');
    expect(document.querySelector('.probe')?.outerHTML).toBe('<a class="probe" href="#x">server link</a>');
  });

  it('loads an interaction widget on the first click and replays that click after mounting', async () => {
    document.body.innerHTML = '<button class="probe" type="button">Add</button>';
    const { calls, module } = counting();
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) })]);
    await r.settled();
    expect(calls.mount).toBe(0);
    const button = document.querySelector<HTMLButtonElement>('.probe')!;
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true); // held while the code loads
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })); // a double click is swallowed
    resolveLoad({ default: module });
    await r.settled();
    expect(calls.mount).toBe(1);
    expect(button.getAttribute('data-clicked')).toBe('1');
  });

  it("shows a held click at once (aria-busy, the button's loading class) and hands the state back before the replay", async () => {
    document.body.innerHTML = '<a class="probe button add_to_cart_button" href="?add-to-cart=7">Add</a>';
    const seenAtReplay: string[] = [];
    const module: WidgetModule = {
      mount(el) {
        el.addEventListener('click', (event) => {
          event.preventDefault();
          seenAtReplay.push(`${el.getAttribute('aria-busy')}|${el.classList.contains('loading')}`);
        });
      },
    };
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) })]);
    await r.settled();
    const link = document.querySelector<HTMLElement>('.probe')!;
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(link.getAttribute('aria-busy')).toBe('true');
    expect(link.classList.contains('loading')).toBe(true);
    resolveLoad({ default: module });
    await r.settled();
    expect(seenAtReplay).toEqual(['null|false']);
    expect(link.hasAttribute('aria-busy')).toBe(false);
  });

  it('replays the clicks held on several elements in the order they were made, a double click once', async () => {
    document.body.innerHTML = '<button class="probe" id="a" type="button">A</button><button class="probe" id="b" type="button">B</button>';
    const order: string[] = [];
    const module = defineWidget({
      mount(el, ctx) {
        el.addEventListener('click', () => order.push(el.id), { signal: ctx.signal });
      },
    });
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const loading = new Promise<{ default: WidgetModule }>((res) => (resolveLoad = res));
    const r = start([entry({ trigger: 'interaction', load: () => loading })]);
    await r.settled();
    const [a, b] = ['a', 'b'].map((id) => document.getElementById(id)!);
    b!.dispatchEvent(new Event('pointerover', { bubbles: true })); // B starts loading first...
    a!.click(); // ...but A is clicked first
    b!.click();
    a!.click(); // another click on A after B: a second request, kept
    a!.click(); // straight after: a double click, swallowed
    resolveLoad({ default: module });
    await r.settled();
    expect(order).toEqual(['a', 'b', 'a']);
  });

  it('replays the held click natively when the chunk cannot load, so the server markup still works', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = '<button class="probe" type="button">Add</button>';
    const button = document.querySelector<HTMLButtonElement>('.probe')!;
    const seen = vi.fn();
    document.addEventListener('click', seen);
    const r = start([entry({ trigger: 'interaction', load: () => Promise.reject(new Error('offline')) })]);
    button.click();
    expect(seen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    await r.settled();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('replays a click held on an SVG <path> or an <i>/<span> icon inside the button, and on the failure path natively', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const icons = ['<svg viewBox="0 0 8 8"><g><path d="M0 0h8v8z"></path></g></svg>', '<i class="awb-icon-cart"><span>+</span></i>'];
    for (const icon of icons) {
      document.body.innerHTML = `<a class="probe" href="#added">${icon} Add</a><a class="later" href="#later">${icon} Later</a>`;
      const { calls, module } = counting();
      const hits: string[] = [];
      let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
      let rejectLoad: (e: Error) => void = () => {};
      const r = start([
        entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) }),
        entry({ name: 'later', selector: '.later', trigger: 'interaction', load: () => new Promise((_res, rej) => (rejectLoad = rej)) }),
      ]);
      await r.settled();
      document.addEventListener('click', (e) => hits.push(`${(e.target as Element).localName}:${e.defaultPrevented}`), { once: false });
      const probeIcon = document.querySelector('.probe')!.querySelector('path, span')!;
      probeIcon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      resolveLoad({ default: module });
      await r.settled();
      expect(calls.mount).toBe(1);
      // The widget saw the click (its listener on the button), and the replay left nothing stuck: a later click
      // reaches it directly.
      expect(document.querySelector('.probe')!.getAttribute('data-clicked')).toBe('1');
      (document.querySelector('.probe') as HTMLElement).click();
      expect(document.querySelector('.probe')!.getAttribute('data-clicked')).toBe('2');
      expect(error).not.toHaveBeenCalled();

      // A widget whose chunk fails: the click on its icon still reaches the page, once, not prevented.
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      hits.length = 0;
      document
        .querySelector('.later')!
        .querySelector('path, span')!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect(hits).toEqual([]);
      await failLoadAndRetry(() => rejectLoad(new Error('offline')), r);
      expect(hits).toEqual([`${probeIcon.localName}:false`]);
      r.unmount(document);
      r.stop();
      error.mockClear();
    }
  });

  it('replays a held click natively, with one warning, when the chunk stalls for a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<a class="probe" href="#go"><svg><path d="M0 0"></path></svg>Add</a>';
    const seen: boolean[] = [];
    document.addEventListener('click', (e) => seen.push(e.defaultPrevented));
    const { calls, module } = counting();
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) })]);
    document.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })); // double click
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(seen).toEqual([false]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/probe: .*did not load/);
    // The chunk arriving late mounts the widget, and does not replay the click a second time.
    resolveLoad({ default: module });
    vi.useRealTimers();
    await r.settled();
    expect(calls.mount).toBe(1);
    expect(seen).toEqual([false]);
    expect(document.querySelector('.probe')!.hasAttribute('data-clicked')).toBe(false);
  });

  /** Three loop buttons whose clicks reach the document unprevented (natively) or the widget, which prevents them. */
  function threeAdds() {
    document.body.innerHTML = ['318', '320', '322'].map((id) => `<a class="probe button" id="p${id}" href="#add-${id}">Add</a>`).join('');
    const native: string[] = [];
    document.addEventListener('click', (e) => {
      if (!e.defaultPrevented) native.push((e.target as Element).id);
    });
    const added: string[] = [];
    const module = defineWidget({
      mount(el, ctx) {
        el.addEventListener(
          'click',
          (event) => {
            event.preventDefault();
            added.push(el.id);
          },
          { signal: ctx.signal },
        );
      },
    });
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const busy = () => [...document.querySelectorAll('[aria-busy="true"]')].map((el) => el.id);
    return { native, added, module, click, busy };
  }

  it('three adds held past the stall: one stall for the chunk, only the first goes ahead natively, the others stay busy and reach the widget when its code comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { native, added, module, click, busy } = threeAdds();
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) })]);
    click('p318');
    await vi.advanceTimersByTimeAsync(300);
    click('p320');
    click('p322');
    await vi.advanceTimersByTimeAsync(2699);
    expect(native).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // The page leaves with the first add (a second navigation would replace it); the others are still held.
    expect(native).toEqual(['p318']);
    expect(busy()).toEqual(['p318', 'p320', 'p322']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(native).toEqual(['p318']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/probe: .*goes ahead without it/);
    // The code comes before the page has left: the held adds are made, the first not a second time.
    resolveLoad({ default: module });
    vi.useRealTimers();
    await r.settled();
    expect(added).toEqual(['p320', 'p322']);
    expect(native).toEqual(['p318']);
    expect(busy()).toEqual([]);
  });

  it('three adds held, the code never comes: the first goes ahead natively once, and when the chunk fails no other follows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { native, added, click, busy } = threeAdds();
    let rejectLoad: (e: Error) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((_res, rej) => (rejectLoad = rej)) })]);
    for (const id of ['p318', 'p320', 'p322']) click(id);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(native).toEqual(['p318']);
    await failLoadAndRetry(() => rejectLoad(new Error('offline')), r);
    expect(native).toEqual(['p318']);
    expect(added).toEqual([]);
    expect(busy()).toEqual([]);
  });

  it('three adds held, the chunk fails before the stall: the first click made goes natively, once, whichever button started the load', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { native, click } = threeAdds();
    const r = start([entry({ trigger: 'interaction', load: () => Promise.reject(new Error('offline')) })]);
    document.getElementById('p322')!.dispatchEvent(new Event('pointerover', { bubbles: true })); // its load starts first
    for (const id of ['p318', 'p320', 'p322']) click(id);
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    await r.settled();
    expect(native).toEqual(['p318']);
  });

  it('keeps holding a click with nothing of its own to do (href="#") past the stall, and gives it to the widget once its code is in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<a class="probe" href="#">Red</a>';
    const seen: boolean[] = [];
    document.addEventListener('click', (e) => seen.push(e.defaultPrevented));
    const { module } = counting();
    let resolveLoad: (m: { default: WidgetModule }) => void = () => {};
    const r = start([entry({ trigger: 'interaction', load: () => new Promise((res) => (resolveLoad = res)) })]);
    document.querySelector('.probe')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(5000);
    // Not replayed natively (a jump to the top, the choice lost): still held, with one warning that says so.
    expect(seen).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/probe: .*the click waits for it/);
    resolveLoad({ default: module });
    vi.useRealTimers();
    await r.settled();
    await vi.waitFor(() => expect(document.querySelector('.probe')!.getAttribute('data-clicked')).toBe('1'));
  });

  it('stop() is the page reset: it disposes every page service, those kept past their last holder too', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    let signal: AbortSignal | undefined;
    const module = defineWidget({
      mount(_el, ctx) {
        signal = ctx.page('probe:kept', (scope) => scope.signal, { keep: true });
      },
    });
    const r = start([entry({ module })]);
    await r.settled();
    r.unmount(document);
    expect([signal?.aborted, r.services.has('probe:kept')]).toEqual([false, true]);
    r.stop();
    expect([signal?.aborted, r.services.has('probe:kept')]).toEqual([true, false]);
  });

  it.each([
    ['a hidden tab', true],
    // Chromium on a loaded machine stopped delivering frames to a page it showed (timers still running).
    ['a shown page whose browser stops painting', false],
  ])('in %s (no frames are painted) still mounts inserted markup and ready() settles', async (_, isHidden) => {
    vi.stubGlobal('requestAnimationFrame', () => 1); // frame callbacks never run
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(isHidden);
    try {
      const { calls, module } = counting();
      const r = start([entry({ module })]);
      const late = document.createElement('div');
      late.className = 'probe';
      document.body.append(late);
      const outcome = await Promise.race([r.settled().then(() => 'settled'), new Promise((res) => setTimeout(res, 2000, 'stalled'))]);
      expect(outcome).toBe('settled');
      expect(calls.mount).toBe(1);
      expect(late.getAttribute('data-mounted')).toBe('probe');
    } finally {
      hidden.mockRestore();
    }
  });

  it('loads a scroll widget on the first scroll, not before', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    const { calls, module } = counting();
    const r = start([entry({ trigger: 'scroll', module })]);
    await r.settled();
    document.body.dispatchEvent(new Event('click', { bubbles: true }));
    await r.settled();
    expect(calls.mount).toBe(0);
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    await r.settled();
    expect(calls.mount).toBe(1);
  });

  it('loads a scroll widget at once on a page that arrives scrolled', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    const { calls, module } = counting();
    const scrolled = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    try {
      const r = start([entry({ trigger: 'scroll', module })]);
      await r.settled();
      expect(calls.mount).toBe(1);
    } finally {
      scrolled.mockRestore();
    }
  });

  it('stops waiting for the scroll when its markup leaves', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    const load = vi.fn(async () => ({ default: counting().module }));
    const r = start([entry({ trigger: 'scroll', load })]);
    await r.settled();
    r.unmount(document);
    window.dispatchEvent(new Event('scroll'));
    await r.settled();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a click widget on the first matching click only, holds that click and replays it', async () => {
    document.body.innerHTML =
      '<main class="probe"><a id="plain" href="#top">plain</a><nav class="menu"><a id="menu" href="#faq">FAQ</a></nav></main>';
    const { seen, module, load, resolveLoad } = heldClickProbe();
    const r = start([entry({ trigger: 'click', clicks: '.menu a[href*="#"]', load })]);
    await r.settled();
    const plain = document.getElementById('plain')!;
    const menu = document.getElementById('menu')!;
    // Pointer, focus and other clicks pass untouched and load nothing.
    plain.dispatchEvent(new Event('pointerover', { bubbles: true }));
    plain.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const other = new MouseEvent('click', { bubbles: true, cancelable: true });
    plain.dispatchEvent(other);
    other.preventDefault(); // happy-dom would follow the link
    expect(load).not.toHaveBeenCalled();
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true); // held while the code loads
    expect(menu.getAttribute('aria-busy')).toBe('true'); // the link shows it, not the whole page
    expect(document.querySelector('.probe')!.hasAttribute('aria-busy')).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    resolveLoad({ default: module });
    await r.settled();
    expect(seen).toEqual(['menu']);
    expect(menu.hasAttribute('aria-busy')).toBe(false);
  });

  it('a load widget with clicks loads at once and holds clicks on those elements until it is mounted, then replays them', async () => {
    document.body.innerHTML = '<form class="probe"><a id="swatch" class="swatch" href="#">Red</a><a id="other" href="#x">other</a></form>';
    const { seen, module, load, resolveLoad } = heldClickProbe();
    const r = start([entry({ trigger: 'load', clicks: '.swatch', load })]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1)); // no interaction needed
    const swatch = document.getElementById('swatch')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    swatch.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true); // the link's "#" is not followed while the code loads
    expect(swatch.getAttribute('aria-busy')).toBe('true');
    const other = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('other')!.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false); // other clicks pass untouched
    other.preventDefault();
    resolveLoad({ default: module });
    await r.settled();
    expect(seen).toEqual(['swatch']);
    expect(swatch.hasAttribute('aria-busy')).toBe(false);
    // Mounted: later clicks reach the widget directly, once.
    swatch.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(seen).toEqual(['swatch', 'swatch']);
  });

  it('a load widget with clicks starts its import with the other load imports, not in the scan; a click held meanwhile is replayed', async () => {
    document.body.innerHTML = '<form class="probe"><a id="swatch" class="swatch" href="#">Red</a></form><div class="other"></div>';
    const yields: Array<() => void> = [];
    onTestFinished(setEnvironment({ yieldTask: () => new Promise<void>((res) => yields.push(res)) }));
    const { seen, module, load, resolveLoad } = heldClickProbe();
    const other = counting('other');
    const loadOther = vi.fn(async () => ({ default: other.module }));
    const r = start([entry({ trigger: 'load', clicks: '.swatch', load }), entry({ name: 'other', selector: '.other', load: loadOther })]);
    // The scan's task starts no import: both wait for the same later task (one request wave).
    expect(load).not.toHaveBeenCalled();
    expect(loadOther).not.toHaveBeenCalled();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('swatch')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true); // held while the code loads
    yields.shift()!();
    await vi.waitFor(() => expect([load.mock.calls.length, loadOther.mock.calls.length]).toEqual([1, 1]));
    resolveLoad({ default: module });
    const release = setInterval(() => yields.shift()?.(), 1);
    onTestFinished(() => clearInterval(release));
    await r.settled();
    expect(seen).toEqual(['swatch']);
    expect(other.calls.mount).toBe(1);
  });

  it('loads a click widget at once when the address has a hash', async () => {
    history.replaceState(null, '', '#faq');
    try {
      document.body.innerHTML = '<main class="probe"></main>';
      const { calls, module } = counting();
      const r = start([entry({ trigger: 'click', clicks: 'a[href*="#"]', module })]);
      await r.settled();
      expect(calls.mount).toBe(1);
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('waits for visibility and idle through the environment seam', async () => {
    document.body.innerHTML = '<div class="probe"></div><div class="later"></div>';
    let reveal: () => void = () => {};
    let idle: () => void = () => {};
    const restore = setEnvironment({
      visible: (_el, fn) => ((reveal = fn), () => {}),
      idle: (fn) => ((idle = fn), () => {}),
    });
    try {
      const a = counting();
      const b = counting('later');
      const r = start([
        entry({ trigger: 'visible', module: a.module }),
        entry({ name: 'later', selector: '.later', trigger: 'idle', module: b.module }),
      ]);
      await r.settled();
      expect(a.calls.mount + b.calls.mount).toBe(0);
      reveal();
      idle();
      await r.settled();
      expect(a.calls.mount).toBe(1);
      expect(b.calls.mount).toBe(1);
    } finally {
      restore();
    }
  });

  it('warms an interaction widget at idle once its markup is near the viewport: the framework, then the chunk, then its warm(); mounting still waits for the trigger', async () => {
    document.body.innerHTML = '<a class="probe" href="#"></a><a class="probe" href="#"></a>';
    const reveals: Array<() => void> = [];
    const idles: Array<() => void> = [];
    const restore = setEnvironment({
      visible: (_el, fn) => (reveals.push(fn), () => {}),
      idle: (fn) => (idles.push(fn), () => {}),
    });
    onTestFinished(restore);
    const order: string[] = [];
    const { calls, module } = counting();
    const warmed = { ...module, warm: () => void order.push('warm') };
    const r = start([
      entry({
        trigger: 'interaction',
        warm: { first: async () => void order.push('framework') },
        load: async () => (order.push('chunk'), { default: warmed }),
      }),
    ]);
    await r.settled();
    // The shopper's first sign of life (a visitor who does nothing warms nothing: see below).
    window.dispatchEvent(new Event('scroll'));
    expect(order).toEqual([]);
    expect(reveals).toHaveLength(2);
    reveals[0]!();
    expect(order).toEqual([]); // not yet idle
    idles[0]!();
    await vi.waitFor(() => expect(order).toEqual(['framework', 'chunk', 'warm']));
    // The second link coming into view loads nothing more.
    reveals[1]!();
    for (const idle of idles.slice(1)) idle();
    await r.settled();
    expect(order).toEqual(['framework', 'chunk', 'warm']);
    expect(calls.mount).toBe(0);
    expect(document.querySelector('[data-mounted]')).toBeNull();
    // The interaction mounts from the loaded chunk (no second load) and the click is replayed.
    document.querySelector('.probe')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await r.settled();
    expect(calls.mount).toBe(1);
    expect(order).toEqual(['framework', 'chunk', 'warm']);
    expect(document.querySelector('.probe')!.getAttribute('data-clicked')).toBe('1');
  });

  it('warms nothing for a visitor who does nothing; the first pointer move warms the framework at idle (also for a widget its trigger loaded), and mounting still waits for the trigger', async () => {
    document.body.innerHTML = '<a class="probe" href="#"></a><div class="loaded"></div>';
    const idles: Array<() => void> = [];
    const restore = setEnvironment({ visible: (_el, fn) => (fn(), () => {}), idle: (fn) => (idles.push(fn), () => {}) });
    onTestFinished(restore);
    const framework = vi.fn(async () => {});
    const { calls, module } = counting();
    const atLoad = counting();
    const r = start([
      entry({ trigger: 'interaction', warm: { first: framework }, load: async () => ({ default: module }) }),
      entry({
        name: 'at-load',
        selector: '.loaded',
        trigger: 'load',
        warm: { first: framework },
        load: async () => ({ default: atLoad.module }),
      }),
    ]);
    await r.settled();
    // In view, the page idle, and the visitor does nothing: no idle work asked for, no framework.
    expect(atLoad.calls.mount).toBe(1);
    expect(idles).toHaveLength(0);
    expect(framework).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove', { bubbles: true }));
    expect(idles).toHaveLength(2);
    expect(framework).not.toHaveBeenCalled(); // requested in the idle period, not in the pointer's task
    for (const idle of idles.splice(0)) idle();
    await vi.waitFor(() => expect(framework).toHaveBeenCalledTimes(2));
    await r.settled();
    expect(calls.mount).toBe(0);
    expect(document.querySelector('.probe')!.hasAttribute('data-mounted')).toBe(false);
  });

  it('stops waiting to warm when the markup leaves, or when its trigger comes first', async () => {
    document.body.innerHTML = '<a class="probe" id="a" href="#"></a><a class="probe" id="b" href="#"></a>';
    const idles: { fn: () => void; cancelled: boolean }[] = [];
    const restore = setEnvironment({
      visible: (_el, fn) => (fn(), () => {}),
      idle: (fn) => {
        const wait = { fn, cancelled: false };
        idles.push(wait);
        return () => void (wait.cancelled = true);
      },
    });
    onTestFinished(restore);
    let loads = 0;
    const { calls, module } = counting();
    const r = start([entry({ trigger: 'interaction', warm: {}, load: async () => (loads++, { default: module }) })]);
    await r.settled();
    window.dispatchEvent(new Event('pointermove'));
    expect(idles.map((w) => w.cancelled)).toEqual([false, false]);
    document.getElementById('a')!.remove();
    await r.settled();
    expect(idles.map((w) => w.cancelled)).toEqual([true, false]);
    document.getElementById('b')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await r.settled();
    expect(idles.map((w) => w.cancelled)).toEqual([true, true]);
    expect(loads).toBe(1);
    expect(calls.mount).toBe(1);
  });

  it('mounts a media widget only once its query matches', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    const listeners: (() => void)[] = [];
    const mql = {
      matches: false,
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: () => {},
    } as unknown as MediaQueryList;
    const restore = setEnvironment({ matchMedia: () => mql });
    try {
      const { calls, module } = counting();
      const r = start([entry({ trigger: 'media', media: '(min-width: 1025px)', module })]);
      await r.settled();
      expect(calls.mount).toBe(0);
      (mql as { matches: boolean }).matches = true;
      for (const fn of listeners) fn();
      await r.settled();
      expect(calls.mount).toBe(1);
    } finally {
      restore();
    }
  });

  it('undoes an async mount that finishes after its markup was removed', async () => {
    document.body.innerHTML = '<div class="probe"></div>';
    let finish: () => void = () => {};
    const cleanup = vi.fn();
    const mount = vi.fn(() => new Promise<() => void>((res) => (finish = () => res(cleanup))));
    const module = defineWidget({ mount });
    const r = start([entry({ module })]);
    await vi.waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    r.unmount(document);
    finish();
    await r.settled();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});
