import { describe, expect, it, vi } from 'vitest';
import { testContext } from '../../test/helpers/context';
import { whenReleased } from '../dom/press';
import { deferView } from './defer';
import { onIntent } from './intent';

const pointer = (target: EventTarget, type: string) =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, isPrimary: true, button: 0, pointerType: 'mouse' }));
const task = () => new Promise((r) => setTimeout(r, 0));

function box(): HTMLElement {
  document.body.innerHTML = '<div id="box"><a href="#a">a</a></div>';
  return document.getElementById('box')!;
}

describe('deferView', () => {
  it('loads nothing until wanted; intent on the element loads and mounts once, however many times it is wanted', async () => {
    const element = box();
    const ctx = testContext('probe');
    const load = vi.fn(() => Promise.resolve({ view: 'module' }));
    const mount = vi.fn((module: { view: string }) => `mounted ${module.view}`);
    const view = deferView(ctx, { load, mount, fallback: 'the markup stays' });
    onIntent(element, () => void view.want(), ctx.signal);
    await task();
    expect(load).not.toHaveBeenCalled();
    expect(view.wanted).toBe(false);
    element.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(view.wanted).toBe(true);
    expect(await view.want()).toBe('mounted module');
    element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await view.want();
    expect(load).toHaveBeenCalledTimes(1);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it("intent listens to the widget's own events only, when it names them", async () => {
    const element = box();
    const load = vi.fn(() => Promise.resolve({}));
    const ctx = testContext('probe');
    const view = deferView(ctx, { load, mount: () => true, fallback: 'x' });
    onIntent(element, () => void view.want(), ctx.signal, ['input']);
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    element.dispatchEvent(new Event('input', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot load warns once, naming the widget and what the page keeps, and resolves undefined', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mount = vi.fn();
    const view = deferView(testContext('probe'), {
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      mount,
      fallback: 'the markup stays as printed',
    });
    expect(await view.want()).toBeUndefined();
    expect(await view.want()).toBeUndefined();
    expect(mount).not.toHaveBeenCalled();
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      '[storefront-islands] probe: view: could not load (Failed to fetch dynamically imported module); the markup stays as printed',
    ]);
  });

  it('does not mount after the widget unmounted', async () => {
    const ctx = testContext('probe');
    let arrive: (m: object) => void = () => {};
    const mount = vi.fn();
    const view = deferView(ctx, { load: () => new Promise<object>((r) => (arrive = r)), mount, fallback: 'x' });
    const result = view.want();
    ctx.dispose();
    arrive({});
    expect(await result).toBeUndefined();
    expect(mount).not.toHaveBeenCalled();
  });

  it('waits for a press held inside the element to be released before it mounts', async () => {
    const element = box();
    const ctx = testContext('probe');
    const mount = vi.fn(() => true);
    const view = deferView(ctx, {
      load: () => Promise.resolve({}),
      mount,
      fallback: 'x',
      afterRelease: whenReleased(element, ctx.signal),
    });
    pointer(element.querySelector('a')!, 'pointerdown');
    const result = view.want();
    await task();
    await task();
    expect(mount).not.toHaveBeenCalled();
    pointer(document.body, 'pointerup');
    expect(await result).toBe(true);
    expect(mount).toHaveBeenCalledTimes(1);
  });
});
