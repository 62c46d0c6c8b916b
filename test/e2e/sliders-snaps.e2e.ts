/**
 * Another embla user measured in its row (issue 28 item 1; the FlexSliders and carousels are in sliders.e2e.ts):
 * the product gallery, stepped with its own "next" control and checked by what is seen in its viewport
 * (test/e2e/snaps.ts), so a collapsed snap list ([0, 0, …]) fails.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BUILD_TAGS, expectNoConsoleErrors, openPage } from './harness';
import { galleryTakenOver } from './waits';
import { seenSlides, stepThrough } from './snaps';

const WAIT = { timeout: 30_000 };

/** A shop that turned FlexSlider's arrows on (WooCommerce prints `directionNav: false`). */
const withArrows = (context: BrowserContext) =>
  context.route(
    (url) => url.pathname === '/product-gallery.html',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('"directionNav":false', '"directionNav":true') });
    },
  );

describe.each(BUILD_TAGS)('embla measures the row: product gallery, %s build', (tag) => {
  test('the product gallery shows the photo its arrow went to, in its viewport', async () => {
    const { page, errors } = await openPage('/product-gallery.html', { tag, reducedMotion: true, beforeGoto: withArrows });
    const [viewport, slides] = ['.flex-viewport', '.woocommerce-product-gallery__image'];
    await page.click('.sf-gallery__nav--next');
    await page.waitForSelector(viewport, WAIT);
    // The first press may be the one that starts the slider (it starts when the shopper reaches for it): its move is
    // replayed once the gallery is wired, and the slider can show its start a frame before it catches up (a clean-
    // clone run read slide 1 there, then stepped 3, 4). Wait for Embla's takeover, which comes after the gallery is
    // wired and the held press replayed (a loaded run saw slide 1 hold for three frames before that), then read where
    // it settled: the same for three frames.
    await galleryTakenOver(page, WAIT);
    let seen = await seenSlides(page, viewport, slides);
    for (let same = 0, deadline = Date.now() + 3000; same < 3 && Date.now() < deadline;) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const now = await seenSlides(page, viewport, slides);
      same = now.join('|') === seen.join('|') && now.length ? same + 1 : 0;
      seen = now;
    }
    expect(seen.length).toBe(1);
    const from = Number.parseInt(seen[0]!, 10);
    const steps = await stepThrough(page, { root: viewport, slides, control: '.sf-gallery__nav--next', steps: 2 });
    expect(steps.map((s) => Number.parseInt(s[0] ?? '0', 10))).toEqual([from + 1, from + 2]);
    expectNoConsoleErrors(errors);
  }, 120_000);
});
