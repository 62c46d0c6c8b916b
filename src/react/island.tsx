import type { ComponentType } from 'react';
import { defineWidget, type WidgetContext, type WidgetModule } from '../../mount/types';
import { renderIsland, type Island } from './render';

/**
 * How a React widget is declared: the component, how to read its props from the server markup, and where it
 * renders. The layer mounts it into the CMS's own element (the theme's classes stay, so no layout shift),
 * isolates its errors (the server markup comes back and `storefront:error` fires) and unmounts it with the
 * markup. Widgets import this module only from their chunk, so React is requested when the first island's
 * trigger fires, never with the runtime.
 */
export interface IslandDefinition<P extends object> {
  /** The widget's name, as in the registry (warnings and `storefront:error` name it). */
  name: string;
  Component: ComponentType<P>;
  /**
   * Read the props from the server markup and page globals. Malformed input is reported with `context.warn`
   * and replaced by defaults; return `undefined` to leave the markup as it is (nothing is rendered).
   */
  props(element: Element, context: WidgetContext): P | undefined;
  /** The element React renders into (default: the widget's element). */
  host?(element: Element, context: WidgetContext): Element;
  /**
   * Plain code that runs beside the island: store subscriptions, listeners for third-party events, things
   * held before React arrived. Call `island.update(props)` to render new props; register cleanups on the context.
   */
  connect?(island: IslandHandle<P>, element: Element, context: WidgetContext): void;
}

export interface IslandHandle<P> {
  readonly props: P;
  update(next: P | ((previous: P) => P)): void;
}

export function defineIsland<P extends object>(definition: IslandDefinition<P>): WidgetModule {
  const { Component } = definition;
  return defineWidget({
    mount(element, context) {
      const initial = definition.props(element, context);
      if (initial === undefined) return;
      const host = definition.host?.(element, context) ?? element;
      let props = initial;
      const island: Island = renderIsland(definition.name, host, <Component {...props} />);
      context.onCleanup(() => island.unmount());
      definition.connect?.(
        {
          get props() {
            return props;
          },
          update(next) {
            props = typeof next === 'function' ? (next as (p: P) => P)(props) : next;
            if (!context.signal.aborted) island.update(<Component {...props} />);
          },
        },
        element,
        context,
      );
    },
  });
}
