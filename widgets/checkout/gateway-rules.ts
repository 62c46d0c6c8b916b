import { httpUrl } from '../../src/net/url';

/**
 * Rules without DOM for a payment gateway's scripts in the payment fragment (run by ./gateway-scripts.ts, a chunk
 * of its own): which run, which hold the next one, which sources load.
 */
/**
 * What a browser does with a `<script>` of this type (the HTML standard's rule, which jQuery's script filter
 * follows): `classic` or `module` runs; `inert` stays in the page unrun, where a gateway may read it (JSON
 * settings, a template), as does a classic script marked `nomodule` in a browser with modules.
 */
export type ScriptRole = 'classic' | 'module' | 'inert';

/** The HTML standard's JavaScript MIME type essences (no parameters: `text/javascript; charset=utf-8` does not run). */
const JAVASCRIPT_TYPE = /^(?:(?:application|text)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/(?:jscript|livescript))$/;

export function scriptRole(type: string | null, noModule: boolean): ScriptRole {
  const t = (type ?? '').trim().toLowerCase();
  if (t === 'module') return 'module';
  if (t !== '' && !JAVASCRIPT_TYPE.test(t)) return 'inert';
  return noModule ? 'inert' : 'classic';
}

/**
 * Whether the next script must wait for this one: jQuery loads a fragment's external classic scripts one by one,
 * each before the next script runs, so an inline setup may use the library printed above it. `async` says the
 * gateway does not need that order; a module is deferred by the browser whatever we do.
 */
export const holdsNext = (role: ScriptRole, src: string | null, async: boolean): boolean => role === 'classic' && src !== null && !async;

/** A script's `src`, as loaded: http(s) only, as the URL parser reads it; anything else does not run. */
export function scriptSource(src: string, base: string): string | null {
  return httpUrl(src, base)?.href ?? null;
}
