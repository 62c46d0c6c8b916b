/**
 * A real one-finger swipe for browser tests on a `hasTouch` page: Chromium synthesises the touch drag itself
 * (DevTools' Input.synthesizeScrollGesture), so its speed holds on a loaded machine, where a drag sent move by move
 * over the protocol takes far longer than asked. Returns what the page saw: the primary pointer's travel (the
 * gesture adds the touch slop to the distance asked) and its duration, from pointerdown to pointerup.
 */
import type { Page } from 'playwright-core';

export interface Swipe {
  dx: number;
  dy: number;
  ms: number;
}

export async function touchSwipe(page: Page, selector: string, distance: { x?: number; y?: number }, pxPerSecond: number): Promise<Swipe> {
  const box = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + Math.min(r.height / 2, 240)) };
  });
  await page.evaluate(() => {
    const w = window as unknown as { sfSwipe?: { x0: number; y0: number; t0: number; x1?: number; y1?: number; t1?: number } };
    delete w.sfSwipe;
    const down = (e: PointerEvent) => {
      if (e.isPrimary) w.sfSwipe = { x0: e.clientX, y0: e.clientY, t0: e.timeStamp };
    };
    const up = (e: PointerEvent) => {
      if (!e.isPrimary || !w.sfSwipe) return;
      Object.assign(w.sfSwipe, { x1: e.clientX, y1: e.clientY, t1: e.timeStamp });
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    // The protocol's distances are scroll distances: positive x scrolls left, that is, the finger moves right.
    await cdp.send('Input.synthesizeScrollGesture', {
      x: box.x,
      y: box.y,
      xDistance: distance.x ?? 0,
      yDistance: distance.y ?? 0,
      speed: pxPerSecond,
      gestureSourceType: 'touch',
      preventFling: true,
    });
  } finally {
    await cdp.detach().catch(() => {});
  }
  const seen = await page.waitForFunction(() => {
    const s = (window as unknown as { sfSwipe?: { x0: number; y0: number; t0: number; x1?: number; y1?: number; t1?: number } }).sfSwipe;
    return s?.t1 !== undefined ? { dx: s.x1! - s.x0, dy: s.y1! - s.y0, ms: s.t1 - s.t0 } : null;
  });
  return (await seen.jsonValue()) as Swipe;
}
