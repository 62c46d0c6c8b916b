import { memo, useLayoutEffect, useRef, type CSSProperties, type RefObject } from 'react';
import { zoomFrames, type Rect } from './logic';

export interface PreviewImage {
  src: string;
  srcset?: string;
  sizes?: string;
}

export interface QuickViewProps {
  open: boolean;
  /** The element naming the dialog: the loader's title, then the product's own title once it is in. */
  labelId: string;
  loaderTitleId: string;
  title: string;
  /** Copies of the card's price and rating (the page's own markup), and its sale / sold-out badges. */
  priceRating: readonly Node[];
  badges: readonly Node[];
  image: PreviewImage | undefined;
  box: { left: number; top: number; width: number; height: number };
  previewWidth: number;
  /** Duration of the current move or resize of the container, ms. */
  duration: number;
  /** The printed container's classes and the state classes Avada sets (`complete`, `fusion-quick-view-loaded` …). */
  containerClass: string;
  overlayClass: string;
  /** State of the whole dialog: `sf-qv-in` once faded in, `sf-qv-closing` while closing. */
  dialogClass: string;
  background: string | undefined;
  titleMax: number | undefined;
  closeShown: boolean;
  light: boolean;
  loaderShown: boolean;
  loaderHidden: boolean;
  loading: boolean;
  message: string;
  onRequestClose(): void;
  onClosed(): void;
  onContent(element: HTMLDivElement | null): void;
}

/** Copies of page nodes, placed imperatively: they are the page's own markup, never HTML from a string. */
function Copies({ nodes, className }: { nodes: readonly Node[]; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(...nodes.map((n) => n.cloneNode(true)));
  }, [nodes]);
  return <div className={className} ref={ref} />;
}

const px = (n: number) => `${Math.round(n)}px`;

/** Set on the container while it widens: its surface (`::before`) draws its background, growing. */
const WIDENING = 'data-sf-qv-widening';

/**
 * Avada's zoom without a layout per frame: each new box (with a duration) is laid out once and the compositor
 * animates a transform from the old one (`zoomFrames`). Left, top, width and height changing in a transition laid
 * the dialog out at every frame of the opening, the React build's long tasks. Under reduced motion every
 * duration is 0: nothing animates.
 */
function useZoom(container: RefObject<HTMLDivElement | null>, box: Rect, duration: number, widen: boolean, closing: boolean) {
  const last = useRef(box);
  const running = useRef<Animation[]>([]);
  useLayoutEffect(() => {
    const from = last.current;
    // Only a new box starts a zoom: a render for anything else keeps the running one.
    if (from === box) return;
    last.current = box;
    const el = container.current;
    if (!el || typeof el.animate !== 'function') return;
    // A box set at once (a resize, the next opening's start) ends a zoom still running: its transform was from
    // the box before.
    stopZoom(el, running.current);
    if (duration > 0) running.current = zoom(el, zoomFrames(from, box, widen), duration);
  }, [container, box, duration, widen]);
  useLayoutEffect(() => {
    if (closing && container.current) stopZoom(container.current, running.current);
  }, [container, closing]);
}

function zoom(el: HTMLElement, frames: ReturnType<typeof zoomFrames>, duration: number): Animation[] {
  const timing = { duration, easing: 'ease' };
  const animations = [el.animate({ transform: frames.container }, timing)];
  if (frames.surface) {
    el.setAttribute(WIDENING, '');
    const surface = el.animate({ transform: frames.surface }, { ...timing, pseudoElement: '::before' });
    surface.onfinish = () => el.removeAttribute(WIDENING);
    animations.push(surface);
  }
  return animations;
}

/** A zoom that is overtaken (the next step, closing) ends at its box, where the next one starts. */
function stopZoom(el: HTMLElement, running: Animation[]): void {
  for (const animation of running.splice(0)) animation.finish();
  el.removeAttribute(WIDENING);
}

/**
 * Avada's quick view inside a native modal <dialog>: the overlay and the container keep the theme's classes
 * (its CSS styles them); the dialog adds the top layer, the inert background, Escape and the label. The
 * product's HTML goes into `.fusion-wqv-content`, which React leaves alone.
 */
export const QuickView = memo(function QuickView(props: QuickViewProps) {
  const { open, onRequestClose, onClosed, onContent, box, previewWidth, duration, background, titleMax } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const closing = !open || props.dialogClass.includes('sf-qv-closing');
  useZoom(container, box, duration, props.containerClass.includes('complete'), closing);
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Focus on the heading that names the dialog: the loader's, or the product's if it is already in.
      const label = d.getAttribute('aria-labelledby');
      if (label) d.ownerDocument.getElementById(label)?.focus({ preventScroll: true });
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // The close button and the overlay take the same path as Escape (a `cancel` event) where the browser has it.
  const requestClose = () => {
    const d = dialog.current as (HTMLDialogElement & { requestClose?: () => void }) | null;
    if (d?.open && typeof d.requestClose === 'function') d.requestClose();
    else onRequestClose();
  };

  const vars = {
    '--sf-qv-left': px(box.left),
    '--sf-qv-top': px(box.top),
    '--sf-qv-width': px(box.width),
    '--sf-qv-height': px(box.height),
    '--sf-qv-preview-width': px(previewWidth),
    '--sf-qv-duration': `${duration}ms`,
    ...(background ? { '--sf-qv-bg': background } : {}),
    ...(titleMax ? { '--sf-qv-title-max': px(titleMax) } : {}),
  } as CSSProperties;

  return (
    <dialog
      ref={dialog}
      className={`sf-quick-view ${props.dialogClass}`.trim()}
      aria-labelledby={props.labelId}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onClose={onClosed}
    >
      <div className={props.overlayClass} onClick={requestClose} />
      <div className={props.containerClass} style={vars} ref={container}>
        <div className={`fusion-wqv-close${props.closeShown ? ' sf-qv-shown' : ''}${props.light ? ' light' : ''}`}>
          {/* Avada's light close button: `light` on the button (its CSS), and on the wrapper (ours). */}
          <button type="button" className={props.light ? 'light' : undefined} onClick={requestClose}>
            <span aria-hidden="true">×</span>
            <span className="screen-reader-text">Close product quick view</span>
          </button>
        </div>
        <div
          className={`fusion-wqv-loader product${props.loaderShown ? ' sf-qv-shown' : ''}${props.loading ? '' : ' sf-qv-settled'}`}
          hidden={props.loaderHidden}
        >
          <h2 className="product_title entry-title" id={props.loaderTitleId} tabIndex={-1}>
            {props.title}
          </h2>
          <Copies nodes={props.priceRating} className="fusion-price-rating" />
          {props.loading && <div className="fusion-slider-loading" aria-hidden="true" />}
          <p className="sf-quick-view__message" role="alert">
            {props.message}
          </p>
        </div>
        {props.badges.length > 0 && <Copies nodes={props.badges} className="fusion-woo-badges-wrapper" />}
        <div className="fusion-wqv-preview-image" aria-hidden="true">
          {props.image && <img src={props.image.src} srcSet={props.image.srcset} sizes={props.image.sizes} alt="" />}
        </div>
        <div className="fusion-wqv-content" ref={onContent} />
      </div>
    </dialog>
  );
});
