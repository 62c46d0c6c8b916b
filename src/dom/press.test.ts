import { describe, expect, it } from 'vitest';
import { whenReleased } from './press';

const pointer = (target: EventTarget, type: string) =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, isPrimary: true, button: 0, pointerType: 'mouse' }));
const task = () => new Promise((r) => setTimeout(r, 0));

describe('whenReleased', () => {
  it('runs at once without a press, and after the release (in a later task) of a press inside the element', async () => {
    document.body.innerHTML = '<div id="box"><a href="#a">a</a></div><p>outside</p>';
    const box = document.getElementById('box')!;
    const controller = new AbortController();
    const after = whenReleased(box, controller.signal);
    const ran: string[] = [];
    after(() => ran.push('now'));
    expect(ran).toEqual(['now']);

    pointer(document.querySelector('p')!, 'pointerdown');
    after(() => ran.push('outside press'));
    expect(ran).toEqual(['now', 'outside press']);

    pointer(box.querySelector('a')!, 'pointerdown');
    after(() => ran.push('one'));
    after(() => ran.push('two'));
    await task();
    expect(ran).toEqual(['now', 'outside press']);
    pointer(document.body, 'pointerup');
    expect(ran).toEqual(['now', 'outside press']);
    await task();
    expect(ran).toEqual(['now', 'outside press', 'one', 'two']);

    pointer(box, 'pointerdown');
    after(() => ran.push('cancelled press'));
    pointer(window, 'pointercancel');
    await task();
    expect(ran.at(-1)).toBe('cancelled press');
    controller.abort();
  });

  it('drops what waits when its element goes away (the signal aborts)', async () => {
    document.body.innerHTML = '<div id="box"></div>';
    const box = document.getElementById('box')!;
    const controller = new AbortController();
    const after = whenReleased(box, controller.signal);
    const ran: string[] = [];
    pointer(box, 'pointerdown');
    after(() => ran.push('late'));
    pointer(box, 'pointerup');
    controller.abort();
    await task();
    expect(ran).toEqual([]);
  });
});
