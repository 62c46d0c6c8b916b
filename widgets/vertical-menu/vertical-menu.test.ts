import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '../../test/helpers/clock';
import { fakeMedia, type FakeMedia } from '../../test/helpers/media';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { opensOnHover, slideDuration, startsOpen } from './logic';

describe('vertical menu rules', () => {
  it('opens the current branch at start', () => {
    expect(startsOpen(['page_item', 'current_page_ancestor'])).toBe(true);
    expect(startsOpen(['page_item', 'current_page_item'])).toBe(true);
    expect(startsOpen(['menu-item', 'current-menu-ancestor'])).toBe(true);
    expect(startsOpen(['page_item', 'page_item_has_children'])).toBe(false);
  });
  it('opens on hover only when the widget says so; no slide under reduced motion', () => {
    expect(opensOnHover(['widget', 'fusion-vertical-menu-widget', 'hover'])).toBe(true);
    expect(opensOnHover(['widget', 'fusion-vertical-menu-widget', 'click'])).toBe(false);
    expect(slideDuration(false)).toBe(200);
    expect(slideDuration(true)).toBe(0);
  });
});

describe('vertical menu widget', () => {
  let clock: FakeClock;
  let media: FakeMedia;
  beforeEach(() => {
    media = fakeMedia(1280);
    clock = fakeClock();
  });
  afterEach(() => {
    clock.restore();
    media.restore();
  });
  const mount = async (transform = (html: string) => html) =>
    clock.until(mountPage(transform(await fixtureBody('menu-element.html')), only('vertical-menu')));
  const button = (name: string) =>
    document.querySelector<HTMLButtonElement>(`.fusion-vertical-menu-widget button[aria-label="Open submenu of ${name}"]`)!;
  const panelOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-controls')!)!;

  it('starts with the current branch open and the others closed; buttons toggle', async () => {
    await mount();
    expect(button('Home').getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(button('Home')).dataset.sfPanel).toBe('open');
    expect(button('Workshop').getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(button('Workshop')).dataset.sfPanel).toBe('closed');
    button('Workshop').click();
    expect(button('Workshop').getAttribute('aria-expanded')).toBe('true');
    expect(button('Home').getAttribute('aria-expanded')).toBe('true');
    button('Home').click();
    expect(button('Home').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on hover after 500 ms when the widget has the hover class, never without it', async () => {
    await mount((html) => html.replace('fusion-vertical-menu-widget click', 'fusion-vertical-menu-widget hover'));
    const item = button('Workshop').closest('li')!;
    item.dispatchEvent(Object.assign(new Event('pointerenter'), { pointerType: 'mouse' }));
    clock.advance(499);
    expect(button('Workshop').getAttribute('aria-expanded')).toBe('false');
    clock.advance(1);
    expect(button('Workshop').getAttribute('aria-expanded')).toBe('true');
  });

  it('does not open on hover with the click class', async () => {
    await mount();
    const item = button('Workshop').closest('li')!;
    item.dispatchEvent(Object.assign(new Event('pointerenter'), { pointerType: 'mouse' }));
    clock.advance(1000);
    expect(button('Workshop').getAttribute('aria-expanded')).toBe('false');
  });
});
