/**
 * The rules for a video's thumbnail in the strip, with no DOM. Apart from logic.ts because only the lazily loaded
 * core needs them (and zod/mini for the oEmbed answer): the at-load chunk stays as it was.
 */
import * as z from 'zod/mini';
import { vimeoId, youtubeId } from './logic';

/**
 * Where a video item's thumbnail comes from when nothing local is printed for it: YouTube's still for an
 * 11-character id (a shorter or longer one makes none, as in the original), or Vimeo's oEmbed answer for the item
 * URL. Both hosts sit behind their consent type: the caller asks the consent gate before requesting either.
 */
export type VideoThumb = { type: 'youtube'; image: string } | { type: 'vimeo'; oembed: string };

export function videoThumb(href: string, base = 'http://localhost/'): VideoThumb | null {
  const youtube = youtubeId(href, base);
  if (youtube) return { type: 'youtube', image: `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg` };
  if (!vimeoId(href, base)) return null;
  return { type: 'vimeo', oembed: `https://vimeo.com/api/oembed.json?url=${encodeURIComponent(new URL(href.trim(), base).href)}` };
}

const OembedAnswer = z.object({ thumbnail_url: z.string() });

/** The `thumbnail_url` of a Vimeo oEmbed answer when it is an http(s) URL, else null (the glyph stays). */
export function oembedThumbnail(answer: unknown): string | null {
  const parsed = OembedAnswer.safeParse(answer);
  if (!parsed.success) return null;
  try {
    const url = new URL(parsed.data.thumbnail_url.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
