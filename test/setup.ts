import { BroadcastChannel as NodeBroadcastChannel, MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loaded } from '../fixtures/mock/node-loaded';
import { resetState } from '../fixtures/mock/state';
import { forgetTheme } from '../src/theme/theme';
import { resetLogMemory } from '../src/log';
import { installHappyDomFixes } from './helpers/happy-dom-fixes';
import { runTestEnd } from './helpers/test-end';

installHappyDomFixes();

// A file's window is a fresh VM context (vitest.config.ts: pool vmThreads), which has none of Node's own web
// globals that happy-dom does not provide: msw's handlers need BroadcastChannel, and without MessageChannel the
// runtime's task yield (src/env) falls back to a timer that fake timers then count (Node's are the same APIs).
(globalThis as { BroadcastChannel?: unknown }).BroadcastChannel ??= NodeBroadcastChannel;
(globalThis as { MessageChannel?: unknown }).MessageChannel ??= NodeMessageChannel;

/*
 * A wait is for a condition, never a deadline. On the two-core machine under load (CI beside other runs: load 15 to
 * 22) vi.waitFor's 1 s default failed ten tests whose code was right, only late to be scheduled (add to cart, quick
 * view, checkout, the variation form). Every wait gets at least MIN_WAIT; a test's own longer timeout stands. A
 * failing condition still fails, only later.
 */
const MIN_WAIT = 10_000;
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) => {
  const given = typeof options === 'number' ? { timeout: options } : (options ?? {});
  return waitFor(callback, { ...given, timeout: Math.max(given.timeout ?? 0, MIN_WAIT) });
}) as typeof vi.waitFor;

/*
 * The mock server starts on a file's first request. Loading it (msw/node, msw, every handler and the recorded answers
 * they import) was most of each file's setup, and most files never make a request (logic, views, the runtime). Every
 * request goes through fetch (src/net/request.ts, the lightbox's oEmbed): the first call loads the mock and listens
 * with onUnhandledRequest 'error', as every file did before, and then makes the request through msw's fetch. A file
 * that imports fixtures/mock/node.ts itself (to `server.use`) shares that server, reset after each test as before.
 */
const fetchBeforeMock = globalThis.fetch;
let listening = false;
let starting: Promise<void> | undefined;
function startMock(): Promise<void> {
  starting ??= import('../fixtures/mock/node').then(({ server }) => {
    server.listen({ onUnhandledRequest: 'error' });
    listening = true;
  });
  return starting;
}
globalThis.fetch = async function fetchThroughMock(input, init) {
  // Once msw listens, it calls this (the fetch it replaced) only for a request it lets through: the network, as before.
  if (listening) return fetchBeforeMock(input, init);
  await startMock();
  return globalThis.fetch(input, init);
};
// A file that imports the mock itself (to `server.use`) has it listening before its first test, as before the lazy
// start: what its tests build for msw to answer with is then made after msw patched the globals (under the VM pool a
// Response made before msw listened lost its headers when msw answered with its clone).
beforeAll(async () => {
  if (loaded.server) await startMock();
});
// Each test's page is an Avada page, as the contract markup the unit tests are written from (src/theme/theme.ts
// decides from these classes): a test of another theme's page sets its own body classes.
beforeEach(() => document.body.setAttribute('class', 'wp-theme-Avada theme-Avada'));
afterEach(() => {
  runTestEnd();
  loaded.server?.resetHandlers();
  resetState();
  resetLogMemory();
  forgetTheme();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    /* storage disabled by a test */
  }
  document.body.innerHTML = '';
  document.body.removeAttribute('class');
  history.replaceState(null, '', '/');
  delete (window as { StorefrontIslands?: unknown }).StorefrontIslands;
  delete (window as { jQuery?: unknown }).jQuery;
});
afterAll(() => {
  if (listening) loaded.server?.close();
});
