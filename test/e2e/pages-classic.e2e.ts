/** A sample of fixture pages under both classic `<script defer>` loaders: see fixture-pages.ts. */
import { checkFixturePages, CLASSIC_SAMPLE } from './fixture-pages';

for (const tag of ['classic', 'compact-classic'] as const) checkFixturePages(tag, CLASSIC_SAMPLE);
