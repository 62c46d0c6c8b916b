import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { modeClass, modeForWidth, modeFromQueries } from './logic';
import { setEnvironment } from '../../src/env';

let media: FakeMedia | undefined;
afterEach(() => {
  media?.restore();
  media = undefined;
  document.body.removeAttribute('data-sf-viewport');
});

describe('viewport rules', () => {
  it('puts the boundaries above 1024 px and above 700 px', () => {
    expect(modeForWidth(1025)).toBe('desktop');
    expect(modeForWidth(1024)).toBe('tablet');
    expect(modeForWidth(701)).toBe('tablet');
    expect(modeForWidth(700)).toBe('mobile');
    expect(modeFromQueries(false, true)).toBe('tablet');
    expect(modeClass('mobile')).toBe('sf-viewport-mobile');
  });
});

describe('viewport widget', () => {
  const events: unknown[] = [];
  const record = (e: Event) => events.push((e as CustomEvent).detail);

  it.each([
    [1280, 'desktop'],
    [1024, 'tablet'],
    [701, 'tablet'],
    [700, 'mobile'],
    [375, 'mobile'],
  ])('at %i px marks body as %s', async (width, mode) => {
    media = fakeMedia(width);
    await mountPage('<main>page</main>', only('viewport'));
    expect(document.body.getAttribute('data-sf-viewport')).toBe(mode);
    expect([...document.body.classList].filter((c) => c.startsWith('sf-viewport-'))).toEqual([`sf-viewport-${mode}`]);
  });

  it('follows media query changes and fires storefront:viewport with the previous mode', async () => {
    events.length = 0;
    document.addEventListener('storefront:viewport', record);
    media = fakeMedia(1280);
    await mountPage('<main>page</main>', only('viewport'));
    media.setWidth(800);
    expect(document.body.getAttribute('data-sf-viewport')).toBe('tablet');
    expect(document.body.classList.contains('sf-viewport-desktop')).toBe(false);
    expect(document.body.classList.contains('sf-viewport-tablet')).toBe(true);
    media.setWidth(360);
    media.setWidth(360);
    media.setWidth(1100);
    document.removeEventListener('storefront:viewport', record);
    expect(events).toEqual([
      { mode: 'desktop', previous: null },
      { mode: 'tablet', previous: 'desktop' },
      { mode: 'mobile', previous: 'tablet' },
      { mode: 'desktop', previous: 'mobile' },
    ]);
  });

  it('fires once when one resize crosses both boundaries', async () => {
    events.length = 0;
    media = fakeMedia(1280);
    await mountPage('<main>page</main>', only('viewport'));
    document.addEventListener('storefront:viewport', record);
    media.setWidth(320);
    document.removeEventListener('storefront:viewport', record);
    expect(events).toEqual([{ mode: 'mobile', previous: 'desktop' }]);
  });

  it('stops listening when unmounted', async () => {
    media = fakeMedia(1280);
    const runtime = await mountPage('<main>page</main>', only('viewport'));
    runtime.unmount(document);
    media.setWidth(320);
    expect(document.body.getAttribute('data-sf-viewport')).toBe('desktop');
  });

  it('never polls resize', async () => {
    media = fakeMedia(1280);
    const add = vi.spyOn(window, 'addEventListener');
    await mountPage('<main>page</main>', only('viewport'));
    expect(add.mock.calls.some(([type]) => type === 'resize')).toBe(false);
  });

  it('falls back to the window width without matchMedia', async () => {
    const restore = setEnvironment({ matchMedia: () => undefined });
    try {
      await mountPage('<main>page</main>', only('viewport'));
      expect(document.body.getAttribute('data-sf-viewport')).toBe(modeForWidth(window.innerWidth));
    } finally {
      restore();
    }
  });
});
