import { describe, expect, it, vi } from 'vitest';
import { hasStyles } from '../../src/dom/styles';
import { fixtureBody, mountPage, only } from '../../test/helpers/mount';
import { usePageGlobals } from '../../test/helpers/page-globals';
import { ORDERS_TABLE_CSS, isRtl } from './logic';

const $ = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s);
const actionsHeader = () => $('th.woocommerce-orders-table__header-order-actions')!;

describe('orders table', () => {
  it('ships its small-screen CSS: rows as blocks, cells labelled by data-title', async () => {
    await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
    expect(hasStyles('orders-table')).toBe(true);
    expect(ORDERS_TABLE_CSS).toContain('@media (max-width: 768px)');
    expect(ORDERS_TABLE_CSS).toContain('content: attr(data-title) ": "');
    for (const cell of document.querySelectorAll('tbody .woocommerce-orders-table__cell'))
      expect(cell.getAttribute('data-title')).toBeTruthy();
  });

  it('keeps table semantics for assistive tech once rows become blocks', async () => {
    await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
    expect($('table.woocommerce-orders-table')!.getAttribute('role')).toBe('table');
    expect($('thead th')!.getAttribute('role')).toBe('columnheader');
    expect($('tbody th[scope="row"]')!.getAttribute('role')).toBe('rowheader');
    expect($('tbody td')!.getAttribute('role')).toBe('cell');
    expect($('tbody tr')!.getAttribute('role')).toBe('row');
  });

  it("sets Avada's actions header text from avadaWooCommerceVars.order_actions", async () => {
    usePageGlobals('my-account-orders.html');
    await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
    expect(actionsHeader().textContent).toBe('Details');
    expect(actionsHeader().querySelector('span.nobr')).not.toBeNull();
  });

  it('leaves the header alone outside Avada’s account wrapper or without the setting, warning once on a bad value', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    usePageGlobals('my-account-orders.html', { avadaWooCommerceVars: { order_actions: { bad: true } } });
    await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
    expect(actionsHeader().textContent).toBe('Actions');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('orders-table: avadaWooCommerceVars.order_actions');
  });

  it('right-aligns status cells on RTL pages', async () => {
    usePageGlobals('my-account-orders.html');
    document.documentElement.setAttribute('dir', 'rtl');
    try {
      await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
      for (const cell of document.querySelectorAll<HTMLElement>('.woocommerce-orders-table__cell-order-status'))
        expect(cell.style.textAlign).toBe('right');
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('leaves status cells alone on LTR pages', async () => {
    usePageGlobals('my-account-orders.html');
    await mountPage(await fixtureBody('my-account-orders.html'), only('orders-table'));
    expect($<HTMLElement>('.woocommerce-orders-table__cell-order-status')!.style.textAlign).toBe('');
  });

  it('reads RTL from dir or the body class', () => {
    expect(isRtl('rtl', '')).toBe(true);
    expect(isRtl('', 'home rtl page')).toBe(true);
    expect(isRtl('ltr', 'rtlx')).toBe(false);
  });
});
