import { islandHost } from '../../src/host';
import { num, readGlobal, str, type FieldSpec } from '../../src/config/globals';
import { parseNumber } from '../../src/config/parse';
import { adoptStyles } from '../../src/dom/styles';
import { loadSanitizer } from '../privacy/sanitizer';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { isNetError } from '../../src/net/errors';
import { requestText } from '../../src/net/request';
import { sameOriginUrl } from '../../src/net/url';
import { renderIsland, type Island } from '../../src/react/render';
import {
  centred,
  cssColour,
  failureMessage,
  scriptNumber,
  finalWidth,
  lightCloseButton,
  parseSize,
  previewBox,
  readAnswer,
  requestBody,
  resizedWidth,
  reviewHref,
  scriptVar,
  timeline,
  type Box,
  type Timeline,
} from './logic';
import { QuickView, type PreviewImage, type QuickViewProps } from './QuickView';
import { QUICK_VIEW_CSS } from './styles';

const NAME = 'quick-view';
const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';
const TIMEOUT = 15_000;
const CARD_TITLE =
  '.woocommerce-loop-product__title, .product-title, .fusion-title-heading, .fusion-carousel-title, .product_title, h2, h3, h4';
const REVIEW_LINK = 'a.woocommerce-review-link';
const BADGES = '.onsale, .fusion-out-of-stock, .fusion-woo-badges-wrapper > *';

interface Settings {
  ajaxUrl: string;
  background: string | undefined;
  light: boolean;
  titleMax: number | undefined;
  nonce: string;
  containerClass: string;
  overlayClass: string;
}

/** A size in pixels: a number, or a numeric string with or without `px` (Avada reads it with parseFloat). */
const pixels = (fallback: number): FieldSpec<number> => ({
  read: (value) =>
    parseNumber(value) ?? (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*px\s*$/i.test(value) ? Number.parseFloat(value) : undefined),
  fallback,
  expected: 'a size in px',
});

/** The page globals and the printed container, read once, at the boundary. */
function readSettings(container: Element | null): Settings {
  const vars = readGlobal(
    'avadaWooCommerceVars',
    {
      ajaxurl: str(''),
      shop_page_bg_color: str(''),
      shop_page_bg_color_lightness: num(Number.NaN),
      post_title_font_size: pixels(Number.NaN),
    },
    NAME,
  );
  let ajaxUrl = DEFAULT_AJAX_URL;
  if (vars.ajaxurl) {
    // HTML from this endpoint is inserted into the page: only the site's own.
    const url = sameOriginUrl(vars.ajaxurl);
    if (url) ajaxUrl = url.href;
    else
      warnOnce(
        NAME,
        'avadaWooCommerceVars.ajaxurl',
        `${JSON.stringify(vars.ajaxurl)} is not an http(s) URL of this site; using ${DEFAULT_AJAX_URL}`,
      );
  }
  const colour = vars.shop_page_bg_color.trim();
  const background = cssColour(colour);
  if (colour && !background)
    warnOnce(NAME, 'avadaWooCommerceVars.shop_page_bg_color', `${JSON.stringify(colour)} is not a colour; using the theme's`);
  const lightness = vars.shop_page_bg_color_lightness;
  const titleMax = vars.post_title_font_size > 0 ? vars.post_title_font_size : undefined;

  let nonce = '';
  for (const script of container?.querySelectorAll('script') ?? []) nonce ||= scriptVar(script.textContent ?? '', 'quickViewNonce') ?? '';
  if (!nonce) {
    const global = (globalThis as { quickViewNonce?: unknown }).quickViewNonce;
    if (typeof global === 'string') nonce = global;
  }
  if (!nonce) warnOnce(NAME, 'quickViewNonce', 'missing from the quick view container; the shop will refuse the request');

  return {
    ajaxUrl,
    background,
    light: lightCloseButton(Number.isFinite(lightness) ? lightness : undefined),
    titleMax,
    nonce,
    containerClass: container?.className.trim() || 'fusion-woocommerce-quick-view-container quick-view woocommerce',
    overlayClass:
      document.querySelector('.fusion-woocommerce-quick-view-overlay')?.className.trim() || 'fusion-woocommerce-quick-view-overlay',
  };
}

interface Session {
  link: HTMLElement;
  productId: string;
  card: Element | null;
  faded: Element[];
  preview: Box;
  abort: AbortController;
  timers: number[];
  animationDone: boolean;
  answer?: { fragment: DocumentFragment; singleUrl: string | undefined };
  revealed: boolean;
  closing: boolean;
}

let ids = 0;

/** About how many elements go into the dialog per frame. */
const PIECE_ELEMENTS = 24;
/** Containers whose children are inserted piece by piece (everything else goes in whole: a form, a gallery). */
const SPLIT = '.product, .summary';

interface Move {
  parent: ParentNode;
  node: Node;
}

/**
 * The answer as pieces in document order, each a list of nodes to append to their parent. The product and its
 * summary go in first as empty shells; their children follow, grouped up to PIECE_ELEMENTS elements (a child
 * larger than that is a piece of its own).
 */
export function planPieces(root: ParentNode, fragment: DocumentFragment): Move[][] {
  const moves: { move: Move; weight: number }[] = [];
  const plan = (parent: ParentNode, nodes: Node[]) => {
    for (const node of nodes) {
      if (node instanceof Element && node.children.length > 1 && node.matches(SPLIT)) {
        const children = [...node.childNodes];
        node.replaceChildren();
        moves.push({ move: { parent, node }, weight: 1 });
        plan(node, children);
      } else {
        moves.push({ move: { parent, node }, weight: node instanceof Element ? 1 + node.getElementsByTagName('*').length : 0 });
      }
    }
  };
  plan(root, [...fragment.childNodes]);
  const pieces: Move[][] = [];
  let current: Move[] = [];
  let weight = 0;
  for (const { move, weight: w } of moves) {
    if (current.length && w > 0 && weight + w > PIECE_ELEMENTS) {
      pieces.push(current);
      current = [];
      weight = 0;
    }
    current.push(move);
    weight += w;
  }
  if (current.length) pieces.push(current);
  return pieces;
}

/**
 * The one quick view of the page: opened by any card's link, one product at a time. Plain code owns the
 * request, the timeline and the page's classes; the React view draws the dialog from `props`.
 */
export class QuickViewController {
  /** False once the page replaced the body the dialog lived in. */
  get connected(): boolean {
    return this.host.isConnected;
  }

  private readonly settings: Settings;
  private readonly host: HTMLElement;
  private readonly island: Island;
  private readonly printed: { node: Element; parent: Node; next: Node | null }[] = [];
  private readonly steps: Timeline;
  private readonly reduced: boolean;
  private content: HTMLDivElement | null = null;
  private session: Session | undefined;
  private prepared: { link: HTMLElement; card: Card } | undefined;
  private props: QuickViewProps;
  private readonly onResize = () => this.resize();

  constructor() {
    adoptStyles(NAME, QUICK_VIEW_CSS);
    const container = document.querySelector('.fusion-woocommerce-quick-view-container');
    this.settings = readSettings(container);
    // The printed overlay and container are replaced by the dialog's (same classes); put back when we leave.
    for (const node of [document.querySelector('.fusion-woocommerce-quick-view-overlay'), container]) {
      if (node?.parentNode) {
        this.printed.push({ node, parent: node.parentNode, next: node.nextSibling });
        node.remove();
      }
    }
    this.reduced = env().prefersReducedMotion();
    this.steps = timeline(this.reduced);
    const n = ++ids;
    this.props = closedProps({
      labelId: `sf-quick-view-title-${n}`,
      loaderTitleId: `sf-quick-view-title-${n}`,
      containerClass: this.settings.containerClass,
      overlayClass: this.settings.overlayClass,
      dialogClass: this.reduced ? 'sf-qv-reduced' : '',
      background: this.settings.background,
      titleMax: this.settings.titleMax,
      light: this.settings.light,
      onRequestClose: () => this.close(),
      onClosed: () => this.closed(),
      onContent: (el) => void (this.content = el),
    });
    this.host = document.createElement('div');
    this.host.className = 'sf-quick-view-root';
    document.body.append(this.host);
    this.island = renderIsland(NAME, this.host, <QuickView {...this.props} />);
  }

  private set(patch: Partial<QuickViewProps>): void {
    this.props = { ...this.props, ...patch };
    this.island.update(<QuickView {...this.props} />);
  }

  /** As set, committed before returning (React batches an update into a task of its own otherwise). */
  private stage(patch: Partial<QuickViewProps>): void {
    this.props = { ...this.props, ...patch };
    this.island.flush(<QuickView {...this.props} />);
  }

  private later(session: Session, ms: number, fn: () => void): void {
    if (ms <= 0 && this.reduced) return fn();
    session.timers.push(env().setTimeout(fn, ms));
  }

  get isOpen(): boolean {
    return this.session !== undefined;
  }

  /**
   * The card a pointer or focus is on (the shopper's intent, before the click): its title, price, rating, badges
   * and image go into the closed dialog now, where they cost no style or layout, so that the click only shows it.
   */
  prepare(link: HTMLElement): void {
    if (this.session || this.prepared?.link === link) return;
    const card = cardOf(link);
    this.prepared = { link, card };
    this.set({ labelId: this.props.loaderTitleId, ...card.view });
  }

  open(link: HTMLElement, productId: string): void {
    if (this.session) return;
    const prepared = this.prepared?.link === link ? this.prepared.card : undefined;
    this.prepared = undefined;
    const { card, image, preview, view } = prepared ?? cardOf(link);
    const { priceRating, badges } = view;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    // Read now: the page may have scrolled since the card was prepared.
    const rect = image?.getBoundingClientRect();
    const start =
      rect && rect.width > 0
        ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height }
        : { ...preview, ...centred(preview, viewport) };

    const session: Session = {
      link,
      productId,
      card,
      faded: card ? [...card.children] : [],
      preview,
      abort: new AbortController(),
      timers: [],
      animationDone: false,
      revealed: false,
      closing: false,
    };
    this.session = session;
    window.addEventListener('resize', this.onResize);

    // The dialog opens with the title, focus and the card's image (showModal restyles the whole page for its inert
    // background, which no code can spare); the rest follows in the task after that, so that no task holds both:
    // the request, the page's classes, the faded card, and (unless prepared) the copies of its price, rating and
    // badges.
    const live = () => this.session === session && !session.closing;
    const rest = () => {
      if (!live()) return;
      // The request starts here too: a fetch costs the click's task a few milliseconds of its own.
      void this.load(session);
      document.body.classList.add('fusion-wqv-open');
      document.documentElement.classList.add('sf-qv-lock');
      // Avada marks the card and fades its children to 0 (our CSS fades them, whatever the theme's CSS does).
      session.card?.classList.add('fusion-faded-out');
      for (const child of session.faded) child.classList.add('fusion-faded-out');
      if (!prepared && (priceRating.length || badges.length)) this.set({ priceRating, badges });
    };

    // The dialog opens in the task after the click, in both builds: the commit, showModal (which restyles the whole
    // page for its inert background) and the focus would otherwise all run inside the click's task (preact/compat
    // renders an update at once; React commits an update asked for in a click's handler at the end of that event).
    const finalBox = (): Box & { left: number; top: number } => {
      const width = finalWidth(preview.width, window.innerWidth);
      const box = { width, height: Math.min(preview.height, window.innerHeight - 20) };
      return { ...box, ...centred(box, { width: window.innerWidth, height: window.innerHeight }) };
    };
    // No zoom under reduced motion: the dialog is drawn at its final size and place before it is shown, with
    // everything in it, so that not one frame shows it at the card.
    const atRest = this.reduced
      ? {
          dialogClass: 'sf-qv-reduced sf-qv-in',
          box: finalBox(),
          containerClass: `${this.settings.containerClass} complete`,
          closeShown: true,
          loaderShown: true,
        }
      : {};
    const drawClosed = () => {
      this.stage({
        open: false,
        labelId: this.props.loaderTitleId,
        title: view.title,
        priceRating: prepared ? priceRating : [],
        badges: prepared ? badges : [],
        image: view.image,
        box: start,
        previewWidth: preview.width,
        duration: 0,
        containerClass: this.settings.containerClass,
        dialogClass: this.reduced ? 'sf-qv-reduced' : '',
        closeShown: false,
        loaderShown: false,
        loaderHidden: false,
        loading: true,
        message: '',
        ...atRest,
      });
    };
    const show = () => {
      this.stage({ open: true });
      const s = this.steps;
      if (this.reduced) {
        session.animationDone = true;
        return;
      }
      env().frame(() => this.session === session && this.set({ dialogClass: 'sf-qv-in' }));
      this.later(session, s.centreAt, () =>
        this.set({
          box: { ...preview, ...centred(preview, { width: window.innerWidth, height: window.innerHeight }) },
          duration: s.centre,
        }),
      );
      this.later(session, s.widenAt, () =>
        this.set({ box: finalBox(), duration: s.widen, containerClass: `${this.settings.containerClass} complete` }),
      );
      this.later(session, s.closeButtonAt, () => {
        session.animationDone = true;
        // The loader (the card's title, price and rating) only if the content has not arrived yet.
        this.set({ closeShown: true, loaderShown: !session.answer });
        this.reveal(session);
      });
    };
    // The closed dialog takes the card's view in the next task (React's render and commit, no style or layout for a
    // closed dialog), opens in the one after (showModal: its restyle and layout, and the focus), and the rest
    // follows in the task after that (the request starts only once the dialog is open).
    void env()
      .yieldTask()
      .then(async () => {
        if (!live()) return;
        drawClosed();
        await env().yieldTask();
        if (!live()) return;
        show();
        await env().yieldTask();
        rest();
      });
  }

  private async load(session: Session): Promise<void> {
    let text: string;
    // The sanitizer's chunk travels beside the request: the answer never waits for it.
    const sanitizer = loadSanitizer();
    sanitizer.catch(() => {});
    try {
      ({ text } = await requestText(this.settings.ajaxUrl, {
        method: 'POST',
        body: requestBody(this.settings.nonce, session.productId),
        timeout: TIMEOUT,
        signal: session.abort.signal,
      }));
    } catch (error) {
      if (this.session !== session || session.abort.signal.aborted) return;
      const code = isNetError(error) ? error.code : 'fetch_error';
      const status = isNetError(error) ? error.status : undefined;
      if (status === 403)
        warnOnce(NAME, 'quickViewNonce', 'refused by the shop (HTTP 403): the page was probably cached longer than its nonce lives');
      return this.fail(failureMessage({ code, status }));
    }
    if (this.session !== session) return;
    const answer = readAnswer(text);
    if (!answer.ok) {
      if (answer.reason === 'nonce') warnOnce(NAME, 'quickViewNonce', `refused by the shop (answer ${JSON.stringify(text.trim())})`);
      else
        warnOnce(
          NAME,
          'fusion_quick_view_load',
          `the answer is not the product's HTML (${JSON.stringify(text.trim().slice(0, 40))}); showing a message instead`,
        );
      return this.fail(failureMessage({ reason: answer.reason }));
    }
    let sanitizeFragment: Awaited<typeof sanitizer>['sanitizeFragment'];
    try {
      ({ sanitizeFragment } = await sanitizer);
    } catch {
      if (this.session !== session || session.abort.signal.aborted) return;
      return this.fail(failureMessage({ code: 'fetch_error' }));
    }
    if (this.session !== session) return;
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
    if (background) this.set({ background, light: lightCloseButton(lightness) });
    this.reveal(session);
  }

  private fail(message: string): void {
    this.set({ loading: false, loaderShown: true, closeShown: true, message });
  }

  /** Once the answer is in and the container has stopped growing: Avada's reveal sequence. */
  private reveal(session: Session): void {
    if (this.session !== session || !session.answer || !session.animationDone || session.revealed || session.closing) return;
    session.revealed = true;
    const s = this.steps;
    const loaded = `${this.settings.containerClass} complete fusion-quick-view-loaded`;
    this.set({ containerClass: `${loaded} fusion-animate-content` });
    let inserted: () => void = () => {};
    const done = new Promise<void>((resolve) => (inserted = resolve));
    this.later(session, s.insertAfter, () => this.insert(session, inserted));
    this.later(session, s.detailsAfter, () => this.set({ containerClass: `${this.props.containerClass} sf-qv-details` }));
    // Listeners of quick-view-displayed (the theme's own scripts) expect the whole product in.
    this.later(
      session,
      s.displayedAfter,
      () =>
        void done.then(() => {
          // Nothing from a dialog the page no longer holds (its body replaced before the runtime unmounted it).
          if (this.session !== session || session.closing || !this.connected) return;
          this.set({ containerClass: this.props.containerClass.replace(' fusion-animate-content', '') });
          fireLegacy(document.body, 'quick-view-displayed');
        }),
    );
  }

  /**
   * The product's HTML goes in a few pieces, one per frame (the product's and its summary's children, about
   * PIECE_ELEMENTS elements each), so that no frame lays out the whole product at once: the gallery and the
   * title come first. Focus moves to the title once it is laid out; the widgets inside are mounted once all is in.
   */
  private insert(session: Session, inserted: () => void): void {
    const content = this.content;
    const answer = session.answer;
    if (!content || !answer || this.session !== session || session.closing) return;
    const live = () => this.session === session && !session.closing && this.content === content;
    content.replaceChildren();
    const pieces = planPieces(content, answer.fragment);
    const dialog = content.closest('dialog');
    let title: HTMLElement | null = null;
    let focusTitle = false;
    const step = (index: number) => {
      if (!live()) return;
      // The title was laid out in the last frame: focusing it now costs no layout of its own.
      if (focusTitle && title?.isConnected) {
        focusTitle = false;
        if (dialog?.open && (!dialog.contains(document.activeElement) || document.activeElement?.id === this.props.loaderTitleId))
          title.focus({ preventScroll: true });
      }
      const piece = pieces[index];
      if (!piece) return this.inserted(session, content, inserted);
      for (const { parent, node } of piece) {
        parent.appendChild(node);
        if (!(node instanceof Element)) continue;
        for (const link of [...(node.matches(REVIEW_LINK) ? [node] : []), ...node.querySelectorAll(REVIEW_LINK)] as HTMLAnchorElement[]) {
          if (answer.singleUrl) link.href = reviewHref(answer.singleUrl, link.getAttribute('href'));
          link.classList.add('avada-noscroll');
        }
      }
      if (!title) {
        title = content.querySelector<HTMLElement>('.product_title');
        if (title) {
          // The dialog is named by the product's own title from now on; focus follows it if it was on the loader's.
          title.id ||= `${this.props.loaderTitleId}-product`;
          title.tabIndex = -1;
          focusTitle = true;
          this.set({ labelId: title.id, loaderHidden: true });
        }
      }
      if (index === 0) {
        this.set({ loading: false, containerClass: `${this.props.containerClass} sf-qv-summary` });
        env().frame(() => live() && this.set({ containerClass: `${this.props.containerClass} sf-qv-summary-in` }));
      }
      // The next piece goes in once this one is laid out: a piece appended in a frame callback is laid out in that
      // frame, so the next frame's callback finds it done; the first piece (appended in a timer) waits one more.
      if (index === 0) env().frame(() => env().frame(() => step(1)));
      else env().frame(() => step(index + 1));
    };
    step(0);
  }

  /** The whole product is in: the widgets inside are mounted, the preview image is watched. */
  private inserted(session: Session, content: HTMLElement, done: () => void): void {
    // The gallery, the variation form, quantity buttons, add to cart, a contact form: the same widgets as on a
    // product page, mounted by the runtime (each in a task of its own; unmounted again on close).
    islandHost()?.scan(content);
    done();
    // First look a poll later: reading the gallery's box now would lay out what was just inserted.
    if (this.reduced) this.watchPreview(session, 0);
    else this.later(session, this.steps.previewPoll, () => this.watchPreview(session, 0));
  }

  /** Fade the zoomed card image out once the gallery's slide has taken its place (or after a few tries). */
  private watchPreview(session: Session, tries: number): void {
    if (this.session !== session || !this.content) return;
    if (this.reduced) return this.set({ containerClass: `${this.props.containerClass} sf-qv-preview-out` });
    const slide = this.content.querySelector('.flex-active-slide, .woocommerce-product-gallery__image');
    const width = slide?.getBoundingClientRect().width ?? 0;
    if ((width > 0 && Math.abs(width - session.preview.width) <= 10) || tries >= 6) {
      this.set({ containerClass: `${this.props.containerClass} sf-qv-preview-out` });
      return;
    }
    this.later(session, this.steps.previewPoll, () => this.watchPreview(session, tries + 1));
  }

  private resize(): void {
    const session = this.session;
    if (!session || !this.props.containerClass.includes('complete')) return;
    const width = resizedWidth(session.preview.width, window.innerWidth);
    const box = { width, height: Math.min(session.preview.height, window.innerHeight - 20) };
    this.set({ box: { ...box, ...centred(box, { width: window.innerWidth, height: window.innerHeight }) }, duration: 0 });
  }

  /** The close button, the overlay, Escape: shrink and fade, then close the dialog. */
  close(): void {
    const session = this.session;
    if (!session || session.closing) return;
    session.closing = true;
    session.abort.abort();
    this.set({ dialogClass: `${this.props.dialogClass} sf-qv-closing` });
    const s = this.steps;
    this.later(session, Math.max(s.closeShrink, s.overlayFadeOut), () => this.closed());
  }

  /** The dialog closed (by us, or by the browser): undo everything and give focus back to the opening link. */
  closed(): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    this.prepared = undefined;
    session.abort.abort();
    for (const id of session.timers) env().clearTimeout(id);
    window.removeEventListener('resize', this.onResize);
    if (this.content) {
      islandHost()?.unmount(this.content);
      this.content.replaceChildren();
    }
    document.body.classList.remove('fusion-wqv-open');
    document.documentElement.classList.remove('sf-qv-lock');
    session.card?.classList.remove('fusion-faded-out');
    for (const child of session.faded) {
      child.classList.remove('fusion-faded-out');
      // The card's contents fade back in (Avada: 300 ms); the class's own transition left with the class.
      if (!this.reduced && typeof child.animate === 'function')
        child.animate([{ opacity: 0 }, { opacity: 1 }], { duration: this.steps.closeShrink, easing: 'ease' });
    }
    this.set({
      open: false,
      background: this.settings.background,
      light: this.settings.light,
      dialogClass: this.reduced ? 'sf-qv-reduced' : '',
      containerClass: this.settings.containerClass,
      labelId: this.props.loaderTitleId,
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

  destroy(): void {
    if (this.session) this.closed();
    this.island.unmount();
    this.host.remove();
    for (const { node, parent, next } of this.printed) parent.insertBefore(node, next && next.parentNode === parent ? next : null);
  }
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
function closedProps(fixed: Pick<QuickViewProps, Fixed>): QuickViewProps {
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

/**
 * A throwaway render of the closed dialog into a detached element, at idle before any click: the engine compiles
 * React's rendering code and this view now instead of in the shopper's first interaction. Nothing is left behind.
 */
export function warmView(): void {
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
  const host = document.createElement('div');
  const island = renderIsland(NAME, host, <QuickView {...props} />);
  // And an update such as an opening makes (still closed: a detached dialog cannot be shown).
  const copy = [document.createElement('span')];
  island.flush(
    <QuickView
      {...props}
      title="…"
      priceRating={copy}
      badges={copy}
      image={{ src: 'data:,' }}
      box={{ left: 1, top: 1, width: 401, height: 401 }}
      dialogClass="sf-qv-in"
      closeShown
      loaderShown
    />,
  );
  // And the events an opening brings while the pointer rests over the dialog and its content comes in: React hears
  // them at its root, whose dispatch code would otherwise compile in one of the opening's frames.
  const target = host.querySelector('button');
  if (target) {
    const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
    for (const type of ['pointerover', 'pointerout', 'mouseover', 'mouseout', 'pointermove'])
      target.dispatchEvent(new Pointer(type, { bubbles: true }));
    for (const type of ['focusin', 'focusout']) target.dispatchEvent(new FocusEvent(type, { bubbles: true }));
    for (const type of [
      'transitionrun',
      'transitionstart',
      'transitionend',
      'transitioncancel',
      'animationstart',
      'animationend',
      'beforetoggle',
    ])
      target.dispatchEvent(new Event(type, { bubbles: true }));
  }
  island.unmount();
}

interface Card {
  card: Element | null;
  image: HTMLImageElement | undefined;
  preview: Box;
  view: Pick<QuickViewProps, 'title' | 'priceRating' | 'badges' | 'image'>;
}

/** What the dialog shows of a link's card before the product arrives. */
function cardOf(link: HTMLElement): Card {
  const card = link.closest('.product, .fusion-carousel-item');
  // The featured image (Avada's `.wp-post-image`): a crossfade card prints its hover image before it.
  const images = card ? [...card.querySelectorAll('img')].filter((img) => !link.contains(img)) : [];
  const image = images.find((img) => img.classList.contains('wp-post-image')) ?? images[0];
  const preview = previewBox(imageBox(image, link));
  const title =
    link.getAttribute('data-product-title')?.trim() ||
    card?.querySelector(CARD_TITLE)?.textContent?.trim() ||
    link.textContent?.trim() ||
    'Quick view';
  // The loader's `.fusion-price-rating > .price + .star-rating`: the card's price, then its rating, one of each.
  const first = (selector: string) =>
    card ? [...card.querySelectorAll(selector)].find((el) => !el.parentElement?.closest('.price, .star-rating')) : undefined;
  const priceRating = [first('.price'), first('.star-rating')].filter((el) => el !== undefined);
  const badges = card ? [...card.querySelectorAll(BADGES)] : [];
  return { card, image, preview, view: { title, priceRating, badges, image: image ? previewImage(image) : undefined } };
}

/** The card image's size (its attributes or natural size), else the link's `data-image-width/height`. */
function imageBox(image: HTMLImageElement | undefined, link: Element): Box | undefined {
  const w = parseSize(image?.getAttribute('width') ?? null) ?? (image?.naturalWidth || undefined);
  const h = parseSize(image?.getAttribute('height') ?? null) ?? (image?.naturalHeight || undefined);
  if (w && h) return { width: w, height: h };
  const dw = parseSize(link.getAttribute('data-image-width'));
  const dh = parseSize(link.getAttribute('data-image-height'));
  return dw && dh ? { width: dw, height: dh } : undefined;
}

function previewImage(image: HTMLImageElement): PreviewImage | undefined {
  const src = image.currentSrc || image.getAttribute('src');
  if (!src) return undefined;
  return { src, srcset: image.getAttribute('srcset') ?? undefined, sizes: image.getAttribute('sizes') ?? undefined };
}

let shared: { controller: QuickViewController; users: number } | undefined;

/** One controller for every quick-view link on the page; it leaves with the last of them. */
export function acquire(): { controller: QuickViewController; release: () => void } {
  if (shared && !shared.controller.connected) shared = undefined;
  shared ??= { controller: new QuickViewController(), users: 0 };
  const mine = shared;
  mine.users += 1;
  let released = false;
  return {
    controller: mine.controller,
    release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0 || shared !== mine) return;
      shared = undefined;
      mine.controller.destroy();
    },
  };
}
