import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
    include: ['mount/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'fixtures/**/*.test.ts', 'test/helpers/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // vitest's default is one worker fewer than the cores: on the two-core CI machine one worker, so the 84 files
    // ran one after the other (181 s). Two at a time there; each file keeps its own process and module graph
    // (isolate stays on: without it 26 tests fail on state another file left behind).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
