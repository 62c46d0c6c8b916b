/**
 * Contact Form 7's validation rules (the "SWV" schema), with the server's semantics: where the browser rule and
 * the server disagree, the stricter one wins, because the server is the judge of every submission. Pure: no DOM,
 * so the mock server runs the very same rules.
 */
import { extensionsForMime } from './mime';
import { effectiveValues, fileValues, textValues, type FieldValue, type ValueTree } from './values';

export interface Rule {
  rule: string;
  field?: string;
  error?: string;
  threshold?: number | string;
  accept?: readonly (string | number)[];
  base?: number | string;
  interval?: number | string;
  rules?: readonly Rule[];
}

export interface FieldResult {
  /** The first error of the field, when one rule failed. */
  error?: string;
  /** The field's values when it is valid (for reflections); empty when invalid. */
  validValues: FieldValue[];
}

// ---- formats -------------------------------------------------------------------------------------------------

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[a-z0-9-]+$/i;

/** WordPress's is_email(): deliberately narrow (no quoted local parts, no IP literals, no IDN). */
export function isEmail(text: string): boolean {
  if (text.length < 6) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!LOCAL_PART.test(local)) return false;
  if (domain.includes('..') || /^[\s.]|[\s.]$/.test(domain)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

export const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(
  'http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal urn'.split(' '),
);

/**
 * The scheme as PHP's parse_url() sees it (case kept): undefined when PHP finds none ("a.com:80" is a host and a
 * port to PHP), null when PHP rejects the whole string (an empty host after "//").
 */
export function serverUrlScheme(text: string): string | undefined | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const scheme = text.slice(0, colon);
  if (!/^[A-Za-z0-9+.-]+$/.test(scheme)) return undefined;
  const rest = text.slice(colon + 1);
  if (rest === '') return scheme;
  if (!rest.startsWith('/')) {
    const port = /^[0-9]{1,5}(?:\/|$)/.exec(rest);
    return port ? undefined : scheme;
  }
  if (rest.startsWith('//') && scheme.toLowerCase() !== 'file') {
    const authority = rest.slice(2).split(/[/?#]/, 1)[0] ?? '';
    const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:[0-9]*$/, '');
    if (host === '') return null;
  }
  return scheme;
}

/**
 * Absolute URL with an allowed scheme. The server compares the scheme case-sensitively ("Https:" fails there);
 * the browser's URL parser rejects malformed hosts (a space or "<"), which the server lets through: both apply.
 */
export function isUrl(text: string): boolean {
  const scheme = serverUrlScheme(text);
  if (!scheme || !ALLOWED_URL_SCHEMES.has(scheme)) return false;
  const authority = /^[^:]+:\/\/([^/?#]*)/.exec(text)?.[1];
  if (authority !== undefined && [...authority].some((c) => c <= ' ' || c === '\u007f' || c === '<' || c === '>' || /\s/.test(c)))
    return false;
  try {
    return ALLOWED_URL_SCHEMES.has(new URL(text).protocol.slice(0, -1));
  } catch {
    return false;
  }
}

/** Telephone numbers as the server reads them: separators are ASCII only, so a no-break space inside fails. */
export function isTel(text: string): boolean {
  let digits = text.replace(/[#*][\s\S]*$/, '').replace(/[()/.*#\- \t\n\v\f\r]+/g, '');
  if (digits.startsWith('+') || digits.startsWith('00')) digits = `+${digits.replace(/^[+0]+/, '')}`;
  return /^\+?[0-9]+$/.test(digits) && digits.length >= 6 && digits.length <= 15;
}

const NUMBER_INT = /^-?[0-9]+(?:[eE][+-]?[0-9]+)?$/;
const NUMBER_DEC = /^-?[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?$/;

/** HTML's "valid floating-point number": no "+", no trailing ".", no separators, ASCII digits only. */
export function isNumber(text: string): boolean {
  return NUMBER_INT.test(text) || NUMBER_DEC.test(text);
}

const DATE = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/;

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Split a YYYY-MM-DD date that is a real calendar day (PHP's checkdate: years 1 to 32767). */
export function parseDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || year > 32767 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isDate(text: string): boolean {
  return parseDate(text) !== undefined;
}

export function isTime(text: string): boolean {
  const match = /^([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$/.exec(text);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && (match[3] === undefined || Number(match[3]) <= 59);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date, independent of the visitor's time zone. */
export function isoWeekday(date: { year: number; month: number; day: number }): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  const weekday = d.getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

// ---- thresholds ----------------------------------------------------------------------------------------------

/** A threshold printed as a JSON number or a numeric string; undefined when it is neither. */
export function numericThreshold(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function dateThreshold(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && DATE.test(text) ? text : undefined;
}

/** UTF-16 code units, with CRLF counted once as the server normalises line ends before counting. */
export function textLength(text: string): number {
  return text.replace(/\r\n/g, '\n').length;
}

// ---- rules ---------------------------------------------------------------------------------------------------

type Check = (rule: Rule, values: FieldValue[] | undefined, tree: ValueTree) => boolean;

const eachText =
  (test: (text: string) => boolean): Check =>
  (_rule, values) =>
    textValues(values).every(test);

const checks: Record<string, Check> = {
  required: (_rule, values) => effectiveValues(values).length > 0,
  requiredfile: (_rule, values) => fileValues(values).some((f) => f.name !== '' || f.size > 0),
  email: eachText(isEmail),
  url: eachText(isUrl),
  tel: eachText(isTel),
  number: eachText(isNumber),
  date: eachText(isDate),
  time: eachText(isTime),
  minlength: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    if (threshold === undefined) return true;
    const total = textValues(values).reduce((sum, v) => sum + textLength(v), 0);
    return total === 0 || total >= threshold;
  },
  maxlength: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    if (threshold === undefined) return true;
    return textValues(values).reduce((sum, v) => sum + textLength(v), 0) <= threshold;
  },
  minnumber: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || textValues(values).every((v) => !isNumber(v) || Number(v) >= threshold);
  },
  maxnumber: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || textValues(values).every((v) => !isNumber(v) || Number(v) <= threshold);
  },
  mindate: (rule, values) => {
    const threshold = dateThreshold(rule.threshold);
    return threshold === undefined || textValues(values).every((v) => !DATE.test(v) || v >= threshold);
  },
  maxdate: (rule, values) => {
    const threshold = dateThreshold(rule.threshold);
    return threshold === undefined || textValues(values).every((v) => !DATE.test(v) || v <= threshold);
  },
  minitems: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || effectiveValues(values).length >= Math.trunc(threshold);
  },
  maxitems: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || effectiveValues(values).length <= Math.trunc(threshold);
  },
  minfilesize: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || fileValues(values).reduce((sum, f) => sum + f.size, 0) >= threshold;
  },
  maxfilesize: (rule, values) => {
    const threshold = numericThreshold(rule.threshold);
    return threshold === undefined || fileValues(values).reduce((sum, f) => sum + f.size, 0) <= threshold;
  },
  file: (rule, values) => {
    const extensions = acceptedExtensions(rule.accept);
    return fileValues(values).every((f) => {
      const name = f.name.toLowerCase();
      return name.includes('.') && extensions.some((ext) => name.endsWith(`.${ext}`));
    });
  },
  enum: (rule, values) => {
    const accept = (rule.accept ?? []).map(String);
    return textValues(values).every((v) => accept.includes(v));
  },
  dayofweek: (rule, values) => {
    const accept = (rule.accept ?? []).map((v) => numericThreshold(v)).filter((v): v is number => v !== undefined);
    return textValues(values).every((v) => {
      const date = parseDate(v);
      return !date || accept.includes(isoWeekday(date));
    });
  },
  stepnumber: (rule, values) => {
    const interval = numericThreshold(rule.interval);
    const base = numericThreshold(rule.base) ?? 0;
    if (interval === undefined || interval <= 0) return true;
    return textValues(values).every((v) => {
      if (!isNumber(v)) return true;
      const remainder = (Number(v) - base) % interval;
      return Math.abs(remainder) < 5e-7 || Math.abs(remainder - interval) < 5e-7;
    });
  },
};

/** Lower-case extensions (no dot) from an accept list of ".ext" entries and MIME types. */
export function acceptedExtensions(accept: readonly (string | number)[] | undefined): string[] {
  const out: string[] = [];
  for (const entry of accept ?? []) {
    const text = String(entry).trim().toLowerCase();
    if (/^\.?[a-z0-9]+$/.test(text)) out.push(text.replace(/^\./, ''));
    else out.push(...extensionsForMime(text));
  }
  return out;
}

const NUMERIC_THRESHOLD = new Set([
  'minlength',
  'maxlength',
  'minnumber',
  'maxnumber',
  'minitems',
  'maxitems',
  'minfilesize',
  'maxfilesize',
]);
const DATE_THRESHOLD = new Set(['mindate', 'maxdate']);
const ACCEPT_LIST = new Set(['enum', 'file', 'dayofweek']);

/**
 * What makes a known rule unusable in the browser (no field, a threshold that is neither a number nor a numeric
 * string, a date threshold that is not YYYY-MM-DD, no accept list, no step interval), or undefined when it can
 * run. Such a rule is left to the server.
 */
export function ruleProblem(rule: Rule): string | undefined {
  if (rule.rule === 'all' || rule.rule === 'any') return undefined;
  if (!rule.field) return 'has no field';
  if (NUMERIC_THRESHOLD.has(rule.rule) && numericThreshold(rule.threshold) === undefined)
    return `threshold ${JSON.stringify(rule.threshold)} is not a number`;
  if (DATE_THRESHOLD.has(rule.rule) && dateThreshold(rule.threshold) === undefined)
    return `threshold ${JSON.stringify(rule.threshold)} is not a YYYY-MM-DD date`;
  if (ACCEPT_LIST.has(rule.rule) && !rule.accept) return 'has no accept list';
  if (rule.rule === 'stepnumber' && numericThreshold(rule.interval) === undefined)
    return `interval ${JSON.stringify(rule.interval)} is not a number`;
  return undefined;
}

export function isKnownRule(name: string): boolean {
  return name === 'all' || name === 'any' || Object.hasOwn(checks, name);
}

/**
 * The error of one rule over the value tree: undefined when it passes. Composites: `all` fails with its first
 * failing child (that child's text, else its own), `any` fails when every child fails. Unknown rules pass:
 * the server still judges them.
 */
export function ruleError(rule: Rule, tree: ValueTree): string | undefined {
  if (rule.rule === 'all' || rule.rule === 'any') {
    const children = (rule.rules ?? []).map((child) => ({ ...child, field: child.field ?? rule.field }));
    if (rule.rule === 'all') {
      for (const child of children) {
        const error = ruleError(child, tree);
        if (error !== undefined) return child.error ? error : (rule.error ?? '');
      }
      return undefined;
    }
    if (children.length === 0) return undefined;
    return children.every((child) => ruleError(child, tree) !== undefined) ? (rule.error ?? '') : undefined;
  }
  const check = checks[rule.rule];
  if (!check || !rule.field) return undefined;
  return check(rule, tree.get(rule.field), tree) ? undefined : (rule.error ?? '');
}

/** True when the rule raises no error (the vectors' "valid"). */
export function passes(rule: Rule, tree: ValueTree): boolean {
  return ruleError(rule, tree) === undefined;
}

/**
 * Run the rules in schema order; the first error with text per field wins and the field's later rules are
 * skipped. `fields` limits the run to those fields. Every field that has a rule gets a result.
 */
export function validate(rules: readonly Rule[], tree: ValueTree, fields?: ReadonlySet<string>): Map<string, FieldResult> {
  const results = new Map<string, FieldResult>();
  for (const rule of rules) {
    const field = rule.field ?? rule.rules?.find((child) => child.field)?.field;
    if (!field || (fields && !fields.has(field))) continue;
    const current = results.get(field);
    if (current?.error !== undefined) continue;
    if (!current) results.set(field, { validValues: effectiveValues(tree.get(field)) });
    const error = ruleError({ ...rule, field }, tree);
    if (error) results.set(field, { error, validValues: [] });
  }
  return results;
}
