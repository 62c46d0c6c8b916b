/**
 * The test bench itself: the fixture server (routes, CSP nonces, placeholders, 404s) and the jQuery event shim
 * that browser tests use to prove theme handlers receive our events.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseURL, expectAxeClean, expectNoConsoleErrors, holdWave, openPage } from './harness';

describe('fixture server', () => {
  test('the index lists every fixture page with its title', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).toContain('href="/home.html"');
    expect(html).toContain('Northwind Goods – Everyday goods, made to last');
    expect(html).not.toContain('<!-- pages -->');
  });

  test('each page gets a fresh nonce on every inline script, and the bundle tag the query asks for', async () => {
    const a = await fetch(`${baseURL()}/home.html?tag=classic&mock=off`);
    const b = await fetch(`${baseURL()}/home.html?tag=classic&mock=off`);
    const nonceA = /'nonce-([^']+)'/.exec(a.headers.get('content-security-policy') ?? '')?.[1];
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    const html = await a.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`);
    expect(html).toMatch(
      /<script [^>]*defer src="\/wp-content\/plugins\/storefront-islands\/dist\/storefront\.classic\.js\?ver=[^"]+"[^>]*><\/script>\s*<\/body>/,
    );
    const none = await (await fetch(`${baseURL()}/home.html?tag=none`)).text();
    expect(none).not.toContain('storefront-islands/dist/');
    expect(none).not.toContain('/demo/boot.js');
  });

  test('uploads are PNG placeholders of the named size for the tests (SVG for the demo); unknown paths and path escapes are 404', async () => {
    const image = await fetch(`${baseURL()}/wp-content/uploads/canvas-tote-300x200.jpg`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height as the file name says.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 200]);
    for (const path of [
      '/nope',
      '/wp-content/plugins/storefront-islands/dist/%2e%2e/package.json',
      '/?wc-ajax=add_to_cart',
      '/fixtures/pages/home.html',
    ]) {
      expect((await fetch(`${baseURL()}${path}`)).status, path).toBe(404);
    }
  });

  test('pretty permalinks serve the fixture page that declares them canonical', async () => {
    const html = await (await fetch(`${baseURL()}/product/canvas-tote/`)).text();
    expect(html).toContain('rel="canonical" href="/product/canvas-tote/"');
  });
});

describe('jQuery event shim', () => {
  test('follows jQuery: extra args to handlers, bubbling to document and window, native listeners left out, false cancels', async () => {
    const { page, errors } = await openPage('/home.html', { tag: 'module', jquery: true });
    const out = await page.evaluate(() => {
      type Fn = (...a: unknown[]) => unknown;
      type J = ((t: unknown) => { on: Fn; off: Fn; trigger: Fn; triggerHandler: Fn }) & { fn: Record<string, unknown> };
      const $ = (window as unknown as { jQuery: J }).jQuery;
      const log: string[] = [];
      const main = document.querySelector('main')!;
      $(document.body).on(
        'added_to_cart',
        (e: { type: string; target: unknown }, a: unknown, b: unknown) => void log.push(`body ${a} ${b} ${e.target === main}`),
      );
      $(document).on('added_to_cart.test', (_e: unknown, a: unknown) => void log.push(`document ${a}`));
      $(window).on('added_to_cart', () => void log.push('window'));
      document.body.addEventListener('added_to_cart', () => void log.push('addEventListener'));
      $(main).trigger('added_to_cart', [1, 2]);
      log.push('--');
      main.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: [9] }));
      log.push('--');
      $(document).off('.test');
      $(document.body).on('should_send', () => false);
      $(main).trigger('added_to_cart', [3]);
      return {
        log,
        refused: $(document.body).triggerHandler('should_send'),
        nobody: $(main).triggerHandler('unheard') ?? 'undefined',
        fn: typeof $.fn,
      };
    });
    expect(out.log).toEqual([
      'body 1 2 true',
      'document 1',
      'window',
      '--',
      'body undefined undefined true',
      'addEventListener',
      'document undefined',
      'window',
      '--',
      'body 3 undefined true',
      'window',
    ]);
    expect(out.refused).toBe(false);
    expect(out.nobody).toBe('undefined');
    expect(out.fn).toBe('object');
    expectNoConsoleErrors(errors);
  });
});

describe('openPage storage seeding', () => {
  test('cookies, localStorage and sessionStorage are in place before the first page script', async () => {
    const { page, errors } = await openPage('/home.html', {
      tag: 'module',
      storage: {
        cookies: { store_notice9b2d5f0c7e1a4b3c8d6e2f1a0b9c8d7e: 'hidden' },
        local: { seeded: 'local' },
        session: { seeded: 'session' },
      },
    });
    // The store notice read the cookie when it mounted: dismissed in an earlier visit, it stays hidden.
    expect(await page.$eval('.woocommerce-store-notice', (el) => getComputedStyle(el).display)).toBe('none');
    expect(await page.evaluate(() => [localStorage.getItem('seeded'), sessionStorage.getItem('seeded')])).toEqual(['local', 'session']);
    expectNoConsoleErrors(errors);
  });
});

describe('a reused tab is as a new one', () => {
  // The second test gets the first one's tab (same context options, nothing changed beyond what openPage resets):
  // what the first left behind must be gone, and a failed reset would show here rather than as a closed tab.
  let first: Page | undefined;
  test('a test leaves storage, cookies, history, a held key and a hovering pointer behind', async () => {
    const { page } = await openPage('/demo/blank.html', { tag: 'none' });
    first = page;
    await page.evaluate(() => {
      sessionStorage.setItem('left', 'session');
      localStorage.setItem('left', 'local');
      document.cookie = 'left=cookie; path=/';
      history.pushState(null, '', '#one');
      history.pushState(null, '', '#two');
    });
    await page.mouse.move(20, 20);
    await page.keyboard.down('Shift');
    expect(await page.evaluate(() => [sessionStorage.getItem('left'), localStorage.getItem('left'), document.cookie])).toEqual([
      'session',
      'local',
      'left=cookie',
    ]);
  });

  test('the next test in that tab starts with none of it', async () => {
    const { page } = await openPage('/demo/blank.html', { tag: 'none' });
    expect(page).toBe(first);
    // History: the blank page the tab was parked on, then this one; none of the earlier test's entries.
    expect(
      await page.evaluate(() => [sessionStorage.getItem('left'), localStorage.getItem('left'), document.cookie, history.length]),
    ).toEqual([null, null, '', 2]);
    // No key is held: a typed letter arrives in lower case.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'probe');
      document.body.append(input);
      input.focus();
    });
    await page.keyboard.type('a');
    expect(await page.evaluate(() => document.querySelector('input')!.value)).toBe('a');
  });
});

describe('holdWave', () => {
  // Fetches of files the server does not have: only when each request starts matters here.
  const A = /\/__wave\/a\.js$/;
  const B = /\/__wave\/b\.js$/;
  test('passes files requested together, and names the file of a second wave', async () => {
    const { page } = await openPage('/demo/blank.html', { tag: 'none', mock: false });
    const together = await holdWave(page, [A, B], 2000);
    await page.evaluate(() => void Promise.all([fetch('/__wave/a.js'), fetch('/__wave/b.js')]));
    await together.expectOneWave();

    const { page: other } = await openPage('/demo/blank.html', { tag: 'none', mock: false });
    const waterfall = await holdWave(other, [A, B], 1000);
    await other.evaluate(() => void fetch('/__wave/a.js').then(() => fetch('/__wave/b.js')));
    await expect(waterfall.expectOneWave()).rejects.toThrow(/second wave/);
  });
});

describe('expectAxeClean after a change', () => {
  // A later check covers what changed since the one before: each case is a violation that check must still see.
  test('a violation inside a changed element, and a control whose label elsewhere lost its text', async () => {
    const { page } = await openPage('/home.html', { tag: 'module' });
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<label for="harness-q">Search the shop</label><p>Text between</p>';
      const field = document.createElement('div');
      field.innerHTML = '<input id="harness-q" type="search">';
      document.querySelector('main')!.append(box, field);
    });
    await expectAxeClean(page);
    await page.evaluate(() =>
      document.querySelector('main p')!.append(Object.assign(document.createElement('img'), { src: '/nothing.png' })),
    );
    await expect(expectAxeClean(page)).rejects.toThrow(/image-alt/);
    await page.evaluate(() => document.querySelector('main img[src="/nothing.png"]')!.setAttribute('alt', 'Nothing'));
    await expectAxeClean(page);
    // Only the label's text changes; the field it names is elsewhere.
    await page.evaluate(() => (document.querySelector('label[for="harness-q"]')!.firstChild!.textContent = ''));
    await expect(expectAxeClean(page)).rejects.toThrow(/label/);
  });

  test('a style sheet added restyles the whole page: the whole page is checked again', async () => {
    const { page } = await openPage('/home.html', { tag: 'module' });
    await expectAxeClean(page);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'footer, footer * { color: #f4f4f4 !important; background: #fff !important; }';
      document.head.append(style);
    });
    await expect(expectAxeClean(page)).rejects.toThrow(/color-contrast/);
  });

  test('a narrower viewport: the whole page is checked again', async () => {
    // A page without the bundle, so that nothing on it reacts to the resize: only the media query changes.
    const { page } = await openPage('/demo/blank.html', { tag: 'none', mock: false });
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '@media (max-width: 600px) { footer { color: #f4f4f4; background: #fff; } }';
      document.head.append(style);
      document.body.innerHTML = '<main><h1>A page</h1><p>Some text</p></main><footer><p>The footer</p></footer>';
    });
    await expectAxeClean(page);
    await page.setViewportSize({ width: 500, height: 800 });
    await expect(expectAxeClean(page)).rejects.toThrow(/color-contrast/);
  });
});
