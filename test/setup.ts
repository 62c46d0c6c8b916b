import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '../fixtures/mock/node';
import { resetState } from '../fixtures/mock/state';
import { resetLogMemory } from '../src/log';
import { installHappyDomFixes } from './helpers/happy-dom-fixes';

installHappyDomFixes();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetState();
  resetLogMemory();
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
afterAll(() => server.close());
