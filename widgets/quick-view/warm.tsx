import { warmView } from '../../src/react/warm-view';
import { closedProps } from './dialog';
import { QuickView } from './QuickView';

/** The closed dialog's first render, then an update such as an opening makes (still closed: a detached dialog cannot be shown). */
export function warmDialog(): void {
  const none = () => {};
  const props = closedProps({
    labelId: 'sf-qv-warm',
    loaderTitleId: 'sf-qv-warm',
    containerClass: 'fusion-woocommerce-quick-view-container',
    overlayClass: 'fusion-woocommerce-quick-view-overlay',
    dialogClass: '',
    background: undefined,
    titleMax: undefined,
    light: false,
    onRequestClose: none,
    onClosed: none,
    onContent: none,
  });
  const copy = [document.createElement('span')];
  warmView('quick-view', QuickView, props, {
    ...props,
    title: '…',
    priceRating: copy,
    badges: copy,
    image: { src: 'data:,' },
    box: { left: 1, top: 1, width: 401, height: 401 },
    dialogClass: 'sf-qv-in',
    closeShown: true,
    loaderShown: true,
  });
}
