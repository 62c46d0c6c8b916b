import { env } from '../../src/env';
import { warmView } from '../../src/react/warm-view';
import { MiniCart, type MiniCartProps } from './MiniCart';
import { readMarkup } from './markup';

/** One line as WooCommerce's mini-cart template prints it, built detached: only its shape matters here. */
function sampleLines(): ChildNode[] {
  const box = document.createElement('div');
  const list = box.appendChild(document.createElement('ul'));
  list.className = 'woocommerce-mini-cart cart_list product_list_widget';
  const line = list.appendChild(document.createElement('li'));
  line.className = 'woocommerce-mini-cart-item mini_cart_item';
  const remove = line.appendChild(document.createElement('a'));
  remove.className = 'remove remove_from_cart_button';
  remove.setAttribute('href', '#');
  remove.setAttribute('data-cart_item_key', 'sf-warm');
  remove.textContent = '×';
  line.append('1 × ', Object.assign(document.createElement('span'), { className: 'quantity' }));
  return [...box.childNodes];
}

/**
 * In a task of its own after this chunk's evaluation: a throwaway view of one line in a detached element, its
 * first render, a remove's click (the line blocked, committed as a click's update is), a pointer over it, then
 * gone. No request (the remove goes nowhere), no node in the document, no state: the blocked line lives in the
 * throwaway root.
 */
export async function warmMiniCart(): Promise<void> {
  await env().yieldTask();
  const props: MiniCartProps = { nodes: readMarkup(sampleLines()), onRemove: (_link, busy) => busy(true) };
  warmView('mini-cart', MiniCart, props, props, (host) =>
    host.querySelector('a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })),
  );
}
