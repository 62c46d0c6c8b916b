import { describe, expect, test, vi } from 'vitest';
import { readSettings } from '../../src/config/globals';
import {
  cutExcerpt,
  FLEX_VARS_SPEC,
  playerMessage,
  playerOf,
  playerState,
  readFlexOptions,
  swipeTarget,
  type FlexSliderVars,
} from './logic';

const VARS: FlexSliderVars = {
  status_vimeo: true,
  status_yt: true,
  slideshow_autoplay: true,
  slideshow_speed: 7000,
  pagination_video_slide: false,
  flex_smoothHeight: false,
};
const reader = (attrs: Record<string, string>) => (name: string) => attrs[name] ?? null;

describe('fusionFlexSliderVars', () => {
  test('reads the string booleans and the speed as Avada prints them', () => {
    const vars = readSettings(
      {
        status_vimeo: '1',
        slideshow_autoplay: '',
        slideshow_speed: '9000',
        pagination_video_slide: '1',
        status_yt: '',
        flex_smoothHeight: 'true',
      },
      FLEX_VARS_SPEC,
      'flexslider',
      'fusionFlexSliderVars',
    );
    expect(vars).toEqual({
      status_vimeo: true,
      status_yt: false,
      slideshow_autoplay: false,
      slideshow_speed: 9000,
      pagination_video_slide: true,
      flex_smoothHeight: true,
    });
  });

  test('an unset or empty speed is 5000 ms', () => {
    expect(readSettings({}, FLEX_VARS_SPEC, 'flexslider', 'fusionFlexSliderVars').slideshow_speed).toBe(5000);
    expect(readSettings({ slideshow_speed: '' }, FLEX_VARS_SPEC, 'flexslider', 'fusionFlexSliderVars').slideshow_speed).toBe(5000);
  });

  test('garbage: one warning naming the widget and the field, the default in its place', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const vars = readSettings(
      { slideshow_speed: 'soon', flex_smoothHeight: 'maybe' },
      FLEX_VARS_SPEC,
      'flexslider',
      'fusionFlexSliderVars',
    );
    expect(vars.slideshow_speed).toBe(5000);
    expect(vars.flex_smoothHeight).toBe(false);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/flexslider: fusionFlexSliderVars\.slideshow_speed: .*"soon"/),
      expect.stringMatching(/flexslider: fusionFlexSliderVars\.flex_smoothHeight: .*"maybe"/),
    ]);
    warn.mockRestore();
  });
});

describe('per-element options', () => {
  test("defaults: the global's autoplay and speed, fade, dots and arrows, the awb icons", () => {
    const warn = vi.fn();
    expect(readFlexOptions(reader({}), VARS, false, warn)).toEqual({
      autoplay: true,
      speed: 7000,
      animation: 'fade',
      smoothHeight: false,
      controlNav: 'dots',
      directionNav: true,
      prevIcon: 'awb-icon-angle-left',
      nextIcon: 'awb-icon-angle-right',
      pushNavForVideo: false,
      youtubeApi: true,
      vimeoApi: true,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  test('every data attribute wins over the global', () => {
    const options = readFlexOptions(
      reader({
        'data-slideshow_autoplay': '0',
        'data-slideshow_speed': '3000',
        'data-slideshow_animation': 'slide',
        'data-slideshow_smooth_height': '1',
        'data-slideshow_control_nav': 'false',
        'data-slideshow_direction_nav': 'no',
        'data-slideshow_prev_text': 'awb-icon-arrow-left',
        'data-slideshow_next_text': 'fa fa-chevron-right',
      }),
      VARS,
      false,
      vi.fn(),
    );
    expect(options).toMatchObject({
      autoplay: false,
      speed: 3000,
      animation: 'slide',
      smoothHeight: true,
      controlNav: false,
      directionNav: false,
      prevIcon: 'awb-icon-arrow-left',
      nextIcon: 'fa fa-chevron-right',
    });
  });

  test('attachments sliders use thumbnails', () => {
    expect(readFlexOptions(reader({}), VARS, true, vi.fn()).controlNav).toBe('thumbnails');
  });

  test('garbage: a warning per attribute, the fallback for each, never markup in the icon class', () => {
    const warn = vi.fn();
    const options = readFlexOptions(
      reader({
        'data-slideshow_autoplay': 'perhaps',
        'data-slideshow_speed': 'fast',
        'data-slideshow_animation': 'wobble',
        'data-slideshow_prev_text': '"><img src=x onerror=alert(1)>',
      }),
      VARS,
      false,
      warn,
    );
    expect(options).toMatchObject({ autoplay: true, speed: 7000, animation: 'fade', prevIcon: 'awb-icon-angle-left' });
    expect(warn.mock.calls.map((c) => c[0]).toSorted()).toEqual([
      'data-slideshow_animation',
      'data-slideshow_autoplay',
      'data-slideshow_prev_text',
      'data-slideshow_speed',
    ]);
  });

  test('a speed too short to read a slide is refused', () => {
    const warn = vi.fn();
    expect(readFlexOptions(reader({ 'data-slideshow_speed': '50' }), VARS, false, warn).speed).toBe(7000);
    expect(warn).toHaveBeenCalledWith('data-slideshow_speed', expect.stringContaining('"50"'));
  });
});

describe('slide excerpts', () => {
  const twelve = 'one two three four five six seven eight nine ten eleven twelve';
  test('under 480 px, longer than 11 words: cut to the first 10', () => {
    expect(cutExcerpt(twelve, 479)).toBe('one two three four five six seven eight nine ten…');
  });
  test('11 words or fewer stay whole', () => {
    const eleven = 'one two three four five six seven eight nine ten eleven';
    expect(cutExcerpt(eleven, 320)).toBe(eleven);
  });
  test('480 px and wider: whole', () => {
    expect(cutExcerpt(twelve, 480)).toBe(twelve);
  });
});

describe('video players', () => {
  test('recognises YouTube (privacy host too) and Vimeo, nothing else', () => {
    expect(playerOf('https://www.youtube-nocookie.com/embed/x?enablejsapi=1')).toBe('youtube');
    expect(playerOf('https://www.youtube.com/embed/x')).toBe('youtube');
    expect(playerOf('https://player.vimeo.com/video/1')).toBe('vimeo');
    expect(playerOf('https://youtube.com.evil.example/embed/x')).toBeUndefined();
    expect(playerOf('')).toBeUndefined();
  });
  test("commands in each player's message format", () => {
    expect(JSON.parse(playerMessage('youtube', 'pause'))).toEqual({ event: 'command', func: 'pauseVideo', args: [] });
    expect(JSON.parse(playerMessage('youtube', 'play')).func).toBe('playVideo');
    expect(JSON.parse(playerMessage('vimeo', 'pause'))).toEqual({ method: 'pause' });
    expect(JSON.parse(playerMessage('vimeo', 'mute'))).toEqual({ method: 'setVolume', value: 0 });
  });
  test('reads playing and stopped from player messages, ignores the rest', () => {
    expect(playerState('youtube', JSON.stringify({ event: 'onStateChange', info: 1 }))).toBe('playing');
    expect(playerState('youtube', JSON.stringify({ event: 'infoDelivery', info: { playerState: 2 } }))).toBe('stopped');
    expect(playerState('youtube', JSON.stringify({ event: 'infoDelivery', info: { currentTime: 3 } }))).toBeUndefined();
    expect(playerState('vimeo', '{"event":"play"}')).toBe('playing');
    expect(playerState('vimeo', { event: 'ended' })).toBe('stopped');
    expect(playerState('vimeo', 'not json')).toBeUndefined();
  });
});

describe('FlexSlider swipe rule', () => {
  const base = { dy: 0, width: 1000, start: 1, count: 3 };
  test('moves one slide for at least 50 px within 550 ms, towards where the content was pushed', () => {
    expect(swipeTarget({ ...base, dx: -50, ms: 550 })).toBe(2);
    expect(swipeTarget({ ...base, dx: 50, ms: 200 })).toBe(0);
  });
  test('springs back for a shorter or slower drag, unless it passed half the width', () => {
    expect(swipeTarget({ ...base, dx: -49, ms: 100 })).toBe(1);
    expect(swipeTarget({ ...base, dx: -300, ms: 551 })).toBe(1);
    expect(swipeTarget({ ...base, dx: -501, ms: 3000 })).toBe(2);
  });
  test('wraps at the ends, and leaves vertical gestures and single slides alone', () => {
    expect(swipeTarget({ ...base, start: 2, dx: -80, ms: 100 })).toBe(0);
    expect(swipeTarget({ ...base, start: 0, dx: 80, ms: 100 })).toBe(2);
    expect(swipeTarget({ ...base, dx: -60, dy: 200, ms: 100 })).toBeUndefined();
    expect(swipeTarget({ ...base, count: 1, dx: -80, ms: 100 })).toBeUndefined();
  });
});
