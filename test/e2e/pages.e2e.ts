/**
 * Every fixture page under the React build's module tag: mounts without errors, axe clean on the whole page, no
 * CSP violation (see fixture-pages.ts). The compact build's pages are in pages-compact.e2e.ts, the classic tags'
 * sample in pages-classic.e2e.ts.
 */
import { checkFixturePages, FIXTURE_PAGES } from './fixture-pages';

checkFixturePages('module', FIXTURE_PAGES);
