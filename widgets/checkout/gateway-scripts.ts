import { env } from '../../src/env';
import { holdsNext, scriptRole, scriptSource } from './gateway-rules';

/**
 * A payment gateway's scripts in the payment fragment (`payment_fields()` output: card fields set up inline, a wallet
 * button's library). WooCommerce's jQuery runs them when it puts the fragment in; the answer comes from the shop's
 * own endpoint, as trusted as the page, so they run here too, while the rest of the fragment still goes through the
 * one sanitizer, which drops every script. Each script is taken out of the markup first (parsed inert) and its
 * place kept by an empty `<template>` (the one element the parser allows wherever a script may stand, tables and
 * selects included); once the fragment is in the page each place gets a new script in document order.
 */

const PLACE = 'data-checkout-script';
/** A hanging gateway host must not hold the checkout forever: past this the next script runs without it. */
export const SCRIPT_WAIT_MS = 10_000;

export interface TakenScripts {
  /** The markup with each script replaced by its place. */
  html: string;
  /** The scripts as printed, inert (parsed in a template: nothing ran or loaded). */
  scripts: HTMLScriptElement[];
  /** Names this call's places, so markup that prints a place of its own runs nothing twice. */
  token: string;
}

const HANDLER = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const SCRIPT_OR_HANDLER = /(<script\b[^>]*>)([\s\S]*?<\/script\s*>)|\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * Handler attributes go from the text before the parse, as in src/dom/sanitize.ts: Chromium reports each one it
 * parses under the page's CSP, even in a template's inert document. A script's own text is left as printed.
 */
const withoutHandlers = (html: string) =>
  html.replace(SCRIPT_OR_HANDLER, (_match, open?: string, rest?: string) => (open === undefined ? '' : open.replace(HANDLER, '') + rest));

export function takeScripts(html: string): TakenScripts {
  if (!/<script/i.test(html)) return { html, scripts: [], token: '' };
  const template = document.createElement('template');
  template.innerHTML = withoutHandlers(html);
  const scripts = [...template.content.querySelectorAll('script')];
  const token = Math.random().toString(36).slice(2);
  scripts.forEach((script, i) => {
    const place = document.createElement('template');
    place.setAttribute(PLACE, `${token}-${i}`);
    script.replaceWith(place);
  });
  return { html: template.innerHTML, scripts, token };
}

/**
 * The page's CSP nonce, as jQuery's DOMEval gives it to the scripts it adds: read from the bundle's own tag (the
 * module tag WordPress prints, the one the classic loader adds, or the classic tag), else from any nonced script
 * of the page (one nonce per response). The browser hides the attribute's value; the property keeps it.
 */
export function pageNonce(): string {
  const own = document.querySelectorAll<HTMLScriptElement>(
    'script#storefront-islands-js-module, script[data-storefront-islands], script#storefront-islands-js, script[nonce]',
  );
  for (const script of own) if (script.nonce) return script.nonce;
  return '';
}

/** A new script like the printed one (its id, type, data-* and other attributes; no handler attributes). */
function recreate(printed: HTMLScriptElement, src: string | null, nonce: string): HTMLScriptElement {
  const script = document.createElement('script');
  for (const { name, value } of Array.from(printed.attributes)) {
    const lower = name.toLowerCase();
    if (lower === 'src' || lower === 'nonce' || lower.startsWith('on')) continue;
    script.setAttribute(name, value);
  }
  if (nonce) script.nonce = nonce;
  if (src) script.src = src;
  else script.text = printed.text;
  return script;
}

function settled(script: HTMLScriptElement): Promise<void> {
  return new Promise((resolve) => {
    const timer = env().setTimeout(done, SCRIPT_WAIT_MS);
    function done() {
      env().clearTimeout(timer);
      resolve();
    }
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
  });
}

/**
 * Runs the taken scripts in document order, each at its place under `roots` (what the fragment became): an external
 * classic script is waited for before the next one runs, as jQuery loads them. A place the sanitizer dropped (with
 * the part of the markup that held it) runs nothing; nothing more runs once `signal` is aborted.
 */
export async function runScripts(
  roots: readonly Element[],
  { scripts, token }: TakenScripts,
  signal: AbortSignal,
  warn: (message: string) => void,
): Promise<void> {
  const places = new Map<number, Element>();
  for (const root of roots) {
    const found = root.matches(`template[${PLACE}]`) ? [root] : [...root.querySelectorAll(`template[${PLACE}]`)];
    for (const place of found) {
      const [at, index] = (place.getAttribute(PLACE) ?? '').split('-');
      const i = Number(index);
      if (at === token && !places.has(i)) places.set(i, place);
      else place.remove();
    }
  }
  const nonce = pageNonce();
  for (const [i, printed] of scripts.entries()) {
    const place = places.get(i);
    if (!place) continue;
    const raw = printed.getAttribute('src');
    const src = raw === null ? null : scriptSource(raw, document.baseURI);
    if (signal.aborted || (raw !== null && src === null)) {
      if (raw !== null && src === null) warn(`a payment script's src ${JSON.stringify(raw.slice(0, 80))} is not http(s); not run`);
      place.remove();
      continue;
    }
    const script = recreate(printed, src, nonce);
    const role = scriptRole(printed.getAttribute('type'), printed.hasAttribute('nomodule'));
    const wait = holdsNext(role, src, printed.hasAttribute('async')) ? settled(script) : null;
    place.replaceWith(script);
    if (wait) await wait;
  }
}
