/**
 * Videos inside slides: `<video>` elements and YouTube/Vimeo iframes (through their postMessage APIs, when the
 * theme enabled them in `fusionFlexSliderVars`). Only the active slide's video plays; a playing video holds the
 * slideshow. A slide's `data-autoplay="yes"` starts its video when the slide becomes active, `data-mute="yes"`
 * mutes it first (browsers only autoplay muted videos anyway).
 */
import { parseFlag } from '../../src/config/parse';
import {
  playerMessage,
  playerOf,
  playerOrigin,
  playerState,
  type FlexOptions,
  type Player,
  type PlayerCommand,
  VIMEO_EVENTS,
} from './logic';

type VideoOptions = Pick<FlexOptions, 'youtubeApi' | 'vimeoApi'>;

const enabled = (player: Player | undefined, options: VideoOptions): player is Player =>
  player === 'youtube' ? options.youtubeApi : player === 'vimeo' ? options.vimeoApi : false;

function send(frame: HTMLIFrameElement, options: VideoOptions, command: PlayerCommand): void {
  const player = playerOf(frame.src, location.href);
  const origin = playerOrigin(frame.src, location.href);
  if (!enabled(player, options) || !origin) return;
  try {
    frame.contentWindow?.postMessage(playerMessage(player, command), origin);
  } catch {
    /* a frame that went away: nothing to pause */
  }
}

export function pauseOthers(slides: readonly HTMLElement[], active: number, options: VideoOptions): void {
  slides.forEach((slide, i) => {
    if (i === active) return;
    for (const video of slide.querySelectorAll('video')) if (!video.paused) video.pause();
    for (const frame of slide.querySelectorAll('iframe')) send(frame, options, 'pause');
  });
}

export function startSlideVideo(slide: HTMLElement | undefined, options: VideoOptions): void {
  if (!slide || parseFlag(slide.getAttribute('data-autoplay')) !== true) return;
  const mute = parseFlag(slide.getAttribute('data-mute')) === true;
  const video = slide.querySelector('video');
  if (video) {
    if (mute) video.muted = true;
    // Refused autoplay (sound, a saving-data mode) is the browser's call: the play button is still there.
    video.play()?.catch(() => {});
    return;
  }
  const frame = slide.querySelector('iframe');
  if (!frame) return;
  if (mute) send(frame, options, 'mute');
  send(frame, options, 'play');
}

/**
 * Tell `onPlaying` whenever a video in the slider starts or stops. Players' iframes are asked to report their
 * state (YouTube's "listening", Vimeo's addEventListener) and only messages from those iframes are believed.
 */
export function watchPlayback(root: HTMLElement, options: VideoOptions, onPlaying: (playing: boolean) => void): () => void {
  const controller = new AbortController();
  const signal = controller.signal;
  const playing = new Set<object>();
  const report = (source: object, on: boolean) => {
    const before = playing.size > 0;
    if (on) playing.add(source);
    else playing.delete(source);
    if (before !== playing.size > 0) onPlaying(playing.size > 0);
  };
  root.addEventListener('play', (e) => report(e.target as object, true), { capture: true, signal });
  for (const type of ['pause', 'ended', 'emptied'])
    root.addEventListener(type, (e) => report(e.target as object, false), { capture: true, signal });

  const frames = [...root.querySelectorAll('iframe')].filter((f) => enabled(playerOf(f.src, location.href), options));
  const subscribe = (frame: HTMLIFrameElement) => {
    if (playerOf(frame.src, location.href) === 'youtube') send(frame, options, 'listen');
    const origin = playerOrigin(frame.src, location.href);
    if (playerOf(frame.src, location.href) === 'vimeo' && origin) {
      for (const value of VIMEO_EVENTS) frame.contentWindow?.postMessage(JSON.stringify({ method: 'addEventListener', value }), origin);
    }
  };
  for (const frame of frames) {
    subscribe(frame);
    frame.addEventListener('load', () => subscribe(frame), { signal });
  }
  if (frames.length) {
    window.addEventListener(
      'message',
      (event) => {
        const frame = frames.find((f) => f.contentWindow === event.source);
        if (!frame || event.origin !== playerOrigin(frame.src, location.href)) return;
        const state = playerState(playerOf(frame.src, location.href)!, event.data);
        if (state) report(frame, state === 'playing');
      },
      { signal },
    );
  }
  return () => controller.abort();
}
