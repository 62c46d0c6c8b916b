/**
 * Every fixture page, with both tags: the bundle starts, nothing logs an error (a 404 or a refused script is
 * a console error too), and axe-core finds no serious or critical violation after mounting.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, recorded, TAGS } from './harness';

const pages = readdirSync(new URL('../../fixtures/pages/', import.meta.url))
  .filter((f) => f.endsWith('.html'))
  .toSorted();

describe.each(TAGS)('every fixture page, %s tag', (tag) => {
  test.each(pages)('%s: mounts without errors, axe clean, no CSP violation', async (name) => {
    const { page, errors } = await openPage(`/${name}`, { tag });
    await expectAxeClean(page);
    const record = await recorded(page);
    expect(record.errors).toEqual([]);
    expect(record.csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});
