/**
 * The my-account orders table in real Chromium, both tags: on a narrow screen each order is a block of
 * labelled lines (data-title), Avada's actions header text, table semantics kept; axe-clean at both widths.
 */
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, BUILD_TAGS } from './harness';

describe.each(BUILD_TAGS)('orders table, %s tag', (tag) => {
  test('reads as labelled lines on a phone and as a table on a desktop', async () => {
    const { page, errors } = await openPage('/my-account-orders.html', { tag, viewport: { width: 375, height: 740 } });
    await page.waitForSelector('table.woocommerce-orders-table[role="table"]');
    const cell = '.woocommerce-orders-table__row--status-processing .woocommerce-orders-table__cell-order-status';
    expect(await page.$eval(cell, (el) => getComputedStyle(el).display)).toBe('block');
    expect(await page.$eval(cell, (el) => getComputedStyle(el, '::before').content)).toBe('"Status: "');
    expect(await page.$eval('thead', (el) => el.getBoundingClientRect().height <= 1)).toBe(true);
    expect(await page.textContent('th.woocommerce-orders-table__header-order-actions')).toBe('Details');
    expect(await page.$eval('tbody th[scope="row"]', (el) => el.getAttribute('role'))).toBe('rowheader');
    await expectAxeClean(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.$eval(cell, (el) => getComputedStyle(el).display)).toBe('table-cell');
    await expectAxeClean(page);
    expectNoConsoleErrors(errors);
  });
});
