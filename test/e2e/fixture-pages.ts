/**
 * The every-page check, shared by pages.e2e.ts (module build), pages-compact.e2e.ts (compact build) and
 * pages-classic.e2e.ts (both classic tags on a sample): the bundle starts, nothing logs an error (a 404 or a
 * refused script is a console error too), and axe-core finds no serious or critical violation on the whole page
 * once every widget (idle ones too) has mounted. One file per build so the runner spreads the pages over its
 * workers instead of checking all of them in one file at the end of the run.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectAxeClean, expectNoConsoleErrors, openPage, recorded, waitForIdleIslands, type Tag } from './harness';

/** Every fixture page (fixtures/pages/*.html). */
export const FIXTURE_PAGES = readdirSync(new URL('../../fixtures/pages/', import.meta.url))
  .filter((f) => f.endsWith('.html'))
  .toSorted();

/**
 * The pages checked under the classic tags: the classic tag is a 250-byte loader that starts the very same module
 * build, so it is checked where loading order matters (a page that mounts at load, a React island page, an
 * idle-mounted form, the checkout), not on all pages again.
 */
export const CLASSIC_SAMPLE = ['home.html', 'product-variable.html', 'contact.html', 'checkout.html'];

export function checkFixturePages(tag: Tag, list: readonly string[]): void {
  describe(`fixture pages, ${tag} tag`, () => {
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
}
