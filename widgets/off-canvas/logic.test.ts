import { describe, expect, it } from 'vitest';
import {
  addCalendarMonth,
  animationName,
  arrivingFrom,
  EMPTY_STATE,
  evaluateRules,
  hrefHash,
  panelAnimation,
  parseConfig,
  parseHash,
  parseScrollPosition,
  parseStoredState,
  pushOffset,
  recordClose,
  recordOpen,
  reopensAt,
  scrollThreshold,
  type OffCanvasConfig,
  type RuleInput,
  type StoredState,
} from './logic';

const config = (raw: Record<string, unknown> = {}): OffCanvasConfig => {
  const parsed = parseConfig(raw, 'off_canvas_1');
  expect(parsed.problems).toEqual([]);
  return parsed.config;
};

describe('off-canvas config', () => {
  it('gives every missing key the contract default', () => {
    const c = config();
    expect(c).toMatchObject({
      type: 'popup',
      height: 'fit',
      position: 'left',
      transition: 'overlap',
      enter_animation_direction: 'static',
      enter_animation_speed: 1,
      exit_animation_speed: 1,
      sb_enter_animation: 'slideShort',
      overlay: true,
      overlay_page_scrollbar: true,
      overlay_close_on_click: true,
      close_on_anchor_click: false,
      close_on_esc: true,
      close_button: true,
      auto_close_after_time: 0,
      show_close_button_after_time: 0,
      off_canvas_state: 'closed',
      frequency: 'forever',
      when_arriving_from: [],
      on_page_load: false,
      on_scroll: false,
      scroll_direction: 'down',
      scroll_to: 'position',
      exit_intent: false,
      on_click: false,
      on_add_to_cart: false,
      has_js_rules: false,
    });
  });

  it('reads every spelling of a flag and numbers printed as strings', () => {
    const c = config({
      overlay: 'no',
      close_on_esc: '0',
      on_page_load: 'yes',
      exit_intent: true,
      on_scroll: 1,
      after_inactivity: 'true',
      time_on_page_duration: '5',
      inactivity_duration: 2.5,
      frequency_xtimes: '3',
      has_js_rules: '1',
    });
    expect(c).toMatchObject({
      overlay: false,
      close_on_esc: false,
      on_page_load: true,
      exit_intent: true,
      on_scroll: true,
      after_inactivity: true,
      time_on_page_duration: 5,
      inactivity_duration: 2.5,
      frequency_xtimes: 3,
      has_js_rules: true,
    });
  });

  it('treats the empty strings WordPress prints for unset options as missing', () => {
    const c = config({ time_on_page_duration: '', scroll_position: '', frequency: '', enter_animation_speed: '' });
    expect(c.time_on_page_duration).toBe(0);
    expect(c.scroll_position).toEqual({ unit: 'px', value: 0 });
    expect(c.frequency).toBe('forever');
    expect(c.enter_animation_speed).toBe(1);
  });

  it('reads arriving-from as an array or a comma list', () => {
    expect(config({ when_arriving_from: ['search', 'external'] }).when_arriving_from).toEqual(['search', 'external']);
    expect(config({ when_arriving_from: 'internal, search' }).when_arriving_from).toEqual(['internal', 'search']);
  });

  it('reports each malformed field by name and uses its default', () => {
    const { config: c, problems } = parseConfig(
      {
        frequency: 'hourly',
        time_on_page_duration: 'soon',
        overlay: 'maybe',
        when_arriving_from: ['moon'],
        scroll_position: '10em',
        type: 'modal',
      },
      'off_canvas_9',
    );
    expect(problems.map((p) => p.field)).toEqual([
      'off_canvas_9.type',
      'off_canvas_9.overlay',
      'off_canvas_9.frequency',
      'off_canvas_9.when_arriving_from',
      'off_canvas_9.time_on_page_duration',
      'off_canvas_9.scroll_position',
    ]);
    expect(problems[2]!.message).toContain('"hourly"');
    expect(c.frequency).toBe('forever');
    expect(c.overlay).toBe(true);
    expect(c.type).toBe('popup');
  });

  it.each([[null], ['yes'], [[1, 2]], [42]])('reports a global that is not an object (%j)', (raw) => {
    const { problems, config: c } = parseConfig(raw, 'off_canvas_3');
    if (raw === null) expect(problems).toEqual([{ field: 'off_canvas_3', message: 'expected an object, got null' }]);
    else expect(problems[0]!.field).toBe('off_canvas_3');
    expect(c.on_page_load).toBe(false);
  });

  it('rejects negative durations', () => {
    expect(parseConfig({ auto_close_after_time: -3 }, 'x').problems).toHaveLength(1);
  });
});

describe('scroll positions', () => {
  it.each([
    [300, { unit: 'px', value: 300 }],
    ['300', { unit: 'px', value: 300 }],
    [' 250px ', { unit: 'px', value: 250 }],
    ['40%', { unit: '%', value: 40 }],
    ['12.5%', { unit: '%', value: 12.5 }],
  ])('reads %j', (value, expected) => {
    expect(parseScrollPosition(value)).toEqual(expected);
  });
  it.each(['', '-5', '150%', 'half', '10em', NaN, {}])('rejects %j', (value) => {
    expect(parseScrollPosition(value)).toBeUndefined();
  });
  it('turns a percentage into pixels of the document height', () => {
    expect(scrollThreshold({ unit: '%', value: 50 }, 4000)).toBe(2000);
    expect(scrollThreshold({ unit: 'px', value: 320 }, 4000)).toBe(320);
  });
});

describe('stored state', () => {
  it("reads the theme's JSON, counters printed as strings too", () => {
    const text = JSON.stringify({
      last_open_date: '2030-01-02T10:00:00.000Z',
      open_count: '2',
      close_count: 1,
      closed: true,
      page_views: 4,
      sessions: 2,
    });
    expect(parseStoredState(text, 'k')).toEqual({
      state: { last_open_date: '2030-01-02T10:00:00.000Z', open_count: 2, close_count: 1, closed: true, page_views: 4, sessions: 2 },
      problems: [],
    });
  });
  it('starts empty when nothing is stored', () => {
    expect(parseStoredState(null, 'k')).toEqual({ state: EMPTY_STATE, problems: [] });
  });
  it('accepts a record without a date, and an empty date', () => {
    expect(parseStoredState('{"open_count":1,"last_open_date":""}', 'k').state).toEqual({ ...EMPTY_STATE, open_count: 1 });
  });
  it.each([
    ['{oops', 'k'],
    ['[1,2]', 'k'],
    ['"text"', 'k'],
    ['{"open_count":"many"}', 'k.open_count'],
    ['{"closed":"perhaps"}', 'k.closed'],
    ['{"last_open_date":"yesterday"}', 'k.last_open_date'],
    ['{"sessions":-2}', 'k.sessions'],
  ])('reports garbage %s under %s', (text, field) => {
    const { problems } = parseStoredState(text, 'k');
    expect(problems.map((p) => p.field)).toEqual([field]);
  });
  it('stamps every open and counts only automatic ones; closing counts and marks closed', () => {
    const now = Date.UTC(2030, 4, 6, 7, 8, 9);
    expect(recordOpen(EMPTY_STATE, now, true)).toEqual({ ...EMPTY_STATE, open_count: 1, last_open_date: '2030-05-06T07:08:09.000Z' });
    expect(recordOpen(EMPTY_STATE, now, false)).toEqual({ ...EMPTY_STATE, open_count: 0, last_open_date: '2030-05-06T07:08:09.000Z' });
    expect(recordClose({ ...EMPTY_STATE, close_count: 2 })).toEqual({ ...EMPTY_STATE, close_count: 3, closed: true });
  });
});

describe('frequency dates', () => {
  const last = new Date(2030, 0, 10, 12, 0, 0);
  it('adds 24 h days', () => {
    expect(reopensAt('day', last, 1)).toBe(last.getTime() + 86_400_000);
    expect(reopensAt('week', last, 1)).toBe(last.getTime() + 7 * 86_400_000);
    expect(reopensAt('xdays', last, 3)).toBe(last.getTime() + 3 * 86_400_000);
    expect(reopensAt('once', last, 3)).toBeUndefined();
  });
  it('adds one calendar month, keeping the time of day', () => {
    expect(addCalendarMonth(new Date(2030, 0, 10, 12, 0, 0))).toEqual(new Date(2030, 1, 10, 12, 0, 0));
    expect(addCalendarMonth(new Date(2030, 11, 15, 8, 30))).toEqual(new Date(2031, 0, 15, 8, 30));
  });
  it('clamps the 31st to the end of a shorter month (leap years too)', () => {
    expect(addCalendarMonth(new Date(2030, 0, 31, 9))).toEqual(new Date(2030, 1, 28, 9));
    expect(addCalendarMonth(new Date(2032, 0, 31, 9))).toEqual(new Date(2032, 1, 29, 9));
    expect(addCalendarMonth(new Date(2030, 2, 31))).toEqual(new Date(2030, 3, 30));
  });
});

describe('arriving from', () => {
  const host = 'shop.example';
  it.each([
    ['', 'internal'],
    ['https://shop.example/cart/', 'internal'],
    ['http://shop.example/?s=mug', 'internal'],
    ['https://www.google.com/', 'search'],
    ['https://www.google.co.uk/search?q=tote', 'search'],
    ['https://www.bing.com/search?q=x', 'search'],
    ['https://search.yahoo.com/', 'search'],
    ['https://yandex.ru/search/', 'search'],
    ['https://duckduckgo.com/', 'external'],
    ['https://news.example.org/article', 'external'],
    ['https://googleblog.example/', 'external'],
  ])('%j is %s', (referrer, origin) => {
    expect(arrivingFrom(referrer, host)).toBe(origin);
  });
});

describe('display rules', () => {
  const NOW = Date.UTC(2030, 5, 15, 12, 0, 0);
  const input = (
    c: Partial<OffCanvasConfig> | Record<string, unknown>,
    state: Partial<StoredState> = {},
    extra: Partial<RuleInput> = {},
  ): RuleInput => ({
    config: config(c as Record<string, unknown>),
    state: { ...EMPTY_STATE, ...state },
    now: NOW,
    sessionFlag: false,
    sessionCounted: false,
    referrer: '',
    host: 'shop.example',
    ...extra,
  });
  const iso = (ms: number) => new Date(ms).toISOString();

  it('shows by default (frequency forever, no rules)', () => {
    expect(evaluateRules(input({}))).toMatchObject({ show: true, stops: [], setSessionFlag: false, markSessionCounted: false });
  });
  it('close: stops once any close was recorded', () => {
    expect(evaluateRules(input({ frequency: 'close' })).show).toBe(true);
    expect(evaluateRules(input({ frequency: 'close' }, { closed: true })).stops).toEqual(['frequency']);
  });
  it('once and xtimes count automatic opens', () => {
    expect(evaluateRules(input({ frequency: 'once' })).show).toBe(true);
    expect(evaluateRules(input({ frequency: 'once' }, { open_count: 1 })).show).toBe(false);
    expect(evaluateRules(input({ frequency: 'xtimes', frequency_xtimes: '3' }, { open_count: 2 })).show).toBe(true);
    expect(evaluateRules(input({ frequency: 'xtimes', frequency_xtimes: '3' }, { open_count: 3 })).show).toBe(false);
  });
  it('session: sets the flag at evaluation, stops while it exists', () => {
    expect(evaluateRules(input({ frequency: 'session' }))).toMatchObject({ show: true, setSessionFlag: true });
    expect(evaluateRules(input({ frequency: 'session' }, {}, { sessionFlag: true }))).toMatchObject({ show: false, setSessionFlag: false });
  });
  it.each([
    ['day', 1],
    ['week', 7],
  ] as const)('%s: waits %i × 24 h after the last open', (frequency, days) => {
    const edge = NOW - days * 86_400_000;
    expect(evaluateRules(input({ frequency }, { last_open_date: iso(edge + 1) })).show).toBe(false);
    expect(evaluateRules(input({ frequency }, { last_open_date: iso(edge) })).show).toBe(true);
    expect(evaluateRules(input({ frequency })).show).toBe(true);
  });
  it('xdays uses frequency_xdays', () => {
    expect(evaluateRules(input({ frequency: 'xdays', frequency_xdays: 3 }, { last_open_date: iso(NOW - 2 * 86_400_000) })).show).toBe(
      false,
    );
    expect(evaluateRules(input({ frequency: 'xdays', frequency_xdays: 3 }, { last_open_date: iso(NOW - 3 * 86_400_000) })).show).toBe(true);
  });
  it('month waits one calendar month', () => {
    const lastOpen = new Date(2030, 0, 31, 12, 0, 0);
    const at = (y: number, m: number, d: number) =>
      evaluateRules(
        input({ frequency: 'month' }, { last_open_date: lastOpen.toISOString() }, { now: new Date(y, m, d, 12, 0, 0).getTime() }),
      ).show;
    expect(at(2030, 1, 27)).toBe(false);
    expect(at(2030, 1, 28)).toBe(true);
  });
  it('page views: stops and counts until view N, shows from view N+1', () => {
    let state = { ...EMPTY_STATE };
    const shown: boolean[] = [];
    for (let view = 1; view <= 4; view++) {
      const out = evaluateRules(input({ after_x_page_views: 'yes', number_of_page_views: '2' }, state));
      shown.push(out.show);
      state = out.state;
    }
    expect(shown).toEqual([false, false, true, true]);
    expect(state.page_views).toBe(2);
  });
  it('sessions: counts each new session once, shows from session N+1', () => {
    const c = { after_x_sessions: 'yes', number_of_sessions: '1' };
    const first = evaluateRules(input(c));
    expect(first).toMatchObject({ show: false, markSessionCounted: true });
    expect(first.state.sessions).toBe(1);
    const sameSession = evaluateRules(input(c, first.state, { sessionCounted: true }));
    expect(sameSession).toMatchObject({ show: false, markSessionCounted: false });
    expect(sameSession.state.sessions).toBe(1);
    const second = evaluateRules(input(c, first.state));
    expect(second.show).toBe(true);
    expect(second.state.sessions).toBe(2);
  });
  it('arriving from: stops when the origin is not listed', () => {
    const c = { when_arriving_from: ['search'] };
    expect(evaluateRules(input(c, {}, { referrer: 'https://www.google.com/' })).show).toBe(true);
    expect(evaluateRules(input(c, {}, { referrer: 'https://news.example.org/' })).stops).toEqual(['arriving from']);
    expect(evaluateRules(input(c, {}, { referrer: '' })).show).toBe(false);
  });
  it('combines every rule with AND: a matching origin does not undo a frequency stop', () => {
    const out = evaluateRules(
      input({ frequency: 'once', when_arriving_from: ['search'] }, { open_count: 1 }, { referrer: 'https://www.bing.com/' }),
    );
    expect(out.show).toBe(false);
    expect(out.stops).toEqual(['frequency']);
  });
  it('evaluates every rule so each counter moves even when another rule stops', () => {
    const out = evaluateRules(
      input(
        { frequency: 'once', after_x_page_views: 'yes', number_of_page_views: 5, after_x_sessions: 'yes', number_of_sessions: 3 },
        { open_count: 1 },
      ),
    );
    expect(out.stops).toEqual(['frequency', 'page views', 'sessions']);
    expect(out.state).toMatchObject({ page_views: 1, sessions: 1 });
  });
});

describe('hash links', () => {
  it.each([
    ['#awb-oc__4711', { action: 'toggle', id: '4711' }],
    ['#awb-open-oc__4711', { action: 'open', id: '4711' }],
    ['#awb-close-oc__4711', { action: 'close', id: '4711' }],
    ['#awb-close-oc__', { action: 'close-all' }],
    ['#awb-oc__', undefined],
    ['#awb-open-oc__', undefined],
    ['#reviews', undefined],
    ['', undefined],
  ])('%j', (hash, expected) => {
    expect(parseHash(hash)).toEqual(expected);
  });
  it('takes the hash of a full link', () => {
    expect(hrefHash('https://shop.example/page/#awb-oc__12')).toBe('#awb-oc__12');
    expect(hrefHash('/about/')).toBe('');
    expect(hrefHash(null)).toBe('');
  });
});

describe('animations', () => {
  const desktop = { reducedMotion: false, mobile: false };
  it('names animate.css classes as Avada does', () => {
    expect(animationName('fade', 'In', 'static')).toBe('fadeIn');
    expect(animationName('slide', 'In', 'left')).toBe('slideInLeft');
    expect(animationName('zoom', 'Out', 'down')).toBe('zoomOutDown');
    expect(animationName('', 'In', 'left')).toBeUndefined();
    expect(animationName('none', 'In', 'left')).toBeUndefined();
  });
  it('popups use their enter and exit animation and speed', () => {
    const c = config({
      enter_animation: 'fade',
      enter_animation_direction: 'up',
      enter_animation_speed: '0.5',
      exit_animation: 'fade',
      exit_animation_speed: 0.3,
    });
    expect(panelAnimation(c, 'In', desktop)).toEqual({ className: 'fadeInUp', speed: 0.5 });
    expect(panelAnimation(c, 'Out', desktop)).toEqual({ className: 'fadeOut', speed: 0.3 });
  });
  it('sliding bars slide from their own edge', () => {
    const c = config({ type: 'sliding-bar', position: 'right' });
    expect(panelAnimation(c, 'In', desktop)).toEqual({ className: 'slideShortInRight', speed: 1 });
    expect(panelAnimation(c, 'Out', desktop)).toEqual({ className: 'slideShortOutRight', speed: 1 });
  });
  it('none under reduced motion, when off, or on mobile with the desktop setting', () => {
    const c = config({ enter_animation: 'fade' });
    expect(panelAnimation(c, 'In', { reducedMotion: true, mobile: false })).toBeUndefined();
    expect(panelAnimation(c, 'In', { reducedMotion: false, mobile: true })).toBeUndefined();
    expect(panelAnimation({ ...c, status_css_animations: 'on' }, 'In', { reducedMotion: false, mobile: true })).toEqual({
      className: 'fadeIn',
      speed: 1,
    });
    expect(panelAnimation({ ...c, status_css_animations: 'off' }, 'In', desktop)).toBeUndefined();
  });
  it('push bars move the page by their size, mirrored in RTL', () => {
    expect(pushOffset('left', 300, false)).toEqual({ axis: 'x', px: 300 });
    expect(pushOffset('right', 300, false)).toEqual({ axis: 'x', px: -300 });
    expect(pushOffset('left', 300, true)).toEqual({ axis: 'x', px: -300 });
    expect(pushOffset('top', 80, false)).toEqual({ axis: 'y', px: 80 });
    expect(pushOffset('bottom', 80, true)).toEqual({ axis: 'y', px: -80 });
  });
});
