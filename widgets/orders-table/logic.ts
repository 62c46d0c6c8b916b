/**
 * The orders table on narrow screens, as WooCommerce's small-screen stylesheet and Avada lay it out: each row a
 * block, each cell a line labelled by its `data-title`. The breakpoint is WooCommerce's (768 px).
 */
export const NARROW_QUERY = '(max-width: 768px)';

const T = 'table.woocommerce-orders-table';

export const ORDERS_TABLE_CSS = `
@media ${NARROW_QUERY} {
  ${T} thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
  ${T}, ${T} tbody, ${T} tr, ${T} tbody th, ${T} tbody td { display: block; }
  ${T} tbody tr { margin: 0 0 1em; }
  ${T} tbody th, ${T} tbody td { text-align: right; }
  ${T} tbody [data-title]::before { content: attr(data-title) ": "; float: left; font-weight: 700; padding-right: 0.5em; }
  :is([dir="rtl"], .rtl) ${T} tbody th, :is([dir="rtl"], .rtl) ${T} tbody td { text-align: left; }
  :is([dir="rtl"], .rtl) ${T} tbody [data-title]::before { float: right; padding-right: 0; padding-left: 0.5em; }
  ${T} tbody .woocommerce-orders-table__cell-order-actions .button { margin: 0 0 0 0.5em; }
}
:is([dir="rtl"], .rtl) .avada-myaccount-data ${T} .woocommerce-orders-table__cell-order-status { text-align: right; }
`;

/**
 * Roles that keep the table a table for assistive tech once CSS turns its rows into blocks (browsers drop the
 * implicit table semantics of display:block tables).
 */
export const ROLES: readonly (readonly [string, string])[] = [
  ['thead, tbody, tfoot', 'rowgroup'],
  ['tr', 'row'],
  ['thead th', 'columnheader'],
  ['tbody th[scope="row"]', 'rowheader'],
  ['tbody td', 'cell'],
];

export function isRtl(dir: string | null | undefined, bodyClass: string): boolean {
  return (dir ?? '').toLowerCase() === 'rtl' || /(^|\s)rtl(\s|$)/.test(bodyClass);
}
