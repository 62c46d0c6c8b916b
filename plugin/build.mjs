// Run by `npm run build` after the three vite builds: writes the WordPress plugin into dist/, so dist/ copied to
// wp-content/plugins/storefront-islands/ is the whole install. After the builds, because the default build empties
// dist/. Fails when a file the plugin enqueues is missing.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENQUEUED, PLUGIN_FILES } from './files.mjs';

const PLUGIN = dirname(fileURLToPath(import.meta.url));
const DIST = join(PLUGIN, '..', 'dist');

const missing = ENQUEUED.filter((file) => !existsSync(join(DIST, file)));
if (missing.length) {
  console.error(`plugin: dist/ lacks ${missing.join(', ')}, which the plugin enqueues: run the vite builds first (npm run build)`);
  process.exit(1);
}
mkdirSync(join(DIST, 'includes'), { recursive: true });
for (const file of PLUGIN_FILES) cpSync(join(PLUGIN, file), join(DIST, file));
console.log(`plugin: ${PLUGIN_FILES.length} files written to dist/ (copy dist/ to wp-content/plugins/storefront-islands/)`);
