import type { ComponentType } from 'react';
import { defineWidget, type WidgetContext, type WidgetModule } from '../widget';
import { renderIsland } from './render';

/** What views need from the renderer; widgets import them from here, never from ./render (a lint rule says so). */
export { commitNow, createPortal } from './render';

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

type Next<P> = P | ((previous: P) => P);

export interface IslandHandle<P> {
  readonly props: P;
  update(next: Next<P>): void;
  /**
   * Render now, before returning: for plain code that reads the DOM or fires a legacy event right after, in
   * the same task as the shopper's input (as the jQuery scripts we replace did). Never call it from a render.
   */
  flush(next: Next<P>): void;
}

/**
 * Mount a component into `host` for a widget whose plain controller keeps the behaviour (events, requests,
 * holds) and hands the view its state: the island unmounts with the widget.
 */
export function attachIsland<P extends object>(
  name: string,
  host: Element,
  Component: ComponentType<P>,
  initial: P,
  context: WidgetContext,
): IslandHandle<P> {
  let props = initial;
  const island = renderIsland(name, host, <Component {...props} />);
  context.onCleanup(() => island.unmount());
  const next = (value: Next<P>) => (props = typeof value === 'function' ? (value as (p: P) => P)(props) : value);
  return {
    get props() {
      return props;
    },
    update(value) {
      next(value);
      if (!context.signal.aborted) island.update(<Component {...props} />);
    },
    flush(value) {
      next(value);
      if (!context.signal.aborted) island.flush(<Component {...props} />);
    },
  };
}

export function defineIsland<P extends object>(definition: IslandDefinition<P>): WidgetModule {
  return defineWidget({
    mount(element, context) {
      const initial = definition.props(element, context);
      if (initial === undefined) return;
      const host = definition.host?.(element, context) ?? element;
      const island = attachIsland(definition.name, host, definition.Component, initial, context);
      definition.connect?.(island, element, context);
    },
  });
}
