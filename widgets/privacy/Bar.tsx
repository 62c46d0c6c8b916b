import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { env } from '../../src/env';
import { navigation, type ConsentStore } from './consent';
import { acceptedConsents, initialChecked, rejectedConsents, withdrawn } from './logic';

/** Each opening of the bar (the first show, a settings link) is a new request. */
export interface BarRequest {
  id: number;
  /** Opened from a "privacy settings" link: the choices are shown and focus moves to the bar. */
  settings: boolean;
  opener?: HTMLElement;
}

export interface BarProps {
  store: ConsentStore;
  request: BarRequest;
  label: string;
  mainClass: string;
  /** The printed message (the site's own markup), without the learn-more link. */
  messageHtml: string;
  learnMore?: { text: string; iconClass: string };
  accept: { className: string; origText: string; altText: string };
  reject?: { className: string; text: string };
  /** `.fusion-privacy-bar-full` as printed; its checkboxes stay native, uncontrolled inputs. */
  full?: { className: string; html: string; id: string };
  /** Checkbox state as printed (the theme's defaults), by type. */
  printed: Record<string, boolean>;
}

const SLIDE_MS = 300;

function boxes(full: HTMLElement | null): HTMLInputElement[] {
  return full ? [...full.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="consents[]"]')] : [];
}

/** A link that acts as a button: Space activates it as Enter does. */
const isSpace = (event: KeyboardEvent<HTMLAnchorElement>) => event.key === ' ';

/** The host is the theme's own bar element: shown, labelled and given the open class from here. */
function useBarHost(visible: boolean, open: boolean, label: string): RefObject<HTMLDivElement | null> {
  const mainRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bar = mainRef.current?.parentElement;
    if (!bar) return;
    bar.setAttribute('role', 'region');
    bar.setAttribute('aria-label', label);
    bar.setAttribute('tabindex', '-1');
    bar.style.display = visible ? 'block' : 'none';
    bar.classList.toggle('fusion-privacy-bar-open', visible && open);
  }, [visible, open, label]);
  return mainRef;
}

/** The panel slides (300 ms) unless the visitor prefers reduced motion. */
function useSlide(open: boolean): RefObject<HTMLDivElement | null> {
  const fullRef = useRef<HTMLDivElement>(null);
  const firstSlide = useRef(true);
  useLayoutEffect(() => {
    const panel = fullRef.current;
    if (!panel) return;
    const animate = !firstSlide.current && !env().prefersReducedMotion() && typeof panel.animate === 'function';
    firstSlide.current = false;
    if (open) panel.style.display = 'block';
    if (!animate) {
      if (!open) panel.style.display = 'none';
      return;
    }
    const height = `${panel.scrollHeight}px`;
    panel.style.overflow = 'hidden';
    const slide = panel.animate(open ? [{ height: '0px' }, { height }] : [{ height }, { height: '0px' }], {
      duration: SLIDE_MS,
      easing: 'ease',
    });
    // A cancelled slide (toggled again mid-way) rejects `finished`: the next effect sets the state then.
    slide.finished.then(
      () => {
        panel.style.overflow = '';
        if (!open) panel.style.display = 'none';
      },
      () => {},
    );
    return () => slide.cancel();
  }, [open]);
  return fullRef;
}

/**
 * Avada's bar, kept in its classes: the message, "learn more" (a disclosure), accept (its text switching to
 * the alternative while a choice is pending), reject, and the panel of per-type choices. A labelled region in
 * the page's tab order; it never takes focus unless a settings link asked for it.
 */
export function Bar(props: BarProps) {
  const { store, request, learnMore, accept, reject, full, label, printed } = props;
  const { settings } = request;
  const baseline = useRef(new Map<string, boolean>());
  const [visible, setVisible] = useState(true);
  const [open, setOpen] = useState(request.settings);
  const [pending, setPending] = useState(false);
  // Each opening (a settings link) shows the bar again, from the standing choice.
  const [shownFor, setShownFor] = useState(request.id);
  if (shownFor !== request.id) {
    setShownFor(request.id);
    setVisible(true);
    setPending(false);
    if (request.settings) setOpen(true);
  }

  const mainRef = useBarHost(visible, open, label);
  const fullRef = useSlide(open);

  // The checkboxes start from the standing choice (or the printed defaults before any answer); a settings link
  // moves focus to the bar it opened.
  useLayoutEffect(() => {
    const consents = store.consents();
    baseline.current.clear();
    for (const box of boxes(fullRef.current)) {
      box.checked = initialChecked(box.value, printed[box.value] ?? false, consents);
      baseline.current.set(box.value, box.checked);
    }
    if (settings) mainRef.current?.parentElement?.focus();
  }, [shownFor, store, printed, settings, mainRef, fullRef]);

  useEffect(() => {
    const panel = fullRef.current;
    if (!panel) return;
    const onChange = () => setPending(boxes(panel).some((b) => baseline.current.get(b.value) !== b.checked));
    panel.addEventListener('change', onChange);
    return () => panel.removeEventListener('change', onChange);
  }, [fullRef]);

  const close = () => {
    setVisible(false);
    if (request.opener?.isConnected) request.opener.focus();
  };

  const onAccept = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const before = store.consents();
    const choices = boxes(fullRef.current).map((b) => ({ type: b.value, checked: b.checked }));
    const next = acceptedConsents({ consents: before, panelOpen: open, pending, choices }, store.config);
    // The store reloads the page itself when a type is taken back; the bar only hides.
    store.set(next);
    if (!withdrawn(before, next).length) close();
  };

  const onReject = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    store.set(rejectedConsents());
    setVisible(false);
    navigation.reload();
  };

  const onLearnMore = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen((o) => !o);
  };

  const icon = learnMore?.iconClass.replace(/angle-(up|down)/, open ? 'angle-up' : 'angle-down');
  return (
    <>
      <div className={props.mainClass} ref={mainRef}>
        <span>
          <span className="sf-privacy-message" dangerouslySetInnerHTML={{ __html: props.messageHtml }} />{' '}
          {learnMore && full && (
            <a
              href="#"
              className="fusion-privacy-bar-learn-more"
              role="button"
              aria-expanded={open}
              aria-controls={full.id}
              onClick={onLearnMore}
              onKeyDown={(event) => isSpace(event) && onLearnMore(event)}
            >
              {learnMore.text} <i className={icon} aria-hidden="true" />
            </a>
          )}
        </span>
        <a
          href="#"
          role="button"
          className={pending ? `${accept.className} fusion-privacy-update` : accept.className}
          data-alt-text={accept.altText}
          data-orig-text={accept.origText}
          onClick={onAccept}
          onKeyDown={(event) => isSpace(event) && onAccept(event)}
        >
          {pending ? accept.altText : accept.origText}
        </a>
        {reject && (
          <a
            href="#"
            role="button"
            className={reject.className}
            onClick={onReject}
            onKeyDown={(event) => isSpace(event) && onReject(event)}
          >
            {reject.text}
          </a>
        )}
      </div>
      {full && <div className={full.className} id={full.id} ref={fullRef} dangerouslySetInnerHTML={{ __html: full.html }} />}
    </>
  );
}
