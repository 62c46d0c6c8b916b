/**
 * Every fixture page, with both tags: the bundle starts, nothing logs an error (a 404 or a refused script is
 * a console error too), and axe-core finds no serious or critical violation once every widget (idle ones too) has
 * mounted.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, recorded, ALL_TAGS, waitForIdleIslands } from './harness';

const pages = readdirSync(new URL('../../fixtures/pages/', import.meta.url))
  .filter((f) => f.endsWith('.html'))
  .toSorted();

describe.each(ALL_TAGS)('every fixture page, %s tag', (tag) => {
  test.each(pages)('%s: mounts without errors, axe clean, no CSP violation', async (name) => {
    const { page, errors } = await openPage(`/${name}`, { tag });
    // Judged as the shopper meets it once the page has settled: idle widgets (the contact form) included.
    await waitForIdleIslands(page);
    await expectAxeClean(page);
    const record = await recorded(page);
    expect(record.errors).toEqual([]);
    expect(record.csp).toEqual([]);
    expectNoConsoleErrors(errors);
  });
});
