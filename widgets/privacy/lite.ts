/**
 * The lite YouTube / Vimeo facades (`lite-youtube`, `lite-vimeo`): a still and a real play button until the
 * visitor plays, for an allowed type only.
 */
import { adoptStyles } from '../../src/dom/styles';
import { playerUrl, VIMEO_ID, YOUTUBE_ID, youtubeThumbnail } from './logic';

/** What a facade asks of its page: whether its type is allowed, and where to warn. */
export interface LiteContext {
  allowed(type: string): boolean;
  warn(field: string, message: string): void;
}

const LITE_CSS = `
lite-youtube, lite-vimeo { display: block; position: relative; contain: content; aspect-ratio: 16 / 9; max-width: 100%; background: #000 center / cover no-repeat; cursor: pointer; overflow: hidden; }
lite-youtube > img.sf-lite-thumb, lite-vimeo > img.sf-lite-thumb { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
lite-youtube > iframe, lite-vimeo > iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
lite-youtube > .lty-playbtn, lite-vimeo > .lty-playbtn, lite-vimeo > .ltv-playbtn { position: absolute; inset: 0; margin: auto; width: 68px; height: 48px; border: 0; border-radius: 12px; background: #212121e6; cursor: pointer; }
lite-youtube > .lty-playbtn::before, lite-vimeo > .lty-playbtn::before { content: ""; position: absolute; left: 26px; top: 14px; border-style: solid; border-width: 10px 0 10px 18px; border-color: transparent transparent transparent #fff; }
lite-youtube > .lty-playbtn:focus-visible, lite-vimeo > .lty-playbtn:focus-visible { outline: 3px solid #fff; outline-offset: 2px; background: #f00; }
lite-youtube:hover > .lty-playbtn, lite-vimeo:hover > .lty-playbtn { background: #f00; }
.sf-lite-label { position: absolute; left: 0; right: 0; top: 0; margin: 0; padding: 12px 16px; color: #fff; background: linear-gradient(#000c, #0000); font-size: 1rem; }
`;

/**
 * The facade: a still (YouTube's thumbnail; Vimeo's would need an API call, so a dark frame with the title)
 * and a real play button; the player loads from the privacy-enhanced host with autoplay only on that click.
 * Only for an allowed type: the still itself comes from the embed host.
 */
export function startLite(el: Element, ctx: LiteContext): boolean {
  const kind = el.tagName.toLowerCase() === 'lite-vimeo' ? 'vimeo' : 'youtube';
  if (!ctx.allowed(kind) || el.hasAttribute('data-sf-lite') || el.classList.contains('lyt-activated')) return false;
  const id = el.getAttribute('videoid') ?? '';
  if (!(kind === 'youtube' ? YOUTUBE_ID : VIMEO_ID).test(id)) {
    ctx.warn(
      `${el.tagName.toLowerCase()} videoid`,
      `expected a ${kind === 'youtube' ? '11-character YouTube' : 'numeric Vimeo'} id, got ${JSON.stringify(id)}; the video is left as printed`,
    );
    return false;
  }
  el.setAttribute('data-sf-lite', '');
  adoptStyles('privacy-lite', LITE_CSS);
  const title =
    el.getAttribute('title')?.trim() || el.getAttribute('playlabel')?.trim() || (kind === 'youtube' ? 'YouTube video' : 'Vimeo video');
  if (kind === 'youtube') {
    const img = document.createElement('img');
    img.className = 'sf-lite-thumb';
    img.src = youtubeThumbnail(id);
    img.alt = '';
    img.decoding = 'async';
    img.loading = 'lazy';
    el.prepend(img);
  } else if (!el.querySelector('.sf-lite-label')) {
    const label = document.createElement('p');
    label.className = 'sf-lite-label';
    label.textContent = title;
    el.append(label);
  }
  let button = el.querySelector<HTMLButtonElement>('button.lty-playbtn, button.ltv-playbtn');
  if (!button) {
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'lty-playbtn';
    el.append(button);
  }
  button.setAttribute('aria-label', `Play: ${title}`);
  const play = (event: Event) => {
    event.preventDefault();
    if (!ctx.allowed(kind) || el.classList.contains('lyt-activated')) return;
    const iframe = document.createElement('iframe');
    iframe.src = playerUrl(kind, id, el.getAttribute('params'));
    iframe.title = title;
    iframe.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
    iframe.allowFullscreen = true;
    el.classList.add('lyt-activated');
    el.replaceChildren(iframe);
    iframe.focus();
  };
  el.addEventListener('click', play);
  return true;
}
