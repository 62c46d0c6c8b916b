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
  readSocialLinks,
  slideshowNext,
  WIDGET,
  type Settings,
  type SocialLink,
  type Texts,
  type VideoSize,
} from './logic';
import {
  arrowStep,
  buildDialog,
  hideWhenIdle,
  markCurrentThumb,
  pointShareLinks,
  renderFullscreenControl,
  renderPlayControl,
  thumbButtons,
  wrapFocus,
  wireDialog,
  type DialogParts,
} from './dialog';
import { leaveDeepLink, pushDeepLink, replaceDeepLink } from './deep-link';
import { warmCore } from './core';
import { Slideshow } from './slideshow';
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

interface Session {
  request: OpenRequest;
  index: number;
  slides?: Slides;
  pushed?: string;
  slideshow: Slideshow;
  /** Stops the strip's video thumbnails waiting for consent. */
  stopThumbs?: () => void;
}

/** Height kept free under the slides for the thumbnails' strip (80 px thumbnails and their margins). */
const THUMBS_ROOM = 100;

export class LightboxView {
  private dialog?: HTMLDialogElement;
  private parts?: DialogParts;
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
    const { dialog, parts } = buildDialog(
      this.config.settings,
      this.config.texts,
      this.socialLinks,
      this.reduced ? 0 : this.config.settings.lightbox_animation_speed,
    );
    this.dialog = dialog;
    this.parts = parts;
    wireDialog(dialog, parts, {
      close: () => this.close(),
      step: (direction) => this.step(direction),
      goTo: (index) => this.goTo(index),
      toggleSlideshow: () => this.toggleSlideshow(),
      toggleFullscreen: () => this.toggleFullscreen(),
      closed: () => {
        if (this.session) this.close();
      },
      key: (e) => this.onKey(e),
      wake: () => this.wake(),
      fullscreenChanged: () => this.renderFullscreen(),
    });
    return dialog;
  }

  open(request: OpenRequest): void {
    if (this.session) this.finish({ history: false, focus: false });
    const dialog = this.build();
    const parts = this.parts!;
    const count = request.items.length;
    const index = Math.min(Math.max(0, request.index), count - 1);
    const next = () => {
      if (this.session === session) this.goTo(slideshowNext(session.index, count));
    };
    const session: Session = { request, index, slideshow: new Slideshow(this.config.settings.lightbox_slideshow_speed, next) };
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
    if (settings.lightbox_deeplinking && request.group && !request.fromHash) session.pushed = pushDeepLink(request.group, index);
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
    if (this.config.settings.lightbox_deeplinking && group) replaceDeepLink(group, index);
    if (session.slideshow.playing) session.slideshow.restart();
    this.render();
  }

  private finish({ history: stepBack, focus }: { history: boolean; focus: boolean }): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    session.slideshow.stop();
    session.slides?.destroy();
    session.stopThumbs?.();
    this.parts?.stage.replaceChildren();
    if (document.fullscreenElement === this.dialog) void document.exitFullscreen().catch(() => {});
    if (this.dialog?.open) this.dialog.close();
    if (stepBack && session.request.group && this.config.settings.lightbox_deeplinking) leaveDeepLink(session.pushed);
    if (focus && session.request.opener?.isConnected) session.request.opener.focus({ preventScroll: true });
  }

  /** One button per item of a group (at most 120×80), in the tab order; the current one has `aria-current`. */
  private buildThumbs(request: OpenRequest): void {
    const { thumbs } = this.parts!;
    const count = request.items.length;
    const shown = count > 1 && this.config.settings.lightbox_gallery;
    thumbs.hidden = !shown;
    this.dialog!.classList.toggle('sf-ilightbox--thumbs', shown);
    thumbs.replaceChildren(...(shown ? thumbButtons(request.items) : []));
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
    markCurrentThumb(parts.thumbs, session.index);
    if (this.socialLinks.length) pointShareLinks(parts.social, this.socialLinks, item);
    parts.prev.setAttribute('aria-disabled', String(!canGo(-1, session.index, count)));
    parts.next.setAttribute('aria-disabled', String(!canGo(1, session.index, count)));
  }

  private onKey(e: KeyboardEvent): void {
    const session = this.session;
    if (!session || e.defaultPrevented) return;
    if (e.key === 'Tab') {
      if (this.dialog) wrapFocus(this.dialog, e);
      return;
    }
    if (e.key === 'Enter' && e.shiftKey) {
      e.preventDefault();
      this.toggleFullscreen();
      return;
    }
    const direction = arrowStep(e, this.config.settings.lightbox_path === 'vertical');
    if (direction === undefined) return;
    e.preventDefault();
    this.step(direction);
    this.wake();
  }

  /** Controls show on mouse movement or focus and hide after 3 s of a still mouse. */
  private wake(): void {
    if (this.dialog) this.idleTimer = hideWhenIdle(this.dialog, this.idleTimer, () => this.session !== undefined);
  }

  private toggleSlideshow(force?: boolean): void {
    const session = this.session;
    const play = this.parts?.play;
    if (!session || !play || session.request.items.length < 2) return;
    session.slideshow.set(force ?? !session.slideshow.playing);
    renderPlayControl(play, session.slideshow.playing);
  }

  private toggleFullscreen(): void {
    const dialog = this.dialog;
    if (!dialog || !this.session) return;
    const done = document.fullscreenElement === dialog ? document.exitFullscreen?.() : dialog.requestFullscreen?.();
    // Refused (an iframe without allowfullscreen, a browser setting): the lightbox simply stays as it is.
    void done?.catch(() => {}).then(() => this.renderFullscreen());
  }

  private renderFullscreen(): void {
    if (this.parts && this.dialog)
      renderFullscreenControl(this.parts.fullscreen, document.fullscreenElement === this.dialog, this.config.texts);
  }
}
