import { createElement, memo, useCallback, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { cartStore } from '../../src/cart/store';
import { env } from '../../src/env';
import { REMOVE_LINK } from './logic';
import { propsOf, type MarkupNode } from './props';

const ITEM = 'woocommerce-mini-cart-item';
const ITEM_ALT = 'mini_cart_item';
const hasClass = (node: MarkupNode, name: string) =>
  typeof node !== 'string' && node.attrs.some(([n, v]) => n === 'class' && v.split(/\s+/).includes(name));
const keyOf = (node: MarkupNode): string | undefined =>
  typeof node === 'string' ? undefined : node.attrs.find(([n]) => n === 'data-cart_item_key')?.[1];

/** The line's remove link key (the line is blocked by it while its remove runs). */
function lineKey(node: MarkupNode): string | undefined {
  if (typeof node === 'string') return undefined;
  for (const child of node.children) {
    if (hasClass(child, 'remove_from_cart_button')) return keyOf(child);
    const inner = lineKey(child);
    if (inner) return inner;
  }
  return undefined;
}

export interface MiniCartProps {
  /** The box's content as the fragment printed it. */
  nodes: readonly MarkupNode[];
  /** Remove a line (plain code: request, events, swap, announcement); `busy` follows the request. */
  onRemove(link: HTMLAnchorElement, busy: (on: boolean) => void): void;
}

// Not dimmed (WooCommerce fades the line to 0.6): faded text fails the contrast check while the remove runs;
// `processing` and aria-busy say it, and the line takes no second click.
const BLOCKED_STYLE = { pointerEvents: 'none' } as const;

/**
 * WooCommerce's mini-cart, element for element as the fragment printed it (so the theme's CSS and other scripts
 * see the same markup), with the behaviour owned here: remove links (click or Space), the line blocked while
 * its remove runs, and the list marked busy while the cart refreshes. A new fragment replaces the whole box and
 * this view with it; the next view renders the new markup.
 */
export const MiniCart = memo(function MiniCart({ nodes, onRemove }: MiniCartProps) {
  const refreshing = useStore(cartStore, (state) => state.status === 'loading');
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  // Read at the click, not from the last render: a double click must not send a second remove.
  const inFlight = useRef(new Set<string>());

  const activate = useCallback(
    (event: { currentTarget: HTMLAnchorElement; preventDefault(): void }, key: string) => {
      event.preventDefault();
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      const mark = (on: boolean) =>
        setBusy((previous) => {
          const next = new Set(previous);
          if (on) next.add(key);
          else next.delete(key);
          return next;
        });
      onRemove(event.currentTarget, (on) => {
        if (!on) {
          inFlight.current.delete(key);
          mark(false);
          return;
        }
        // Blocked in the task after the click: the click's own task only starts the request (a render and commit
        // inside it made the first remove a long task at 4x); `inFlight` refuses a second click meanwhile.
        void env()
          .yieldTask()
          .then(() => inFlight.current.has(key) && mark(true));
      });
    },
    [onRemove],
  );

  const render = (node: MarkupNode, index: number): ReactNode => {
    if (typeof node === 'string') return node;
    const props: Record<string, unknown> = { ...propsOf(node.tag, node.attrs), key: index };
    if (node.tag === 'ul' && hasClass(node, 'woocommerce-mini-cart') && refreshing) props['aria-busy'] = 'true';
    if (node.tag === 'li' && (hasClass(node, ITEM) || hasClass(node, ITEM_ALT))) {
      const key = lineKey(node);
      if (key !== undefined && busy.has(key)) {
        props.className = `${String(props.className ?? '')} processing`.trim();
        props['aria-busy'] = 'true';
        props.style = BLOCKED_STYLE;
      }
    }
    if (node.tag === 'a' && hasClass(node, REMOVE_LINK.slice(1))) {
      // A link without its key still goes through the remove flow, which warns and follows the link.
      const key = keyOf(node) ?? '';
      props.onClick = (event: { currentTarget: HTMLAnchorElement; preventDefault(): void }) => activate(event, key);
      props.onKeyDown = (event: { key: string; currentTarget: HTMLAnchorElement; preventDefault(): void }) => {
        if (event.key === ' ') activate(event, key);
      };
    }
    return createElement(node.tag, props, ...node.children.map(render));
  };
  return <>{nodes.map(render)}</>;
});
