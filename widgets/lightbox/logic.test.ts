import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLogMemory } from '../../src/log';
import {
  canGo,
  canLoop,
  captionAndTitle,
  embedUrl,
  formatHash,
  itemType,
  mediaType,
  parseHash,
  parseItemOptions,
  readLightboxConfig,
  readSocialLinks,
  shareHref,
  slideshowNext,
  swipeStep,
  thumbnailSource,
  vimeoId,
  youtubeId,
} from './logic';
import { oembedThumbnail, videoThumb } from './video-thumb';
import { gatedType } from '../privacy/hosts';

describe('lightbox target rule and item types', () => {
  it('post images qualify by a media URL only: never an in-page anchor or a page', () => {
    expect(mediaType('#comments')).toBeNull();
    expect(mediaType('#gallery-3')).toBeNull();
    expect(mediaType('/about/')).toBeNull();
    expect(mediaType('/wp-content/uploads/a.jpg')).toBe('image');
    expect(mediaType('/clip.mp4')).toBe('video');
    expect(mediaType('https://youtu.be/aqz-KE-bpKQ')).toBe('youtube');
  });
  it.each([
    ['/wp-content/uploads/a.jpg', 'image'],
    ['/a.JPEG?ver=2', 'image'],
    ['/a.png', 'image'],
    ['/a.gif', 'image'],
    ['/a.bmp', 'image'],
    ['/a.tif', 'image'],
    ['/a.tiff', 'image'],
    ['/a.jfif', 'image'],
    ['/a.jpe', 'image'],
    ['/a.svg', 'image'],
    ['/a.webp', 'image'],
    ['/films/tour.mp4', 'video'],
    ['/films/tour.webm', 'video'],
    ['/films/tour.ogg', 'video'],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube'],
    ['https://youtu.be/aqz-KE-bpKQ', 'youtube'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'youtube'],
    ['https://vimeo.com/76979871', 'vimeo'],
    ['https://player.vimeo.com/video/76979871', 'vimeo'],
    ['#care-guide', 'inline'],
  ])('%s is %s', (href, type) => {
    expect(itemType(href, null)).toBe(type);
  });

  it.each([
    '/journal/visit-us/',
    '/a.pdf',
    '/a.jpg.html',
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/channels/staff',
    'javascript:alert(1)//.jpg',
    'mailto:a@b.c',
    '',
  ])('%s does not qualify', (href) => {
    expect(itemType(href, null)).toBeNull();
  });

  it('a stated data-type qualifies iframe, ajax and inline items; video with a YouTube URL is YouTube', () => {
    expect(itemType('/lightbox/size-guide/', 'ajax')).toBe('ajax');
    expect(itemType('https://maps.example/embed', 'iframe')).toBe('iframe');
    expect(itemType('#care', 'inline')).toBe('inline');
    expect(itemType('/page/', 'inline')).toBeNull();
    expect(itemType('https://youtu.be/aqz-KE-bpKQ', 'video')).toBe('youtube');
    expect(itemType('javascript:void(0)', 'iframe')).toBeNull();
    // An unknown stated type leaves the URL to decide.
    expect(itemType('/a.jpg', 'gallery')).toBe('image');
  });

  it('reads YouTube ids of 11 characters only, and Vimeo ids', () => {
    expect(youtubeId('https://m.youtube.com/watch?v=aqz-KE-bpKQ&t=10')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://www.youtube.com/shorts/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQX')).toBeNull();
    expect(youtubeId('https://evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(vimeoId('https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
    expect(vimeoId('https://vimeo.example/76979871')).toBeNull();
  });

  it('plays from the privacy-enhanced hosts', () => {
    expect(embedUrl('youtube', 'aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
    expect(embedUrl('vimeo', '76979871')).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
  });
});

describe('lightbox deep links', () => {
  it('formats #<group>/<index>', () => {
    expect(formatHash('iLightbox[gallery-1]', 2)).toBe('#iLightbox[gallery-1]/2');
  });
  it('parses plain and encoded brackets', () => {
    expect(parseHash('#iLightbox[gallery-1]/2')).toEqual({ group: 'iLightbox[gallery-1]', index: 2 });
    expect(parseHash('#iLightbox%5Bgallery-1%5D/0')).toEqual({ group: 'iLightbox[gallery-1]', index: 0 });
    expect(parseHash('iLightbox%5bgallery-1%5d/11')).toEqual({ group: 'iLightbox[gallery-1]', index: 11 });
    expect(parseHash('#prettyPhoto[legacy]/0')).toEqual({ group: 'prettyPhoto[legacy]', index: 0 });
    expect(parseHash('#iLightbox[a]/1%E0')).toBeNull();
  });
  it('is not fooled by other anchors', () => {
    for (const h of [
      '',
      '#',
      '#reviews',
      '#iLightbox[gallery-1]',
      '#iLightbox[gallery-1]/',
      '#iLightbox[gallery-1]/-1',
      '#iLightbox[gallery-1]/x',
      '#tab/2',
    ])
      expect(parseHash(h)).toBeNull();
  });
  it('round-trips', () => {
    const hash = formatHash('iLightbox[postimages]', 7);
    expect(parseHash(hash)).toEqual({ group: 'iLightbox[postimages]', index: 7 });
  });
});

describe('lightbox captions, options, looping', () => {
  it('takes the title from data-title, the title attribute, then the image alt; the caption from data-caption, then .gallery-caption', () => {
    expect(captionAndTitle({ dataTitle: 'T', titleAttr: 'A', imageAlt: 'Alt', dataCaption: 'C', galleryCaption: 'G' })).toEqual({
      title: 'T',
      caption: 'C',
    });
    expect(captionAndTitle({ titleAttr: 'A', imageAlt: 'Alt', galleryCaption: ' G ' })).toEqual({ title: 'A', caption: 'G' });
    expect(captionAndTitle({ dataTitle: ' ', imageAlt: 'Alt' })).toEqual({ title: 'Alt', caption: '' });
    expect(captionAndTitle({ imageAlt: 'Same', galleryCaption: 'Same' })).toEqual({ title: 'Same', caption: '' });
  });
  it('reads data-options without evaluating it', () => {
    expect(parseItemOptions("width: 800, height: 450, thumbnail: '/t.jpg'")).toEqual({ width: 800, height: 450, thumbnail: '/t.jpg' });
    expect(parseItemOptions('{"width": 640}')).toEqual({ width: 640 });
    expect(parseItemOptions('')).toEqual({});
    expect(parseItemOptions('width: wide')).toBeNull();
    expect(parseItemOptions('alert(1)')).toBeNull();
  });
  it('loops only from three items; without looping the ends stop', () => {
    expect(canLoop(2)).toBe(false);
    expect(canLoop(3)).toBe(true);
    expect(canGo(-1, 0, 2)).toBe(false);
    expect(canGo(1, 0, 2)).toBe(true);
    expect(canGo(1, 1, 2)).toBe(false);
    expect(canGo(-1, 0, 3)).toBe(true);
    expect(canGo(1, 0, 1)).toBe(false);
  });
  it('the slideshow wraps from the last item to the first', () => {
    expect(slideshowNext(1, 3)).toBe(2);
    expect(slideshowNext(2, 3)).toBe(0);
  });
});

describe('fusionLightboxVars', () => {
  afterEach(() => resetLogMemory());
  it('reads what Avada prints, with its texts', () => {
    const { settings, texts, video } = readLightboxConfig(
      {
        status_lightbox: '1',
        lightbox_autoplay: '',
        lightbox_slideshow_speed: '3000',
        lightbox_animation_speed: 'fast',
        lightbox_path: 'vertical',
        lightbox_opacity: '0.9',
        lightbox_deeplinking: '1',
        l10n: { close: 'Zum Schließen Esc drücken', next: 'Weiter' },
      },
      { lightbox_video_width: '960', lightbox_video_height: 540 },
    );
    expect(settings).toMatchObject({
      status_lightbox: true,
      lightbox_autoplay: false,
      lightbox_slideshow_speed: 3000,
      lightbox_animation_speed: 100,
      lightbox_path: 'vertical',
      lightbox_opacity: 0.9,
      lightbox_deeplinking: true,
    });
    expect(texts).toMatchObject({
      close: 'Zum Schließen Esc drücken',
      next: 'Weiter',
      previous: 'Previous',
      enterFullscreen: 'Enter Fullscreen (Shift+Enter)',
    });
    expect(video).toEqual({ lightbox_video_width: 960, lightbox_video_height: 540 });
  });
  it('garbage: one warning naming the widget and the field, defaults for that field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { settings, texts } = readLightboxConfig(
      { lightbox_slideshow_speed: 'soon', lightbox_animation_speed: 'warp', lightbox_opacity: 7, l10n: { close: 42, next: ['x'] } },
      'nope',
    );
    expect(settings.lightbox_slideshow_speed).toBe(5000);
    expect(settings.lightbox_animation_speed).toBe(400);
    expect(settings.lightbox_opacity).toBe(0.85);
    expect(texts.close).toBe('42');
    expect(texts.next).toBe('Next');
    const said = warn.mock.calls.map((c) => String(c[0]));
    for (const field of [
      'fusionLightboxVars.lightbox_slideshow_speed',
      'fusionLightboxVars.lightbox_animation_speed',
      'fusionLightboxVars.lightbox_opacity',
      'fusionLightboxVars.l10n.next',
      'fusionLightboxVideoVars',
    ]) {
      expect(said.filter((m) => m.includes('lightbox:') && m.includes(field))).toHaveLength(1);
    }
  });
});

describe('lightbox swipe rule (more than 100 px within 1 s)', () => {
  const h = { dy: 0, path: 'horizontal' as const };
  it('moves one item for a swipe over 100 px within 1 s, towards where the content was pushed', () => {
    expect(swipeStep({ ...h, dx: -101, ms: 1000 })).toBe(1);
    expect(swipeStep({ ...h, dx: 150, ms: 200 })).toBe(-1);
  });
  it('springs back for 100 px or less, or a slower drag, however long', () => {
    expect(swipeStep({ ...h, dx: -100, ms: 100 })).toBe(0);
    expect(swipeStep({ ...h, dx: -600, ms: 1001 })).toBe(0);
    expect(swipeStep({ ...h, dx: -600, ms: Number.NaN })).toBe(0);
  });
  it('follows the path: across it is no swipe; on a vertical path up is next, down previous', () => {
    expect(swipeStep({ dx: -20, dy: -300, ms: 200, path: 'horizontal' })).toBe(0);
    expect(swipeStep({ dx: 10, dy: -150, ms: 200, path: 'vertical' })).toBe(1);
    expect(swipeStep({ dx: 10, dy: 150, ms: 200, path: 'vertical' })).toBe(-1);
    // The strip still slides sideways on a vertical path.
    expect(swipeStep({ dx: -150, dy: 10, ms: 200, path: 'vertical' })).toBe(1);
  });
});

describe('lightbox thumbnails and share links', () => {
  afterEach(() => resetLogMemory());
  it('takes the thumbnail from data-options, else the linked image, else an image item itself; never a script or player URL', () => {
    const image = { type: 'image' as const, href: '/big.jpg', options: {} };
    expect(thumbnailSource({ ...image, options: { thumbnail: '/t.jpg' } }, '/small.jpg')).toBe('/t.jpg');
    expect(thumbnailSource(image, '/small.jpg')).toBe('/small.jpg');
    expect(thumbnailSource(image, 'data:image/gif;base64,R0lGOD')).toBe('/big.jpg');
    expect(thumbnailSource({ ...image, options: { thumbnail: 'javascript:alert(1)' } }, null)).toBe('/big.jpg');
    expect(thumbnailSource({ type: 'youtube', href: 'https://youtu.be/aqz-KE-bpKQ', options: {} }, null)).toBeNull();
  });
  it("a video thumbnail: YouTube's still for an 11-character id only, Vimeo's oEmbed for the item URL; both behind their consent type", () => {
    const youtube = videoThumb('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(youtube).toEqual({ type: 'youtube', image: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg' });
    expect(videoThumb('https://www.youtube.com/embed/aqz-KE-bpKQ?rel=0')).toEqual(youtube);
    expect(videoThumb('https://www.youtube.com/embed/abcdefghij')).toBeNull();
    expect(videoThumb('https://youtu.be/abcdefghijkl')).toBeNull();
    const vimeo = videoThumb('https://vimeo.com/76979871');
    expect(vimeo).toEqual({ type: 'vimeo', oembed: 'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871' });
    expect(videoThumb('/wp-content/uploads/clip.mp4')).toBeNull();
    // The thumbnail hosts are the video hosts: the consent gate holds them like the players.
    expect(gatedType(youtube && youtube.type === 'youtube' ? youtube.image : '', 'http://localhost/')).toBe('youtube');
    expect(gatedType(vimeo && vimeo.type === 'vimeo' ? vimeo.oembed : '', 'http://localhost/')).toBe('vimeo');
    expect(gatedType('https://i.vimeocdn.com/video/452001751-8f2b_295x166', 'http://localhost/')).toBe('vimeo');
  });
  it('reads thumbnail_url from an oEmbed answer; anything else leaves the glyph', () => {
    expect(oembedThumbnail({ type: 'video', thumbnail_url: 'https://i.vimeocdn.com/video/452001751-8f2b_295x166' })).toBe(
      'https://i.vimeocdn.com/video/452001751-8f2b_295x166',
    );
    expect(oembedThumbnail({ thumbnail_url: 'javascript:alert(1)' })).toBeNull();
    expect(oembedThumbnail({ thumbnail_url: '/relative.jpg' })).toBeNull();
    expect(oembedThumbnail({ domain_status_code: 403 })).toBeNull();
    expect(oembedThumbnail('<html>')).toBeNull();
  });
  it("reads Avada's share links in order, and fills {URL} and {TITLE} as encoded components", () => {
    const links = readSocialLinks({
      facebook: { source: 'https://www.facebook.com/sharer.php?u={URL}', text: 'Share on Facebook' },
      twitter: { source: 'https://twitter.com/intent/tweet?url={URL}&text={TITLE}', text: 'Share on X' },
      email: { source: 'mailto:?body={URL}', text: 'Share by email' },
    });
    expect(links.map((l) => [l.network, l.text])).toEqual([
      ['facebook', 'Share on Facebook'],
      ['twitter', 'Share on X'],
      ['email', 'Share by email'],
    ]);
    expect(shareHref(links[1]!, 'https://shop.test/a b.jpg?x=1&y=2#z', 'Rivets & "tray"')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fshop.test%2Fa%20b.jpg%3Fx%3D1%26y%3D2%23z&text=Rivets%20%26%20%22tray%22',
    );
  });
  it('garbage entries: one warning each naming the entry, left out; the others kept', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const links = readSocialLinks({
      evil: { source: 'javascript:alert({URL})', text: 'Evil' },
      broken: 'nope',
      nameless: { source: 'https://x.test/?u={URL}' },
      ok: { source: 'https://ok.test/?u={URL}', text: 'OK' },
    });
    readSocialLinks({ evil: { source: 'javascript:alert({URL})', text: 'Evil' } });
    expect(links.map((l) => l.network)).toEqual(['ok']);
    const said = warn.mock.calls.map((c) => String(c[0]));
    for (const key of ['evil', 'broken', 'nameless'])
      expect(said.filter((m) => m.includes('lightbox:') && m.includes(`lightbox_social_links.${key}`))).toHaveLength(1);
    expect(said.some((m) => m.includes('lightbox_social_links.ok'))).toBe(false);
  });
  it('lightbox_social and its links in fusionLightboxVars: an empty PHP array is no links; a string warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readLightboxConfig({ lightbox_social: '1', lightbox_social_links: [] }, undefined).settings).toMatchObject({
      lightbox_social: true,
      lightbox_social_links: {},
    });
    expect(warn).not.toHaveBeenCalled();
    expect(readLightboxConfig({ lightbox_social: '', lightbox_social_links: 'facebook' }, undefined).settings).toMatchObject({
      lightbox_social: false,
      lightbox_social_links: {},
    });
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('fusionLightboxVars.lightbox_social_links'))).toHaveLength(1);
  });
});
