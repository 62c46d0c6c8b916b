/**
 * The lightbox dialog: a native modal `<dialog>` shown in the click's own task with a visible loading state, its
 * controls (close, fullscreen, slideshow, previous/next, counter, title and caption), keys, idle hiding, the
 * slideshow and the deep-link history. PhotoSwipe's core (./slides) is imported on the first open and renders
 * the slides into the stage when it arrives; everything the visitor can press works before that.
 */
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { errorOnce } from '../../src/log';
import {
  canGo,
  canLoop,
  formatHash,
  IDLE_MS,
  readSocialLinks,
  shareHref,
  slideshowNext,
  TEXTS,
  WIDGET,
  type Settings,
  type SocialLink,
  type Texts,
  type VideoSize,
} from './logic';
import { LIGHTBOX_CSS } from './styles';
import type { LightboxItem } from './targets';
import type { Slides } from './slides';

export interface OpenRequest {
  items: LightboxItem[];
  index: number;
  /** The group name for deep links; null for a single. */
  group: string | null;
  opener: HTMLElement | null;
  /** Opened from the address (arrival, hashchange): the entry already carries the hash, none is pushed. */
  fromHash?: boolean;
}

export interface LightboxConfig {
  settings: Settings;
  texts: Texts;
  video: VideoSize;
  /** The core could not load: the plain link's navigation is the fallback. */
  onCoreFailed(href: string): void;
}

let coreModule: Promise<typeof import('./slides')> | undefined;
/** Start fetching PhotoSwipe's core (a pointer is on its way to a target, or the lightbox is opening). */
export function warmCore(): Promise<typeof import('./slides')> {
  coreModule ??= import('./slides');
  coreModule.catch(() => (coreModule = undefined));
  return coreModule;
}

interface Session {
  request: OpenRequest;
  index: number;
  slides?: Slides;
  pushed?: string;
  playing: boolean;
  timer?: number;
  /** Stops the strip's video thumbnails waiting for consent. */
  stopThumbs?: () => void;
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

/** Height kept free under the slides for the thumbnails' strip (80 px thumbnails and their margins). */
const THUMBS_ROOM = 100;

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], video, audio';

export class LightboxView {
  private dialog?: HTMLDialogElement;
  private parts?: {
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
  };
  private session?: Session;
  private idleTimer?: number;
  private readonly reduced = env().prefersReducedMotion();
  /** `lightbox_social_links` read once (malformed entries warn at start and are left out). */
  private readonly socialLinks: SocialLink[];

  constructor(private readonly config: LightboxConfig) {
    this.socialLinks = config.settings.lightbox_social ? readSocialLinks(config.settings.lightbox_social_links) : [];
  }

  get current(): { group: string | null; index: number } | undefined {
    return this.session && { group: this.session.request.group, index: this.session.index };
  }

  private build(): HTMLDialogElement {
    if (this.dialog) {
      // A theme that swaps the page's content may have taken the dialog with it.
      if (!this.dialog.isConnected) document.body.append(this.dialog);
      return this.dialog;
    }
    adoptStyles('sf-ilightbox', LIGHTBOX_CSS);
    const { texts, settings } = this.config;
    const dialog = document.createElement('dialog');
    const light = /white|light/i.test(settings.lightbox_skin);
    dialog.className = `sf-ilightbox ilightbox-holder ${settings.lightbox_skin.replace(/[^\w-]/g, '')}${light ? ' sf-ilightbox--light' : ''}${settings.lightbox_path === 'vertical' ? ' sf-ilightbox--vertical' : ''}`;
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'sf-ilightbox-title');
    // CSSOM, not a style attribute: allowed under a strict CSP.
    dialog.style.setProperty('--sf-ilightbox-opacity', String(settings.lightbox_opacity));

    const stage = document.createElement('div');
    stage.className = 'sf-ilightbox__stage';
    const loading = document.createElement('div');
    loading.className = 'sf-ilightbox__loading ilightbox-loader';
    loading.setAttribute('role', 'status');
    const spinner = document.createElement('span');
    spinner.className = 'sf-ilightbox__spinner';
    spinner.setAttribute('aria-hidden', 'true');
    const loadingText = document.createElement('span');
    loadingText.className = 'sf-ilightbox__loading-text';
    loadingText.textContent = TEXTS.loading;
    loading.append(spinner, loadingText);

    const text = document.createElement('div');
    text.className = 'sf-ilightbox__text ilightbox-caption-wrap';
    const title = document.createElement('h2');
    title.id = 'sf-ilightbox-title';
    title.className = 'sf-ilightbox__title ilightbox-title';
    const caption = document.createElement('p');
    caption.className = 'sf-ilightbox__caption ilightbox-caption';
    const counter = document.createElement('p');
    counter.className = 'sf-ilightbox__counter';
    text.append(title, caption, counter);

    const toolbar = document.createElement('div');
    toolbar.className = 'sf-ilightbox__toolbar ilightbox-toolbar';
    const fullscreen = button('ilightbox-fullscreen', texts.enterFullscreen, '⤢');
    const play = button('ilightbox-play', texts.slideShow, '▶');
    play.setAttribute('aria-pressed', 'false');
    const close = button('ilightbox-close', texts.close, '×');
    toolbar.append(play, fullscreen, close);
    const prev = button('sf-ilightbox__arrow sf-ilightbox__arrow--prev ilightbox-button ilightbox-prev-button', texts.previous, '‹');
    const next = button('sf-ilightbox__arrow sf-ilightbox__arrow--next ilightbox-button ilightbox-next-button', texts.next, '›');

    const thumbs = document.createElement('div');
    thumbs.className = 'sf-ilightbox__thumbs ilightbox-thumbnails';
    thumbs.setAttribute('role', 'group');
    thumbs.setAttribute('aria-label', 'Thumbnails');
    thumbs.hidden = true;
    const social = document.createElement('ul');
    social.className = 'sf-ilightbox__social ilightbox-social';
    social.setAttribute('aria-label', 'Share');
    social.hidden = this.socialLinks.length === 0;
    for (const link of this.socialLinks) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = `sf-ilightbox__share ilightbox-social-${link.network}`;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = link.text;
      const note = document.createElement('span');
      note.className = 'sf-ilightbox__sr';
      note.textContent = ' (opens in a new tab)';
      a.append(note);
      li.append(a);
      social.append(li);
    }

    dialog.append(stage, loading, text, prev, next, thumbs, social, toolbar);
    document.body.append(dialog);
    this.dialog = dialog;
    this.parts = { stage, loading, title, caption, counter, prev, next, play, fullscreen, close, thumbs, social };
    thumbs.addEventListener('click', (e) => {
      const target = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-sf-index]') : null;
      if (target) this.goTo(Number(target.dataset.sfIndex));
    });

    close.addEventListener('click', () => this.close());
    prev.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    play.addEventListener('click', () => this.toggleSlideshow());
    fullscreen.addEventListener('click', () => this.toggleFullscreen());
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      this.close();
    });
    // A browser may close the dialog without a cancellable `cancel` (repeated Escape): follow it.
    dialog.addEventListener('close', () => {
      if (this.session) this.close();
    });
    dialog.addEventListener('keydown', (e) => this.onKey(e));
    dialog.addEventListener('mousemove', () => this.wake());
    dialog.addEventListener('focusin', () => this.wake());
    document.addEventListener('fullscreenchange', () => this.renderFullscreen());
    return dialog;
  }

  open(request: OpenRequest): void {
    if (this.session) this.finish({ history: false, focus: false });
    const dialog = this.build();
    const parts = this.parts!;
    const count = request.items.length;
    const index = Math.min(Math.max(0, request.index), count - 1);
    const session: Session = { request, index, playing: false };
    this.session = session;
    dialog.classList.toggle('sf-ilightbox--group', count > 1);
    dialog.classList.add('sf-ilightbox--loading');
    parts.loading.hidden = false;
    parts.play.hidden = count < 2;
    parts.prev.hidden = parts.next.hidden = count < 2 || !this.config.settings.lightbox_arrows;
    this.buildThumbs(request);
    if (!dialog.open) dialog.showModal();
    this.render();
    parts.close.focus({ preventScroll: true });
    this.wake();

    const { settings } = this.config;
    if (settings.lightbox_deeplinking && request.group && !request.fromHash) {
      const marker = Math.random().toString(36).slice(2);
      try {
        history.pushState({ ...(history.state as object | null), sfLightbox: marker }, '', formatHash(request.group, index));
        session.pushed = marker;
      } catch {
        /* a sandboxed document may refuse history changes: the lightbox still works without a deep link */
      }
    }
    if (count > 1 && settings.lightbox_autoplay && !this.reduced) this.toggleSlideshow(true);

    warmCore().then(
      ({ mountSlides, fillVideoThumbs }) => {
        if (this.session !== session) return;
        if (!parts.thumbs.hidden) session.stopThumbs = fillVideoThumbs(parts.thumbs, request.items);
        session.slides = mountSlides({
          stage: parts.stage,
          items: request.items,
          index: session.index,
          loop: canLoop(count),
          animationMs: settings.lightbox_animation_speed,
          video: this.config.video,
          path: settings.lightbox_path,
          bottom: parts.thumbs.hidden ? 0 : THUMBS_ROOM,
          onChange: (i) => this.moved(i),
          onRequestClose: () => this.close(),
        });
        parts.loading.hidden = true;
        dialog.classList.remove('sf-ilightbox--loading');
      },
      (error: unknown) => {
        if (this.session !== session) return;
        errorOnce(WIDGET, 'the lightbox could not load; following the link instead.', error);
        const href = (request.opener as HTMLAnchorElement | null)?.href ?? '';
        this.finish({ history: true, focus: true });
        if (href) this.config.onCoreFailed(href);
      },
    );
  }

  /** Close from a control, Escape or PhotoSwipe: the deep-link entry is stepped back over. */
  close(): void {
    if (this.session) this.finish({ history: true, focus: true });
  }

  /** Close because the address changed (Back, an edited hash): history is already where it should be. */
  closeFromHistory(): void {
    if (this.session) this.finish({ history: false, focus: true });
  }

  goTo(index: number): void {
    const session = this.session;
    if (!session || index < 0 || index >= session.request.items.length || index === session.index) return;
    session.slides?.goTo(index);
    this.moved(index);
  }

  private step(direction: -1 | 1): void {
    const session = this.session;
    if (!session) return;
    const count = session.request.items.length;
    if (!canGo(direction, session.index, count)) return;
    this.goTo((session.index + direction + count) % count);
  }

  private moved(index: number): void {
    const session = this.session;
    if (!session || index === session.index) return;
    session.index = index;
    const { group } = session.request;
    if (this.config.settings.lightbox_deeplinking && group) {
      try {
        history.replaceState(history.state, '', formatHash(group, index));
      } catch {
        /* see open() */
      }
    }
    if (session.playing) this.scheduleSlide();
    this.render();
  }

  private finish({ history: stepBack, focus }: { history: boolean; focus: boolean }): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    if (session.timer !== undefined) env().clearTimeout(session.timer);
    session.slides?.destroy();
    session.stopThumbs?.();
    this.parts?.stage.replaceChildren();
    if (document.fullscreenElement === this.dialog) void document.exitFullscreen().catch(() => {});
    if (this.dialog?.open) this.dialog.close();
    if (stepBack && session.request.group && this.config.settings.lightbox_deeplinking) {
      const state = history.state as { sfLightbox?: string } | null;
      if (session.pushed && state?.sfLightbox === session.pushed) history.back();
      else if (!session.pushed && location.hash) history.replaceState(history.state, '', location.pathname + location.search);
    }
    if (focus && session.request.opener?.isConnected) session.request.opener.focus({ preventScroll: true });
  }

  /** One button per item of a group (at most 120×80), in the tab order; the current one has `aria-current`. */
  private buildThumbs(request: OpenRequest): void {
    const { thumbs } = this.parts!;
    const count = request.items.length;
    const shown = count > 1 && this.config.settings.lightbox_gallery;
    thumbs.hidden = !shown;
    this.dialog!.classList.toggle('sf-ilightbox--thumbs', shown);
    thumbs.replaceChildren(
      ...(shown ? request.items : []).map((item, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'sf-ilightbox__thumb ilightbox-thumbnail';
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
      }),
    );
  }

  private render(): void {
    const session = this.session;
    const parts = this.parts;
    if (!session || !parts) return;
    const { settings } = this.config;
    const { items } = session.request;
    const item = items[session.index]!;
    const count = items.length;
    const showTitle = settings.lightbox_title && item.title;
    parts.title.textContent = showTitle ? item.title : count > 1 ? `${session.index + 1} / ${count}` : 'Lightbox';
    parts.title.classList.toggle('sf-ilightbox__sr', !showTitle);
    parts.caption.textContent = settings.lightbox_desc ? item.caption : '';
    parts.caption.hidden = !parts.caption.textContent;
    parts.counter.textContent = count > 1 ? `${session.index + 1} / ${count}` : '';
    parts.counter.hidden = count < 2;
    for (const thumb of parts.thumbs.children) {
      const current = Number((thumb as HTMLElement).dataset.sfIndex) === session.index;
      if (current) {
        thumb.setAttribute('aria-current', 'true');
        const strip = parts.thumbs;
        const b = thumb as HTMLElement;
        strip.scrollLeft = b.offsetLeft - (strip.clientWidth - b.offsetWidth) / 2;
      } else thumb.removeAttribute('aria-current');
    }
    if (this.socialLinks.length) {
      // Share the item itself (inline content has no address of its own: the page's).
      let url = location.href.split('#')[0]!;
      try {
        if (item.type !== 'inline') url = new URL(item.href, document.baseURI).href;
      } catch {
        /* keep the page's */
      }
      const anchors = parts.social.querySelectorAll('a');
      this.socialLinks.forEach((link, i) => anchors[i]?.setAttribute('href', shareHref(link, url, item.title)));
    }
    parts.prev.setAttribute('aria-disabled', String(!canGo(-1, session.index, count)));
    parts.next.setAttribute('aria-disabled', String(!canGo(1, session.index, count)));
  }

  private onKey(e: KeyboardEvent): void {
    const session = this.session;
    if (!session || e.defaultPrevented) return;
    if (e.key === 'Tab') {
      this.keepFocusInside(e);
      return;
    }
    if (e.key === 'Enter' && e.shiftKey) {
      e.preventDefault();
      this.toggleFullscreen();
      return;
    }
    if (e.target instanceof Element && e.target.closest(EDITABLE)) return;
    const vertical = this.config.settings.lightbox_path === 'vertical';
    const back = e.key === 'ArrowLeft' || (vertical && e.key === 'ArrowUp');
    const forward = e.key === 'ArrowRight' || (vertical && e.key === 'ArrowDown');
    if (!back && !forward) return;
    e.preventDefault();
    this.step(back ? -1 : 1);
    this.wake();
  }

  /**
   * The modal dialog makes the page inert, but Tab from its last control would leave for the browser's own UI;
   * focus wraps inside instead, as the dialog pattern asks.
   */
  private keepFocusInside(e: KeyboardEvent): void {
    const dialog = this.dialog;
    if (!dialog) return;
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

  /** Controls show on mouse movement or focus and hide after 3 s of a still mouse. */
  private wake(): void {
    const dialog = this.dialog;
    if (!dialog) return;
    dialog.classList.remove('sf-ilightbox--idle');
    if (this.idleTimer !== undefined) env().clearTimeout(this.idleTimer);
    this.idleTimer = env().setTimeout(() => {
      this.idleTimer = undefined;
      // Keyboard users keep their controls: hiding applies to the pointer only.
      if (this.session && !dialog.matches(':has(:focus-visible)')) dialog.classList.add('sf-ilightbox--idle');
    }, IDLE_MS);
  }

  private toggleSlideshow(force?: boolean): void {
    const session = this.session;
    const play = this.parts?.play;
    if (!session || !play || session.request.items.length < 2) return;
    session.playing = force ?? !session.playing;
    play.setAttribute('aria-pressed', String(session.playing));
    play.classList.toggle('ilightbox-play', !session.playing);
    play.classList.toggle('ilightbox-pause', session.playing);
    play.firstElementChild!.textContent = session.playing ? '❚❚' : '▶';
    if (session.playing) this.scheduleSlide();
    else if (session.timer !== undefined) env().clearTimeout(session.timer);
  }

  private scheduleSlide(): void {
    const session = this.session;
    if (!session) return;
    if (session.timer !== undefined) env().clearTimeout(session.timer);
    session.timer = env().setTimeout(() => {
      session.timer = undefined;
      if (this.session === session && session.playing) this.goTo(slideshowNext(session.index, session.request.items.length));
    }, this.config.settings.lightbox_slideshow_speed);
  }

  private toggleFullscreen(): void {
    const dialog = this.dialog;
    if (!dialog || !this.session) return;
    const done = document.fullscreenElement === dialog ? document.exitFullscreen?.() : dialog.requestFullscreen?.();
    // Refused (an iframe without allowfullscreen, a browser setting): the lightbox simply stays as it is.
    void done?.catch(() => {}).then(() => this.renderFullscreen());
  }

  private renderFullscreen(): void {
    const control = this.parts?.fullscreen;
    if (!control || !this.dialog) return;
    const on = document.fullscreenElement === this.dialog;
    const label = on ? this.config.texts.exitFullscreen : this.config.texts.enterFullscreen;
    control.setAttribute('aria-label', label);
    control.title = label;
    control.classList.toggle('sf-ilightbox--fullscreen-on', on);
  }
}
