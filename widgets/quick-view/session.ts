import { islandHost } from '../../src/host';
import { env } from '../../src/env';
import type { IslandHandle } from '../../src/react/island';
import type { OwnedContext } from '../../src/widget';
import { cardOf, type Card } from './card';
import { load, reveal } from './content';
import { centred, finalWidth, resizedWidth, type Box, type Timeline } from './logic';
import type { QuickViewProps } from './QuickView';
import type { Settings } from './settings';

/** What an opening needs of the page's dialog (dialog.tsx): its view, settings and timeline. */
export interface View {
  readonly island: IslandHandle<QuickViewProps>;
  readonly settings: Settings;
  readonly steps: Timeline;
  readonly reduced: boolean;
  content(): HTMLDivElement | null;
  /** False once the page replaced the body the dialog lived in. */
  connected(): boolean;
}

/**
 * One opening of the dialog, from the click until it is closed, in a scope of its own (`ctx.child()` of the
 * dialog's): its timers, its resize listener and its request go with it, and disposing it puts the page back.
 */
export interface Session {
  readonly view: View;
  readonly scope: OwnedContext;
  readonly link: HTMLElement;
  readonly productId: string;
  readonly card: Element | null;
  readonly faded: Element[];
  readonly preview: Box;
  /** The request's: aborted as closing starts, while the closing's own timers still run. */
  readonly abort: AbortController;
  animationDone: boolean;
  answer?: { fragment: DocumentFragment; singleUrl: string | undefined };
  revealed: boolean;
  closing: boolean;
  /** Still the dialog's opening (not yet closed). */
  current(): boolean;
  /** Still the dialog's opening and not closing. */
  live(): boolean;
  set(patch: Partial<QuickViewProps>): void;
  /** As set, committed before returning (React batches an update into a task of its own otherwise). */
  stage(patch: Partial<QuickViewProps>): void;
  later(ms: number, fn: () => void): void;
  close(): void;
}

/** The dialog's box once widened: preview + 500 (or the window − 20), centred. */
function finalBox(preview: Box): Box & { left: number; top: number } {
  const width = finalWidth(preview.width, window.innerWidth);
  const box = { width, height: Math.min(preview.height, window.innerHeight - 20) };
  return { ...box, ...centred(box, { width: window.innerWidth, height: window.innerHeight }) };
}

/**
 * Open the dialog on `link`'s card (`prepared`: its view already in the closed dialog). `end` is the dialog's
 * own close: it forgets this session and disposes its scope.
 */
export function openSession(
  view: View,
  scope: OwnedContext,
  link: HTMLElement,
  productId: string,
  prepared: Card | undefined,
  end: () => void,
): Session {
  const { card, image, preview, view: cardView } = prepared ?? cardOf(link);
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  // Read at the press, before it restyled the link (:active, :focus): a read in the click would lay the page out
  // again for that. A click without a press (a key) reads it now; the page may have scrolled since the card was
  // prepared.
  const rect = prepared?.pressed ?? image?.getBoundingClientRect();
  const start =
    rect && rect.width > 0
      ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height }
      : { ...preview, ...centred(preview, viewport) };
  const session: Session = {
    view,
    scope,
    link,
    productId,
    card,
    faded: card ? [...card.children] : [],
    preview,
    abort: new AbortController(),
    animationDone: false,
    revealed: false,
    closing: false,
    current: () => !scope.disposed,
    live: () => !scope.disposed && !session.closing,
    set: (patch) => view.island.update((props) => ({ ...props, ...patch })),
    stage: (patch) => view.island.flush((props) => ({ ...props, ...patch })),
    later(ms, fn) {
      if (ms <= 0 && view.reduced) return fn();
      scope.timeout(fn, ms);
    },
    close() {
      if (session.closing || scope.disposed) return;
      session.closing = true;
      session.abort.abort();
      session.set({ dialogClass: `${view.island.props.dialogClass} sf-qv-closing` });
      session.later(Math.max(view.steps.closeShrink, view.steps.overlayFadeOut), end);
    },
  };
  scope.onCleanup(() => restore(session));
  addEventListener('resize', () => resize(session), { signal: scope.signal });

  // The closed dialog takes the card's view in the task after the click (React's render and commit, no style or
  // layout for a closed dialog), opens in the one after (showModal: its restyle and layout, and the focus), and the
  // rest follows in the task after that: no task holds two of them. In both builds: preact/compat renders an update
  // at once, and React commits an update asked for in a click's handler at the end of that event, with showModal
  // and the focus, inside the click's task.
  void env()
    .yieldTask()
    .then(async () => {
      if (!session.live()) return;
      session.stage(openingProps(session, start, cardView, prepared !== undefined));
      await env().yieldTask();
      if (!session.live()) return;
      show(session);
      await env().yieldTask();
      if (!session.live()) return;
      afterShown(session, prepared ? undefined : cardView);
    });
  return session;
}

/** The closed dialog at the card: its start box and view (with everything at rest under reduced motion). */
function openingProps(session: Session, start: QuickViewProps['box'], cardView: Card['view'], prepared: boolean): Partial<QuickViewProps> {
  const { view, preview } = session;
  const { containerClass } = view.settings;
  return {
    open: false,
    labelId: view.island.props.loaderTitleId,
    title: cardView.title,
    priceRating: prepared ? cardView.priceRating : [],
    badges: prepared ? cardView.badges : [],
    image: cardView.image,
    box: start,
    previewWidth: preview.width,
    duration: 0,
    containerClass,
    dialogClass: view.reduced ? 'sf-qv-reduced' : '',
    closeShown: false,
    loaderShown: false,
    loaderHidden: false,
    loading: true,
    message: '',
    // No zoom under reduced motion: the dialog is drawn at its final size and place before it is shown, with
    // everything in it, so that not one frame shows it at the card.
    ...(view.reduced
      ? {
          dialogClass: 'sf-qv-reduced sf-qv-in',
          box: finalBox(preview),
          containerClass: `${containerClass} complete`,
          closeShown: true,
          loaderShown: true,
        }
      : {}),
  };
}

/** showModal and focus (QuickView's effect), then Avada's zoom: centre, widen, close button. */
function show(session: Session): void {
  const { view, preview } = session;
  session.stage({ open: true });
  const s = view.steps;
  if (view.reduced) {
    session.animationDone = true;
    return;
  }
  env().frame(() => session.current() && session.set({ dialogClass: 'sf-qv-in' }));
  session.later(s.centreAt, () =>
    session.set({ box: { ...preview, ...centred(preview, { width: window.innerWidth, height: window.innerHeight }) }, duration: s.centre }),
  );
  session.later(s.widenAt, () =>
    session.set({ box: finalBox(preview), duration: s.widen, containerClass: `${view.settings.containerClass} complete` }),
  );
  session.later(s.closeButtonAt, () => {
    session.animationDone = true;
    // The loader (the card's title, price and rating) only if the content has not arrived yet.
    session.set({ closeShown: true, loaderShown: !session.answer });
    reveal(session);
  });
}

/**
 * The dialog is open: the request (a fetch costs a task a few milliseconds of its own), the page's classes, the
 * faded card, and the copies of its price, rating and badges when they were not prepared.
 */
function afterShown(session: Session, unprepared: Card['view'] | undefined): void {
  void load(session);
  document.body.classList.add('fusion-wqv-open');
  document.documentElement.classList.add('sf-qv-lock');
  // Avada marks the card and fades its children to 0 (our CSS fades them, whatever the theme's CSS does).
  session.card?.classList.add('fusion-faded-out');
  for (const child of session.faded) child.classList.add('fusion-faded-out');
  if (unprepared && (unprepared.priceRating.length || unprepared.badges.length))
    session.set({ priceRating: unprepared.priceRating, badges: unprepared.badges });
}

function resize(session: Session): void {
  if (!session.view.island.props.containerClass.includes('complete')) return;
  const width = resizedWidth(session.preview.width, window.innerWidth);
  const box = { width, height: Math.min(session.preview.height, window.innerHeight - 20) };
  session.set({ box: { ...box, ...centred(box, { width: window.innerWidth, height: window.innerHeight }) }, duration: 0 });
}

/** The session's end (closed by us, by the browser, or the page leaving): undo everything, focus back on the link. */
function restore(session: Session): void {
  const { view } = session;
  session.abort.abort();
  const content = view.content();
  if (content) {
    islandHost()?.unmount(content);
    content.replaceChildren();
  }
  document.body.classList.remove('fusion-wqv-open');
  document.documentElement.classList.remove('sf-qv-lock');
  session.card?.classList.remove('fusion-faded-out');
  for (const child of session.faded) {
    child.classList.remove('fusion-faded-out');
    // The card's contents fade back in (Avada: 300 ms); the class's own transition left with the class.
    if (!view.reduced && typeof child.animate === 'function')
      child.animate([{ opacity: 0 }, { opacity: 1 }], { duration: view.steps.closeShrink, easing: 'ease' });
  }
  session.set({
    open: false,
    background: view.settings.background,
    light: view.settings.light,
    dialogClass: view.reduced ? 'sf-qv-reduced' : '',
    containerClass: view.settings.containerClass,
    labelId: view.island.props.loaderTitleId,
    closeShown: false,
    loaderShown: false,
    loaderHidden: false,
    loading: true,
    message: '',
    duration: 0,
    priceRating: [],
    badges: [],
    image: undefined,
  });
  if (session.link.isConnected) session.link.focus({ preventScroll: true });
}
