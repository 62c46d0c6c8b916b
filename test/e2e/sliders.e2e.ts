/**
 * Sliders and carousels in real Chromium (fixtures/pages/sliders.html): FlexSlider (fade hero, slide posts with
 * smooth height, videos, thumbnails, malformed data, the WooCommerce gallery left alone) and carousels (posts,
 * logos, the product slider, malformed data) at 1280, 800 and 500 px, by mouse, drag and keyboard, under reduced
 * motion; axe-core after each change. Media elements are recorded, not played (the fixture server has no video):
 * the test sees what the slider asked each video to do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleSettled, BUILD_TAGS, expectAxeClean, expectNoConsoleErrors, openPage, recorded, waitForIslands } from './harness';
import { seenSlides, stepThrough } from './snaps';
import { touchSwipe } from './touch';

const WAIT = { timeout: 30_000 };

/** Layout shifts without input, and a record of play()/pause() on media elements. */
function instrument(): void {
  const w = window as unknown as { sfShift: number };
  w.sfShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) w.sfShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get() {
      return (this as HTMLElement).dataset.playing !== '1';
    },
  });
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    this.dataset.playing = '1';
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function pause(this: HTMLMediaElement) {
    this.dataset.playing = '0';
    this.dispatchEvent(new Event('pause'));
  };
}

const SLIDERS = ['#slider-hero', '#slider-posts', '#slider-video', '#slider-attachments', '#slider-garbage'];
const CAROUSELS = ['#carousel-posts', '#carousel-logos', '#carousel-products', '#carousel-garbage'];

/** Bring every slider near the viewport (their trigger is `visible`) and wait until each mounted. */
async function mountAll(page: Page, errors: string[] = []): Promise<void> {
  for (const id of [...SLIDERS, ...CAROUSELS]) {
    await page.$eval(id, (el) => el.scrollIntoView({ block: 'center' }));
    // FlexSlider's loading state ends once embla has taken over the slides.
    await page
      .waitForSelector(`${id}[aria-roledescription="carousel"]:not(.fusion-flexslider-loading)`, { ...WAIT, state: 'attached' })
      .catch(async (e) => {
        console.log(await page.$eval(id, (el) => el.outerHTML.slice(0, 600)), JSON.stringify(await recorded(page)), errors.join('\n'));
        throw e;
      });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => window.StorefrontIslands!.ready());
}

/** Wait until the slider's track has stopped moving (its transform unchanged over several frames). */
const settled = async (page: Page, id: string) => {
  for (let i = 0; i < 40; i++) if (await stillFor10Frames(page, id)) return;
};
const stillFor10Frames = (page: Page, id: string) =>
  page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const track = document.querySelector<HTMLElement>(`${id} .slides`);
        // The track's position (slide animation) and every slide's opacity (fade animation).
        const read = () =>
          (track ? getComputedStyle(track).transform : '') +
          [...document.querySelectorAll<HTMLElement>(`${id} .slides > li`)].map((li) => getComputedStyle(li).opacity).join();
        const first = read();
        let frames = 0;
        const step = () => (++frames < 10 ? requestAnimationFrame(step) : resolve(read() === first));
        requestAnimationFrame(step);
      }),
    id,
  );

/** Labels of the slides not inert (the ones in view). */
const shown = (page: Page, id: string) =>
  page.$$eval(`${id} [aria-roledescription="slide"]`, (slides) =>
    slides.filter((s) => !s.hasAttribute('inert')).map((s) => s.getAttribute('aria-label')),
  );

const waitShown = (page: Page, id: string, labels: string[]) =>
  page.waitForFunction(
    ({ id, labels }) =>
      [...document.querySelectorAll(`${id} [aria-roledescription="slide"]`)]
        .filter((s) => !s.hasAttribute('inert'))
        .map((s) => s.getAttribute('aria-label'))
        .join() === labels.join(),
    { id, labels },
    WAIT,
  );

const cssVar = (page: Page, id: string, name: string) => page.$eval(id, (el, n) => (el as HTMLElement).style.getPropertyValue(n), name);

describe.each(BUILD_TAGS)('sliders and carousels, %s build', (tag) => {
  test('FlexSlider and carousels at 1280, 800 and 500 px: mouse, keyboard, videos, thumbnails, bad data, reduced motion', async () => {
    const { page, errors, messages } = await openPage('/sliders.html', { tag, initScript: instrument });

    // The hero is in the first viewport: it mounts at once, and mounting moved nothing on screen.
    await page.waitForSelector('#slider-hero[aria-roledescription="carousel"]', WAIT);
    expect(await page.evaluate(() => (window as unknown as { sfShift: number }).sfShift)).toBeLessThan(0.01);
    await mountAll(page, errors);
    for (const id of SLIDERS) expect(await page.getAttribute(id, 'class')).not.toContain('fusion-flexslider-loading');
    // The WooCommerce gallery and its loading state are not ours.
    expect(await page.getAttribute('#slider', 'class')).toContain('fusion-flexslider-loading');
    expect(await page.$$('#slider [aria-roledescription="slide"]')).toHaveLength(0);
    await expectAxeClean(page);

    // Hero: named region, "n of m" slides, a visible pause button (it rotates), dots and named arrows.
    expect(await page.getAttribute('#slider-hero', 'role')).toBe('region');
    expect(
      await page.$$eval('#slider-hero [role="group"][aria-roledescription="slide"]', (s) => s.map((x) => x.getAttribute('aria-label'))),
    ).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(await page.isVisible('#slider-hero .sf-flexslider__rotation')).toBe(true);
    await page.click('#slider-hero .sf-flexslider__rotation');
    expect(await page.textContent('#slider-hero .sf-flexslider__rotation')).toBe('Play slideshow');
    expect(await page.getAttribute('#slider-hero', 'aria-live')).toBe('polite');
    const start = (await shown(page, '#slider-hero'))[0]!;
    const n = Number(start[0]);
    await page.click('#slider-hero .flex-next[aria-label="Next slide"]');
    await waitShown(page, '#slider-hero', [`${(n % 3) + 1} of 3`]);
    await page.click('#slider-hero .flex-control-paging li:nth-child(3) button');
    await waitShown(page, '#slider-hero', ['3 of 3']);
    expect(await page.getAttribute('#slider-hero .flex-control-paging li:nth-child(3) button', 'aria-current')).toBe('true');
    expect(await page.$$eval('#slider-hero [inert] a', (a) => a.length)).toBe(2);
    await page.click('#slider-hero .flex-prev[aria-label="Previous slide"]');
    await waitShown(page, '#slider-hero', ['2 of 3']);
    await expectAxeClean(page);
    // Keyboard: arrows move the slides and focus follows; it loops from the last to the first.
    // A shopper presses the next key once the slide has arrived: wait for the slides to rest between keys.
    await settled(page, '#slider-hero');
    await page.focus('#slider-hero [aria-label="2 of 3"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '3 of 3', null, WAIT);
    await settled(page, '#slider-hero');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '1 of 3', null, WAIT);
    await settled(page, '#slider-hero');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '3 of 3', null, WAIT);

    // The video slider: the YouTube slide hides the dots; the mp4 slide starts its video muted (its data says so);
    // leaving it pauses the video. Keyboard focus entering the slider stops the rotation.
    await page.focus('#slider-video .sf-flexslider__rotation');
    expect(await page.textContent('#slider-video .sf-flexslider__rotation')).toBe('Pause slideshow');
    await page.keyboard.press('Tab');
    await page.waitForFunction(
      () => document.querySelector('#slider-video .sf-flexslider__rotation')?.textContent === 'Play slideshow',
      null,
      WAIT,
    );
    for (let i = 0; i < 3 && (await shown(page, '#slider-video'))[0] !== '1 of 3'; i++) {
      await page.click('#slider-video .flex-prev');
      await settled(page, '#slider-video');
    }
    await waitShown(page, '#slider-video', ['1 of 3']);
    await page.waitForFunction(() => document.querySelector('#slider-video')!.classList.contains('sf-flexslider--video'), null, WAIT);
    expect(await page.isHidden('#slider-video .flex-control-nav')).toBe(true);
    // The backward clicks above may still be animating: let the slides come to rest before the next move.
    await settled(page, '#slider-video');
    await page.click('#slider-video .flex-next');
    await waitShown(page, '#slider-video', ['2 of 3']);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('#slider-video video')?.dataset.playing === '1', null, WAIT);
    expect(await page.$eval('#slider-video video', (v) => (v as HTMLVideoElement).muted)).toBe(true);
    expect(await page.isVisible('#slider-video .flex-control-nav')).toBe(true);
    await settled(page, '#slider-video');
    await page.click('#slider-video .flex-next');
    await waitShown(page, '#slider-video', ['3 of 3']);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('#slider-video video')?.dataset.playing === '0', null, WAIT);
    await expectAxeClean(page);

    // Posts: slide animation, the theme's other arrow icons, no dots, and the row as tall as the active slide.
    expect(await page.$$('#slider-posts .flex-control-nav')).toHaveLength(0);
    expect(await page.$$('#slider-posts .flex-prev i.awb-icon-arrow-left')).toHaveLength(1);
    const fits = () =>
      page.$eval('#slider-posts', (root) => {
        const active = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')].find((s) => !s.hasAttribute('inert'))!;
        return root.querySelector<HTMLElement>('.slides')!.style.height === `${active.offsetHeight}px`;
      });
    expect(await fits()).toBe(true);
    await page.click('#slider-posts .flex-next');
    await waitShown(page, '#slider-posts', ['2 of 3']);
    await page.waitForFunction(
      () => {
        const root = document.querySelector('#slider-posts')!;
        const active = root.querySelector<HTMLElement>('[aria-label="2 of 3"]')!;
        return root.querySelector<HTMLElement>('.slides')!.style.height === `${active.offsetHeight}px`;
      },
      null,
      WAIT,
    );

    // FlexSlider's swipe rule (logic.ts swipeTarget): a 40 px flick is not a swipe, it springs back; a drag past
    // half the width moves one slide.
    await settled(page, '#slider-posts');
    // Where the slides are now, read before each drag: the page may have moved since (a slide's focus, a resize).
    // The slider is brought into view first (a shopper drags what they see; a press off-screen hits nothing).
    const where = () =>
      page.$eval('#slider-posts', (el) => {
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = el.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 120), w: r.width };
      });
    const drag = async (dx: number) => {
      const box = await where();
      await page.mouse.move(box.x, box.y);
      await page.mouse.down();
      // Moves a frame apart, as a hand's: a loaded machine would otherwise deliver them as one jump.
      for (let i = 1; i <= 6; i++) {
        await page.mouse.move(box.x + (dx * i) / 6, box.y);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
      await settled(page, '#slider-posts');
    };
    await drag(-40);
    await waitShown(page, '#slider-posts', ['2 of 3']);
    await drag(-Math.round((await where()).w * 0.6));
    await waitShown(page, '#slider-posts', ['3 of 3']);

    // Attachments: thumbnails from data-thumb, a click shows that photo.
    expect(
      await page.$$eval('#slider-attachments .flex-control-thumbs img', (imgs) =>
        imgs.map((i) => new URL((i as HTMLImageElement).src).pathname),
      ),
    ).toEqual(['front', 'back', 'pocket', 'folded'].map((v) => `/wp-content/uploads/apron-${v}-100x120.jpg`));
    await page.click('#slider-attachments .flex-control-thumbs li:nth-child(3) button');
    await waitShown(page, '#slider-attachments', ['3 of 4']);
    expect(await page.isVisible('#slider-attachments [aria-label="3 of 4"] img')).toBe(true);

    // Malformed data: one warning per field naming the widget, and the slides still show (with the defaults).
    await consoleSettled(page);
    const warnings = messages.filter((m) => m.type === 'warning').map((m) => m.text);
    for (const field of ['data-slideshow_speed', 'data-slideshow_animation', 'data-slideshow_autoplay', 'data-slideshow_prev_text']) {
      expect(warnings.filter((w) => w.includes(`flexslider: ${field}:`))).toHaveLength(1);
    }
    for (const field of ['data-columns', 'data-itemwidth', 'data-autoplay', 'data-speed'])
      expect(warnings.filter((w) => w.includes(`carousel: ${field}:`))).toHaveLength(1);
    expect(await page.$$('#slider-garbage .flex-prev i.awb-icon-angle-left')).toHaveLength(1);
    expect(await page.$$('#slider-garbage img[src="x"]')).toHaveLength(0);
    expect(await page.isVisible('#slider-garbage [aria-label="1 of 2"] img')).toBe(true);
    expect(await shown(page, '#carousel-garbage')).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);

    // Carousels at 1280: 4 columns of the posts in view, one per move; the product slider loops and rotates.
    expect(await page.getAttribute('#carousel-posts', 'data-sf-visible')).toBe('4');
    expect(await shown(page, '#carousel-posts')).toEqual(['1 of 7', '2 of 7', '3 of 7', '4 of 7']);
    expect(await page.getAttribute('#carousel-posts .fusion-nav-prev', 'aria-disabled')).toBe('true');
    await page.click('#carousel-posts .fusion-nav-next');
    await waitShown(page, '#carousel-posts', ['2 of 7', '3 of 7', '4 of 7', '5 of 7']);
    expect(await page.$eval('#carousel-posts [aria-label="1 of 7"]', (s) => s.hasAttribute('inert'))).toBe(true);
    expect(await cssVar(page, '#carousel-products', '--sf-carousel-gap')).toBe('30px');
    expect(await page.getAttribute('#carousel-products .fusion-nav-prev', 'aria-disabled')).toBeNull();
    expect(await page.textContent('#carousel-products .sf-carousel__rotation')).toBe('Pause carousel');
    expect(await page.$$('#carousel-posts .sf-carousel__rotation')).toHaveLength(0);
    await page.click('#carousel-products .sf-carousel__rotation');
    expect(await page.textContent('#carousel-products .sf-carousel__rotation')).toBe('Play carousel');
    // It may have rotated since it mounted: back to the first product, then once more, and it loops to the last.
    for (let first = Number((await shown(page, '#carousel-products'))[0]!.split(' ')[0]); first > 1; first--) {
      await page.click('#carousel-products .fusion-nav-prev');
      await page.waitForFunction(
        (n) => !document.querySelector(`#carousel-products [aria-label="${n} of 8"]`)?.hasAttribute('inert'),
        first - 1,
        WAIT,
      );
    }
    await page.click('#carousel-products .fusion-nav-prev');
    await page.waitForFunction(
      () => !document.querySelector('#carousel-products [aria-label="8 of 8"]')?.hasAttribute('inert'),
      null,
      WAIT,
    );
    await expectAxeClean(page);
    // Drag with the mouse: the posts move on.
    await page.$eval('#carousel-posts', (el) => el.scrollIntoView({ block: 'center' }));
    const rect = (await page.$eval('#carousel-posts', (v) => v.getBoundingClientRect().toJSON())) as DOMRect;
    await page.mouse.move(rect.x + rect.width * 0.8, rect.y + rect.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(rect.x + rect.width * (0.8 - step * 0.06), rect.y + rect.height / 2);
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('#carousel-posts [aria-label="2 of 7"]')?.hasAttribute('inert'), null, WAIT);

    // 800 px: the product slider's medium spacing; items and spaces fill the width.
    const fill = (id: string) =>
      page.$eval(id, (root) => {
        const visible = Number(root.getAttribute('data-sf-visible'));
        const item = parseFloat((root as HTMLElement).style.getPropertyValue('--sf-carousel-item'));
        const gap = parseFloat((root as HTMLElement).style.getPropertyValue('--sf-carousel-gap'));
        return {
          visible,
          filled:
            Math.abs(
              visible * (item + gap) -
                gap -
                (root.matches('[data-sf-carousel-viewport]') ? root : root.querySelector('[data-sf-carousel-viewport]')!).clientWidth,
            ) < 1,
        };
      });
    await page.setViewportSize({ width: 800, height: 800 });
    await page.waitForFunction(
      () => (document.querySelector('#carousel-products') as HTMLElement).style.getPropertyValue('--sf-carousel-gap') === '20px',
      null,
      WAIT,
    );
    const medium = await fill('#carousel-posts');
    expect(medium.filled).toBe(true);
    expect(medium.visible).toBeGreaterThanOrEqual(1.6);
    expect(medium.visible).toBeLessThan(4);
    await expectAxeClean(page);

    // 500 px: small spacing, fewer items in view, slide excerpts cut to 10 words (whole again when wider).
    const excerpt = () => page.$eval('#slider-posts [aria-label="1 of 3"] .slide-excerpt p', (p) => p.textContent!);
    const whole = await excerpt();
    await page.setViewportSize({ width: 500, height: 800 });
    expect(whole.split(/\s+/).length).toBeGreaterThan(11);
    await page.setViewportSize({ width: 470, height: 800 });
    await page.waitForFunction(
      () => document.querySelector('#slider-posts [aria-label="1 of 3"] .slide-excerpt p')!.textContent!.endsWith('…'),
      null,
      WAIT,
    );
    expect((await excerpt()).replace('…', '').split(/\s+/)).toEqual(whole.split(/\s+/).slice(0, 10));
    expect(await page.$eval('#slider-posts [aria-label="2 of 3"] .slide-excerpt p', (p) => p.textContent)).toBe(
      'Rust, moss and ink: three new colours.',
    );
    await page.waitForFunction(
      () => (document.querySelector('#carousel-products') as HTMLElement).style.getPropertyValue('--sf-carousel-gap') === '10px',
      null,
      WAIT,
    );
    const small = await fill('#carousel-posts');
    expect(small.filled).toBe(true);
    expect(small.visible).toBeGreaterThanOrEqual(1.6);
    expect(small.visible).toBeLessThan(2);
    await expectAxeClean(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(
      (text) => document.querySelector('#slider-posts [aria-label="1 of 3"] .slide-excerpt p')!.textContent === text,
      whole,
      WAIT,
    );

    // Reduced motion: nothing rotates, so no pause button anywhere; the arrows still work.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await waitForIslands(page);
    await mountAll(page);
    expect(await page.$$('.sf-flexslider__rotation, .sf-carousel__rotation')).toHaveLength(0);
    expect(await page.getAttribute('#slider-hero', 'aria-live')).toBe('polite');
    await page.click('#slider-hero .flex-next');
    await waitShown(page, '#slider-hero', ['2 of 3']);
    await expectAxeClean(page);

    expect((await recorded(page)).errors).toEqual([]);
    expectNoConsoleErrors(errors);
  }, 300_000);
});

/**
 * A theme without FlexSlider's `.slides > li { display: none }` (or with it in a late stylesheet): every slide is
 * stacked, visible and full width before the script runs, so putting them in a row changes no slide's width and
 * the engine's resize watch never fires. Media are recorded, not loaded (no video on the fixture server).
 */
function slidesShownBeforeScript(): void {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => {};
  document.addEventListener('DOMContentLoaded', () => {
    const sheet = (document.getElementById('avada-stylesheet-inline-css') as HTMLStyleElement | null)?.sheet;
    for (const rule of sheet?.cssRules ?? [])
      if (rule instanceof CSSStyleRule && rule.selectorText === '.flexslider .slides > li') rule.style.removeProperty('display');
  });
}

/**
 * A theme whose carousel CSS floats the items at their width before the script (as Avada's older carousel CSS
 * did, wrapping them in lines), in a carousel 782 px wide: the width at which our row gives each item exactly
 * 250 px (three posts with 16 px between them; 2.9 products with the product slider's 30 px). Putting them in
 * a row then changes no item's width, so the engine's resize watch never fires: it must measure the row itself.
 */
function carouselItemsFloatedAtFinalWidth(): void {
  document.addEventListener('DOMContentLoaded', () => {
    const sheet = (document.getElementById('avada-stylesheet-inline-css') as HTMLStyleElement | null)?.sheet;
    sheet?.insertRule('.awb-carousel { max-width: 782px; }', sheet.cssRules.length);
    sheet?.insertRule(
      '.awb-carousel .swiper-wrapper, .awb-carousel .fusion-carousel-holder { display: flow-root; }',
      sheet.cssRules.length,
    );
    sheet?.insertRule(
      '.awb-carousel .swiper-slide, .awb-carousel .fusion-carousel-item { float: left; width: 250px; margin: 0 16px 16px 0; }',
      sheet.cssRules.length,
    );
  });
}

describe.each(BUILD_TAGS)('the engine measures the row our layout makes, %s build', (tag) => {
  test('slides already at their final width before the script: next and previous visit every slide, in place', async () => {
    const { page, errors } = await openPage('/sliders.html', { tag, reducedMotion: true, initScript: slidesShownBeforeScript });
    await mountAll(page, errors);
    for (const [id, count] of [
      ['#slider-hero', 3],
      ['#slider-posts', 3],
      ['#slider-video', 3],
      ['#slider-attachments', 4],
    ] as const) {
      await page.$eval(id, (el) => el.scrollIntoView({ block: 'center' }));
      const slides = `${id} .slides > li`;
      const labels = Array.from({ length: count }, (_, i) => [`${i + 1} of ${count}`]);
      expect(await seenSlides(page, id, slides), id).toEqual(labels[0]);
      expect(await stepThrough(page, { root: id, slides, control: `${id} .flex-next`, steps: count }), id).toEqual([
        ...labels.slice(1),
        labels[0],
      ]);
      expect(await stepThrough(page, { root: id, slides, control: `${id} .flex-prev`, steps: 1 }), id).toEqual([labels[count - 1]]);
    }
    for (const id of ['#carousel-posts', '#carousel-products']) {
      await page.$eval(id, (el) => el.scrollIntoView({ block: 'center' }));
      const root = `${id}[data-sf-carousel-viewport], ${id} [data-sf-carousel-viewport]`;
      const slides = `${id} [aria-roledescription="slide"]`;
      const first = await seenSlides(page, root, slides);
      const steps = await stepThrough(page, { root, slides, control: `${id} .fusion-nav-next`, steps: 2 });
      // One item per press: the first one seen moves on by one each time.
      expect(
        [first, ...steps].map((seen) => Number.parseInt(seen[0] ?? '0', 10)),
        id,
      ).toEqual([1, 2, 3]);
    }
    expectNoConsoleErrors(errors);
  }, 180_000);

  test('carousel items floated at their final width before the script: one item per press', async () => {
    const { page, errors } = await openPage('/sliders.html', { tag, reducedMotion: true, initScript: carouselItemsFloatedAtFinalWidth });
    for (const id of ['#carousel-posts', '#carousel-products']) {
      await page.$eval(id, (el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForSelector(`${id}[aria-roledescription="carousel"]`, WAIT);
      // The view marks the items in an effect after the carousel's own attributes (Preact runs effects a frame
      // later), and only once the engine measured them does one out of view turn inert.
      await page.waitForSelector(`${id} [aria-roledescription="slide"][inert]`, { ...WAIT, state: 'attached' });
      // The premise: the row changed no item's width.
      expect(await cssVar(page, id, '--sf-carousel-item'), id).toBe('250px');
      const root = `${id}[data-sf-carousel-viewport]`;
      const slides = `${id} [aria-roledescription="slide"]`;
      const first = await seenSlides(page, root, slides);
      expect(first.length, id).toBeGreaterThan(1);
      const steps = await stepThrough(page, { root, slides, control: `${id} .fusion-nav-next`, steps: 3 });
      expect(
        [first, ...steps].map((seen) => Number.parseInt(seen[0] ?? '0', 10)),
        id,
      ).toEqual([1, 2, 3, 4]);
    }
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  }, 120_000);

  test('the hero rotates every 7 s through all three slides; paused, a press on its arrows or dots does not start it again', async () => {
    // The page's clock, moved on by the test: 7 s steps without waiting for them.
    const { page, errors } = await openPage('/sliders.html', {
      tag,
      initScript: slidesShownBeforeScript,
      beforeGoto: (_context, page) => page.clock.install(),
    });
    await page.waitForSelector('#slider-hero[aria-roledescription="carousel"]:not(.fusion-flexslider-loading)', WAIT);
    expect(await shown(page, '#slider-hero')).toEqual(['1 of 3']);
    for (const label of ['2 of 3', '3 of 3', '1 of 3']) {
      await page.clock.fastForward(7000);
      await waitShown(page, '#slider-hero', [label]);
    }
    await page.click('#slider-hero .sf-flexslider__rotation');
    expect(await page.textContent('#slider-hero .sf-flexslider__rotation')).toBe('Play slideshow');
    await page.click('#slider-hero .flex-next');
    await waitShown(page, '#slider-hero', ['2 of 3']);
    await page.click('#slider-hero .flex-control-paging li:nth-child(3) button');
    await waitShown(page, '#slider-hero', ['3 of 3']);
    const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Longer than two slides' time, with the pointer still resting on the dots (hover holds rotation too), then
    // after it has left: still paused.
    await page.clock.fastForward(15_000);
    await frames();
    expect(await shown(page, '#slider-hero')).toEqual(['3 of 3']);
    const below = await page.$eval('#slider-hero', (el) => el.getBoundingClientRect().bottom + 40);
    await page.mouse.move(4, below);
    await page.clock.fastForward(15_000);
    await frames();
    expect(await shown(page, '#slider-hero')).toEqual(['3 of 3']);
    // Played again, it rotates again once the pointer has left.
    await page.click('#slider-hero .sf-flexslider__rotation');
    await page.mouse.move(4, below);
    await page.clock.fastForward(7000);
    await waitShown(page, '#slider-hero', ['1 of 3']);
    expectNoConsoleErrors(errors);
  }, 120_000);
});

describe.each(BUILD_TAGS)('FlexSlider touch rule, %s build', (tag) => {
  test('500 px, touch: a swipe of 50 px or more within 550 ms moves one slide; a shorter or slower one springs back', async () => {
    // The video slider nearby rotates to its mp4 slide within the test: its play() is recorded, not loaded.
    const { page, errors } = await openPage('/sliders.html', {
      tag,
      viewport: { width: 500, height: 800 },
      hasTouch: true,
      initScript: instrument,
    });
    await page.$eval('#slider-posts', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('#slider-posts[aria-roledescription="carousel"]:not(.fusion-flexslider-loading)', WAIT);
    await settled(page, '#slider-posts');
    // Each swipe is checked against what the page measured (the gesture adds the touch slop to its distance).
    const swipe = async (x: number, speed: number) => {
      const seen = await touchSwipe(page, '#slider-posts', { x }, speed);
      await settled(page, '#slider-posts');
      return seen;
    };
    const short = await swipe(-20, 800);
    expect(Math.abs(short.dx)).toBeLessThan(50);
    expect(await shown(page, '#slider-posts')).toEqual(['1 of 3']);
    const quick = await swipe(-70, 800);
    expect(quick.dx).toBeLessThanOrEqual(-50);
    expect(quick.ms).toBeLessThanOrEqual(550);
    await waitShown(page, '#slider-posts', ['2 of 3']);
    // Slower than 550 ms and short of half the width: back where it was.
    const slow = await swipe(-70, 60);
    expect(slow.ms).toBeGreaterThan(550);
    expect(Math.abs(slow.dx)).toBeLessThan(250);
    expect(await shown(page, '#slider-posts')).toEqual(['2 of 3']);
    await swipe(70, 800);
    await waitShown(page, '#slider-posts', ['1 of 3']);
    // The keyboard still works after touches (focus follows the slide).
    await page.focus('#slider-posts [aria-label="1 of 3"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '2 of 3', null, WAIT);
    expectNoConsoleErrors(errors);
  }, 120_000);
});

test('the classic tag mounts the sliders and carousels', async () => {
  const { page, errors } = await openPage('/sliders.html', { tag: 'classic' });
  await page.waitForSelector('#slider-hero[aria-roledescription="carousel"] .flex-next', WAIT);
  await page.$eval('#carousel-products', (el) => el.scrollIntoView());
  await page.waitForSelector('#carousel-products[aria-roledescription="carousel"] .sf-carousel__rotation', WAIT);
  expectNoConsoleErrors(errors);
}, 120_000);
