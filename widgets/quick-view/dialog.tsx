import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { attachIsland } from '../../src/react/island';
import type { WidgetContext } from '../../src/widget';
import { cardOf, type Card } from './card';
import { timeline } from './logic';
import { QuickView, type QuickViewProps } from './QuickView';
import { openSession, type Session, type View } from './session';
import { NAME, readSettings } from './settings';
import { QUICK_VIEW_CSS } from './styles';

/** The page service's key (`ctx.page`): one dialog for every quick-view link of the page. */
export const DIALOG_KEY = 'quick-view:dialog';

export interface QuickViewDialog {
  readonly isOpen: boolean;
  /**
   * The card a pointer or focus is on (the shopper's intent, before the click): its title, price, rating, badges
   * and image go into the closed dialog now, where they cost no style or layout, so that the click only shows it.
   */
  prepare(link: HTMLElement): void;
  /**
   * The pointer is pressed on `link`: its card image's box is read now, while the page is laid out (the press's
   * own restyle comes after its listeners), so that the click reads no layout.
   */
  press(link: HTMLElement): void;
  /**
   * Open on `link`'s card, one product at a time (a second open while one is open is ignored). `pressed`: the
   * click ends a press (a key's click has none: the box read at an earlier press may be stale).
   */
  open(link: HTMLElement, productId: string, pressed?: boolean): void;
}

type Fixed =
  | 'labelId'
  | 'loaderTitleId'
  | 'containerClass'
  | 'overlayClass'
  | 'dialogClass'
  | 'background'
  | 'titleMax'
  | 'light'
  | 'onRequestClose'
  | 'onClosed'
  | 'onContent';

/** The dialog closed, with nothing of a card in it. */
export function closedProps(fixed: Pick<QuickViewProps, Fixed>): QuickViewProps {
  return {
    ...fixed,
    open: false,
    title: '',
    priceRating: [],
    badges: [],
    image: undefined,
    box: { left: 0, top: 0, width: 400, height: 400 },
    previewWidth: 400,
    duration: 0,
    closeShown: false,
    loaderShown: false,
    loaderHidden: false,
    loading: true,
    message: '',
  };
}

let ids = 0;

/**
 * The page's one quick view (a page service: `scope` is its own, disposed with the last link holding it). Plain
 * code owns the request, the timeline and the page's classes (session.ts, content.ts); the React view draws the
 * dialog from its props. The printed overlay and container are replaced by the dialog's (same classes) and put
 * back when it leaves.
 */
export function createDialog(scope: WidgetContext): QuickViewDialog {
  adoptStyles(NAME, QUICK_VIEW_CSS);
  const container = document.querySelector('.fusion-woocommerce-quick-view-container');
  const settings = readSettings(container);
  const printed: { node: Element; parent: Node; next: Node | null }[] = [];
  for (const node of [document.querySelector('.fusion-woocommerce-quick-view-overlay'), container]) {
    if (node?.parentNode) {
      printed.push({ node, parent: node.parentNode, next: node.nextSibling });
      node.remove();
    }
  }
  scope.onCleanup(() => {
    for (const { node, parent, next } of printed) parent.insertBefore(node, next && next.parentNode === parent ? next : null);
  });
  const reduced = env().prefersReducedMotion();
  let content: HTMLDivElement | null = null;
  let session: Session | undefined;
  let prepared: { link: HTMLElement; card: Card } | undefined;
  // The dialog's own close (the closing's end, or the browser closing it: a second Escape).
  const end = () => {
    const ending = session;
    session = undefined;
    prepared = undefined;
    ending?.scope.dispose();
  };
  const n = ++ids;
  const host = document.createElement('div');
  host.className = 'sf-quick-view-root';
  document.body.append(host);
  scope.onCleanup(() => host.remove());
  const island = attachIsland(
    NAME,
    host,
    QuickView,
    closedProps({
      labelId: `sf-quick-view-title-${n}`,
      loaderTitleId: `sf-quick-view-title-${n}`,
      containerClass: settings.containerClass,
      overlayClass: settings.overlayClass,
      dialogClass: reduced ? 'sf-qv-reduced' : '',
      background: settings.background,
      titleMax: settings.titleMax,
      light: settings.light,
      onRequestClose: () => session?.close(),
      onClosed: end,
      onContent: (el) => void (content = el),
    }),
    scope,
  );
  const prepare = (link: HTMLElement): Card => {
    if (prepared?.link === link) return prepared.card;
    const card = cardOf(link);
    prepared = { link, card };
    island.update((props) => ({ ...props, labelId: props.loaderTitleId, ...card.view }));
    return card;
  };
  let unwatch = new AbortController();
  scope.onCleanup(() => unwatch.abort());
  const view: View = { island, settings, steps: timeline(reduced), reduced, content: () => content, connected: () => host.isConnected };
  return {
    get isOpen() {
      return session !== undefined;
    },
    prepare(link) {
      if (!session) prepare(link);
    },
    press(link) {
      if (session) return;
      const card = prepare(link);
      if (!card.image) return;
      card.pressed = card.image.getBoundingClientRect();
      // A scroll or resize between the press and the click moves the image: the click reads it again then.
      unwatch.abort();
      unwatch = new AbortController();
      const forget = () => {
        card.pressed = undefined;
        unwatch.abort();
      };
      addEventListener('scroll', forget, { capture: true, passive: true, signal: unwatch.signal });
      addEventListener('resize', forget, { signal: unwatch.signal });
    },
    open(link, productId, pressed = false) {
      if (session) return;
      const card = prepared?.link === link ? prepared.card : undefined;
      prepared = undefined;
      unwatch.abort();
      if (card && !pressed) card.pressed = undefined;
      session = openSession(view, scope.child(), link, productId, card, end);
    },
  };
}
