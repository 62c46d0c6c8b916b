import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPage } from '../../test/helpers/mount';
import type { WidgetEntry } from '../widget';
import { defineIsland, type IslandHandle } from './island';

interface Props {
  label: string;
  boom?: boolean;
}

function Label({ label, boom }: Props) {
  if (boom) throw new Error('render failed');
  return <span className="probe-label">{label}</span>;
}

let handle: IslandHandle<Props> | undefined;

const probe = defineIsland<Props>({
  name: 'probe',
  Component: Label,
  props(element, { warn }) {
    const label = element.getAttribute('data-label');
    if (label === null) {
      warn('data-label', 'missing; the markup stays as printed');
      return undefined;
    }
    return { label, boom: element.hasAttribute('data-boom') };
  },
  connect(island) {
    handle = island;
  },
});

const entry: WidgetEntry = { name: 'probe', selector: '.probe', trigger: 'load', load: async () => ({ default: probe }) };

afterEach(() => {
  handle = undefined;
});

describe('defineIsland', () => {
  it('renders into the printed element, keeping its classes, and re-renders on update', async () => {
    await mountPage('<div class="probe theme-box" data-label="One"><em>server</em></div>', [entry]);
    const el = document.querySelector('.probe')!;
    expect(el.className).toBe('probe theme-box');
    expect(el.querySelector('.probe-label')?.textContent).toBe('One');
    expect(el.querySelector('em')).toBeNull();
    act(() => handle!.update((p) => ({ ...p, label: 'Two' })));
    expect(el.querySelector('.probe-label')?.textContent).toBe('Two');
  });

  it('leaves the markup alone, with one warning naming the field, when the props cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage('<div class="probe"><em>server</em></div>', [entry]);
    expect(document.querySelector('.probe em')?.textContent).toBe('server');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/probe.*data-label/);
  });

  it('puts the server markup back and fires storefront:error when the component throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    document.addEventListener('storefront:error', (e) => seen.push((e as CustomEvent).detail), { once: true });
    await mountPage('<div class="probe" data-label="x" data-boom><em>server</em></div>', [entry]);
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('.probe em')?.textContent).toBe('server');
    expect(seen).toEqual([expect.objectContaining({ widget: 'probe', phase: 'mount' })]);
    expect(error).toHaveBeenCalled();
  });

  it('unmounts with its markup', async () => {
    const runtime = await mountPage('<section><div class="probe" data-label="One"></div></section>', [entry]);
    const el = document.querySelector('.probe')!;
    runtime.unmount(document.querySelector('section')!);
    expect(el.querySelector('.probe-label')).toBeNull();
  });
});

describe('renderIsland and the focus', () => {
  it('a focused link in the printed markup stays focused: the element at the same place in the render gets it', async () => {
    const { renderIsland } = await import('./render');
    document.body.innerHTML = '<input id="outside"><div class="box"><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></div>';
    const box = document.querySelector('.box')!;
    box.querySelectorAll('a')[1]!.focus();
    const island = renderIsland(
      'probe',
      box,
      <ul>
        <li>
          <a href="/a">A</a>
        </li>
        <li>
          <a href="/b">B</a>
        </li>
      </ul>,
    );
    const focused = document.activeElement as HTMLAnchorElement;
    expect(focused.isConnected).toBe(true);
    expect(focused).toBe(box.querySelectorAll('a')[1]);
    island.unmount();
  });

  it('leaves a focus outside the island alone', async () => {
    const { renderIsland } = await import('./render');
    document.body.innerHTML = '<input id="outside"><div class="box"><a href="/a">A</a></div>';
    const outside = document.querySelector<HTMLInputElement>('#outside')!;
    outside.focus();
    const island = renderIsland('probe', document.querySelector('.box')!, <a href="/a">A</a>);
    expect(document.activeElement).toBe(outside);
    island.unmount();
  });
});
