import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssEscape, cssString } from './selector';

const NAMES = ['your-name', 'a"b', 'a\\b', 'line\nbreak', 'tab\there', 'nul\u0000', '1st', '-2nd', 'ünï', 'a b', 'a]b', 'x:y'];

describe('selectors from server values', () => {
  afterEach(() => vi.unstubAllGlobals());

  // happy-dom's selector parser rejects an escaped quote inside a string (Chromium accepts it: test/e2e/untrusted-values).
  it.each(NAMES.filter((n) => !n.includes('"')))('finds the attribute %j exactly', (name) => {
    document.body.innerHTML = '<span></span><span></span>';
    const [target, other] = [...document.querySelectorAll('span')];
    target!.setAttribute('data-name', name.replace('\u0000', '\uFFFD'));
    other!.setAttribute('data-name', 'unrelated');
    expect([...document.querySelectorAll(`[data-name=${cssString(name)}]`)]).toEqual([target]);
  });

  it('escapes as CSS.escape does when the browser lacks it', () => {
    const native = NAMES.map((n) => CSS.escape(n));
    vi.stubGlobal('CSS', undefined);
    expect(NAMES.map((n) => cssEscape(n))).toEqual(native);
  });
});
