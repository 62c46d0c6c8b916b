import { defineWidget } from '../../src/widget';
import { readGlobal, str } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { ORDERS_TABLE_CSS, ROLES, isRtl } from './logic';

export default defineWidget({
  mount(element) {
    const table = element as HTMLTableElement;
    adoptStyles('orders-table', ORDERS_TABLE_CSS);
    table.setAttribute('role', 'table');
    for (const [selector, role] of ROLES)
      for (const el of table.querySelectorAll(selector)) if (!el.hasAttribute('role')) el.setAttribute('role', role);

    if (!table.closest('.avada-myaccount-data')) return;
    // Avada names the actions column (WooCommerce leaves it for screen readers only).
    const { order_actions: label } = readGlobal('avadaWooCommerceVars', { order_actions: str('') }, 'orders-table');
    const header = table.querySelector('th.woocommerce-orders-table__header-order-actions');
    if (header && label) {
      const inner = header.querySelector('.nobr') ?? header;
      inner.textContent = label;
    }
    if (isRtl(document.documentElement.getAttribute('dir') ?? document.dir, document.body.className)) {
      for (const cell of table.querySelectorAll<HTMLElement>('.woocommerce-orders-table__cell-order-status'))
        cell.style.textAlign = 'right';
    }
  },
});
