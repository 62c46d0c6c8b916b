import type { WidgetContext } from '../../src/widget';
import { avadaBehaviours } from '../../src/theme/theme';
import { attachIsland, commitNow, type IslandHandle } from '../../src/react/island';
import { Cf7View, type Cf7ViewProps } from './Cf7View';
import { clearPrinted, type FormController } from './form';

/** The screen-reader region CF7 prints first in its wrapper: the island's root (created when a theme dropped it). */
function srRegion(wrapper: Element): Element {
  const existing = wrapper.querySelector(':scope > .screen-reader-response');
  if (existing) return existing;
  const region = document.createElement('div');
  region.className = 'screen-reader-response';
  wrapper.prepend(region);
  return region;
}

/**
 * The React view of one Contact Form 7 form, mounted by the plain widget (cf7.widget.ts) when the form first
 * needs it: the controller holds the form while this chunk and React load, and the view renders what it has
 * shown so far (a non-JS postback's tips and response included).
 */
export function mountView(wrapper: Element, controller: FormController, ctx: WidgetContext): IslandHandle<Cf7ViewProps> {
  const { display, form } = controller;
  clearPrinted(form, wrapper);
  const props = { display, form, unitTag: controller.identity.unitTag, avadaAlerts: avadaBehaviours() };
  const view = attachIsland<Cf7ViewProps>('cf7', srRegion(wrapper), Cf7View, props, ctx);
  display.commit = commitNow;
  display.rendered = true;
  ctx.onCleanup(() => {
    display.commit = (change) => change();
    display.rendered = false;
  });
  return view;
}
