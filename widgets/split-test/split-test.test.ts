import { afterEach, describe, expect, it, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';
import { setEnvironment } from '../../src/env';
import { createRuntime } from '../../mount/runtime';
import { mountPage, only } from '../../test/helpers/mount';
import { decideSplitTests } from './decide';
import { cookieKey, impressionBody, parseAssignments, parseTestKey, pickIndex, storedIndex } from './logic';

/** mulberry32: a seeded generator, so the distribution test is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pearson's chi-square of the counts against a uniform share. */
function chiSquare(counts: readonly number[]): number {
  const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}
/** Critical values at p = 0.001 for 1, 2 and 3 degrees of freedom. */
const CRITICAL = { 2: 10.828, 3: 13.816, 4: 16.266 } as const;

function draws(variants: 2 | 3 | 4, random: () => number, n = 10_000): number[] {
  const counts = Array<number>(variants).fill(0);
  for (let i = 0; i < n; i++) counts[pickIndex(variants, random())]! += 1;
  return counts;
}

describe('split-test rules', () => {
  it('splits the wrapper name on the first "--"; names keep spaces and later dashes', () => {
    expect(parseTestKey('318--Hero copy')).toEqual({ pid: '318', testName: 'Hero copy' });
    expect(parseTestKey('318--A--B')).toEqual({ pid: '318', testName: 'A--B' });
    expect(parseTestKey('318-Hero')).toBeUndefined();
    expect(parseTestKey('--Hero')).toBeUndefined();
    expect(parseTestKey('abc--Hero')).toBeUndefined();
    expect(parseTestKey('318--')).toBeUndefined();
    expect(parseTestKey(null)).toBeUndefined();
  });

  it('reads the server cookie leniently: broken text or a non-object counts as empty', () => {
    expect(parseAssignments('{"Hero+copy":1}')).toEqual({ assignments: { 'Hero+copy': 1 }, broken: false });
    expect(parseAssignments(undefined)).toEqual({ assignments: {}, broken: false });
    for (const garbage of ['{"Hero+copy":', 'null', '[1,2]', '42', '"text"'])
      expect(parseAssignments(garbage)).toEqual({ assignments: {}, broken: true });
  });

  it('finds a stored variant under the "+" key, the assignment cookie before the conversion cookie, only if it exists', () => {
    expect(cookieKey('Hero copy  two')).toBe('Hero+copy++two');
    expect(storedIndex('Hero copy', 2, [{ 'Hero+copy': 1 }, {}])).toBe(1);
    expect(storedIndex('Hero copy', 2, [{}, { 'Hero+copy': 0 }])).toBe(0);
    expect(storedIndex('Hero copy', 3, [{ 'Hero+copy': 2 }, { 'Hero+copy': 0 }])).toBe(2);
    expect(storedIndex('Hero copy', 3, [{ 'Hero+copy': '1' }])).toBe(1);
    expect(storedIndex('Hero copy', 2, [{ 'Hero+copy': 2 }])).toBeUndefined();
    expect(storedIndex('Hero copy', 2, [{ 'Hero+copy': -1 }, { 'Hero+copy': 1.5 }, { 'Hero+copy': 'x' }])).toBeUndefined();
    expect(storedIndex('Hero copy', 2, [{ Other: 1 }])).toBeUndefined();
  });

  it('picks floor(n × random), never out of range', () => {
    expect(pickIndex(3, 0)).toBe(0);
    expect(pickIndex(3, 0.34)).toBe(1);
    expect(pickIndex(3, 0.999999)).toBe(2);
    expect(pickIndex(3, 1)).toBe(2);
  });

  it.each([2, 3, 4] as const)('over 10,000 fresh visitors, %i variants get uniform shares (chi-square, p = 0.001)', (n) => {
    const counts = draws(n, seeded(20261125 + n));
    expect(chiSquare(counts)).toBeLessThan(CRITICAL[n]);
    for (const c of counts) expect(Math.abs(c / 10_000 - 1 / n)).toBeLessThan(0.03);
  });

  it('the same bound rejects a skewed choice (the check can fail)', () => {
    const random = seeded(7);
    expect(chiSquare(draws(2, () => random() ** 1.1))).toBeGreaterThan(CRITICAL[2]);
  });

  it('form-encodes the impression so names with &, + and = arrive intact', () => {
    const body = impressionBody('318', { 'Hero copy & more': 1, 'a+b=c': 0 });
    expect(body.toString()).not.toContain('& more');
    const back = new URLSearchParams(body.toString());
    expect(back.get('pid')).toBe('318');
    expect(JSON.parse(back.get('tests_data')!)).toEqual({ 'Hero copy & more': 1, 'a+b=c': 0 });
  });
});

const PAGE = `
  <div woob-stest-name="318--Hero copy"><div woob-stest-id="a1">A</div><div woob-stest-id="b2">B</div></div>
  <div woob-stest-name="318--Price & badge"><div woob-stest-id="c1">C</div><div woob-stest-id="c2">D</div><div woob-stest-id="c3">E</div></div>
  <div woob-stest-name="320--Hero copy"><div woob-stest-id="x1">X</div><div woob-stest-id="x2">Y</div></div>`;

const impressions = () =>
  state.log
    .filter((e) => e.endpoint === 'woob-stest-impression')
    .map((e) => ({ pid: e.body.pid, tests: JSON.parse(String(e.body.tests_data)) as unknown }));
const shown = () =>
  Array.from(document.querySelectorAll('[woob-stest-name]'), (w) => [
    w.getAttribute('woob-stest'),
    Array.from(w.children, (c) => (c as HTMLElement).hidden),
  ]);
const cookie = (name: string, json: string) => (document.cookie = `${name}=${encodeURIComponent(json).replace(/%20/g, '+')}; path=/`);

describe('split-test widget', () => {
  let restore: (() => void) | undefined;
  const randomIs = (...values: number[]) => {
    let i = 0;
    restore = setEnvironment({ random: () => values[i++ % values.length]! });
  };
  afterEach(() => {
    restore?.();
    delete (window as { wbkSplitTesting?: unknown }).wbkSplitTesting;
  });
  const withGlobal = () =>
    ((window as { wbkSplitTesting?: unknown }).wbkSplitTesting = { restApiUrl: 'http://127.0.0.1:5173/wp-json/woob-stest/v1/impression' });

  it('shows one variant per test, hides the others, and reports one form-encoded impression per product id', async () => {
    withGlobal();
    randomIs(0.9, 0.5, 0.1);
    await mountPage(PAGE, only('split-test'));
    expect(shown()).toEqual([
      ['1', [true, false]],
      ['1', [true, false, true]],
      ['0', [false, true]],
    ]);
    await vi.waitFor(() => expect(impressions()).toHaveLength(2));
    expect(impressions()).toEqual([
      { pid: '318', tests: { 'Hero copy': 1, 'Price & badge': 1 } },
      { pid: '320', tests: { 'Hero copy': 0 } },
    ]);
    // The server (the mock) wrote its cookie; we wrote none of our own.
    expect(document.cookie).toContain('woobk-stest-318=');
    expect(
      document.cookie
        .split('; ')
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['woobk-stest-318', 'woobk-stest-320']);
  });

  it('the entry chooses every variant at once, before any chunk loads; the widget then reports those choices once', async () => {
    withGlobal();
    randomIs(0.9, 0.5, 0.1);
    document.body.innerHTML = PAGE;
    // What mount/start.ts runs in the entry's first task: synchronous, no import.
    decideSplitTests(document);
    expect(shown()).toEqual([
      ['1', [true, false]],
      ['1', [true, false, true]],
      ['0', [false, true]],
    ]);
    randomIs(0.2);
    const runtime = createRuntime(only('split-test'));
    runtime.scan(document);
    await runtime.settled();
    // The widget kept the entry's choice (another draw would give 0, 0, 0) and reported it.
    expect(shown().map(([i]) => i)).toEqual(['1', '1', '0']);
    await vi.waitFor(() => expect(impressions()).toHaveLength(2));
    expect(impressions()).toEqual([
      { pid: '318', tests: { 'Hero copy': 1, 'Price & badge': 1 } },
      { pid: '320', tests: { 'Hero copy': 0 } },
    ]);
    runtime.unmount(document);
    runtime.stop();
  });

  it('a returning visitor keeps the variants the server stored, in either cookie, and nothing is reported again', async () => {
    withGlobal();
    cookie('woobk-stest-318', '{"Hero+copy":0}');
    cookie('woobk-stest-conv-318', '{"Price+&+badge":2,"Hero+copy":1}');
    cookie('woobk-stest-320', '{"Hero+copy":1}');
    randomIs(0.99);
    await mountPage(PAGE, only('split-test'));
    expect(shown().map(([i]) => i)).toEqual(['0', '2', '1']);
    await new Promise((r) => setTimeout(r, 20));
    expect(impressions()).toEqual([]);
  });

  it('reports only the tests that were newly assigned', async () => {
    withGlobal();
    cookie('woobk-stest-318', '{"Hero+copy":1}');
    randomIs(0);
    await mountPage(PAGE, only('split-test'));
    await vi.waitFor(() => expect(impressions()).toHaveLength(2));
    expect(impressions()).toEqual([
      { pid: '318', tests: { 'Price & badge': 0 } },
      { pid: '320', tests: { 'Hero copy': 0 } },
    ]);
  });

  it('leaves an already assigned wrapper alone', async () => {
    withGlobal();
    await mountPage(
      '<div woob-stest-name="318--Hero copy" woob-stest="1"><div woob-stest-id="a">A</div><div woob-stest-id="b">B</div></div>',
      only('split-test'),
    );
    expect(shown()).toEqual([['1', [false, false]]]);
    await new Promise((r) => setTimeout(r, 20));
    expect(impressions()).toEqual([]);
  });

  it('a broken cookie counts as empty, with one warning naming the widget and the cookie', async () => {
    withGlobal();
    document.cookie = 'woobk-stest-318=%7Bbroken; path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    randomIs(0.7);
    await mountPage(PAGE, only('split-test'));
    expect(shown().map(([i]) => i)).toEqual(['1', '2', '1']);
    const warnings = warn.mock.calls.map((c) => String(c[0]));
    expect(warnings.filter((w) => w.includes('split-test') && w.includes('woobk-stest-318'))).toHaveLength(1);
    await vi.waitFor(() => expect(impressions()).toHaveLength(2));
    warn.mockRestore();
  });

  it('a missing or garbage global still shows one variant, warns once and sends nothing', async () => {
    (window as { wbkSplitTesting?: unknown }).wbkSplitTesting = { restApiUrl: 'javascript:alert(1)' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    randomIs(0.2);
    await mountPage(PAGE, only('split-test'));
    expect(shown().map(([i]) => i)).toEqual(['0', '0', '0']);
    await new Promise((r) => setTimeout(r, 20));
    expect(impressions()).toEqual([]);
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('split-test: wbkSplitTesting.restApiUrl'))).toHaveLength(1);
    warn.mockRestore();
  });

  it('a malformed wrapper name warns and keeps every variant visible', async () => {
    withGlobal();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(
      '<div woob-stest-name="Hero copy"><div woob-stest-id="a">A</div><div woob-stest-id="b">B</div></div>',
      only('split-test'),
    );
    expect(shown()).toEqual([[null, [false, false]]]);
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('split-test: woob-stest-name'))).toHaveLength(1);
    warn.mockRestore();
  });
});
