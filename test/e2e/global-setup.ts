import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { TEST_CHROMIUM_PATH } from '../server/chromium.mjs';
import { startServer } from '../server/serve.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fixture server, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** The Chromium binary, or '' when none was found (the browser tests are then skipped, loudly). */
    chromiumPath: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function banner(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  return ['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n');
}

function newestSource(): { file: string; mtime: number } {
  let newest = { file: '', mtime: 0 };
  for (const dir of ['mount', 'src', 'widgets']) {
    const base = join(ROOT, dir);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const mtime = statSync(file).mtimeMs;
      if (mtime > newest.mtime) newest = { file, mtime };
    }
  }
  return newest;
}

/**
 * Browser tests need Chromium, the built bundle (dist/) and the built mock (dist-demo/). Without Chromium they
 * are skipped with a loud banner, and with CI=true that is a failure. One fixture server serves every file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const candidate = TEST_CHROMIUM_PATH;
  const chromiumPath = existsSync(candidate) ? candidate : '';
  if (!chromiumPath) {
    const lines = [
      `NO CHROMIUM at ${candidate}: THE BROWSER TESTS DO NOT RUN.`,
      'Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH.',
      process.env.CI === 'true' ? 'CI=true: this is a failure.' : 'Every browser test is reported as skipped.',
    ];
    console.warn(banner(lines));
    if (process.env.CI === 'true') throw new Error(`Chromium not found at ${candidate} (CI=true): browser tests cannot run.`);
  }

  const missing = [
    'dist/storefront.js',
    'dist/storefront.classic.js',
    'dist/compact/storefront.js',
    'dist/compact/storefront.classic.js',
    'dist-demo/mock.js',
  ].filter((f) => !existsSync(join(ROOT, f)));
  if (missing.length) {
    throw new Error(
      `Browser tests run over the built bundle and mock, and ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing: run \`npm run build && npm run build:mock\` first.`,
    );
  }
  const built = statSync(join(ROOT, 'dist/storefront.js')).mtimeMs;
  const newest = newestSource();
  if (newest.mtime > built) {
    console.warn(
      banner([
        `dist/ is older than ${newest.file.slice(ROOT.length)}:`,
        'the browser tests run the OLD build. Run `npm run build && npm run build:mock`.',
      ]),
    );
  }

  // Serve a snapshot: other work rebuilding dist/ during the run must not swap chunks under a loaded page.
  const snapshot = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  cpSync(join(ROOT, 'dist'), join(snapshot, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'dist-demo'), join(snapshot, 'dist-demo'), { recursive: true });
  const server = await startServer({
    port: 0,
    dist: join(snapshot, 'dist'),
    demo: join(snapshot, 'dist-demo'),
    cacheHarness: true,
    rasterImages: true,
  });
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await server.close();
    rmSync(snapshot, { recursive: true, force: true });
  };
}
