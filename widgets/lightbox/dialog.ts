/**
 * The lightbox dialog's markup: the `<dialog>` with its stage, loading state, texts, toolbar, arrows, thumbnails'
 * strip and share links, built once; and the parts of it that follow the current item (the strip's current
 * button, the share links' addresses) and the modal's Tab wrap. Behaviour (keys, history, the slideshow) stays in
 * view.ts.
 */
import { env } from '../../src/env';
import { IDLE_MS, shareHref, TEXTS, type Settings, type SocialLink, type Texts } from './logic';
import type { LightboxItem } from './targets';

export interface DialogParts {
  stage: HTMLElement;
  loading: HTMLElement;
  title: HTMLElement;
  caption: HTMLElement;
  counter: HTMLElement;
  prev: HTMLButtonElement;
  next: HTMLButtonElement;
  play: HTMLButtonElement;
  fullscreen: HTMLButtonElement;
  close: HTMLButtonElement;
  thumbs: HTMLElement;
  social: HTMLElement;
}

function button(className: string, label: string, glyph: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.setAttribute('aria-label', label);
  b.title = label;
  const icon = document.createElement('span');
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = glyph;
  b.append(icon);
  return b;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  el.className = className;
  return el;
};

function loadingState(): HTMLElement {
  const loading = element('div', 'sf-ilightbox__loading ilightbox-loader');
  loading.setAttribute('role', 'status');
  const spinner = element('span', 'sf-ilightbox__spinner');
  spinner.setAttribute('aria-hidden', 'true');
  const loadingText = element('span', 'sf-ilightbox__loading-text');
  loadingText.textContent = TEXTS.loading;
  loading.append(spinner, loadingText);
  return loading;
}

function shareList(links: readonly SocialLink[]): HTMLElement {
  const social = element('ul', 'sf-ilightbox__social ilightbox-social');
  social.setAttribute('aria-label', 'Share');
  social.hidden = links.length === 0;
  for (const link of links) {
    const li = document.createElement('li');
    const a = element('a', `sf-ilightbox__share ilightbox-social-${link.network}`);
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.textContent = link.text;
    const note = element('span', 'sf-ilightbox__sr');
    note.textContent = ' (opens in a new tab)';
    a.append(note);
    li.append(a);
    social.append(li);
  }
  return social;
}

/**
 * The dialog and its parts, appended to the body, with no listeners yet. `speedMs` (`lightbox_animation_speed`,
 * 0 under reduced motion) times the controls' fading out when idle and back in, besides PhotoSwipe's zoom (slides.ts).
 */
export function buildDialog(
  settings: Settings,
  texts: Texts,
  links: readonly SocialLink[],
  speedMs: number,
): { dialog: HTMLDialogElement; parts: DialogParts } {
  const dialog = document.createElement('dialog');
  const light = /white|light/i.test(settings.lightbox_skin);
  dialog.className = `sf-ilightbox ilightbox-holder ${settings.lightbox_skin.replace(/[^\w-]/g, '')}${light ? ' sf-ilightbox--light' : ''}${settings.lightbox_path === 'vertical' ? ' sf-ilightbox--vertical' : ''}`;
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'sf-ilightbox-title');
  // CSSOM, not a style attribute: allowed under a strict CSP.
  dialog.style.setProperty('--sf-ilightbox-opacity', String(settings.lightbox_opacity));
  dialog.style.setProperty('--sf-ilightbox-speed', `${speedMs}ms`);

  const stage = element('div', 'sf-ilightbox__stage');
  const loading = loadingState();
  const text = element('div', 'sf-ilightbox__text ilightbox-caption-wrap');
  const title = element('h2', 'sf-ilightbox__title ilightbox-title');
  title.id = 'sf-ilightbox-title';
  const caption = element('p', 'sf-ilightbox__caption ilightbox-caption');
  const counter = element('p', 'sf-ilightbox__counter');
  text.append(title, caption, counter);

  const toolbar = element('div', 'sf-ilightbox__toolbar ilightbox-toolbar');
  const fullscreen = button('ilightbox-fullscreen', texts.enterFullscreen, '⤢');
  const play = button('ilightbox-play', texts.slideShow, '▶');
  play.setAttribute('aria-pressed', 'false');
  const close = button('ilightbox-close', texts.close, '×');
  toolbar.append(play, fullscreen, close);
  const prev = button('sf-ilightbox__arrow sf-ilightbox__arrow--prev ilightbox-button ilightbox-prev-button', texts.previous, '‹');
  const next = button('sf-ilightbox__arrow sf-ilightbox__arrow--next ilightbox-button ilightbox-next-button', texts.next, '›');

  const thumbs = element('div', 'sf-ilightbox__thumbs ilightbox-thumbnails');
  thumbs.setAttribute('role', 'group');
  thumbs.setAttribute('aria-label', 'Thumbnails');
  thumbs.hidden = true;
  const social = shareList(links);

  dialog.append(stage, loading, text, prev, next, thumbs, social, toolbar);
  document.body.append(dialog);
  return { dialog, parts: { stage, loading, title, caption, counter, prev, next, play, fullscreen, close, thumbs, social } };
}

/** One button per item (at most 120×80, styled in extras-styles.ts), named "n of m: title". */
export function thumbButtons(items: readonly LightboxItem[]): HTMLButtonElement[] {
  const count = items.length;
  return items.map((item, i) => {
    const b = element('button', 'sf-ilightbox__thumb ilightbox-thumbnail');
    b.type = 'button';
    b.dataset.sfIndex = String(i);
    b.setAttribute('aria-label', `${i + 1} of ${count}${item.title ? `: ${item.title}` : ''}`);
    if (item.thumb) {
      const img = document.createElement('img');
      img.src = item.thumb;
      img.alt = '';
      img.decoding = 'async';
      img.draggable = false;
      b.append(img);
    } else {
      const glyph = document.createElement('span');
      glyph.setAttribute('aria-hidden', 'true');
      glyph.textContent = item.type === 'image' ? '▣' : /video|youtube|vimeo/.test(item.type) ? '▶' : '≡';
      b.append(glyph);
    }
    return b;
  });
}

/** The current item's button gets `aria-current` and is scrolled to the strip's middle. */
export function markCurrentThumb(strip: HTMLElement, index: number): void {
  for (const thumb of strip.children) {
    const b = thumb as HTMLElement;
    if (Number(b.dataset.sfIndex) === index) {
      b.setAttribute('aria-current', 'true');
      strip.scrollLeft = b.offsetLeft - (strip.clientWidth - b.offsetWidth) / 2;
    } else b.removeAttribute('aria-current');
  }
}

/** The share links follow the item (inline content has no address of its own: the page's is shared). */
export function pointShareLinks(list: HTMLElement, links: readonly SocialLink[], item: LightboxItem): void {
  let url = location.href.split('#')[0]!;
  try {
    if (item.type !== 'inline') url = new URL(item.href, document.baseURI).href;
  } catch {
    /* keep the page's */
  }
  const anchors = list.querySelectorAll('a');
  links.forEach((link, i) => anchors[i]?.setAttribute('href', shareHref(link, url, item.title)));
}

/** What the dialog's controls and events ask of the view. */
export interface DialogActions {
  close(): void;
  step(direction: -1 | 1): void;
  goTo(index: number): void;
  toggleSlideshow(): void;
  toggleFullscreen(): void;
  /** The browser closed the dialog without a cancellable `cancel` (repeated Escape). */
  closed(): void;
  key(e: KeyboardEvent): void;
  /** A mouse move or focus: the controls show again. */
  wake(): void;
  fullscreenChanged(): void;
}

export function wireDialog(dialog: HTMLDialogElement, parts: DialogParts, actions: DialogActions): void {
  parts.thumbs.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-sf-index]') : null;
    if (target) actions.goTo(Number(target.dataset.sfIndex));
  });
  parts.close.addEventListener('click', actions.close);
  parts.prev.addEventListener('click', () => actions.step(-1));
  parts.next.addEventListener('click', () => actions.step(1));
  parts.play.addEventListener('click', actions.toggleSlideshow);
  parts.fullscreen.addEventListener('click', actions.toggleFullscreen);
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    actions.close();
  });
  dialog.addEventListener('close', actions.closed);
  dialog.addEventListener('keydown', actions.key);
  dialog.addEventListener('mousemove', actions.wake);
  dialog.addEventListener('focusin', actions.wake);
  document.addEventListener('fullscreenchange', actions.fullscreenChanged);
}

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], video, audio';

/** The move an arrow key asks for (↑/↓ too on a vertical path); none inside form fields and media controls. */
export function arrowStep(e: KeyboardEvent, vertical: boolean): -1 | 1 | undefined {
  if (e.target instanceof Element && e.target.closest(EDITABLE)) return undefined;
  if (e.key === 'ArrowLeft' || (vertical && e.key === 'ArrowUp')) return -1;
  if (e.key === 'ArrowRight' || (vertical && e.key === 'ArrowDown')) return 1;
  return undefined;
}

/**
 * Show the controls now and hide them after `IDLE_MS` unless woken again (`previous`: the pending timer, cleared);
 * keyboard users keep their controls: hiding applies to the pointer only. Returns the new timer.
 */
export function hideWhenIdle(dialog: HTMLDialogElement, previous: number | undefined, open: () => boolean): number {
  dialog.classList.remove('sf-ilightbox--idle');
  if (previous !== undefined) env().clearTimeout(previous);
  return env().setTimeout(() => {
    if (open() && !dialog.matches(':has(:focus-visible)')) dialog.classList.add('sf-ilightbox--idle');
  }, IDLE_MS);
}

/** The slideshow's one toggle button: pressed while playing, with iLightbox's play/pause class. */
export function renderPlayControl(play: HTMLButtonElement, playing: boolean): void {
  play.setAttribute('aria-pressed', String(playing));
  play.classList.toggle('ilightbox-play', !playing);
  play.classList.toggle('ilightbox-pause', playing);
  play.firstElementChild!.textContent = playing ? '❚❚' : '▶';
}

/** The fullscreen toggle's name follows the state (the `l10n` texts). */
export function renderFullscreenControl(control: HTMLButtonElement, on: boolean, texts: Texts): void {
  const label = on ? texts.exitFullscreen : texts.enterFullscreen;
  control.setAttribute('aria-label', label);
  control.title = label;
  control.classList.toggle('sf-ilightbox--fullscreen-on', on);
}

/**
 * The modal dialog makes the page inert, but Tab from its last control would leave for the browser's own UI;
 * focus wraps inside instead, as the dialog pattern asks.
 */
export function wrapFocus(dialog: HTMLDialogElement, e: KeyboardEvent): void {
  const focusable = Array.from(
    dialog.querySelectorAll<HTMLElement>(
      'button, a[href], iframe, video[controls], input, select, textarea, [tabindex]:not([tabindex="-1"])',
    ),
  ).filter((el) => !el.closest('[hidden], [aria-hidden="true"], .pswp__item[aria-hidden="true"]') && el.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
