/**
 * Testing Library's React renderer for the files that render with it, with its trees unmounted after each test
 * (a tree rendered in one test must not live on into the next, its effects still running). Imported by those
 * files only: loading react-dom and @testing-library/dom costs a file 0.25-0.55 s of CPU, and most files never
 * render this way.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

export * from '@testing-library/react';
