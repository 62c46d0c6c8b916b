import { describe, expect, it, vi } from 'vitest';
import { pageNonce, runScripts, takeScripts } from './gateway-scripts';

/** The fragment as the checkout puts it in (the sanitizer's part is the checkout tests'). */
function insert(html: string): Element[] {
  const host = document.createElement('div');
  document.body.append(host);
  host.innerHTML = html;
  return [...host.children];
}

const BOX =
  '<div id="payment"><div class="payment_box">' +
  '<div id="card"></div>' +
  '<script type="application/json" id="settings">{"a":1}</script>' +
  '<script id="setup" data-gateway="card" onload="window.__pwned = 1">window.__setup = (window.__setup || 0) + 1; el.onload = go</script>' +
  '</div><p><script id="last">window.__last = 1</script></p></div>';

describe('a payment gateway’s scripts taken out of the payment fragment', () => {
  it('leaves a place for each script where it stood, and keeps the scripts as printed, unrun', () => {
    const taken = takeScripts(BOX);
    expect(taken.scripts.map((s) => s.id)).toEqual(['settings', 'setup', 'last']);
    expect(taken.html).not.toMatch(/<script/i);
    const parsed = document.createElement('template');
    parsed.innerHTML = taken.html;
    const places = [...parsed.content.querySelectorAll('template[data-checkout-script]')];
    expect(places.map((p) => p.getAttribute('data-checkout-script'))).toEqual([0, 1, 2].map((i) => `${taken.token}-${i}`));
    expect(places[2]!.parentElement!.localName).toBe('p');
    // The script's text as printed (a handler-like assignment in it is code, not an attribute).
    expect(taken.scripts[1]!.text).toBe('window.__setup = (window.__setup || 0) + 1; el.onload = go');
    expect(taken.scripts[1]!.hasAttribute('onload')).toBe(false);
    expect((window as unknown as { __setup?: number }).__setup).toBeUndefined();
  });

  it('gives markup without scripts back untouched', () => {
    const html = '<div id="payment"><img src="/x.png" onerror="x()"></div>';
    expect(takeScripts(html)).toEqual({ html, scripts: [], token: '' });
  });
});

describe('a payment gateway’s scripts put back', () => {
  it('puts a new script at each place, in order, with the attributes as printed and the page’s nonce', async () => {
    const tag = document.createElement('script');
    tag.id = 'storefront-islands-js-module';
    tag.nonce = 'page-nonce';
    document.head.append(tag);
    expect(pageNonce()).toBe('page-nonce');
    const taken = takeScripts(BOX);
    const roots = insert(taken.html);
    const order: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLScriptElement) order.push(n.id);
    }).observe(document.body, { childList: true, subtree: true });
    const warn = vi.fn();
    await runScripts(roots, taken, new AbortController().signal, warn);
    await Promise.resolve();
    expect(order).toEqual(['settings', 'setup', 'last']);
    expect(document.querySelector('template[data-checkout-script]')).toBeNull();
    const setup = document.querySelector<HTMLScriptElement>('#payment .payment_box > script#setup')!;
    expect(setup.getAttribute('data-gateway')).toBe('card');
    expect(setup.hasAttribute('onload')).toBe(false);
    expect(setup.nonce).toBe('page-nonce');
    expect(setup.text).toContain('window.__setup');
    expect(document.querySelector('#settings')!.getAttribute('type')).toBe('application/json');
    expect(document.querySelector('#settings')!.textContent).toBe('{"a":1}');
    expect(document.querySelector('#payment > p > script#last')).not.toBeNull();
    expect(warn).not.toHaveBeenCalled();
    tag.remove();
  });

  it('runs nothing a place was dropped for, a place the markup printed itself, a non-http(s) source, or after the unmount', async () => {
    const taken = takeScripts(
      '<div id="payment"><script id="a">1</script><script id="b" src="java&#9;script:alert(1)"></script><script id="c">3</script></div>',
    );
    // The sanitizer dropped the first place with what held it; the markup carried a place of its own.
    const html =
      taken.html.replace(/<template data-checkout-script="[^"]+-0"><\/template>/, '') +
      '<template data-checkout-script="forged-2"></template>';
    const roots = insert(html);
    const warn = vi.fn();
    await runScripts(roots, taken, new AbortController().signal, warn);
    expect(document.querySelector('#a')).toBeNull();
    expect(document.querySelector('#b')).toBeNull();
    expect(document.querySelectorAll('script#c')).toHaveLength(1);
    expect(document.querySelector('template[data-checkout-script]')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('not http(s)');

    const later = takeScripts('<div><script id="d">4</script></div>');
    const gone = new AbortController();
    gone.abort();
    await runScripts(insert(later.html), later, gone.signal, warn);
    expect(document.querySelector('#d')).toBeNull();
  });
});
