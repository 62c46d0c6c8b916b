/**
 * Waits for the flow files that replace a fixed sleep with the condition the sleep stood for. Kept out of
 * harness.ts (owned by the harness work) so the flow files can share them.
 */
import type { Page } from 'playwright-core';

/**
 * Every call the mock was asked has been answered (a held or slow one included), and the page has had a task and
 * two frames to act on what arrived: the moment an answer that should change nothing would have shown.
 */
export async function afterAnswers(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__mock!.state.inFlight === 0);
  await settled(page);
}

/** A task, then two animation frames: whatever the page queued by now (a render, a class change) has painted. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0)),
  );
}

/**
 * Past the frames that deliver intersection callbacks and then an idle callback queued after theirs: code that
 * loads "near the viewport, at idle" would have been asked for by now (an absence check needs no longer sleep).
 */
export async function afterIdle(page: Page): Promise<void> {
  await settled(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 3000 })));
}

/**
 * The page has stopped scrolling: the same scroll position over five frames in a row. A notice scrolled into view
 * (1 s of easing, longer on a loaded machine) moves every control under the pointer: a click aimed while it runs
 * lands beside its target.
 */
export async function scrollStill(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * The product gallery's slider island has taken the plain strip over (Embla runs it): it comes after the rest of
 * the gallery is wired and a press held meanwhile replayed.
 */
export async function galleryTakenOver(page: Page, options?: { timeout?: number }): Promise<void> {
  await page.waitForSelector('.woocommerce-product-gallery.sf-gallery:not(.sf-gallery--static)', options);
}
