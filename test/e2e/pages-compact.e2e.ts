/** Every fixture page under the compact build (preact/compat, dist/compact/): see fixture-pages.ts. */
import { checkFixturePages, FIXTURE_PAGES } from './fixture-pages';

checkFixturePages('compact', FIXTURE_PAGES);
