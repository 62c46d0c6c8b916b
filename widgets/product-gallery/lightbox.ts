import { photoSwipeIn, type PhotoSwipe, type SlideData } from '../../src/dom/photoswipe';
import { adoptStyles, adoptStylesIn } from '../../src/dom/styles';
import { env } from '../../src/env';
import { httpUrlText } from '../../src/net/url-attrs';

/**
 * The full-screen lightbox: PhotoSwipe 5's core inside the native modal `<dialog>` the gallery keeps on the
 * page. This module (and PhotoSwipe with its CSS) is a separate chunk, imported on the first open only.
 *
 * - The `<dialog>` gives top layer, an inert background, and Escape through `cancel`; PhotoSwipe's own Escape
 *   handling is off so there is one closing path.
 * - Opening pushes one history entry: Back closes the lightbox, and closing otherwise steps back over it.
 * - Focus moves into the lightbox and returns to the opener (the magnifier or the image link).
 * - PhotoSwipe 5 draws into an open shadow root inside the dialog: its class names are PhotoSwipe 4's, and
 *   WooCommerce's PhotoSwipe 4 stylesheets (and themes' rules for them) stay on many shops; in the shadow root none
 *   of the page's rules reach our lightbox (no sprite on our buttons, no old bars or backdrop), and WooCommerce's
 *   footer template is never matched by our selectors.
 */
export interface LightboxItem {
  src: string;
  /** 0 when the markup gave no size: measured before opening. */
  width: number;
  height: number;
  /** Used when the image cannot be measured (it will show the error message anyway). */
  fallbackWidth: number;
  fallbackHeight: number;
  alt: string;
  caption: string;
}

export interface LightboxRequest {
  items: LightboxItem[];
  index: number;
  dialog: HTMLDialogElement;
  opener: HTMLElement | null;
  showAnimationDuration: number;
  hideAnimationDuration: number;
  /** Called after the lightbox has closed and focus is back. */
  onClosed?: (index: number) => void;
}

export interface LightboxHandle {
  close(): void;
  readonly pswp: PhotoSwipe;
}

export const TEXTS = {
  error: 'The image could not be loaded.',
  close: 'Close (Esc)',
  zoom: 'Zoom in/out',
  previous: 'Previous image',
  next: 'Next image',
} as const;

/** The dialog, in the page. */
const DIALOG_CSS = `
dialog.sf-lightbox{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;overflow:hidden}
dialog.sf-lightbox::backdrop{background:transparent}
`;

/** Inside the shadow root, beside PhotoSwipe's own CSS; nothing inherits from the page but its font. */
const LIGHTBOX_CSS = `
:host{all:initial;display:block;position:absolute;inset:0;font-family:inherit}
.pswp{position:absolute}
.pswp__sf-caption{position:absolute;left:50%;bottom:16px;transform:translateX(-50%);max-width:min(90%,720px);margin:0;padding:6px 12px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;font-size:14px;line-height:1.4;text-align:center}
.pswp__sf-caption[hidden]{display:none}
.pswp__error-msg a{color:inherit;text-decoration:underline}
`;

const ROOT_CLASS = 'sf-lightbox__root';

/**
 * A shadow root in the dialog for PhotoSwipe. PhotoSwipe reads `event.target` of the pointer events it hears on
 * `window` (is this a click on the image, the background, the controls?); there the browser retargets them to the
 * shadow host, so the target inside is handed back to those listeners.
 */
function shadowStage(dialog: HTMLDialogElement): { root: ShadowRoot; stage: HTMLElement } {
  const host = document.createElement('div');
  host.className = ROOT_CLASS;
  const root = host.attachShadow({ mode: 'open' });
  for (const type of ['pointerup', 'pointercancel', 'mouseup', 'touchend']) {
    root.addEventListener(
      type,
      (event) => {
        const inner = event.composedPath()[0];
        if (inner instanceof Element) Object.defineProperty(event, 'target', { configurable: true, get: () => inner });
      },
      { capture: true },
    );
  }
  const stage = document.createElement('div');
  root.append(stage);
  dialog.append(host);
  return { root, stage };
}

/** Natural size of an image, or undefined when it fails or takes too long. */
function measure(src: string, timeoutMs = 2500): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const img = new Image();
    const done = (v: { width: number; height: number } | undefined) => {
      env().clearTimeout(timer);
      img.onload = img.onerror = null;
      resolve(v);
    };
    const timer = env().setTimeout(() => done(undefined), timeoutMs);
    img.onload = () => done(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : undefined);
    img.onerror = () => done(undefined);
    img.src = src;
  });
}

async function toSlides(items: LightboxItem[]): Promise<SlideData[]> {
  return Promise.all(
    items.map(async (item) => {
      let { width, height } = item;
      if (!width || !height) {
        const size = await measure(item.src);
        width = size?.width ?? (item.fallbackWidth || 1200);
        height = size?.height ?? (item.fallbackHeight || 1200);
      }
      return { src: item.src, width, height, alt: item.alt, caption: item.caption };
    }),
  );
}

/** WooCommerce's error text and caption in PhotoSwipe's UI. */
function addErrorAndCaption(pswp: PhotoSwipe): void {
  // "The image could not be loaded." with the word "image" linking to the file, as WooCommerce's lightbox does.
  pswp.addFilter('contentErrorElement', (element, content) => {
    const src = String(content.data.src ?? '');
    const box = document.createElement('div');
    box.className = 'pswp__error-msg';
    box.setAttribute('role', 'alert');
    if (httpUrlText(src, document.baseURI)) {
      const link = document.createElement('a');
      link.href = src;
      link.target = '_blank';
      link.rel = 'noopener';
      link.textContent = 'The image';
      box.append(link, ' could not be loaded.');
    } else {
      box.textContent = TEXTS.error;
    }
    return box ?? element;
  });

  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'sf-caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      tagName: 'p',
      onInit: (element, instance) => {
        element.setAttribute('aria-live', 'polite');
        const update = () => {
          const text = String(instance.currSlide?.data.caption ?? '').trim();
          element.textContent = text;
          element.hidden = !text;
        };
        instance.on('change', update);
        update();
      },
    });
  });
}

let current: LightboxHandle | undefined;

export async function openLightbox(request: LightboxRequest): Promise<LightboxHandle> {
  current?.close();
  adoptStyles('sf-lightbox', DIALOG_CSS);
  const { dialog, opener } = request;
  const dataSource = await toSlides(request.items);
  const reduced = env().prefersReducedMotion();
  const duration = (ms: number) => (reduced ? 0 : ms);

  dialog.replaceChildren();
  const { root, stage } = shadowStage(dialog);
  const PhotoSwipeCore = photoSwipeIn(root);
  adoptStylesIn(root, 'sf-lightbox', LIGHTBOX_CSS);

  const pswp = new PhotoSwipeCore({
    dataSource,
    index: Math.min(Math.max(0, request.index), dataSource.length - 1),
    appendToEl: stage,
    // WooCommerce's constants: spacing 0.12, preload one each side, loop only with 3+ items (PhotoSwipe's own
    // rule), no animation unless the site asks for one, controls always visible.
    spacing: 0.12,
    preload: [1, 1],
    loop: true,
    showAnimationDuration: duration(request.showAnimationDuration),
    hideAnimationDuration: duration(request.hideAnimationDuration),
    showHideAnimationType: request.showAnimationDuration || request.hideAnimationDuration ? 'fade' : 'none',
    zoomAnimationDuration: reduced ? 0 : 333,
    bgOpacity: 0.85,
    escKey: false,
    returnFocus: false,
    // The modal dialog keeps focus inside; PhotoSwipe's own trap would see every focus in the shadow root as outside.
    trapFocus: false,
    closeTitle: TEXTS.close,
    zoomTitle: TEXTS.zoom,
    arrowPrevTitle: TEXTS.previous,
    arrowNextTitle: TEXTS.next,
    errorMsg: TEXTS.error,
  });

  addErrorAndCaption(pswp);

  let closedByHistory = false;
  const marker = { sfLightbox: Math.random().toString(36).slice(2) };
  const onPopState = () => {
    closedByHistory = true;
    pswp.close();
  };
  const onCancel = (event: Event) => {
    event.preventDefault();
    pswp.close();
  };
  // A browser may close the dialog without a cancellable `cancel` (repeated Escape): follow it.
  const onDialogClose = () => {
    if (!pswp.isDestroying) pswp.destroy();
  };

  pswp.on('destroy', () => {
    window.removeEventListener('popstate', onPopState);
    dialog.removeEventListener('cancel', onCancel);
    dialog.removeEventListener('close', onDialogClose);
    if (dialog.open) dialog.close();
    dialog.replaceChildren();
    if (current?.pswp === pswp) current = undefined;
    if (!closedByHistory && (history.state as { sfLightbox?: string } | null)?.sfLightbox === marker.sfLightbox) history.back();
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    request.onClosed?.(pswp.currIndex);
  });

  dialog.addEventListener('cancel', onCancel);
  dialog.addEventListener('close', onDialogClose);
  if (!dialog.open) {
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }
  try {
    history.pushState({ ...(history.state as object | null), ...marker }, '');
    window.addEventListener('popstate', onPopState);
  } catch {
    /* sandboxed documents may refuse history changes: Back then simply leaves the page */
  }
  pswp.init();
  // Our <dialog> is the dialog (labelled "Full screen image"); PhotoSwipe's inner root must not be a second one,
  // and its scroll area carries a role description without a role.
  pswp.element?.removeAttribute('role');
  pswp.scrollWrap?.removeAttribute('aria-roledescription');
  // PhotoSwipe focuses its root only when opened without a pointer position; always move focus inside.
  if (pswp.element && !pswp.element.contains(root.activeElement)) pswp.element.focus({ preventScroll: true });

  const handle: LightboxHandle = {
    pswp,
    close: () => pswp.close(),
  };
  current = handle;
  return handle;
}
