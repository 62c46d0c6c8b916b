import { readFileSync, realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __VERSION__: JSON.stringify(version) },
  // A git worktree may link node_modules from elsewhere: let `?inline` CSS imports (PhotoSwipe's) be read there.
  server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://127.0.0.1:5173/' } },
    include: [
      'mount/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'widgets/**/*.test.{ts,tsx}',
      'fixtures/**/*.test.ts',
      'test/helpers/**/*.test.ts',
    ],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Two workers on the two-core machine: 100-109 s for the suite in three full runs (one worker: 150-164 s).
    // An older full run with two workers once saw cf7.test.ts's "a refill that never answers…" log two warnings
    // instead of one; it names them now if it happens again. isolate must stay on (26 tests fail without it).
    maxWorkers: 2,
    // Worker threads rather than child processes (each file still gets its own module graph and happy-dom: isolate
    // stays on): the same files in 170-175 s instead of 209-263 s, A/B twice on this machine at the same load.
    // pool 'vmThreads' was measured (issue 30): happy-dom loaded once per worker, the whole suite 119 s -> 62 s on a
    // quiet machine. With node:worker_threads' BroadcastChannel put on globalThis in test/setup.ts msw runs there, and
    // the jQuery stand-in runs in the test's realm with an indirect eval instead of vm.runInThisContext; 7 tests in 4
    // files still fail there (countdown's timer count, lightbox's animation speed and share links, CF7 without fetch,
    // import-har's content type; window is globalThis there, and the lightbox tests pass one by one, so something an
    // earlier test leaves behind, such as a page singleton, is the lead). Not taken until those are understood.
    pool: 'threads',
    // A test waits for conditions (vi.waitFor has a 10 s floor, test/setup.ts), and on the loaded two-core machine the
    // 5 s default cut off tests that were only slow to be scheduled. A test's own timeout stands.
    testTimeout: 30_000,
    // A failure prints the whole value (two warnings where one was expected: which two).
    chaiConfig: { truncateThreshold: 0 },
    // No retry, as the browser tests: a test that passes only on a second try is a defect to find, not to repeat.
    retry: 0,
  },
});
