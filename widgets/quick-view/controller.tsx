import { islandHost } from '../../mount/host';
import { num, readGlobal, str } from '../../src/config/globals';
import { adoptStyles } from '../../src/dom/styles';
import { parseFragment } from '../../src/dom/html';
import { env } from '../../src/env';
import { fireLegacy } from '../../src/events/bus';
import { warnOnce } from '../../src/log';
import { isNetError } from '../../src/net/errors';
import { requestText } from '../../src/net/request';
import { sameOriginUrl } from '../../src/net/url';
import { renderIsland, type Island } from '../../src/react/render';
import { centred, failureMessage, finalWidth, lightCloseButton, parseSize, previewBox, readAnswer, requestBody, resizedWidth, reviewHref, scriptVar, timeline, type Box, type Timeline } from './logic';
import { QuickView, type PreviewImage, type QuickViewProps } from './QuickView';
import { QUICK_VIEW_CSS } from './styles';

const NAME = 'quick-view';
const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';
const TIMEOUT = 15_000;
const CARD_TITLE = '.woocommerce-loop-product__title, .product-title, .fusion-title-heading, .product_title, h2, h3';
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

/** The page globals and the printed container, read once, at the boundary. */
function readSettings(container: Element | null): Settings {
  const vars = readGlobal(
    'avadaWooCommerceVars',
    { ajaxurl: str(''), shop_page_bg_color: str(''), shop_page_bg_color_lightness: num(Number.NaN), post_title_font_size: num(Number.NaN) },
    NAME,
  );
  let ajaxUrl = DEFAULT_AJAX_URL;
  if (vars.ajaxurl) {
    // HTML from this endpoint is inserted into the page: only the site's own.
    const url = sameOriginUrl(vars.ajaxurl);
    if (url) ajaxUrl = url.href;
    else warnOnce(NAME, 'avadaWooCommerceVars.ajaxurl', `${JSON.stringify(vars.ajaxurl)} is not an http(s) URL of this site; using ${DEFAULT_AJAX_URL}`);
  }
  const colour = vars.shop_page_bg_color.trim();
  const background = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/-]+\)|[a-z]+)$/i.test(colour) ? colour : undefined;
  if (colour && !background) warnOnce(NAME, 'avadaWooCommerceVars.shop_page_bg_color', `${JSON.stringify(colour)} is not a colour; using the theme's`);
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
    overlayClass: document.querySelector('.fusion-woocommerce-quick-view-overlay')?.className.trim() || 'fusion-woocommerce-quick-view-overlay',
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
    this.props = {
      open: false,
      labelId: `sf-quick-view-title-${n}`,
      loaderTitleId: `sf-quick-view-title-${n}`,
      title: '',
      priceRating: [],
      badges: [],
      image: undefined,
      box: { left: 0, top: 0, width: 400, height: 400 },
      previewWidth: 400,
      duration: 0,
      containerClass: this.settings.containerClass,
      overlayClass: this.settings.overlayClass,
      dialogClass: this.reduced ? 'sf-qv-reduced' : '',
      background: this.settings.background,
      titleMax: this.settings.titleMax,
      closeShown: false,
      light: this.settings.light,
      loaderShown: false,
      loaderHidden: false,
      loading: true,
      message: '',
      onRequestClose: () => this.close(),
      onClosed: () => this.closed(),
      onContent: (el) => void (this.content = el),
    };
    this.host = document.createElement('div');
    this.host.className = 'sf-quick-view-root';
    document.body.append(this.host);
    this.island = renderIsland(NAME, this.host, <QuickView {...this.props} />);
  }

  private set(patch: Partial<QuickViewProps>): void {
    this.props = { ...this.props, ...patch };
    this.island.update(<QuickView {...this.props} />);
  }

  private later(session: Session, ms: number, fn: () => void): void {
    if (ms <= 0 && this.reduced) return fn();
    session.timers.push(env().setTimeout(fn, ms));
  }

  get isOpen(): boolean {
    return this.session !== undefined;
  }

  open(link: HTMLElement, productId: string): void {
    if (this.session) return;
    const card = link.closest('.product, .fusion-carousel-item');
    const image = card ? [...card.querySelectorAll('img')].find((img) => !link.contains(img)) : undefined;
    const imageSize = imageBox(image, link);
    const preview = previewBox(imageSize);
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const rect = image?.getBoundingClientRect();
    const start = rect && rect.width > 0 ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : { ...preview, ...centred(preview, viewport) };
    const title = link.getAttribute('data-product-title')?.trim() || card?.querySelector(CARD_TITLE)?.textContent?.trim() || link.textContent?.trim() || 'Quick view';
    const priceRating = card ? [...card.querySelectorAll('.price, .star-rating')].filter((el) => !el.parentElement?.closest('.price, .star-rating')) : [];

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
    document.body.classList.add('fusion-wqv-open');
    for (const child of session.faded) child.classList.add('fusion-faded-out');
    window.addEventListener('resize', this.onResize);

    this.set({
      open: true,
      labelId: this.props.loaderTitleId,
      title,
      priceRating,
      badges: card ? [...card.querySelectorAll(BADGES)] : [],
      image: image ? previewImage(image) : undefined,
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
    });
    void this.load(session);

    const s = this.steps;
    const finalBox = (): Box & { left: number; top: number } => {
      const width = finalWidth(preview.width, window.innerWidth);
      const box = { width, height: Math.min(preview.height, window.innerHeight - 20) };
      return { ...box, ...centred(box, { width: window.innerWidth, height: window.innerHeight }) };
    };
    if (this.reduced) {
      // No zoom: the dialog appears at its final size and place, with everything in it.
      this.set({ dialogClass: 'sf-qv-reduced sf-qv-in', box: finalBox(), containerClass: `${this.settings.containerClass} complete`, closeShown: true, loaderShown: true });
      session.animationDone = true;
      return;
    }
    env().frame(() => this.session === session && this.set({ dialogClass: 'sf-qv-in' }));
    this.later(session, s.centreAt, () => this.set({ box: { ...preview, ...centred(preview, { width: window.innerWidth, height: window.innerHeight }) }, duration: s.centre }));
    this.later(session, s.widenAt, () => this.set({ box: finalBox(), duration: s.widen, containerClass: `${this.settings.containerClass} complete` }));
    this.later(session, s.closeButtonAt, () => {
      session.animationDone = true;
      this.set({ closeShown: true, loaderShown: true });
      this.reveal(session);
    });
  }

  private async load(session: Session): Promise<void> {
    let text: string;
    try {
      ({ text } = await requestText(this.settings.ajaxUrl, { method: 'POST', body: requestBody(this.settings.nonce, session.productId), timeout: TIMEOUT, signal: session.abort.signal }));
    } catch (error) {
      if (this.session !== session || session.abort.signal.aborted) return;
      const code = isNetError(error) ? error.code : 'fetch_error';
      const status = isNetError(error) ? error.status : undefined;
      if (status === 403) warnOnce(NAME, 'quickViewNonce', 'refused by the shop (HTTP 403): the page was probably cached longer than its nonce lives');
      return this.fail(failureMessage({ code, status }));
    }
    if (this.session !== session) return;
    const answer = readAnswer(text);
    if (!answer.ok) {
      if (answer.reason === 'nonce') warnOnce(NAME, 'quickViewNonce', `refused by the shop (answer ${JSON.stringify(text.trim())})`);
      else warnOnce(NAME, 'fusion_quick_view_load', `the answer is not the product's HTML (${JSON.stringify(text.trim().slice(0, 40))}); showing a message instead`);
      return this.fail(failureMessage({ reason: answer.reason }));
    }
    const scripts: string[] = [];
    const fragment = parseFragment(answer.html, scripts);
    let singleUrl: string | undefined;
    for (const script of scripts) singleUrl ||= scriptVar(script, 'productQuickViewSingleURL');
    session.answer = { fragment, singleUrl: singleUrl ? sameOriginUrl(singleUrl)?.href : undefined };
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
    this.later(session, s.insertAfter, () => this.insert(session));
    this.later(session, s.detailsAfter, () => this.set({ containerClass: `${this.props.containerClass} sf-qv-details` }));
    this.later(session, s.displayedAfter, () => {
      this.set({ containerClass: this.props.containerClass.replace(' fusion-animate-content', '') });
      fireLegacy(document.body, 'quick-view-displayed');
    });
  }

  private insert(session: Session): void {
    const content = this.content;
    const answer = session.answer;
    if (!content || !answer || this.session !== session || session.closing) return;
    content.replaceChildren(answer.fragment);
    for (const link of content.querySelectorAll<HTMLAnchorElement>('a.woocommerce-review-link')) {
      if (answer.singleUrl) link.href = reviewHref(answer.singleUrl, link.getAttribute('href'));
      link.classList.add('avada-noscroll');
    }
    // The dialog is named by the product's own title from now on; focus follows it if it was on the loader's.
    const title = content.querySelector<HTMLElement>('.product_title');
    const dialog = content.closest('dialog');
    const focusWasOnLoader = !dialog?.contains(document.activeElement) || document.activeElement?.id === this.props.loaderTitleId;
    if (title) {
      title.id ||= `${this.props.loaderTitleId}-product`;
      title.tabIndex = -1;
      // Not shown yet (the answer beat the first paint): the dialog focuses its label when it opens.
      if (dialog?.open && focusWasOnLoader) title.focus({ preventScroll: true });
    }
    this.set({ labelId: title ? title.id : this.props.labelId, loaderHidden: Boolean(title), loading: false, containerClass: `${this.props.containerClass} sf-qv-summary` });
    env().frame(() => this.session === session && this.set({ containerClass: `${this.props.containerClass} sf-qv-summary-in` }));
    // The gallery, the variation form, quantity buttons, add to cart, a contact form: the same widgets as on a
    // product page, mounted by the runtime (unmounted again on close).
    islandHost()?.scan(content);
    this.watchPreview(session, 0);
  }

  /** Fade the zoomed card image out once the gallery's slide has taken its place (or after a few tries). */
  private watchPreview(session: Session, tries: number): void {
    if (this.session !== session || !this.content) return;
    const slide = this.content.querySelector('.flex-active-slide, .woocommerce-product-gallery__image');
    const width = slide?.getBoundingClientRect().width ?? 0;
    if ((width > 0 && Math.abs(width - session.preview.width) <= 10) || tries >= 6 || this.reduced) {
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
    session.abort.abort();
    for (const id of session.timers) env().clearTimeout(id);
    window.removeEventListener('resize', this.onResize);
    if (this.content) {
      islandHost()?.unmount(this.content);
      this.content.replaceChildren();
    }
    document.body.classList.remove('fusion-wqv-open');
    for (const child of session.faded) child.classList.remove('fusion-faded-out');
    this.set({
      open: false,
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
