import type { WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { listenLegacy } from '../../src/events/bus';
import { scrollThreshold, type OffCanvasConfig } from './logic';

/**
 * The automatic triggers of one panel, each firing at most once per page (also when the panel is inserted
 * again): page load, time on page, scroll, exit intent, inactivity; and the two that ignore the display
 * rules: a click on an element, and add to cart.
 */
export type TriggerName = 'page-load' | 'time-on-page' | 'scroll' | 'exit-intent' | 'inactivity' | 'click' | 'add-to-cart';

export function afterLoad(context: WidgetContext, fn: () => void): void {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', () => fn(), { once: true, signal: context.signal });
}

export interface TriggerOptions {
  id: string;
  config: OffCanvasConfig;
  context: WidgetContext;
  /** Whether the display rules passed this load (automatic triggers only). */
  rulesPass: boolean;
  /** The triggers fired on this page, by panel id (the page service's). */
  fired: Map<string, Set<TriggerName>>;
  fire(trigger: TriggerName): void;
}

export function wireTriggers({ id, config, context, rulesPass, fire, ...page }: TriggerOptions): void {
  const fired = page.fired.get(id) ?? new Set<TriggerName>();
  page.fired.set(id, fired);
  const { signal } = context;
  const once = (name: TriggerName) => {
    if (fired.has(name)) return false;
    fired.add(name);
    fire(name);
    return true;
  };
  const wanted = (name: TriggerName) => !fired.has(name);

  if (config.on_click && config.on_click_element && wanted('click')) {
    const selector = config.on_click_element;
    let valid = true;
    try {
      document.querySelector(selector);
    } catch {
      valid = false;
      context.warn(`off_canvas_${id}.on_click_element`, `is not a valid selector (${JSON.stringify(selector)}); the click trigger is off`);
    }
    if (valid) {
      const onClick = (event: MouseEvent) => {
        const target = event.target instanceof Element ? event.target.closest(selector) : null;
        if (!target) return;
        // A bare "#" link would jump to the top; any other link or button keeps its own action.
        if (target instanceof HTMLAnchorElement && (target.getAttribute('href') ?? '#').trim() === '#') event.preventDefault();
        if (once('click')) document.removeEventListener('click', onClick);
      };
      document.addEventListener('click', onClick, { signal });
    }
  }

  if (config.on_add_to_cart && wanted('add-to-cart')) {
    const off = listenLegacy(
      document.body,
      'added_to_cart',
      () => {
        if (once('add-to-cart')) off();
      },
      signal,
    );
  }

  if (!rulesPass) return;

  if (config.on_page_load && wanted('page-load')) afterLoad(context, () => context.timeout(() => once('page-load'), 100));

  if (config.time_on_page && wanted('time-on-page')) context.timeout(() => once('time-on-page'), config.time_on_page_duration * 1000);

  if (config.on_scroll && wanted('scroll')) wireScroll(config, context, () => once('scroll'), id);

  if (config.exit_intent && !config.is_mobile && wanted('exit-intent')) {
    const onOut = (event: MouseEvent) => {
      if (event.relatedTarget || event.target instanceof HTMLSelectElement) return;
      if (once('exit-intent')) document.removeEventListener('mouseout', onOut);
    };
    document.addEventListener('mouseout', onOut, { signal });
  }

  if (config.after_inactivity && wanted('inactivity')) {
    const ms = config.inactivity_duration * 1000;
    const activity = new AbortController();
    signal.addEventListener('abort', () => activity.abort(), { once: true });
    let timer: number | undefined;
    const restart = () => {
      if (timer !== undefined) env().clearTimeout(timer);
      timer = env().setTimeout(() => {
        activity.abort();
        once('inactivity');
      }, ms);
    };
    activity.signal.addEventListener('abort', () => timer !== undefined && env().clearTimeout(timer), { once: true });
    for (const type of ['mousemove', 'mousedown', 'keypress', 'touchmove'] as const)
      document.addEventListener(type, restart, { passive: true, signal: activity.signal });
    window.addEventListener('scroll', restart, { passive: true, signal: activity.signal });
    restart();
  }
}

function wireScroll(config: OffCanvasConfig, context: WidgetContext, fire: () => void, id: string): void {
  const { signal } = context;
  if (config.scroll_direction === 'down' && config.scroll_to === 'element') {
    let element: Element | null = null;
    try {
      element = config.scroll_element ? document.querySelector(config.scroll_element) : null;
    } catch {
      /* reported below */
    }
    if (!element) {
      context.warn(
        `off_canvas_${id}.scroll_element`,
        `matches nothing on this page (${JSON.stringify(config.scroll_element)}); the scroll trigger is off`,
      );
      return;
    }
    context.onCleanup(env().visible(element, fire, '0px'));
    return;
  }
  const scroll = new AbortController();
  signal.addEventListener('abort', () => scroll.abort(), { once: true });
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const hit =
      config.scroll_direction === 'up' ? y < last : y >= scrollThreshold(config.scroll_position, document.documentElement.scrollHeight);
    last = y;
    if (!hit) return;
    scroll.abort();
    fire();
  };
  window.addEventListener('scroll', onScroll, { passive: true, signal: scroll.signal });
}
