import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const { seconds } = JSON.parse(readFileSync(new URL('./test/e2e/durations.json', import.meta.url), 'utf8')) as {
  seconds: Record<string, number>;
};
/** A file not in the table yet (a new one) counts as an average file. */
const UNKNOWN = 45;

/**
 * Longest file first, from the measured table in test/e2e/durations.json rather than vitest's own cache (which a
 * partial run rewrites, and CI does not have: without it vitest starts the largest files by bytes, and the small
 * every-page file, the longest by far, ran last, alone on one worker, for minutes). With the long files started
 * first the short ones fill the workers' gaps at the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification) => seconds[basename(file.moduleId)] ?? UNKNOWN;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}

/**
 * Browser tests: real Chromium (playwright-core) over the built bundle and the fixture server. Run after
 * `npm run build && npm run build:mock`. Two files at a time, one browser each: much of a browser test is waiting
 * (idle callbacks, timers, the mock's latency), so two workers on two cores finish sooner than one.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // The files of a worker share its modules: Playwright, the harness and axe's source are loaded once per worker
    // rather than once per file, and the browser with its pooled contexts (each with the mock's worker registered)
    // serves every file of the worker. Each file's own module state is its own; per-file hooks are in setup.ts.
    isolate: false,
    setupFiles: ['test/e2e/setup.ts'],
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
    // E2E_WORKERS=3 runs a third file at a time; two stay the default until three is measured reliable on a quiet
    // machine (this one was at load 30+ from other work when this was added).
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    restoreMocks: true,
    // No retry: a test that passes only on its second try is a race in the test or the code, and a retry hid it
    // (issue 28); on a loaded machine a test waits on conditions, never on luck.
    retry: 0,
  },
});
