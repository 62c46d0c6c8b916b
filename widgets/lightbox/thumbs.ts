/**
 * Video thumbnails in the strip: YouTube's still and Vimeo's oEmbed `thumbnail_url`, requested only once the
 * consent gate lets the host through (an image from i.ytimg.com is a YouTube request like the player). Until then
 * the button keeps its glyph; consent given while the lightbox is open swaps the glyph for the image. Part of the
 * lazily loaded core, so the consent module stays out of the at-load chunk.
 */
import { blockedBy, consentStore } from '../privacy/consent';
import type { LightboxItem } from './targets';
import { oembedThumbnail, videoThumb, type VideoThumb } from './video-thumb';

async function imageOf(source: VideoThumb): Promise<string | null> {
  if (source.type === 'youtube') return source.image;
  try {
    const response = await fetch(source.oembed, { credentials: 'omit' });
    return response.ok ? oembedThumbnail(await response.json()) : null;
  } catch {
    // Vimeo unreachable or a malformed answer: the glyph is the thumbnail, as the original left it.
    return null;
  }
}

function show(button: Element, src: string): void {
  const glyph = [...button.children];
  const img = document.createElement('img');
  img.alt = '';
  img.decoding = 'async';
  img.draggable = false;
  img.addEventListener('error', () => button.replaceChildren(...glyph), { once: true });
  img.src = src;
  button.replaceChildren(img);
}

/** Fill the strip's video buttons that have no printed thumbnail; the returned function stops (on close). */
export function fillVideoThumbs(strip: HTMLElement, items: readonly LightboxItem[]): () => void {
  const waiting = new Map<number, VideoThumb>();
  items.forEach((item, i) => {
    const source = item.thumb ? null : videoThumb(item.href, document.baseURI);
    if (source) waiting.set(i, source);
  });
  if (!waiting.size) return () => {};
  let live = true;
  const load = () => {
    for (const [i, source] of waiting) {
      if (blockedBy(source.type === 'youtube' ? source.image : source.oembed)) continue;
      waiting.delete(i);
      void imageOf(source).then((src) => {
        const button = strip.querySelector(`[data-sf-index="${i}"]`);
        if (live && src && button && !blockedBy(src)) show(button, src);
      });
    }
  };
  const unsubscribe = consentStore().subscribe(load);
  load();
  return () => {
    live = false;
    unsubscribe();
  };
}
