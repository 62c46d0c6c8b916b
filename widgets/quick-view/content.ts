import { islandHost } from '../../src/host';
import { loadSanitizer } from '../privacy/sanitizer';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { isNetError } from '../../src/net/errors';
import { requestText } from '../../src/net/request';
import { sameOriginUrl } from '../../src/net/url';
import {
  cssColour,
  failureMessage,
  lightCloseButton,
  planPieces,
  readAnswer,
  requestBody,
  reviewHref,
  scriptNumber,
  scriptVar,
} from './logic';
import { NAME } from './settings';
import type { Session } from './session';

const TIMEOUT = 15_000;
const REVIEW_LINK = 'a.woocommerce-review-link';
/** Containers whose children are inserted piece by piece (everything else goes in whole: a form, a gallery). */
const SPLIT = '.product, .summary';

/** The product's HTML, sanitized, into `session.answer`; or the message saying why not. */
export async function load(session: Session): Promise<void> {
  const { settings } = session.view;
  let text: string;
  // The sanitizer's chunk travels beside the request: the answer never waits for it.
  const sanitizer = loadSanitizer();
  sanitizer.catch(() => {});
  try {
    ({ text } = await requestText(settings.ajaxUrl, {
      method: 'POST',
      body: requestBody(settings.nonce, session.productId),
      timeout: TIMEOUT,
      signal: session.abort.signal,
    }));
  } catch (error) {
    if (!session.current() || session.abort.signal.aborted) return;
    const code = isNetError(error) ? error.code : 'fetch_error';
    const status = isNetError(error) ? error.status : undefined;
    if (status === 403)
      warnOnce(NAME, 'quickViewNonce', 'refused by the shop (HTTP 403): the page was probably cached longer than its nonce lives');
    return fail(session, failureMessage({ code, status }));
  }
  if (!session.current()) return;
  const answer = readAnswer(text);
  if (!answer.ok) {
    if (answer.reason === 'nonce') warnOnce(NAME, 'quickViewNonce', `refused by the shop (answer ${JSON.stringify(text.trim())})`);
    else
      warnOnce(
        NAME,
        'fusion_quick_view_load',
        `the answer is not the product's HTML (${JSON.stringify(text.trim().slice(0, 40))}); showing a message instead`,
      );
    return fail(session, failureMessage({ reason: answer.reason }));
  }
  let sanitizeFragment: Awaited<typeof sanitizer>['sanitizeFragment'];
  try {
    ({ sanitizeFragment } = await sanitizer);
  } catch {
    if (!session.current() || session.abort.signal.aborted) return;
    return fail(session, failureMessage({ code: 'fetch_error' }));
  }
  if (!session.current()) return;
  const scripts: string[] = [];
  // Read, never run: the answer's inline scripts only give values (the single product URL, the colours).
  const fragment = sanitizeFragment(answer.html, { scriptTexts: scripts });
  let singleUrl: string | undefined;
  let colour: string | undefined;
  let lightness: number | undefined;
  for (const script of scripts) {
    singleUrl ||= scriptVar(script, 'productQuickViewSingleURL');
    colour ||= scriptVar(script, 'productBackgroundColor');
    lightness ??= scriptNumber(script, 'productBackgroundColorLightness');
  }
  session.answer = { fragment, singleUrl: singleUrl ? sameOriginUrl(singleUrl)?.href : undefined };
  // The product's own background (Avada's per-product page colour), with the close button light on a dark one.
  const background = colour ? cssColour(colour) : undefined;
  if (colour && !background) warnOnce(NAME, 'productBackgroundColor', `${JSON.stringify(colour)} is not a colour; using the shop's`);
  if (background) session.set({ background, light: lightCloseButton(lightness) });
  reveal(session);
}

function fail(session: Session, message: string): void {
  session.set({ loading: false, loaderShown: true, closeShown: true, message });
}

/** Once the answer is in and the container has stopped growing: Avada's reveal sequence. */
export function reveal(session: Session): void {
  if (!session.live() || !session.answer || !session.animationDone || session.revealed) return;
  session.revealed = true;
  const { island, steps: s, settings } = session.view;
  const loaded = `${settings.containerClass} complete fusion-quick-view-loaded`;
  session.set({ containerClass: `${loaded} fusion-animate-content` });
  let inserted: () => void = () => {};
  const done = new Promise<void>((resolve) => (inserted = resolve));
  session.later(s.insertAfter, () => insert(session, inserted));
  session.later(s.detailsAfter, () => session.set({ containerClass: `${island.props.containerClass} sf-qv-details` }));
  // Listeners of quick-view-displayed (the theme's own scripts) expect the whole product in.
  session.later(
    s.displayedAfter,
    () =>
      void done.then(() => {
        // Nothing from a dialog the page no longer holds (its body replaced before the runtime unmounted it).
        if (!session.live() || !session.view.connected()) return;
        session.set({ containerClass: island.props.containerClass.replace(' fusion-animate-content', '') });
        fireLegacy(document.body, 'quick-view-displayed');
      }),
  );
}

/** The answer's nodes as the planner sees them: the product and its summary split, everything else whole. */
const TREE = {
  split: (node: Node) => (node instanceof Element && node.children.length > 1 && node.matches(SPLIT) ? [...node.childNodes] : undefined),
  weight: (node: Node) => (node instanceof Element ? 1 + node.getElementsByTagName('*').length : 0),
};

/** Point the review links of a node just inserted at the product page's reviews (Avada's rewrite). */
function fixReviewLinks(node: Node, singleUrl: string | undefined): void {
  if (!(node instanceof Element)) return;
  for (const link of [...(node.matches(REVIEW_LINK) ? [node] : []), ...node.querySelectorAll(REVIEW_LINK)] as HTMLAnchorElement[]) {
    if (singleUrl) link.href = reviewHref(singleUrl, link.getAttribute('href'));
    link.classList.add('avada-noscroll');
  }
}

/**
 * The product's HTML goes in a few pieces, one per frame (the product's and its summary's children, about
 * PIECE_ELEMENTS elements each), so that no frame lays out the whole product at once: the gallery and the
 * title come first. Focus moves to the title once it is laid out; the widgets inside are mounted once all is in.
 */
function insert(session: Session, inserted: () => void): void {
  const { island } = session.view;
  const content = session.view.content();
  const answer = session.answer;
  if (!content || !answer || !session.live()) return;
  const live = () => session.live() && session.view.content() === content;
  content.replaceChildren();
  const pieces = planPieces([...answer.fragment.childNodes], TREE);
  // Shells go in empty: their children are moves of their own.
  for (const piece of pieces) for (const move of piece) if (move.shell) (move.node as Element).replaceChildren();
  const dialog = content.closest('dialog');
  const loaderTitleId = island.props.loaderTitleId;
  let title: HTMLElement | null = null;
  let focusTitle = false;
  const step = (index: number) => {
    if (!live()) return;
    // The title was laid out in the last frame: focusing it now costs no layout of its own.
    if (focusTitle && title?.isConnected) {
      focusTitle = false;
      if (dialog?.open && (!dialog.contains(document.activeElement) || document.activeElement?.id === loaderTitleId))
        title.focus({ preventScroll: true });
    }
    const piece = pieces[index];
    if (!piece) return whole(session, content, inserted);
    for (const { parent, node } of piece) {
      (parent ?? content).appendChild(node);
      fixReviewLinks(node, answer.singleUrl);
    }
    if (!title) {
      title = content.querySelector<HTMLElement>('.product_title');
      if (title) {
        // The dialog is named by the product's own title from now on; focus follows it if it was on the loader's.
        title.id ||= `${loaderTitleId}-product`;
        title.tabIndex = -1;
        focusTitle = true;
        session.set({ labelId: title.id, loaderHidden: true });
      }
    }
    if (index === 0) {
      session.set({ loading: false, containerClass: `${island.props.containerClass} sf-qv-summary` });
      env().frame(() => live() && session.set({ containerClass: `${island.props.containerClass} sf-qv-summary-in` }));
    }
    // The next piece goes in once this one is laid out: a piece appended in a frame callback is laid out in that
    // frame, so the next frame's callback finds it done; the first piece (appended in a timer) waits one more.
    // Asked for after the microtask in which the runtime's MutationObserver asks for its own frame callback (its
    // scan of this piece, whose triggers may read the layout: the scroll position), the next piece goes in after
    // that scan in the same frame: the scan reads what the last frame laid out, not a piece appended just before.
    queueMicrotask(() => {
      if (index === 0) env().frame(() => env().frame(() => step(1)));
      else env().frame(() => step(index + 1));
    });
  };
  step(0);
}

/** The whole product is in: the widgets inside are mounted, the preview image is watched. */
function whole(session: Session, content: HTMLElement, done: () => void): void {
  // The gallery, the variation form, quantity buttons, add to cart, a contact form: the same widgets as on a
  // product page, mounted by the runtime (each in a task of its own; unmounted again on close).
  islandHost()?.scan(content);
  done();
  // First look a poll later: reading the gallery's box now would lay out what was just inserted.
  if (session.view.reduced) watchPreview(session, 0);
  else session.later(session.view.steps.previewPoll, () => watchPreview(session, 0));
}

/** Fade the zoomed card image out once the gallery's slide has taken its place (or after a few tries). */
function watchPreview(session: Session, tries: number): void {
  const { island, reduced, steps } = session.view;
  const content = session.view.content();
  if (!session.current() || !content) return;
  if (reduced) return session.set({ containerClass: `${island.props.containerClass} sf-qv-preview-out` });
  const slide = content.querySelector('.flex-active-slide, .woocommerce-product-gallery__image');
  const width = slide?.getBoundingClientRect().width ?? 0;
  if ((width > 0 && Math.abs(width - session.preview.width) <= 10) || tries >= 6) {
    session.set({ containerClass: `${island.props.containerClass} sf-qv-preview-out` });
    return;
  }
  session.later(steps.previewPoll, () => watchPreview(session, tries + 1));
}
