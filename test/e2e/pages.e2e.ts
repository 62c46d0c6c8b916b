/**
 * Every fixture page under both builds (module tags), and a sample of pages under both classic tags: the bundle
 * starts, nothing logs an error (a 404 or a refused script is a console error too), and axe-core finds no serious
 * or critical violation once every widget (idle ones too) has mounted. The classic tag is a 250-byte loader that
 * starts the very same module build, so it is checked where loading order matters (a page that mounts at load, a
 * React island page, an idle-mounted form, the checkout), not on all pages again.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, recorded, BUILD_TAGS, waitForIdleIslands } from './harness';

const pages = readdirSync(new URL('../../fixtures/pages/', import.meta.url))
  .filter((f) => f.endsWith('.html'))
  .toSorted();

const CLASSIC_SAMPLE = ['home.html', 'product-variable.html', 'contact.html', 'checkout.html'];
const runs = [
  ...BUILD_TAGS.map((tag) => [tag, pages] as const),
  ...(['classic', 'compact-classic'] as const).map((tag) => [tag, CLASSIC_SAMPLE] as const),
];

describe.each(runs)('fixture pages, %s tag', (tag, list) => {
  test.each(list)('%s: mounts without errors, axe clean, no CSP violation', async (name) => {
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
