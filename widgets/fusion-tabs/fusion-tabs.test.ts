import { describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { declaredOrientation, hashTabIndex, initialTabIndex } from './logic';

const li = (id: string, panel: string, label: string, active = false) =>
  `<li${active ? ' class="active"' : ''}><a class="tab-link" data-toggle="tab" id="${id}" href="#${panel}"><h4 class="fusion-tab-heading">${label}</h4></a></li>`;
const pane = (id: string, text: string, active = false) =>
  `<div class="tab-pane fade fusion-clearfix${active ? ' in active' : ''}" id="${id}"><p>${text}</p></div>`;

const TABS = `
<div class="fusion-tabs fusion-tabs-1 classic nav-not-justified horizontal-tabs">
  <div class="nav"><ul class="nav-tabs">
    ${li('fusion-tab-shipping', 'tab-5d1a', 'Shipping', true)}${li('fusion-tab-returns', 'tab-77c0', 'Returns')}${li('fusion-tab-care', 'tab-9e2f', 'Care')}
  </ul></div>
  <div class="tab-content">
    <div class="nav fusion-mobile-tab-nav"><ul class="nav-tabs">${li('mobile-fusion-tab-shipping', 'tab-5d1a', 'Shipping', true)}</ul></div>
    ${pane('tab-5d1a', 'Ships in 2 days', true)}
    <div class="nav fusion-mobile-tab-nav"><ul class="nav-tabs">${li('mobile-fusion-tab-returns', 'tab-77c0', 'Returns')}</ul></div>
    ${pane('tab-77c0', '30 days')}
    <div class="nav fusion-mobile-tab-nav"><ul class="nav-tabs">${li('mobile-fusion-tab-care', 'tab-9e2f', 'Care')}</ul></div>
    ${pane('tab-9e2f', 'Cold wash')}
  </div>
</div>`;

const tabs = () => [...document.querySelectorAll<HTMLAnchorElement>('.fusion-tabs-1 > .nav a.tab-link')];
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('.fusion-tabs-1 > .tab-content > .tab-pane')]
    .filter((p) => !p.hidden && p.classList.contains('active') && p.classList.contains('in'))
    .map((p) => p.id);
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const mount = (html = TABS) => mountPage(html, only('fusion-tabs'));

describe('fusion tabs rules', () => {
  const list = [
    { panelId: 'a', tabId: 'ta', active: false },
    { panelId: 'b', tabId: 'tb', active: true },
  ];
  it('opens the tab the hash names by panel or link id, else the printed active one, else the first', () => {
    expect(initialTabIndex('#a', list)).toBe(0);
    expect(initialTabIndex('#tb', list)).toBe(1);
    expect(initialTabIndex('#zzz', list)).toBe(1);
    expect(
      initialTabIndex(
        '',
        list.map((t) => ({ ...t, active: false })),
      ),
    ).toBe(0);
    expect(hashTabIndex('', list)).toBe(-1);
  });
  it('reads the layout class', () => {
    expect(declaredOrientation(['fusion-tabs', 'vertical-tabs'])).toBe('vertical');
    expect(declaredOrientation(['fusion-tabs'])).toBeUndefined();
  });
});

describe('fusion tabs widget', () => {
  it('adds the tabs roles and states the markup lacks', async () => {
    await mount();
    expect(document.querySelector('.fusion-tabs-1 > .nav > ul')?.getAttribute('role')).toBe('tablist');
    expect(tabs()[0]!.closest('li')?.getAttribute('role')).toBe('presentation');
    expect(tabs().map((t) => t.getAttribute('role'))).toEqual(['tab', 'tab', 'tab']);
    expect(tabs().map((t) => t.getAttribute('aria-controls'))).toEqual(['tab-5d1a', 'tab-77c0', 'tab-9e2f']);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const first = document.getElementById('tab-5d1a')!;
    expect(first.getAttribute('role')).toBe('tabpanel');
    expect(first.getAttribute('aria-labelledby')).toBe('fusion-tab-shipping');
    expect(shown()).toEqual(['tab-5d1a']);
  });

  it('generates a link id to label the panel when the link has none', async () => {
    await mount(TABS.replace(' id="fusion-tab-returns"', ''));
    const id = tabs()[1]!.id;
    expect(id).not.toBe('');
    expect(document.getElementById('tab-77c0')?.getAttribute('aria-labelledby')).toBe(id);
  });

  it('moves active and in to the clicked tab and its panel', async () => {
    await mount();
    tabs()[1]!.click();
    expect(shown()).toEqual(['tab-77c0']);
    expect(document.getElementById('tab-5d1a')!.className).not.toMatch(/\b(active|in)\b/);
    expect([...document.querySelectorAll('.fusion-tabs-1 > .nav li.active a')].map((a) => a.id)).toEqual(['fusion-tab-returns']);
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');
    // The small-screen links follow.
    expect([...document.querySelectorAll('.fusion-mobile-tab-nav li.active a')].map((a) => a.id)).toEqual(['mobile-fusion-tab-returns']);
  });

  it('selects from the small-screen links too', async () => {
    await mount();
    document.getElementById('mobile-fusion-tab-care')!.click();
    expect(shown()).toEqual(['tab-9e2f']);
    expect(tabs()[2]!.getAttribute('aria-selected')).toBe('true');
  });

  it('shares the keyboard rules: arrows move focus, Enter selects, Home and End', async () => {
    await mount();
    key(tabs()[0]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[1]);
    expect(shown()).toEqual(['tab-5d1a']);
    key(tabs()[1]!, 'Enter');
    expect(shown()).toEqual(['tab-77c0']);
    key(tabs()[1]!, 'End');
    expect(document.activeElement).toBe(tabs()[2]);
    key(tabs()[2]!, 'ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
  });

  it('declares vertical tabs and moves with Up and Down', async () => {
    await mount(TABS.replace('horizontal-tabs', 'vertical-tabs'));
    expect(document.querySelector('[role=tablist]')?.getAttribute('aria-orientation')).toBe('vertical');
    key(tabs()[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(tabs()[1]);
  });

  it('opens the panel a location hash names, on load and on change', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    history.replaceState(null, '', '/#tab-9e2f');
    await mount();
    expect(shown()).toEqual(['tab-9e2f']);
    location.hash = '#tab-77c0';
    await vi.waitFor(() => expect(shown()).toEqual(['tab-77c0']));
  });

  it('keeps nested tabs apart', async () => {
    const nested = TABS.replace(
      '<p>30 days</p>',
      TABS.replace('fusion-tabs-1', 'fusion-tabs-2')
        .replace(/id="(fusion-tab-|mobile-fusion-tab-|tab-)/g, 'id="n$1')
        .replace(/href="#tab-/g, 'href="#ntab-'),
    );
    await mount(nested);
    const inner = [...document.querySelectorAll<HTMLAnchorElement>('.fusion-tabs-2 > .nav a.tab-link')];
    inner[2]!.click();
    expect(shown()).toEqual(['tab-5d1a']);
    expect(document.getElementById('ntab-9e2f')!.classList.contains('active')).toBe(true);
    expect(tabs()).toHaveLength(3);
  });

  it('warns once and leaves the markup alone without tab links', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(
      '<div class="fusion-tabs fusion-tabs-3"><div class="tab-content"><div class="tab-pane active in" id="x">x</div></div></div>',
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('fusion-tabs: .nav-tabs');
    expect(document.getElementById('x')!.hidden).toBe(false);
  });
});
