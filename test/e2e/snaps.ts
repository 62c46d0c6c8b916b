/**
 * What a slider's snap list looks like from outside: step through it with its own "next" control and record
 * which slides a shopper sees after each step. A slider whose engine measured its slides before they stood in a
 * row has a collapsed snap list ([0, 0, 0]): its steps go 1 → 2 → 1, or move nothing on screen.
 */
import type { Page } from 'playwright-core';

/**
 * Labels (or 1-based positions) of the slides seen in `root`'s box: drawn (not inert, not transparent) and with
 * at least half of their width inside the box. Geometry, not only our `inert` markers: those follow the engine,
 * which is what is under test.
 */
export const seenSlides = (page: Page, root: string, slides: string) =>
  page.evaluate(
    (selectors) => {
      const box = document.querySelector(selectors.root)!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>(selectors.slides)].flatMap((slide, i) => {
        const r = slide.getBoundingClientRect();
        const inside = Math.min(r.right, box.right) - Math.max(r.left, box.left);
        const drawn = !slide.closest('[inert]') && Number(getComputedStyle(slide).opacity) > 0.5 && r.width > 0;
        return drawn && inside >= r.width / 2 ? [slide.getAttribute('aria-label') ?? String(i + 1)] : [];
      });
    },
    { root, slides },
  );

/**
 * Press `control` `steps` times (a click, as a shopper would), after each press waiting until what is seen has
 * changed and settled (under reduced motion a step is instant) or 3 s have passed; returns what was seen after
 * each press.
 */
export async function stepThrough(
  page: Page,
  { root, slides, control, steps }: { root: string; slides: string; control: string; steps: number },
): Promise<string[][]> {
  const seen: string[][] = [];
  let before = (await seenSlides(page, root, slides)).join('|');
  for (let i = 0; i < steps; i++) {
    await page.click(control);
    // Settled: something seen, other than before, the same over two frames (the engine moves the slides a frame
    // before a view that marks them `inert` has caught up, and nothing is seen in between).
    const deadline = Date.now() + 3000;
    let last = '';
    let now = (await seenSlides(page, root, slides)).join('|');
    while ((now === before || now === '' || now !== last) && Date.now() < deadline) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      last = now;
      now = (await seenSlides(page, root, slides)).join('|');
    }
    before = now;
    seen.push(now === '' ? [] : now.split('|'));
  }
  return seen;
}
