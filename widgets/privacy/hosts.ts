/**
 * Which privacy type a third-party URL belongs to: the hosts each of the theme's consent types stands for. Pure
 * (no DOM, no store), so whatever inserts a frame, script or image (the lightbox, the sanitizer of server HTML)
 * asks the same question before it loads anything. A privacy-enhanced host (`youtube-nocookie.com`, Vimeo with
 * `dnt=1`) is still the same company's server: it needs the same consent.
 */

const HOSTS: readonly (readonly [type: string, domains: readonly string[]])[] = [
  ['youtube', ['youtube.com', 'youtube-nocookie.com', 'youtu.be', 'ytimg.com', 'googlevideo.com']],
  ['vimeo', ['vimeo.com', 'vimeocdn.com']],
  ['soundcloud', ['soundcloud.com', 'sndcdn.com']],
  ['facebook', ['facebook.com', 'facebook.net', 'fbcdn.net']],
  ['flickr', ['flickr.com', 'staticflickr.com']],
  ['twitter', ['twitter.com', 'twimg.com', 'x.com']],
  ['gmaps', ['maps.google.com', 'maps.googleapis.com', 'maps.gstatic.com']],
];

/** Provider names for the consent placeholder ("For privacy reasons {name} needs your permission to be loaded."). */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  soundcloud: 'SoundCloud',
  facebook: 'Facebook',
  flickr: 'Flickr',
  twitter: 'X (Twitter)',
  gmaps: 'Google Maps',
};

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The consent type a URL loads from, or null for any other host (the shop's own included). Google's own host
 * counts as `gmaps` only for its maps paths (`google.com/maps/embed…`), so a link to Google search is not a map.
 */
export function gatedType(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  for (const [type, domains] of HOSTS) if (domains.some((d) => within(host, d))) return type;
  if (/^(www\.)?google\.[a-z.]{2,6}$/.test(host) && /^\/maps(\/|$)/.test(url.pathname)) return 'gmaps';
  return null;
}
