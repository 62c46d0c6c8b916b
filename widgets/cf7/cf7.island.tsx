import type { WidgetContext } from '../../src/widget';
import { avadaBehaviours } from '../../src/theme/theme';
import { defineIsland } from '../../src/react/island';
import { commitNow } from '../../src/react/render';
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
export function mountView(wrapper: Element, controller: FormController, ctx: WidgetContext): void {
  const island = defineIsland<Cf7ViewProps>({
    name: 'cf7',
    Component: Cf7View,
    props: () => ({
      display: controller.display,
      form: controller.form,
      unitTag: controller.identity.unitTag,
      avadaAlerts: avadaBehaviours(),
    }),
    host: srRegion,
    connect(_island, _element, context) {
      controller.display.commit = commitNow;
      controller.display.rendered = true;
      context.onCleanup(() => {
        controller.display.commit = (change) => change();
        controller.display.rendered = false;
      });
    },
  });
  clearPrinted(controller.form, wrapper);
  void island.mount(wrapper, ctx);
}
