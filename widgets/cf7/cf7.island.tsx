import type { WidgetContext } from '../../mount/types';
import { defineIsland } from '../../src/react/island';
import { commitNow } from '../../src/react/render';
import { Cf7View, type Cf7ViewProps } from './Cf7View';
import type { FormController } from './form';

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
 * The React view of one Contact Form 7 form, mounted by the plain widget (cf7.widget.ts) once the controller
 * holds the form: the controller keeps running while this chunk and React load.
 */
export function mountView(wrapper: Element, controller: FormController, ctx: WidgetContext): void | Promise<void> {
  const island = defineIsland<Cf7ViewProps>({
    name: 'cf7',
    Component: Cf7View,
    props: () => ({ display: controller.display, form: controller.form, unitTag: controller.identity.unitTag }),
    host: srRegion,
    connect(_island, _element, context) {
      controller.display.commit = commitNow;
      context.onCleanup(() => {
        controller.display.commit = (change) => change();
      });
    },
  });
  const done = island.mount(wrapper, ctx);
  return done instanceof Promise ? done.then(() => undefined) : undefined;
}
