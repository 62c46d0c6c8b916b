import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isoWeekday, parseDate, passes, ruleError, validate, type Rule } from './rules';
import { buildValueTree, parseFieldName, trimValue, type FieldValue } from './values';

/**
 * The shared vectors, loaded as data: every entry is checked, none is copied into this file. The contract's copy
 * is the truth; fixtures/responses/cf7-vectors.json is the same file for checkouts without ../shared.
 */
const CONTRACT = join(import.meta.dirname, '../../../shared/contract/cf7-vectors.json');
const FIXTURE = join(import.meta.dirname, '../../fixtures/responses/cf7-vectors.json');
const vectors = JSON.parse(readFileSync(existsSync(CONTRACT) ? CONTRACT : FIXTURE, 'utf8')) as Record<string, unknown>;

interface RuleVectors {
  props?: Record<string, unknown>;
  valid: (string | string[])[];
  invalid: (string | string[])[];
}
interface Divergent {
  rule: string;
  props: Record<string, unknown>;
  input: string;
  js_v6_1_6_passes: boolean;
  php_v6_1_6_passes: boolean;
}
interface Quirk {
  rule: string;
  props: Record<string, unknown>;
  input: string;
  js: boolean;
  php: boolean;
}

/** `stepnumber_base1_interval5` is a second props set of `stepnumber`. */
const ruleName = (key: string) => key.replace(/_base.*$/, '');

function judge(rule: string, props: Record<string, unknown> | undefined, input: string | string[] | FieldValue[]): boolean {
  // One control posts `f`; several values are a `f[]` field (checkboxes, multiple selects, several files).
  const entries: [string, FieldValue][] = Array.isArray(input) ? input.map((v) => ['f[]', v]) : [['f', input]];
  const tree = buildValueTree(entries);
  return passes({ rule, field: 'f', error: 'E', ...props } as Rule, tree);
}

const ruleKeys = Object.keys(vectors).filter((k) => !k.startsWith('_'));

describe('every vector in cf7-vectors.json', () => {
  it('covers every rule the contract lists vectors for, and the fixture copy matches the contract', () => {
    expect(ruleKeys.length).toBeGreaterThanOrEqual(18);
    if (existsSync(CONTRACT)) expect(JSON.parse(readFileSync(FIXTURE, 'utf8'))).toEqual(vectors);
  });
  for (const key of ruleKeys) {
    const v = vectors[key] as RuleVectors;
    describe(key, () => {
      for (const input of v.valid) it(`accepts ${JSON.stringify(input)}`, () => expect(judge(ruleName(key), v.props, input)).toBe(true));
      for (const input of v.invalid) it(`rejects ${JSON.stringify(input)}`, () => expect(judge(ruleName(key), v.props, input)).toBe(false));
    });
  }
  describe('where the browser and the server disagree, the stricter side wins (the server judges; the contract adds newlines in emails and bad URL hosts)', () => {
    for (const d of vectors['_divergent'] as Divergent[]) {
      const expected = d.js_v6_1_6_passes && d.php_v6_1_6_passes;
      it(`${d.rule} ${JSON.stringify(d.input)} → ${expected ? 'passes' : 'fails'}`, () =>
        expect(judge(d.rule, d.props, d.input)).toBe(expected));
    }
  });
  describe('quirks both sides share', () => {
    for (const q of vectors['_quirks'] as Quirk[]) {
      it(`${q.rule} ${JSON.stringify(q.input)}`, () => expect(judge(q.rule, q.props, q.input)).toBe(q.php));
    }
  });
});

const file = (name: string, size = 10): FieldValue => ({ name, size });

describe('rules beyond the vectors', () => {
  it('required: every Unicode space, U+0085 and U+FEFF are blank; U+200B and U+180E are content', () => {
    for (const blank of ['\u00a0', '\u3000\u2003', '\u2028', '\u0085', '\ufeff \t', '\u000b\u000c', '\u202f\u205f\u1680'])
      expect(judge('required', {}, blank)).toBe(false);
    for (const content of ['\u200b', '\u180e', ' a ', '-', '\u00a0x\u00a0']) expect(judge('required', {}, content)).toBe(true);
    expect(judge('required', {}, [])).toBe(false);
    expect(judge('required', {}, ['', ' ', 'x'])).toBe(true);
    expect(judge('required', {}, ['', ' '])).toBe(false);
  });
  it('requiredfile: a file with a name is enough; none fails', () => {
    expect(judge('requiredfile', {}, [file('a.pdf')])).toBe(true);
    expect(judge('requiredfile', {}, [])).toBe(false);
    expect(judge('requiredfile', {}, [''])).toBe(false);
  });
  it('email edges', () => {
    expect(judge('email', {}, 'a@b.co')).toBe(true); // six characters
    expect(judge('email', {}, 'USER@EXAMPLE.COM')).toBe(true);
    expect(judge('email', {}, '@example.com')).toBe(false);
    expect(judge('email', {}, 'user@example-.com')).toBe(false);
    expect(judge('email', {}, 'user@exam_ple.com')).toBe(false);
    expect(judge('email', {}, 'user@example.com.')).toBe(false);
    expect(judge('email', {}, 'user@localhost')).toBe(false);
    expect(judge('email', {}, 'user@exämple.com')).toBe(false);
    expect(judge('email', {}, 'us\ter@example.com')).toBe(false);
    expect(judge('email', {}, '\u00a0user@example.com\u3000')).toBe(true); // trimmed first
    expect(judge('email', {}, ['user@example.com', 'nope'])).toBe(false);
  });
  it('url edges: case-sensitive scheme, hosts, PHP host:port reading, empty hosts', () => {
    for (const ok of [
      'https://example.com',
      'mailto:a@b.c',
      'urn:isbn:0451450523',
      'irc6://irc.example.net',
      'https://example.com:8080/x?y#z',
      'news:comp.lang',
      'xmpp:a@b.c',
    ])
      expect(judge('url', {}, ok), ok).toBe(true);
    for (const bad of [
      'HTTP://EXAMPLE.COM',
      'hTTp://example.com',
      'http://exa mple.com',
      'http://exa>mple.com',
      'http:80',
      'http:///example.com',
      'svn://',
      'webcal:///x',
      'http//example.com',
      'data:text/html,hi',
      'vbscript:x',
      ':example.com',
    ])
      expect(judge('url', {}, bad), bad).toBe(false);
  });
  it('tel edges', () => {
    expect(judge('tel', {}, '+44 (0) 20 7946 0958')).toBe(true);
    expect(judge('tel', {}, '555\u30000100')).toBe(false); // ideographic space inside
    expect(judge('tel', {}, '\u00a0555-0100\u00a0')).toBe(true); // outer spaces are trimmed
    expect(judge('tel', {}, '00000123456')).toBe(true); // +123456
    expect(judge('tel', {}, '+0012345')).toBe(true); // +12345 → 6 characters
    expect(judge('tel', {}, '+001234')).toBe(false);
    expect(judge('tel', {}, '5550100#')).toBe(true);
    expect(judge('tel', {}, '*5550100')).toBe(false);
    expect(judge('tel', {}, '555+0100')).toBe(false);
    expect(judge('tel', {}, '１２３４５６')).toBe(false); // full-width digits
    expect(judge('tel', {}, '1234567890123456')).toBe(false);
  });
  it('number edges', () => {
    for (const ok of ['00', '-0', '.5', '1e10', '1E+3', '-1.5E-3', '  42  ', '0.0']) expect(judge('number', {}, ok), ok).toBe(true);
    for (const bad of ['1.', '.', 'e5', '1e+', '--1', '1_000', 'NaN', '½', '１', '0b1', '1e3e4', '+.5'])
      expect(judge('number', {}, bad), bad).toBe(false);
  });
  it('date edges: real calendar days, years 1 to 32767', () => {
    for (const ok of ['2024-02-29', '2000-02-29', '1600-02-29', '10000-12-31', '32767-01-01', '2023-04-30'])
      expect(judge('date', {}, ok), ok).toBe(true);
    for (const bad of [
      '2023-04-31',
      '2100-02-29',
      '0000-01-01',
      '32768-01-01',
      '2024-00-10',
      '2024-01-00',
      '２０２４-01-01',
      '2024-01-15T10:00',
    ])
      expect(judge('date', {}, bad), bad).toBe(false);
  });
  it('time edges', () => {
    expect(judge('time', {}, '23:59:59')).toBe(true);
    expect(judge('time', {}, '23:60')).toBe(false);
    expect(judge('time', {}, '12:00:60')).toBe(false);
    expect(judge('time', {}, '12:00 ')).toBe(true);
    expect(judge('time', {}, '1200')).toBe(false);
  });
  it('minlength and maxlength count all values together, CRLF once, surrogate pairs twice', () => {
    expect(judge('minlength', { threshold: 5 }, ['ab', 'cde'])).toBe(true);
    expect(judge('minlength', { threshold: '5' }, ['ab', 'c'])).toBe(false);
    expect(judge('minlength', { threshold: 5 }, [])).toBe(true);
    expect(judge('maxlength', { threshold: 5 }, 'ab\r\ncd')).toBe(true);
    expect(judge('maxlength', { threshold: 4 }, 'ab\r\ncd')).toBe(false);
    expect(judge('maxlength', { threshold: 5 }, '  hello  ')).toBe(true);
    expect(judge('maxlength', { threshold: 0 }, '')).toBe(true);
    expect(judge('maxlength', { threshold: 0 }, 'a')).toBe(false);
    expect(judge('maxlength', { threshold: 3 }, '😀😀')).toBe(false);
  });
  it('min/maxnumber: thresholds as numbers or strings, boundaries inclusive, non-numbers left to the number rule', () => {
    expect(judge('minnumber', { threshold: 10 }, '10')).toBe(true);
    expect(judge('minnumber', { threshold: '10' }, '010')).toBe(true);
    expect(judge('minnumber', { threshold: '10' }, '9.9999')).toBe(false);
    expect(judge('minnumber', { threshold: '-5' }, '-5.1')).toBe(false);
    expect(judge('minnumber', { threshold: '10' }, '12abc')).toBe(true);
    expect(judge('maxnumber', { threshold: '1e2' }, '100')).toBe(true);
    expect(judge('maxnumber', { threshold: '1e2' }, '100.001')).toBe(false);
    expect(judge('maxnumber', { threshold: 'lots' }, '1e9')).toBe(true);
    expect(judge('maxnumber', { threshold: 10 }, ['5', '11'])).toBe(false);
  });
  it('min/maxdate compare as strings only when both are dates', () => {
    expect(judge('mindate', { threshold: '2025-06-01' }, '2025-05-31')).toBe(false);
    expect(judge('mindate', { threshold: '2025-06-01' }, '2025-06-01')).toBe(true);
    expect(judge('mindate', { threshold: '2025-06-01' }, 'soon')).toBe(true);
    expect(judge('mindate', { threshold: 'today' }, '1999-01-01')).toBe(true);
    expect(judge('maxdate', { threshold: '2024-12-31' }, '2024-12-31 ')).toBe(true);
  });
  it('min/maxitems count non-blank values; minitems fails on none', () => {
    expect(judge('minitems', { threshold: 1 }, [])).toBe(false);
    expect(judge('minitems', { threshold: '2' }, ['a', 'b'])).toBe(true);
    expect(judge('maxitems', { threshold: 1 }, [])).toBe(true);
    expect(judge('maxitems', { threshold: 2 }, ['a', ' ', 'b', 'c'])).toBe(false);
  });
  it('file sizes add up; limits inclusive', () => {
    expect(judge('maxfilesize', { threshold: 100 }, [file('a.pdf', 60), file('b.pdf', 40)])).toBe(true);
    expect(judge('maxfilesize', { threshold: 100 }, [file('a.pdf', 60), file('b.pdf', 41)])).toBe(false);
    expect(judge('minfilesize', { threshold: 100 }, [file('a.pdf', 100)])).toBe(true);
    expect(judge('minfilesize', { threshold: 100 }, [file('a.pdf', 99)])).toBe(false);
    expect(judge('maxfilesize', { threshold: 100 }, [])).toBe(true);
  });
  it('file types: extensions and MIME types, case-insensitive, names need a dot', () => {
    const pdfDocx = { accept: ['.pdf', '.docx'] };
    expect(judge('file', pdfDocx, [file('Brief.PDF')])).toBe(true);
    expect(judge('file', pdfDocx, [file('brief.pdf.exe')])).toBe(false);
    expect(judge('file', pdfDocx, [file('pdf')])).toBe(false);
    expect(judge('file', pdfDocx, [file('a.docx'), file('b.txt')])).toBe(false);
    const media = { accept: ['audio/*', 'video/*', 'image/*'] };
    for (const ok of ['a.jpg', 'b.JPEG', 'c.png', 'd.mp3', 'e.mp4', 'f.webp', 'g.mov'])
      expect(judge('file', media, [file(ok)]), ok).toBe(true);
    for (const bad of ['a.pdf', 'b.svg', 'c.exe', 'png']) expect(judge('file', media, [file(bad)]), bad).toBe(false);
    expect(judge('file', { accept: ['application/pdf'] }, [file('x.pdf')])).toBe(true);
    expect(judge('file', { accept: ['application/pdf'] }, [file('x.doc')])).toBe(false);
    expect(judge('file', { accept: [] }, [file('x.pdf')])).toBe(false);
    expect(judge('file', media, [])).toBe(true);
  });
  it('enum: exact, case-sensitive, values trimmed, numbers compared as strings', () => {
    expect(judge('enum', { accept: ['Bags', 'Caps'] }, ' Bags ')).toBe(true);
    expect(judge('enum', { accept: ['Bags', 'Caps'] }, 'BAGS')).toBe(false);
    expect(judge('enum', { accept: [1, 2] }, '1')).toBe(true);
    expect(judge('enum', { accept: [1, 2] }, '01')).toBe(false);
    expect(judge('enum', { accept: ['Bags', 'Caps'] }, ['Bags', 'Hats'])).toBe(false);
  });
  it('dayofweek uses the calendar date in any time zone, ignores non-dates', () => {
    expect(isoWeekday(parseDate('2024-01-15')!)).toBe(1); // a Monday
    expect(isoWeekday(parseDate('2024-01-21')!)).toBe(7);
    expect(isoWeekday(parseDate('0001-01-01')!)).toBe(1);
    expect(judge('dayofweek', { accept: [1, 2, 3, 4, 5] }, '2024-01-20')).toBe(false); // Saturday
    expect(judge('dayofweek', { accept: [6, 7] }, '2024-01-20')).toBe(true);
    expect(judge('dayofweek', { accept: ['6'] }, '2024-01-20')).toBe(true);
    expect(judge('dayofweek', { accept: [1] }, 'someday')).toBe(true);
    expect(judge('dayofweek', { accept: [1] }, '2023-02-30')).toBe(true);
  });
  it('stepnumber', () => {
    expect(judge('stepnumber', { base: 0, interval: 0.1 }, '0.7')).toBe(true);
    expect(judge('stepnumber', { base: '0', interval: '0.01' }, '19.99')).toBe(true);
    expect(judge('stepnumber', { base: 0, interval: 0 }, '0.123')).toBe(true);
    expect(judge('stepnumber', { base: 0, interval: -1 }, '0.5')).toBe(true);
    expect(judge('stepnumber', { base: 1, interval: 5 }, '6')).toBe(true);
    expect(judge('stepnumber', { base: 1, interval: 5 }, '7')).toBe(false);
    expect(judge('stepnumber', { base: 0, interval: 2 }, 'x')).toBe(true);
  });
  it('all and any', () => {
    const tree = buildValueTree([['a', 'x']]);
    const all: Rule = {
      rule: 'all',
      field: 'a',
      error: 'parent',
      rules: [
        { rule: 'required', error: '' },
        { rule: 'email', error: 'bad email' },
      ],
    };
    expect(ruleError(all, tree)).toBe('bad email');
    const any: Rule = {
      rule: 'any',
      field: 'a',
      error: 'neither',
      rules: [
        { rule: 'email', error: 'e' },
        { rule: 'tel', error: 't' },
      ],
    };
    expect(ruleError(any, tree)).toBe('neither');
    expect(ruleError(any, buildValueTree([['a', '555-0100']]))).toBeUndefined();
  });
});

describe('validate', () => {
  const rules: Rule[] = [
    { rule: 'required', field: 'email', error: 'Please fill out this field.' },
    { rule: 'email', field: 'email', error: 'Please enter an email address.' },
    { rule: 'maxlength', field: 'email', threshold: 3, error: 'too long' },
    { rule: 'tel', field: 'phone', error: '' },
    { rule: 'maxlength', field: 'phone', threshold: 2, error: 'phone too long' },
    { rule: 'mystery', field: 'other', error: 'x' },
  ];
  it('keeps the first error per field; an error without text does not count', () => {
    const result = validate(
      rules,
      buildValueTree([
        ['email', 'nope'],
        ['phone', 'abc'],
      ]),
    );
    expect(result.get('email')).toEqual({ error: 'Please enter an email address.', validValues: [] });
    expect(result.get('phone')?.error).toBe('phone too long');
    expect(result.get('other')).toEqual({ validValues: [] });
  });
  it('valid fields carry their values; a field set limits the run', () => {
    const result = validate(
      rules,
      buildValueTree([
        ['email', ' a@b.co '],
        ['phone', '12'],
      ]),
      new Set(['phone']),
    );
    expect(result.has('email')).toBe(false);
    expect(result.get('phone')).toEqual({ validValues: ['12'] });
  });
});

describe('value names, parsed as PHP does', () => {
  it('nests x[] and x[k], keeps the last plain value, drops names rules never see', () => {
    const tree = buildValueTree([
      ['a', '1'],
      ['a', '2'],
      ['b[]', 'x'],
      ['b[]', 'y'],
      ['c[k]', 'p'],
      ['c[k]', 'q'],
      ['c[j][]', 'r'],
      ['_wpcf7', '207'],
      ['9lives', 'z'],
      ['my.field', 'dot'],
      ['Upper', 'U'],
    ]);
    expect(tree.get('a')).toEqual(['2']);
    expect(tree.get('b')).toEqual(['x', 'y']);
    expect(tree.get('c')).toEqual(['q', 'r']);
    expect(tree.has('_wpcf7')).toBe(false);
    expect(tree.has('9lives')).toBe(false);
    expect(tree.get('my_field')).toEqual(['dot']);
    expect(tree.get('Upper')).toEqual(['U']);
  });
  it('splits names', () => {
    expect(parseFieldName('x[a][]')).toEqual({ base: 'x', keys: ['a', ''] });
    expect(parseFieldName('_wpcf7_unit_tag')).toBeUndefined();
  });
  it('trims the server white space set', () => {
    expect(trimValue('\u0085\ufeff a \u3000')).toBe('a');
    expect(trimValue('\u200ba')).toBe('\u200ba');
  });
});
