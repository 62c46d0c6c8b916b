import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from '../fixtures/mock/node';
import { resetState } from '../fixtures/mock/state';
import { forgetTheme } from '../src/theme/theme';
import { resetLogMemory } from '../src/log';
import { installHappyDomFixes } from './helpers/happy-dom-fixes';

installHappyDomFixes();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Each test's page is an Avada page, as the contract markup the unit tests are written from (src/theme/theme.ts
// decides from these classes): a test of another theme's page sets its own body classes.
beforeEach(() => document.body.setAttribute('class', 'wp-theme-Avada theme-Avada'));
afterEach(() => {
  cleanup();
  server.resetHandlers();
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
afterAll(() => server.close());
