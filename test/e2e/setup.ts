import { afterAll, beforeEach } from 'vitest';
import { endFile, skipWithoutChromium } from './harness';

/*
 * Run before each browser-test file. The files share their worker's modules (vitest.e2e.config.ts: `isolate`
 * off), so the harness, Playwright and the browser are loaded and launched once per worker, not once per file;
 * hooks for every file belong here, not at the top of a shared module (which runs once per worker).
 */
beforeEach((context) => skipWithoutChromium(context));
afterAll(() => endFile());
