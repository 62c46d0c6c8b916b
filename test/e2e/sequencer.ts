import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const { seconds } = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as { seconds: Record<string, number> };
/** A file not in the table yet (a new one) counts as an average file. */
const UNKNOWN = 45;

/**
 * Longest file first, from the measured table in durations.json rather than vitest's own cache (which a partial
 * run rewrites, and CI does not have: without it vitest starts the largest files by bytes, and the small
 * every-page file, the longest by far, ran last, alone on one worker, for minutes). With the long files started
 * first the short ones fill the workers' gaps at the end.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification) => seconds[basename(file.moduleId)] ?? UNKNOWN;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
